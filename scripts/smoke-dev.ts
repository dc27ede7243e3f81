/**
 * The smoke layer against the development server: the app exactly as `npm start` serves it (Vite dev
 * server, React StrictMode, unminified), on fresh emulators + the provider stub + the demo seed. For every demo
 * account it opens every route that account may open and fails on an uncaught error, a React error boundary
 * ('Si è verificato un problema') or a console error. The e2e suite sees only the production build: this is the
 * layer that sees what a developer sees first.
 */
import path from 'node:path';
import { viteEnvFor } from './lib/app-env.ts';
import { CHROMIUM_MISSING, chromiumAvailable } from './lib/chromium.ts';
import { startEmulators, wipeEmulators, type RunningEmulators } from './lib/emulators.ts';
import { freePort, waitForHttp } from './lib/ports.ts';
import { run, startGroup } from './lib/processes.ts';
import { startProviderStub } from './provider-stub/server.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const bin = (name: string) => path.join(ROOT, 'node_modules/.bin', name);

export async function runSmoke(shared?: RunningEmulators, extraArgs: string[] = []): Promise<number> {
  if (!chromiumAvailable()) {
    console.error(CHROMIUM_MISSING);
    return process.env.CI === 'true' ? 1 : 0;
  }
  const emulators = shared ?? (await startEmulators({ functions: true }));
  const stub = await startProviderStub({ port: emulators.stubPort ?? 0, host: '127.0.0.1' });
  try {
    await wipeEmulators(emulators);
    const env = { ...process.env, ...emulators.env };
    const port = await freePort();
    const runId = `${process.pid}`;
    const dev = startGroup(bin('vite'), ['--port', String(port), '--strictPort', '--host', '127.0.0.1'], {
      cwd: ROOT,
      env: { ...env, ...viteEnvFor(emulators, stub.url) },
      logFile: path.join(ROOT, `.tmp/vite-smoke-${runId}.log`),
    });
    try {
      const seeded = await run(bin('tsx'), [path.join(ROOT, 'scripts/seed/main.ts')], { env, cwd: ROOT });
      if (seeded !== 0) return seeded;
      const baseUrl = `http://127.0.0.1:${port}`;
      await waitForHttp(`${baseUrl}/login`, 60_000, 'Server di sviluppo Vite');
      return await run(bin('playwright'), ['test', '--config', path.join(ROOT, 'playwright.smoke.config.ts'), ...extraArgs], {
        cwd: ROOT,
        env: { ...env, BASE_URL: baseUrl, E2E_RUN_ID: `smoke-${runId}` },
      });
    } finally {
      await dev.stop();
    }
  } finally {
    await stub.close();
    if (!shared) await emulators.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const code = await runSmoke(undefined, process.argv.slice(2)).catch((error: unknown) => {
    console.error((error as Error).message);
    return 1;
  });
  process.exit(code);
}
