/**
 * Benchmark (npm run bench -- invoices): 100 drafts without payload sent in ONE batch through the app's send module
 * (features/invoices/send), signed in as the shop, with the real rules on the emulator and the provider stub
 * (which validates every XML against the official XSD): build + pre-flight (one xmllint call), one numbering
 * transaction, the provider calls (4 at a time, through the provider proxy's code in-process, which checks and records
 * each send) and the records. Prints the time of each phase and the documents written.
 */
import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { getAuth as getAdminAuth } from 'firebase-admin/auth';
import { getFirestore as getAdminFirestore, type Firestore as AdminFirestore } from 'firebase-admin/firestore';
import { signInWithEmailAndPassword } from 'firebase/auth';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { normalizeSale, type Sale } from '@/data/sale';
import { appSendDeps, sendDraftsWith, type SendDeps } from '@/features/invoices/send';
import { auth } from '@/lib/firebase';
import { startProviderStub, type ProviderStub } from '../../scripts/provider-stub/server.ts';
import { grantInvoicing, inProcessSdi } from '../integration/proxy-harness.ts';

const SHOP = 'bench-invoices-owner';
const PASSWORD = 'Bench!2026';
const DRAFTS = 100;
let admin: App;
let store: AdminFirestore;
let stub: ProviderStub;

beforeAll(async () => {
  admin = initializeApp({ projectId: process.env.GCLOUD_PROJECT ?? 'demo-backoffice' }, 'bench-invoices');
  store = getAdminFirestore(admin);
  await getAdminAuth(admin).createUser({ uid: SHOP, email: `${SHOP}@bench.test`, password: PASSWORD }).catch(() => undefined);
  await store.doc(`User/${SHOP}`).set({ userId: SHOP, email: `${SHOP}@bench.test`, level: 'shop' });
  await store.doc(`Shop/${SHOP}`).set({
    userId: SHOP, name: 'Ferramenta Colombo', ragioneSociale: 'FERRAMENTA COLOMBO S.R.L.', vatNumber: '04821730159', address: 'Via Padova 112', city: 'Milano',
    province: 'MI', zipCode: '20127', country: 'IT', settings: { pIva: '04821730159', invoiceNumber: '1' },
  });
  await store.doc('Customer/bench-invoices-cust').set({
    userId: SHOP, ragioneSociale: 'PROFUMERIA FERRARI S.R.L.', pIva: '02684190370', receiverCode: 'ABC1234', registeredOfficeAddress: "Via dell'Indipendenza 24",
    registeredOfficeCap: '40121', registeredOfficeCity: 'Bologna', registeredOfficeProvince: 'BO', nation: 'IT',
  });
  // What the proxy and the rules ask of a shop that sends: its fiscal identity in the registry, the Fatturazione pack.
  await store.doc('FiscalId/04821730159').set({ shopId: SHOP, createdBy: 'admin', createdAt: new Date() });
  await grantInvoicing(store, [SHOP]);
  const batch = store.batch();
  for (let i = 0; i < DRAFTS; i++) {
    batch.set(store.doc(`Sale/bench-draft-${String(i).padStart(3, '0')}`), {
      userId: SHOP, shopId: SHOP, method: 'Fattura', invoiceUUID: '', customerId: 'bench-invoices-cust', date: new Date(2026, 5, 10, 12), deleted: false,
      lines: [
        { name: `Articolo ${String(i)}`, qty: 1 + (i % 5), unitPrice: 12.2 + i, vatRate: 22 },
        { name: 'Consegna', qty: 1, unitPrice: 11, vatRate: 10 },
      ],
    });
  }
  await batch.commit();
  stub = await startProviderStub({ port: 0 });
  await signInWithEmailAndPassword(auth(), `${SHOP}@bench.test`, PASSWORD);
}, 120_000);

afterAll(async () => {
  await stub.close();
  await deleteApp(admin);
});

it('sends 100 drafts in one batch', async () => {
  const drafts: Sale[] = (await store.collection('Sale').where('userId', '==', SHOP).get()).docs.map((d) => normalizeSale(d.id, d.data()));
  expect(drafts).toHaveLength(DRAFTS);
  const sdi = inProcessSdi(store, SHOP, stub.url);
  const base = appSendDeps();
  let written = 0;
  const marks: Record<string, number> = {};
  const started = performance.now();
  const deps: SendDeps = {
    ...base,
    send: (xml) => {
      marks.firstPost ??= performance.now();
      return sdi.sendInvoice(xml);
    },
    validateXsd: async (xmls, schemas) => {
      const t = performance.now();
      const out = await base.validateXsd(xmls, schemas);
      marks.xsdMs = performance.now() - t;
      return out;
    },
    fixNumbers: async (shopId, ids, decide) => {
      const t = performance.now();
      marks.preflightDone = t;
      let attempts = 0;
      const decision = await base.fixNumbers(shopId, ids, (request) => {
        attempts += 1;
        marks.readsMs = performance.now() - t;
        return decide(request);
      });
      marks.attempts = attempts;
      marks.numbersMs = performance.now() - t;
      written += decision.updates.size + (decision.counters.nextInvoice !== undefined || decision.counters.lastCreditNote !== undefined ? 1 : 0);
      return decision;
    },
    recordSent: async (sent) => {
      await base.recordSent(sent);
      written += 2; // and SdiSubmission, by the proxy
    },
    log: () => undefined,
  };
  const results = await sendDraftsWith(deps, SHOP, drafts, () => undefined);
  const totalMs = performance.now() - started;
  const sent = results.filter((r) => r.state.kind === 'sent').length;
  const preflightMs = (marks.preflightDone ?? started) - started;
  const providerMs = performance.now() - (marks.firstPost ?? started);
  console.log(
    `Invio fatture: ${String(sent)}/${String(DRAFTS)} bozze inviate in un lotto in ${totalMs.toFixed(0)} ms ` +
      `(costruzione + controlli ${preflightMs.toFixed(0)} ms, di cui XSD in una chiamata xmllint ${(marks.xsdMs ?? 0).toFixed(0)} ms; ` +
      `numerazione in una transazione ${(marks.numbersMs ?? 0).toFixed(0)} ms, letture ${(marks.readsMs ?? 0).toFixed(0)} ms, tentativi ${String(marks.attempts ?? 0)}; invio allo stub + registrazione ${providerMs.toFixed(0)} ms); ` +
      `documenti scritti: ${String(written)} (bozze numerate, contatore, vendite inviate, fatture)`,
  );
  expect(sent).toBe(DRAFTS);
  expect((await store.doc(`Shop/${SHOP}`).get()).data()?.settings).toMatchObject({ invoiceNumber: String(DRAFTS + 1) });
  expect(stub.state.invoices.size).toBe(DRAFTS);
}, 600_000);
