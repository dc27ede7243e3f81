/**
 * `npm run headers [-- --mode production]`: writes into firebase.json the Content-Security-Policy for the
 * configuration being deployed: .env.example's values, overridden by the VITE_* variables of .env,
 * .env.<mode>, .env.<mode>.local and the shell, as `vite build` reads them. `-- --check` only verifies it.
 */
import fs from 'node:fs';
import path from 'node:path';
import { loadEnv } from 'vite';
import { CSP_KEY, FIREBASE_JSON, contentSecurityPolicy, pageHeaders, parseEnvFile, readFirebaseJson, type Env } from './lib/hosting-headers.ts';

const ROOT = path.resolve(import.meta.dirname, '..');

const args = process.argv.slice(2);
const modeIndex = args.indexOf('--mode');
const mode = modeIndex >= 0 ? (args[modeIndex + 1] ?? 'production') : 'production';
const env: Env = { ...parseEnvFile(path.join(ROOT, '.env.example')), ...loadEnv(mode, ROOT, 'VITE_') };
const policy = contentSecurityPolicy(env);
const config = readFirebaseJson();
const current = pageHeaders(config).find((h) => h.key === CSP_KEY);
if (!current) throw new Error(`firebase.json: manca ${CSP_KEY} tra gli headers di "**"`);

if (args.includes('--check')) {
  if (current.value !== policy) {
    console.error(`firebase.json: ${CSP_KEY} diverso da quello della configurazione (${mode}).\nAtteso:   ${policy}\nPresente: ${current.value}\nEsegui: npm run headers`);
    process.exit(1);
  }
  console.log(`firebase.json: ${CSP_KEY} allineato alla configurazione (${mode}).`);
} else {
  // Only the policy's value changes: the file keeps its hand-written layout.
  const text = fs.readFileSync(FIREBASE_JSON, 'utf8');
  const line = /("key": "Content-Security-Policy", "value": )"[^"]*"/;
  if (!line.test(text)) throw new Error(`firebase.json: la riga di ${CSP_KEY} deve restare su una riga ("key": …, "value": …)`);
  fs.writeFileSync(FIREBASE_JSON, text.replace(line, (_m, head: string) => `${head}${JSON.stringify(policy)}`));
  console.log(`firebase.json aggiornato (${mode}):\n${policy}`);
}
