/**
 * Sending drafts through the app's own code (features/invoices/send) against the Firestore and Auth emulators
 * with the real rules, and the provider stub: the numbers are fixed in a transaction with the shop's counter, so
 * two sends at once never share a number; a failed send keeps its number and 'Riprova' sends it again without
 * taking a new one; every sent draft has its Invoice keyed by the provider's uuid; the stub accepted every XML
 * (it validates them against the official XSD). The sends go through the provider proxy's own code, in-process
 * (handleProviderProxy on the same emulators): the rules let a draft become sent only against the record the proxy
 * writes of what the provider accepted, and the Invoice's payload is that record's XML.
 */
import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { getAuth as getAdminAuth } from 'firebase-admin/auth';
import { getFirestore as getAdminFirestore, type Firestore as AdminFirestore } from 'firebase-admin/firestore';
import { signInWithEmailAndPassword, signOut } from 'firebase/auth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { normalizeSale, type Sale } from '@/data/sale';
import { appSendDeps, sendDraftsWith, type SendDeps } from '@/features/invoices/send';
import { auth } from '@/lib/firebase';
import { startProviderStub, type ProviderStub } from '../../scripts/provider-stub/server.ts';
import { grantInvoicing, inProcessSdi } from './proxy-harness';

const PASSWORD = 'Integrazione!2026';
const SHOP = 'int-send-owner';
let admin: App;
let store: AdminFirestore;
let stub: ProviderStub;
let deps: SendDeps;

const draftRaw = (n: number, over: Record<string, unknown> = {}) => ({
  userId: SHOP, shopId: SHOP, method: 'Fattura', invoiceUUID: '', customerId: 'int-send-cust', date: new Date(2026, 5, 10, 12), deleted: false,
  lines: [{ name: `Articolo ${String(n)}`, qty: n, unitPrice: 12.2, vatRate: 22 }],
  ...over,
});

async function draft(id: string): Promise<Sale> {
  const snap = await store.doc(`Sale/${id}`).get();
  return normalizeSale(id, snap.data() ?? {});
}

beforeAll(async () => {
  admin = initializeApp({ projectId: process.env.GCLOUD_PROJECT ?? 'demo-backoffice' }, 'invoices-send');
  store = getAdminFirestore(admin);
  await getAdminAuth(admin).deleteUser(SHOP).catch(() => undefined);
  await getAdminAuth(admin).createUser({ uid: SHOP, email: `${SHOP}@integrazione.test`, password: PASSWORD });
  await store.doc(`User/${SHOP}`).set({ userId: SHOP, email: `${SHOP}@integrazione.test`, level: 'shop' });
  await store.doc(`Shop/${SHOP}`).set({
    userId: SHOP, name: 'Ferramenta Colombo', ragioneSociale: 'FERRAMENTA COLOMBO S.R.L.', vatNumber: '04821730159', address: 'Via Padova 112', city: 'Milano',
    province: 'MI', zipCode: '20127', country: 'IT', settings: { pIva: '04821730159', invoiceNumber: '12' },
  });
  // The rules let only a shop holding Fatturazione, not past its grace, number and send drafts.
  await grantInvoicing(store, [SHOP]);
  await store.doc('Customer/int-send-cust').set({
    userId: SHOP, ragioneSociale: 'PROFUMERIA FERRARI S.R.L.', pIva: '02684190370', receiverCode: 'ABC1234', registeredOfficeAddress: "Via dell'Indipendenza 24",
    registeredOfficeCap: '40121', registeredOfficeCity: 'Bologna', registeredOfficeProvince: 'BO', nation: 'IT',
  });
  for (const n of [1, 2, 3, 4]) await store.doc(`Sale/int-send-${String(n)}`).set(draftRaw(n));
  // The shop's fiscal identity as the proxy reads it (the FiscalId registry).
  await store.doc('FiscalId/04821730159').set({ shopId: SHOP, createdBy: 'admin', createdAt: new Date() });
  stub = await startProviderStub({ port: 0 });
  const sdi = inProcessSdi(store, SHOP, stub.url);
  deps = { ...appSendDeps(), send: (xml) => sdi.sendInvoice(xml), log: () => undefined };
  await signInWithEmailAndPassword(auth(), `${SHOP}@integrazione.test`, PASSWORD);
});

afterAll(async () => {
  await signOut(auth()).catch(() => undefined);
  await stub.close();
  await deleteApp(admin);
});

describe('sending drafts', () => {
  it('two sends at once get two different numbers from the counter, and each sale gets its Invoice', async () => {
    const [a, b] = await Promise.all([
      sendDraftsWith(deps, SHOP, [await draft('int-send-1')], () => undefined),
      sendDraftsWith(deps, SHOP, [await draft('int-send-2')], () => undefined),
    ]);
    const numbers = [a?.[0]?.state, b?.[0]?.state].map((s) => (s?.kind === 'sent' ? s.number : JSON.stringify(s)));
    expect(numbers.sort()).toEqual(['int-s-2026-12', 'int-s-2026-13']);
    expect((await store.doc(`Shop/${SHOP}`).get()).data()?.settings).toMatchObject({ invoiceNumber: '14' });
    for (const id of ['int-send-1', 'int-send-2']) {
      const sale = await draft(id);
      expect(sale.invoiceUUID).toMatch(/^[0-9a-f-]{36}$/);
      expect(sale.invoicePayload).toContain(`<Numero>${sale.invoiceNumber ?? ''}</Numero>`);
      const invoice = (await store.doc(`Invoice/${sale.invoiceUUID ?? ''}`).get()).data();
      expect(invoice).toMatchObject({ uuid: sale.invoiceUUID, userId: SHOP, type: 0, status: 'sent', marking: 'sent', newInvoice: false });
      expect(String(invoice?.payload).trim()).toBe(sale.invoicePayload);
      // The payload is byte for byte what the provider received, as the proxy recorded it.
      const record = (await store.doc(`SdiSubmission/${sale.invoiceUUID ?? ''}`).get()).data();
      expect(invoice?.payload).toBe(record?.xml);
      expect(stub.state.requests.some((r) => r.route === 'POST /invoices' && r.body === record?.xml)).toBe(true);
    }
    expect(stub.state.invoices.size).toBe(2);
  });

  it('a failed send keeps its number; Riprova sends it with the same number once the provider recovers', async () => {
    await fetch(`${stub.url}/__stub/fail`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ route: 'POST /invoices', mode: 'http500', times: 1 }) });
    const [first] = await sendDraftsWith(deps, SHOP, [await draft('int-send-3')], () => undefined);
    expect(first?.state).toMatchObject({ kind: 'failed', status: 500 });
    const kept = await draft('int-send-3');
    expect([kept.invoiceUUID, kept.invoiceNumber]).toEqual(['', 'int-s-2026-14']);
    const [again] = await sendDraftsWith(deps, SHOP, [kept], () => undefined);
    expect(again?.state).toMatchObject({ kind: 'sent', number: 'int-s-2026-14' });
    expect((await store.doc(`Shop/${SHOP}`).get()).data()?.settings).toMatchObject({ invoiceNumber: '15' });
  });

  it('the same draft sent from two tabs at once goes to the provider once', async () => {
    const before = stub.state.invoices.size;
    const one = await draft('int-send-4');
    const results = (await Promise.all([sendDraftsWith(deps, SHOP, [one], () => undefined), sendDraftsWith(deps, SHOP, [one], () => undefined)])).flat();
    expect(results.map((r) => r.state.kind).sort()).toEqual(['failed', 'sent']);
    expect(stub.state.invoices.size).toBe(before + 1);
    expect((await store.doc('Sale/int-send-4').get()).data()?.sendingSince).toBeUndefined();
  });

  it('a draft already sent is not sent twice', async () => {
    const stale = { ...(await draft('int-send-1')), invoiceUUID: '' };
    const [result] = await sendDraftsWith(deps, SHOP, [stale], () => undefined);
    expect(result?.state).toMatchObject({ kind: 'failed', message: expect.stringContaining('non è più da inviare') as unknown });
    expect(stub.state.invoices.size).toBe(4);
  });

  it('a number that exists only on an Invoice (sent by the POS) is in use: the counter skips it, a typed one is incremented until free', async () => {
    const issued = (number: string) => ({
      userId: SHOP, type: 0, status: 'sent', createdAt: new Date(), marking: 'delivered',
      payload: `<?xml version="1.0" encoding="UTF-8"?><p:FatturaElettronica versione="FPR12" xmlns:p="http://ivaservizi.agenziaentrate.gov.it/docs/xsd/fatture/v1.2"><FatturaElettronicaBody><DatiGenerali><DatiGeneraliDocumento><TipoDocumento>TD01</TipoDocumento><Numero>${number}</Numero></DatiGeneraliDocumento></DatiGenerali></FatturaElettronicaBody></p:FatturaElettronica>`,
    });
    await store.doc('Invoice/int-send-pos-1').set(issued('int-s-2026-16'));
    await store.doc('Invoice/int-send-pos-2').set(issued('FT/2026/009'));
    await store.doc('Sale/int-send-5').set(draftRaw(5));
    await store.doc('Sale/int-send-6').set(draftRaw(6, { invoiceNumber: 'FT/2026/009' }));
    const results = await sendDraftsWith(deps, SHOP, [await draft('int-send-5'), await draft('int-send-6')], () => undefined);
    expect(results.map((r) => (r.state.kind === 'sent' ? r.state.number : JSON.stringify(r.state)))).toEqual(['int-s-2026-17', 'FT/2026/010']);
  });
});
