/**
 * Ping tool (document 3 §2.2, §4, §9) against the device simulator (`npm run devices`, started here as a
 * child process on the run's emulator): a listening port is '✅ Online (N ms)', a closed one an error, an offline iPad
 * never answers and the tool says 'Timeout' after 15 s (of the page's clock, moved on by the test). Each step writes a DeviceTask and is logged.
 * A ping reaches only the shop's LAN on device ports, never an iPad; the tool refuses the rest first,
 * naming the problem. The simulator plays the shop's LAN (--lan): the printer 192.168.1.50 answers on 9100 through a
 * local listening port, and its 515 through a closed one.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { expect, test } from './fixture';
import { DEMO_CASH_IPAD, getDocument, markDeviceSeen, queryWhere } from './firestore-data';
import { axeViolations, DEMO_ACCOUNTS as A, openSignedIn, shot } from './helpers';

const ROOT = path.resolve(import.meta.dirname, '../..');
let simulator: ChildProcess | undefined;
let server: net.Server | undefined;
let openPort = 0;
let closedPort = 0;
/** The demo shop's fiscal printer (scripts/seed/people.ts), played by local ports through the simulator's --lan. */
const PRINTER = '192.168.1.50';

async function listen(): Promise<net.Server> {
  const s = net.createServer((socket) => socket.end());
  await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve));
  return s;
}

test.beforeAll(async () => {
  await markDeviceSeen(A.owner.uid, DEMO_CASH_IPAD, 6);
  server = await listen();
  openPort = (server.address() as net.AddressInfo).port;
  const closed = await listen();
  closedPort = (closed.address() as net.AddressInfo).port;
  await new Promise<void>((resolve) => closed.close(() => resolve()));

  const lan = [`${PRINTER}:9100=127.0.0.1:${String(openPort)}`, `${PRINTER}:515=127.0.0.1:${String(closedPort)}`];
  simulator = spawn(path.join(ROOT, 'node_modules/.bin/tsx'), [path.join(ROOT, 'scripts/devices/main.ts'), ...lan.flatMap((e) => ['--lan', e])], { cwd: ROOT, env: process.env, stdio: ['ignore', 'pipe', 'pipe'] });
  await new Promise<void>((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`Simulatore non pronto:\n${out}`)), 30_000);
    simulator?.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      process.stdout.write(`[devices] ${chunk.toString()}`);
      if (out.includes('Simulatore iPad pronto')) {
        clearTimeout(timer);
        resolve();
      }
    });
    simulator?.stderr?.on('data', (chunk: Buffer) => (out += chunk.toString()));
    simulator?.on('exit', (code) => reject(new Error(`Simulatore uscito (${String(code)}):\n${out}`)));
  });
});

test.afterAll(async () => {
  simulator?.kill('SIGTERM');
  await new Promise<void>((resolve) => server?.close(() => resolve()) ?? resolve());
});

async function lastTask(ip: string, port: number) {
  const tasks = await queryWhere('DeviceTask', 'ip', ip);
  return tasks.filter((t) => Number(t.fields.port?.integerValue) === port).pop();
}

test('ping from a shop iPad: online, closed port, timeout with no device answering; an iPad is never a target', async ({ page }) => {
  test.setTimeout(120_000);
  // The page's clock runs at its natural pace, and is moved on past the 15 s of the timeout below.
  await page.clock.install();
  await openSignedIn(page, 'tech', `/shop-details/${A.owner.uid}?tab=hardware`);
  await page.getByRole('button', { name: 'Apri Stampante Fiscale' }).click();
  const tool = page.getByRole('region', { name: 'Ping' });
  await expect(tool.getByLabel('IP da pingare')).toHaveValue('192.168.1.50');
  await expect(tool.getByLabel('Porta ping')).toHaveValue('80');

  // No source iPad chosen yet.
  await tool.getByRole('button', { name: 'Ping' }).click();
  await expect(tool.getByRole('alert')).toHaveText('Seleziona un iPad sorgente');

  // Refused first, with the reason: not a LAN address, one of the shop's iPads, a port not allowed.
  await tool.getByRole('radio', { name: /iPad Cassa 1/ }).check();
  const refused = async (ip: string, port: number, message: string | RegExp) => {
    await tool.getByLabel('IP da pingare').fill(ip);
    await tool.getByLabel('Porta ping').fill(String(port));
    await tool.getByRole('button', { name: 'Ping' }).click();
    await expect(tool.getByRole('alert')).toHaveText(message);
    await expect(tool.getByRole('status')).toHaveText('');
  };
  await refused('8.8.8.8', 80, /^L'IP da pingare deve essere un indirizzo della rete locale del negozio/);
  await refused('127.0.0.1', 80, /^L'IP da pingare deve essere un indirizzo della rete locale del negozio/);
  await refused('192.168.1.21', 80, 'Il ping non viene eseguito verso un iPad come target...');
  await refused(PRINTER, 22, /^La porta 22 non è consentita per il ping\. Porte ammesse: 80, 443, 515, 631, 8080, 8443, 9100, 10000, 50301$/);
  await shot(page, 'ping-refused.png', { fullPage: true });
  expect(await queryWhere('DeviceTask', 'ip', '8.8.8.8')).toEqual([]);

  // Online: the printer's raw port, a listening local port in the simulated LAN.
  await tool.getByLabel('IP da pingare').fill(PRINTER);
  await tool.getByLabel('Porta ping').fill('9100');
  await tool.getByRole('button', { name: 'Ping' }).click();
  await expect(tool.getByRole('status')).toHaveText(/^✅ Online \(\d+ ms\)$/, { timeout: 15_000 });
  await expect(tool.getByRole('alert')).toHaveCount(0);
  expect(await axeViolations(page, 'main')).toEqual([]);
  await shot(page, 'ping-online.png', { fullPage: true });
  const ok = await lastTask(PRINTER, 9100);
  expect(ok?.fields.fulfilled?.booleanValue).toBe(true);
  expect(ok?.fields.techId?.stringValue).toBe(A.tech.uid);
  expect(ok?.fields.userId?.stringValue).toBe(A.owner.uid);
  expect(ok?.fields.result?.mapValue?.fields?.success?.booleanValue).toBe(true);
  expect(ok?.fields.respondedAt?.timestampValue).toBeTruthy();

  // Error: a closed port.
  await tool.getByRole('button', { name: 'Reset' }).click();
  await expect(tool.getByRole('status')).toHaveText('');
  await tool.getByLabel('Porta ping').fill('515');
  await tool.getByRole('button', { name: 'Ping' }).click();
  await expect(tool.getByRole('status')).toHaveText('❌ Errore: Connessione rifiutata (porta chiusa)', { timeout: 15_000 });
  await shot(page, 'ping-error.png', { fullPage: true });

  // Annulla while pending, then Timeout: the offline iPad does not answer.
  await tool.getByRole('button', { name: 'Reset' }).click();
  await tool.getByRole('radio', { name: /iPad Pro Magazzino/ }).check();
  await tool.getByLabel('Porta ping').fill('9100');
  await tool.getByRole('button', { name: 'Ping' }).click();
  await expect(tool.getByRole('status')).toHaveText('In attesa risposta...');
  await expect(tool.getByRole('button', { name: 'Ping' })).toBeDisabled();
  await tool.getByRole('button', { name: 'Annulla' }).click();
  await expect(tool.getByRole('status')).toHaveText('');
  const pageNow = () => page.evaluate(() => Date.now());
  const started = await pageNow();
  await tool.getByRole('button', { name: 'Ping' }).click();
  await expect(tool.getByRole('status')).toHaveText('In attesa risposta...');
  await shot(page, 'ping-pending.png', { fullPage: true });
  // The 15 s are the page's clock (installed at the start), moved on instead of waited out: 10 s on, still waiting;
  // past 15 s, 'Timeout'.
  await page.clock.fastForward(10_000);
  await expect(tool.getByRole('status')).toHaveText('In attesa risposta...');
  await page.clock.fastForward(5_500);
  await expect(tool.getByRole('status')).toHaveText('❌ Errore: Timeout');
  expect((await pageNow()) - started).toBeGreaterThanOrEqual(15_000);

  // Logged: request, result and timeout, in the shop's log.
  for (const action of ['device_ping_request', 'device_ping_result', 'device_ping_timeout']) {
    await expect.poll(async () => (await queryWhere('UserLog', 'action', action)).some((l) => l.fields.userId?.stringValue === A.owner.uid), { timeout: 20_000 }).toBe(true);
  }

  // An iPad is never a ping target.
  await page.getByRole('button', { name: 'Torna alle categorie' }).click();
  await page.getByRole('button', { name: 'Apri Dispositivi Tablet' }).click();
  await expect(page.getByRole('region', { name: 'Ping' })).toContainText('Il ping non viene eseguito verso un iPad come target...');
  await expect(page.getByRole('region', { name: 'Ping' }).getByRole('button', { name: 'Ping' })).toHaveCount(0);
  expect(await getDocument(`Shop/${A.owner.uid}`)).toBeTruthy();
});

test('a shop without iPads: the tool says so and cannot ping', async ({ page }) => {
  await openSignedIn(page, 'tech', `/shop-details/${A.fewPacks.uid}?tab=hardware`);
  await page.getByRole('button', { name: 'Apri Sistema Preconto' }).click();
  const tool = page.getByRole('region', { name: 'Ping' });
  await expect(tool.getByText('Nessun iPad registrato')).toBeVisible();
  await expect(tool.getByRole('button', { name: 'Ping' })).toBeDisabled();
});
