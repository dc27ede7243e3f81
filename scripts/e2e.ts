/**
 * End-to-end run: emulators (fresh, free ports) + provider stub + demo seed + `vite build` + `vite preview`,
 * then Playwright in Debian's Chromium. Everything it starts is stopped at the end.
 */
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { viteEnvFor } from './lib/app-env.ts';
import { hostingHeadersFor } from './lib/hosting-headers.ts';
import { CHROMIUM_MISSING, chromiumAvailable } from './lib/chromium.ts';
import { startEmulators, webhookFor, wipeEmulators, type RunningEmulators } from './lib/emulators.ts';
import { freePort, waitForHttp } from './lib/ports.ts';
import { startTcpProxy, type TcpProxy } from './lib/tcp-proxy.ts';
import { run, runPrefixed, startGroup } from './lib/processes.ts';
import { startProviderStub } from './provider-stub/server.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const bin = (name: string) => path.join(ROOT, 'node_modules/.bin', name);

/**
 * Collects what the built app reports during the run: the Firestore queries it runs (src/lib/firestore-recorder.ts
 * sends them with sendBeacon to /query) into <dir>/e2e.jsonl, for the index check; and the Content-Security-Policy
 * violations the browser reports (report-uri /csp), which fail the run.
 */
async function startCollector(
  dir: string,
  firestoreProxy: TcpProxy,
): Promise<{ baseUrl: string; queryUrl: string; cspUrl: string; cspViolations: string[]; cspProbes: string[]; close: () => Promise<void> }> {
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `e2e-${process.pid}.jsonl`);
  const cspViolations: string[] = [];
  // Reports of tests/e2e/csp.spec.ts's deliberate violations: expected, and proof that reporting works.
  const cspProbes: string[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => {
      if (req.method === 'POST' && body && req.url === '/query') fs.appendFileSync(file, `${body.replace(/\n/g, ' ')}\n`);
      if (req.method === 'POST' && body && req.url === '/csp') (body.includes('csp-probe') ? cspProbes : cspViolations).push(describeCspReport(body));
      // Fault injection (tests/e2e/faults-*.spec.ts): the app's way to Firestore taken away and given back.
      if (req.method === 'POST' && req.url === '/faults/firestore/cut') firestoreProxy.cut();
      if (req.method === 'POST' && req.url === '/faults/firestore/restore') firestoreProxy.restore();
      res.writeHead(204, { 'Access-Control-Allow-Origin': '*' }).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  const base = `http://127.0.0.1:${port}`;
  return { baseUrl: base, queryUrl: `${base}/query`, cspUrl: `${base}/csp`, cspViolations, cspProbes, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

/** One line per report: the directive, what it blocked and where (Chrome's application/csp-report body). */
function describeCspReport(body: string): string {
  try {
    const report = (JSON.parse(body) as { 'csp-report'?: Record<string, string | number | undefined> })['csp-report'] ?? {};
    const where = [report['source-file'], report['line-number']].filter(Boolean).join(':');
    const blocked = report['blocked-uri'] ?? '';
    return `${report['effective-directive'] ?? report['violated-directive']} bloccato: ${blocked === '' ? 'inline' : blocked} su ${report['document-uri']}${where ? ` (${where})` : ''}`;
  } catch {
    return body.slice(0, 300);
  }
}

export interface E2eRunOptions {
  /** Tells this run's folders and results apart from another run of the same process (the shards of npm test). */
  runId?: string;
  /** Every line the run prints is prefixed with it (two shards print at the same time). */
  label?: string;
}

export async function runE2e(shared?: RunningEmulators, extraArgs: string[] = [], options: E2eRunOptions = {}): Promise<number> {
  const prefix = options.label ? `[${options.label}] ` : '';
  const say = (line: string) => console.log(`${prefix}${line}`);
  const runChild = (command: string, args: string[], opts: Parameters<typeof run>[2]) => (options.label ? runPrefixed(command, args, opts ?? {}, prefix) : run(command, args, opts));
  if (!chromiumAvailable()) {
    console.error(CHROMIUM_MISSING);
    if (process.env.CI === 'true') return 1;
    console.warn('Test end-to-end SALTATI (fuori da CI). Con CI=true questo è un errore.');
    return 0;
  }
  const emulators = shared ?? (await startEmulators({ functions: true }));
  const stub = await startProviderStub({ port: emulators.stubPort ?? 0, host: '127.0.0.1', webhook: webhookFor(emulators) });
  // The built app reaches Firestore through a proxy a spec can cut (the emulator stopped mid-session).
  const [firestoreHostName, firestorePort] = emulators.firestoreHost.split(':');
  const firestoreProxy = await startTcpProxy({ host: firestoreHostName ?? '127.0.0.1', port: Number(firestorePort) });
  const collector = await startCollector(process.env.QUERY_LOG_DIR ?? path.join(ROOT, `.tmp/firestore-queries-${process.pid}`), firestoreProxy);
  // The time of each phase, printed at the end: what the layer spends besides the tests themselves.
  const phases: string[] = [];
  let phaseStart = Date.now();
  const phase = (label: string) => {
    phases.push(`${label} ${((Date.now() - phaseStart) / 1000).toFixed(1)} s`);
    phaseStart = Date.now();
  };
  try {
    await wipeEmulators(emulators);
    const env = { ...process.env, ...emulators.env };
    // READS_LARGE=1 (npm run bench -- reads): the large data set (seed --large) instead of the demo's sizes.
    const seedArgs = process.env.READS_LARGE === '1' ? ['--large'] : [];
    let code = await runChild(bin('tsx'), [path.join(ROOT, 'scripts/seed/main.ts'), ...seedArgs], { env, cwd: ROOT });
    if (code !== 0) return code;
    phase('dati demo');

    // Per-run folders: several runs (developers, CI) may share a checkout, each with its own emulator ports.
    const runId = options.runId ? `${process.pid}-${options.runId}` : `${process.pid}`;
    const outDir = path.join(ROOT, `.tmp/e2e-dist-${runId}`);
    const viteEnv = { ...env, ...viteEnvFor({ ...emulators, firestoreHost: `127.0.0.1:${firestoreProxy.port}` }, stub.url), RECORD_FIRESTORE_QUERIES: '1', VITE_QUERY_RECORDER_URL: collector.queryUrl };
    say('Build dell’app per i test end-to-end…');
    code = await runChild(bin('vite'), ['build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn'], { env: viteEnv, cwd: ROOT });
    if (code !== 0) return code;
    phase('build');

    const port = await freePort();
    // Served with the production headers of firebase.json (the policy derived for this build's configuration).
    const previewHeaders = JSON.stringify(hostingHeadersFor(viteEnv, { reportUri: collector.cspUrl }));
    const preview = startGroup(bin('vite'), ['preview', '--outDir', outDir, '--port', String(port), '--strictPort', '--host', '127.0.0.1'], {
      cwd: ROOT,
      env: { ...viteEnv, PREVIEW_HEADERS: previewHeaders },
      logFile: path.join(ROOT, `.tmp/preview-${runId}.log`),
    });
    try {
      const baseUrl = `http://127.0.0.1:${port}`;
      await waitForHttp(baseUrl, 30_000, 'vite preview');
      phase('vite preview');
      code = await runChild(bin('playwright'), ['test', ...extraArgs], {
        cwd: ROOT,
        env: { ...env, BASE_URL: baseUrl, STUB_URL: stub.url, FAULTS_URL: `${collector.baseUrl}/faults`, PROJECT_ID: emulators.projectId, E2E_RUN_ID: runId },
      });
      phase('Playwright');
      // Chrome posts reports as they happen; give the last ones a moment to arrive. The probe's reports are
      // awaited as a condition (a busy machine posts them late), up to 15 s.
      const probeRan = extraArgs.length === 0 || extraArgs.some((arg) => arg.includes('csp.spec'));
      for (const deadline = Date.now() + 15_000; probeRan && collector.cspProbes.length === 0 && Date.now() < deadline; ) {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      await new Promise((resolve) => setTimeout(resolve, 500));
      phase('segnalazioni CSP');
      say(`Fasi: ${phases.join(', ')}`);
      if (collector.cspViolations.length > 0) {
        const unique = [...new Set(collector.cspViolations)];
        console.error(`\nViolazioni della Content-Security-Policy (${collector.cspViolations.length}, ${unique.length} distinte):\n- ${unique.join('\n- ')}`);
        return code || 1;
      }
      if (code === 0 && probeRan && collector.cspProbes.length === 0) {
        console.error('\nLa sonda CSP (tests/e2e/csp.spec.ts) non ha ricevuto segnalazioni: il report-uri non funziona.');
        return 1;
      }
      say(`Content-Security-Policy di produzione: nessuna violazione segnalata dal browser (sonda: ${collector.cspProbes.length} segnalazioni attese).`);
      return code;
    } finally {
      await preview.stop();
      fs.rmSync(outDir, { recursive: true, force: true });
    }
  } finally {
    await collector.close();
    await firestoreProxy.close();
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
