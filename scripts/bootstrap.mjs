#!/usr/bin/env node
// Entry of `npm start` and `npm test` on a fresh clone: installs dependencies when missing, then runs the
// TypeScript script named as the first argument with tsx. Plain JavaScript on purpose: it runs before tsx exists.
import { spawnSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
// Every layer, the emulators and the dev server run in the shops' time zone, whatever the machine's: a machine in UTC
// and one in Rome see the same days (src/domain/time-zone.ts; each test layer checks it).
process.env.TZ = 'Europe/Rome';
const target = process.argv[2];
if (!target) {
  console.error('Uso: node scripts/bootstrap.mjs <script.ts> [argomenti]');
  process.exit(2);
}

const tsx = path.join(root, 'node_modules/.bin/tsx');
const lock = path.join(root, 'package-lock.json');
const marker = path.join(root, 'node_modules/.package-lock.json');
const stale = !fs.existsSync(tsx) || (fs.existsSync(marker) && fs.statSync(lock).mtimeMs > fs.statSync(marker).mtimeMs + 1000);
if (stale) {
  console.log('Installo le dipendenze (npm ci)…');
  const result = spawnSync('npm', ['ci', '--prefer-offline', '--no-audit', '--no-fund'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) {
    console.error('Installazione delle dipendenze non riuscita.');
    process.exit(result.status ?? 1);
  }
}

// functions/ (Cloud Functions) has its own package.json and lockfile: installed beside the app's.
const fnDir = path.join(root, 'functions');
const fnLock = path.join(fnDir, 'package-lock.json');
const fnMarker = path.join(fnDir, 'node_modules/.package-lock.json');
const fnStale = fs.existsSync(fnLock) && (!fs.existsSync(fnMarker) || fs.statSync(fnLock).mtimeMs > fs.statSync(fnMarker).mtimeMs + 1000);
if (fnStale) {
  console.log('Installo le dipendenze di functions/ (npm ci)…');
  const result = spawnSync('npm', ['ci', '--prefer-offline', '--no-audit', '--no-fund'], { cwd: fnDir, stdio: 'inherit' });
  if (result.status !== 0) {
    console.error('Installazione delle dipendenze di functions/ non riuscita.');
    process.exit(result.status ?? 1);
  }
}

const child = spawn(tsx, [path.join(root, target), ...process.argv.slice(3)], { cwd: root, stdio: 'inherit' });
// Ctrl-C reaches the child through the terminal's process group; wait for it to clean up.
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => {});
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
