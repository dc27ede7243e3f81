/**
 * Seeds the month of the month-package benchmark (month-package.bench-test.ts) in a process of its own, so that the
 * Admin SDK's memory and the 1,300 XML strings it writes are not counted in the package's peak memory.
 * Run with `node --import tsx` and TSX_TSCONFIG_PATH=tsconfig.node.json (for the '@/' imports), the emulators' env set.
 */
import { deleteApp, initializeApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { getFirestore } from 'firebase-admin/firestore';
import { buildInvoiceXml } from '@/domain/fatturapa/builder';
import { generateCorpus } from '@/domain/fatturapa/test-corpus';
import { BENCH_COUNTS, BENCH_PASSWORD, BENCH_SHOP } from './month-package-bench-data';


const dayOf = (n: number, hour: number) => new Date(2026, 9, 1 + (n % 30), hour, n % 60);

async function seedBenchMonth(): Promise<void> {
  const SHOP = BENCH_SHOP;
  const COUNTS = BENCH_COUNTS;
  const admin = initializeApp({ projectId: process.env.GCLOUD_PROJECT ?? 'demo-backoffice' }, 'bench-month-package-seed');
  const store = getFirestore(admin);
  await getAuth(admin).createUser({ uid: SHOP, email: `${SHOP}@bench.test`, password: BENCH_PASSWORD }).catch(() => undefined);
  await store.doc(`User/${SHOP}`).set({ userId: SHOP, email: `${SHOP}@bench.test`, level: 'shop' });
  await store.doc(`Shop/${SHOP}`).set({ userId: SHOP, name: 'Bench', ragioneSociale: 'Bottega Bench S.r.l.', partitaIva: '00743110157', settings: {} });
  const writer = store.bulkWriter();
  const corpus = generateCorpus(3737, COUNTS.outgoing + COUNTS.incoming);
  corpus.forEach((input, i) => {
    const outgoing = i < COUNTS.outgoing;
    const id = `bench-mp-inv-${i}`;
    void writer.set(store.doc(`Invoice/${id}`), {
      uuid: id, userId: SHOP, type: outgoing ? 0 : 1, status: outgoing ? 'sent' : 'received', marking: outgoing ? (i % 50 === 7 ? 'rejected' : 'delivered') : 'received',
      payload: buildInvoiceXml(input), newInvoice: false, date: dayOf(i, 10), createdAt: dayOf(i, 10),
    });
  });
  for (let i = 0; i < COUNTS.ddts; i++) {
    void writer.set(store.doc(`Ddt/bench-mp-ddt-${i}`), {
      userId: SHOP, kind: 'ddt', year: 2026, state: 'confermato', progressive: i + 1, number: `11/${i + 1}`, date: dayOf(i, 9), confirmedAt: dayOf(i, 10),
      causale: 'Vendita', transportBy: 'mittente', porto: 'franco', aspetto: 'Scatole', colli: 2, peso: 5,
      recipient: { ragioneSociale: 'Trattoria Da Gino S.r.l.', vatNumber: '09456120151', registeredOfficeAddress: 'Via Lodovico il Moro 12', registeredOfficeCap: '20143', registeredOfficeCity: 'Milano', registeredOfficeProvince: 'MI', nation: 'IT' },
      lines: Array.from({ length: 6 }, (_, k) => ({ code: `P${k}`, description: `Prodotto ${k}`, um: 'PZ', quantity: 1 + k, unitPrice: 2.5 + k, vatRate: k % 2 ? 10 : 22 })),
    });
  }
  for (let n = 0; n < COUNTS.sales; n++) {
    const price = Math.round(((n * 37) % 9000) + 100) / 100;
    void writer.set(store.doc(`Sale/bench-mp-sale-${n}`), {
      userId: SHOP, date: dayOf(n, 8 + (n % 12)), method: n % 3 === 0 ? 'bancomat' : 'contanti', price, isVoid: n % 40 === 0, employeeId: 'e1',
      lines: [{ name: `Prodotto ${n % 300}`, qty: 1, price, total: price, vatRate: n % 2 ? 10 : 22 }],
    });
  }
  for (let d = 0; d < COUNTS.closings; d++) void writer.set(store.doc(`ZReport/bench-mp-z-${d}`), { userId: SHOP, createdAt: new Date(2026, 9, 1 + d, 21), number: d + 1, total: 1000 });
  await writer.close();
  await deleteApp(admin);
}

await seedBenchMonth();
