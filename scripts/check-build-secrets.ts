/**
 * With the provider proxy on (VITE_PROVIDER_MODE=proxy, the default), the production build
 * contains no provider or company-lookup token. Builds the app with distinctive token values in the environment (as
 * a real deployment's .env.local would have them), then greps every file of the output (JavaScript, CSS, HTML,
 * source maps, workers, assets) for them. Fails if one is found.
 *
 * Control: a distinctive VITE_FIREBASE_API_KEY is configured too and MUST be found (the web API key is public and
 * inlined on purpose), which proves the grep sees the values Vite inlines; a build layout the grep could not read
 * would fail here rather than pass silently.
 *
 * `npx tsx scripts/check-build-secrets.ts` (a step of `npm test`); `-- --provider-mode direct` builds in direct mode,
 * where the tokens are in the bundle by design: the check then fails, which shows that it can.
 */
import fs from 'node:fs';
import path from 'node:path';
import { run } from './lib/processes.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const args = process.argv.slice(2);
const modeIndex = args.indexOf('--provider-mode');
const providerMode = modeIndex >= 0 ? (args[modeIndex + 1] ?? 'proxy') : 'proxy';

const stamp = `${process.pid}x${Date.now().toString(36)}`;
const SECRETS = {
  VITE_SDI_API_TOKEN: `sdi-token-canary-${stamp}`,
  VITE_COMPANY_API_TOKEN: `company-token-canary-${stamp}`,
};
const CONTROL = { VITE_FIREBASE_API_KEY: `web-api-key-canary-${stamp}` };

function filesUnder(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? filesUnder(full) : [full];
  });
}

const outDir = path.join(ROOT, `.tmp/secrets-build-${process.pid}`);
let failed = false;
try {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    // A production configuration (not the emulators), with every variable a real deployment sets.
    VITE_USE_EMULATORS: 'false',
    VITE_PROVIDER_MODE: providerMode,
    VITE_FIREBASE_AUTH_DOMAIN: 'canary-project.firebaseapp.com',
    VITE_FIREBASE_PROJECT_ID: 'canary-project',
    VITE_FIREBASE_APP_ID: '1:1:web:1',
    VITE_SDI_API_BASE_URL: 'https://test.sdi.openapi.it',
    VITE_COMPANY_API_BASE_URL: 'https://test.company.openapi.com',
    VITE_PENDING_SHOPS_URL: 'https://europe-west1-canary-project.cloudfunctions.net/pendingShops',
    ...SECRETS,
    ...CONTROL,
  };
  delete env.RECORD_FIRESTORE_QUERIES;
  console.log(`Build di produzione (VITE_PROVIDER_MODE=${providerMode}) con token riconoscibili nell'ambiente…`);
  const code = await run(path.join(ROOT, 'node_modules/.bin/vite'), ['build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'error'], { cwd: ROOT, env });
  if (code !== 0) throw new Error(`vite build non riuscito (${String(code)})`);
  const files = filesUnder(outDir);
  const found = (value: string) => files.filter((file) => fs.readFileSync(file).includes(value)).map((file) => path.relative(outDir, file));
  const control = found(CONTROL.VITE_FIREBASE_API_KEY);
  if (control.length === 0) {
    console.error(`✖ Controllo non valido: VITE_FIREBASE_API_KEY non trovato in nessuno dei ${String(files.length)} file della build (la ricerca non vede i valori inlineati).`);
    failed = true;
  }
  for (const [name, value] of Object.entries(SECRETS)) {
    const where = found(value);
    if (where.length > 0) {
      console.error(`✖ ${name} è nella build: ${where.join(', ')}`);
      failed = true;
    } else {
      console.log(`✔ ${name} assente dai ${String(files.length)} file della build`);
    }
  }
  if (!failed) console.log(`✔ Controllo: VITE_FIREBASE_API_KEY trovato in ${control.join(', ')}`);
} catch (error) {
  console.error((error as Error).message);
  failed = true;
} finally {
  fs.rmSync(outDir, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
