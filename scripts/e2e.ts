/**
 * End-to-end run: emulators (fresh, free ports) + provider stub + demo seed + `vite build` + `vite preview`,
 * then Playwright in Debian's Chromium. Everything it starts is stopped at the end.
 */
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { viteEnvFor } from './lib/app-env.ts';
import { CHROMIUM_MISSING, chromiumAvailable } from './lib/chromium.ts';
import { startEmulators, wipeEmulators, type RunningEmulators } from './lib/emulators.ts';
import { freePort, waitForHttp } from './lib/ports.ts';
import { run, startGroup } from './lib/processes.ts';
import { startProviderStub } from './provider-stub/server.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const bin = (name: string) => path.join(ROOT, 'node_modules/.bin', name);

/**
 * Collects the Firestore queries the built app runs (sent by src/lib/firestore-recorder.ts with sendBeacon)
 * into <dir>/e2e.jsonl, for the index check.
 */
async function startQueryCollector(dir: string): Promise<{ url: string; close: () => Promise<void> }> {
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `e2e-${process.pid}.jsonl`);
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => {
      if (req.method === 'POST' && body) fs.appendFileSync(file, `${body.replace(/\n/g, ' ')}\n`);
      res.writeHead(204, { 'Access-Control-Allow-Origin': '*' }).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return { url: `http://127.0.0.1:${port}/query`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

export async function runE2e(shared?: RunningEmulators, extraArgs: string[] = []): Promise<number> {
  if (!chromiumAvailable()) {
    console.error(CHROMIUM_MISSING);
    if (process.env.CI === 'true') return 1;
    console.warn('Test end-to-end SALTATI (fuori da CI). Con CI=true questo è un errore.');
    return 0;
  }
  const emulators = shared ?? (await startEmulators());
  const stub = await startProviderStub({ port: 0, host: '127.0.0.1' });
  const collector = await startQueryCollector(process.env.QUERY_LOG_DIR ?? path.join(ROOT, `.tmp/firestore-queries-${process.pid}`));
  try {
    await wipeEmulators(emulators);
    const env = { ...process.env, ...emulators.env };
    let code = await run(bin('tsx'), [path.join(ROOT, 'scripts/seed/main.ts')], { env, cwd: ROOT });
    if (code !== 0) return code;

    // Per-run folders: several runs (developers, CI) may share a checkout, each with its own emulator ports.
    const runId = `${process.pid}`;
    const outDir = path.join(ROOT, `.tmp/e2e-dist-${runId}`);
    const viteEnv = { ...env, ...viteEnvFor(emulators, stub.url), RECORD_FIRESTORE_QUERIES: '1', VITE_QUERY_RECORDER_URL: collector.url };
    console.log('Build dell’app per i test end-to-end…');
    code = await run(bin('vite'), ['build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn'], { env: viteEnv, cwd: ROOT });
    if (code !== 0) return code;

    const port = await freePort();
    const preview = startGroup(bin('vite'), ['preview', '--outDir', outDir, '--port', String(port), '--strictPort', '--host', '127.0.0.1'], {
      cwd: ROOT,
      env: viteEnv,
      logFile: path.join(ROOT, `.tmp/preview-${runId}.log`),
    });
    try {
      const baseUrl = `http://127.0.0.1:${port}`;
      await waitForHttp(baseUrl, 30_000, 'vite preview');
      return await run(bin('playwright'), ['test', ...extraArgs], {
        cwd: ROOT,
        env: { ...env, BASE_URL: baseUrl, STUB_URL: stub.url, PROJECT_ID: emulators.projectId, E2E_RUN_ID: runId },
      });
    } finally {
      await preview.stop();
      fs.rmSync(outDir, { recursive: true, force: true });
    }
  } finally {
    await collector.close();
    await stub.close();
    if (!shared) await emulators.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const code = await runE2e(undefined, process.argv.slice(2)).catch((error: unknown) => {
    console.error((error as Error).message);
    return 1;
  });
  process.exit(code);
}
