/**
 * Benchmark (npm run bench -- customers): the customers' CSV import of 10,000 rows into the emulator through the
 * app's own code (parse, plan, chunks of 25 under the rules, signed in as the shop), then the same file again
 * (everything recognised, nothing written). Prints rows per second.
 */
import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { getAuth as getAdminAuth } from 'firebase-admin/auth';
import { getFirestore as getAdminFirestore } from 'firebase-admin/firestore';
import { signInWithEmailAndPassword } from 'firebase/auth';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { parseCsv } from '@/domain/csv/csv';
import { guessCustomerMapping, type SourceRow } from '@/domain/customers/customer-import';
import { partitaIvaCheckDigit } from '@/domain/fiscal-ids/partita-iva';
import { runCustomerImport } from '@/features/customers/api';
import { auth } from '@/lib/firebase';

const SHOP = 'bench-customers-owner';
const PASSWORD = 'Bench!2026';
const ROWS = 10_000;
let admin: App;

function csvText(): string {
  const lines = ['Ragione Sociale;P.IVA;PEC;Codice Destinatario;Indirizzo;CAP;Città;Provincia;Nazione;Email'];
  for (let i = 0; i < ROWS; i++) {
    const first10 = String(3_000_000_000 + i).padStart(10, '0');
    lines.push(`Società Prova ${i};${first10}${partitaIvaCheckDigit(first10)};p${i}@pec.it;0000000;Via Roma ${i};00100;Roma;RM;IT;info${i}@esempio.it`);
  }
  return lines.join('\r\n');
}

beforeAll(async () => {
  admin = initializeApp({ projectId: process.env.GCLOUD_PROJECT ?? 'demo-backoffice' }, 'bench-customers');
  await getAdminAuth(admin).createUser({ uid: SHOP, email: `${SHOP}@bench.test`, password: PASSWORD }).catch(() => undefined);
  await getAdminFirestore(admin).doc(`User/${SHOP}`).set({ userId: SHOP, email: `${SHOP}@bench.test`, level: 'shop' });
  await signInWithEmailAndPassword(auth(), `${SHOP}@bench.test`, PASSWORD);
}, 120_000);

afterAll(async () => {
  await deleteApp(admin);
});

it('customers CSV import: 10,000 rows, then the same file again', async () => {
  let t = performance.now();
  const parsed = parseCsv(csvText());
  const rows: SourceRow[] = parsed.rows.map((row, i) => ({ file: 'bench.csv', line: parsed.lineOf[i] ?? 0, row }));
  const mapping = guessCustomerMapping(parsed.headers);
  const parseMs = performance.now() - t;

  t = performance.now();
  const first = await runCustomerImport(SHOP, rows, mapping, { normalize: true }, () => undefined);
  const firstS = (performance.now() - t) / 1000;
  t = performance.now();
  const second = await runCustomerImport(SHOP, rows, mapping, { normalize: true }, () => undefined);
  const secondS = (performance.now() - t) / 1000;

  console.log(
    `Import clienti: ${ROWS} righe lette in ${parseMs.toFixed(0)} ms; prima importazione ${first.written.size} clienti in ${firstS.toFixed(1)} s = ` +
      `${(first.written.size / firstS).toFixed(0)} righe/s (blocchi da 25, 4 alla volta); stesso file di nuovo: ${second.written.size} scritti, ` +
      `${second.plan?.skipped.length ?? 0} riconosciuti già presenti in ${secondS.toFixed(1)} s`,
  );
  expect(first.error).toBeUndefined();
  expect(first.written.size).toBe(ROWS);
  expect(second.written.size).toBe(0);
}, 600_000);
