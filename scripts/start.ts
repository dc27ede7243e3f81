/**
 * `npm start`: emulators + provider stub + demo seed + Vite dev server, on the usual ports when free
 * (Firestore 8080, Auth 9099, stub 9199, app 5173), else on free ones (also when a port is taken while the emulators
 * start: the launcher sees it at once and starts them again elsewhere). Ctrl-C stops everything.
 */
import path from 'node:path';
import { viteEnvFor } from './lib/app-env.ts';
import { startEmulators, webhookFor } from './lib/emulators.ts';
import { freePort, isPortFree, waitForHttp } from './lib/ports.ts';
import { run, startGroup, stopAll } from './lib/processes.ts';
import { publishStartPorts } from './lib/start-ports.ts';
import { startProviderStub } from './provider-stub/server.ts';
import { DEMO_ACCOUNT_LIST, DEMO_PASSWORD } from './seed/accounts.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const bin = (name: string) => path.join(ROOT, 'node_modules/.bin', name);
const preferred = async (port: number) => ((await isPortFree(port)) ? port : freePort());

const started = Date.now();
try {
  console.log('Avvio degli emulatori Firebase (Auth + Firestore + Functions)…');
  const emulators = await startEmulators({ firestorePort: await preferred(8080), authPort: await preferred(9099), functions: { port: await preferred(5001), stubPort: await preferred(9199) }, portsMayMove: true });
  const stub = await startProviderStub({ port: emulators.stubPort ?? (await preferred(9199)), host: '127.0.0.1', webhook: webhookFor(emulators) });
  process.on('exit', () => void stub.close());

  // The dev server needs no data: start it while the demo data is written.
  const appPort = await preferred(Number(process.env.PORT ?? 5173));
  const env = { ...process.env, ...emulators.env };
  startGroup(bin('vite'), ['--port', String(appPort), '--strictPort', '--host', '127.0.0.1'], {
    cwd: ROOT,
    env: { ...env, ...viteEnvFor(emulators, stub.url) },
    logFile: path.join(ROOT, '.tmp/vite-dev.log'),
  });
  const url = `http://127.0.0.1:${appPort}/login`;
  publishStartPorts({ projectId: emulators.projectId, firestoreHost: emulators.firestoreHost, authHost: emulators.authHost, stubUrl: stub.url, appUrl: url });
  console.log('Caricamento dei dati demo…');
  // As production holds a shop's history: the nightly job has summarised every past day (the desk and /zreport read
  // them). The e2e seed keeps none, so that the first look that builds them stays tested.
  const seeded = await run(bin('tsx'), [path.join(ROOT, 'scripts/seed/main.ts'), '--day-summaries'], { env, cwd: ROOT });
  if (seeded !== 0) throw new Error('Caricamento dei dati demo non riuscito.');
  await waitForHttp(url, 60_000, 'Server di sviluppo Vite');

  const width = Math.max(...DEMO_ACCOUNT_LIST.map((a) => a.email.length));
  console.log(`
Back office pronto in ${((Date.now() - started) / 1000).toFixed(0)} s: ${url}

Firestore ${emulators.firestoreHost} · Auth ${emulators.authHost} · Stub provider ${stub.url}
Account demo (password per tutti: ${DEMO_PASSWORD})
${DEMO_ACCOUNT_LIST.map((a) => `  ${a.email.padEnd(width)}  ${a.description}`).join('\n')}

Ctrl-C per fermare tutto.`);
} catch (error) {
  console.error((error as Error).message);
  await stopAll();
  process.exit(1);
}
