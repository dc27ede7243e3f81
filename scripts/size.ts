/**
 * `npm run size`: builds the app, then prints for each route the gzipped JavaScript and CSS it loads before its
 * first paint, read from Vite's build manifest. With `--check` (run by `npm test`) it exits 1 when a route
 * exceeds a budget of size-budgets.json or a heavy library reaches the entry or a page that must not load it.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { build, type Plugin } from 'vite';
import { overBudget, parseRouteTable, routeSizes, type Budgets, type Manifest } from './size/analyze.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const check = process.argv.includes('--check');
const outDir = path.join(ROOT, `.tmp/size-dist-${process.pid}`);

/** Records which source modules end up in each output chunk (the manifest does not say). */
function recordModules(into: Map<string, string[]>): Plugin {
  return {
    name: 'record-chunk-modules',
    generateBundle(_options, bundle) {
      for (const [file, output] of Object.entries(bundle)) {
        if (output.type === 'chunk') into.set(file, output.moduleIds.map((id) => id.replace(/\\/g, '/')));
      }
    },
  };
}

const modules = new Map<string, string[]>();
try {
  await build({
    root: ROOT,
    logLevel: 'warn',
    // Any valid values: the size does not depend on them, and the build must not need a .env.
    mode: 'production',
    define: {},
    plugins: [recordModules(modules)],
    build: { outDir, emptyOutDir: true, manifest: true, sourcemap: false },
  });
  const manifest = JSON.parse(fs.readFileSync(path.join(outDir, '.vite/manifest.json'), 'utf8')) as Manifest;
  const resolveSource = (alias: string) => {
    const base = alias.replace(/^@\//, 'src/');
    const found = ['.tsx', '.ts'].map((ext) => base + ext).find((candidate) => fs.existsSync(path.join(ROOT, candidate)));
    if (!found) throw new Error(`Modulo della rotta non trovato: ${alias}`);
    return found;
  };
  const routes = parseRouteTable(fs.readFileSync(path.join(ROOT, 'src/app/route-table.ts'), 'utf8'), resolveSource);
  const gzipCache = new Map<string, number>();
  const gzipSize = (file: string) => {
    let size = gzipCache.get(file);
    if (size === undefined) {
      size = zlib.gzipSync(fs.readFileSync(path.join(outDir, file)), { level: 9 }).length;
      gzipCache.set(file, size);
    }
    return size;
  };
  const sizes = routeSizes(manifest, routes, gzipSize, (file) => modules.get(file) ?? [], {
    shell: 'src/app/shell/app-shell.tsx',
    plain: 'src/app/shell/plain-layout.tsx',
  });
  const kb = (bytes: number) => (bytes / 1024).toFixed(1).padStart(7);
  console.log(`\n${'Rotta'.padEnd(26)} ${'layout'.padEnd(7)} ${'entry JS'.padStart(9)} ${'+ layout'.padStart(9)} ${'JS totale'.padStart(10)} ${'CSS'.padStart(8)}  librerie pesanti   (KB gzip)`);
  for (const s of sizes) {
    console.log(`${s.path.padEnd(26)} ${s.layout.padEnd(7)} ${kb(s.entryJs)}   ${kb(s.shellJs)}   ${kb(s.totalJs)}   ${kb(s.totalCss)}  ${s.heavy.join(', ') || '—'}`);
  }
  const budgets = JSON.parse(fs.readFileSync(path.join(ROOT, 'size-budgets.json'), 'utf8')) as Budgets;
  const problems = overBudget(sizes, budgets);
  if (problems.length > 0) {
    console.error(`\nBudget superati (size-budgets.json):\n- ${problems.join('\n- ')}`);
    if (check) process.exitCode = 1;
  } else {
    console.log(`\nTutte le rotte rispettano i budget di size-budgets.json.`);
  }
} finally {
  fs.rmSync(outDir, { recursive: true, force: true });
}
