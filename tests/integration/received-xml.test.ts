/**
 * A received invoice's original XML: the provider stub simulates a supplier invoice, delivers the
 * callback to the emulated sdiCallback, and the webhook downloads the invoice's XML from the stub once
 * (GET /invoices_download/{uuid}, Accept: application/octet-stream: the raw file) and keeps it byte for byte on the Invoice. With the
 * provider failing the invoice is stored all the same and the reason recorded, and the shop's next callback fills
 * it; an XML that would not fit in the document is left out, with the reason. Read back with firebase-admin and,
 * as the owner, through the month package's own reads (what /month-package puts in the ZIP).
 * Needs the Functions emulator: `tsx scripts/with-emulators.ts --functions -- npx vitest run --project integration`.
 */
import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { getAuth as getAdminAuth } from 'firebase-admin/auth';
import { getFirestore, type Firestore, type Timestamp } from 'firebase-admin/firestore';
import { signInWithEmailAndPassword, signOut } from 'firebase/auth';
import { doc, getDocs, updateDoc } from 'firebase/firestore';
import { normalizeSdiReceipt, receiptId } from '@/data/sdi-receipt-doc';
import { receiptsOfInvoiceQuery, sdiReceiptsCol } from '@/data/sdi-receipt';
import { invoiceXml } from '../stub/helpers.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { normalizeInvoice, type Invoice } from '@/data/invoice';
import { readIncomingJson, readOutgoingXml } from '@/domain/fatturapa/reader';
import { loadSample } from '@/domain/fatturapa/test-fixtures';
import { MAX_XML_ATTEMPTS } from '@/domain/provider-callbacks/received-xml';
import type { PackageInvoiceDoc } from '@/domain/month-package/build';
import { loadPreviewDocuments } from '@/features/month-package/api';
import { auth } from '@/lib/firebase';
import { LOCAL_FUNCTION_SECRETS } from '../../scripts/lib/emulators.ts';
import { DEFAULT_TOKEN, startProviderStub, type ProviderStub } from '../../scripts/provider-stub/server.ts';
import { partitaIva } from './proxy-harness';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { readInvoiceFile } from '@/domain/fatturapa/invoice-file';

const FUNCTIONS_URL = process.env.FUNCTIONS_URL ?? '';
const run = `${Date.now()}`;
const SHOP = `int-rxml-${run}`;
const SHOP_VAT = partitaIva(`7${run.slice(-9)}`);
const PASSWORD = 'Ricevute!2026';

let admin: App;
let db: Firestore;
let stub: ProviderStub;

/** An official sample in the provider's JSON, addressed to the shop, with its own number (one invoice per test). */
function supplierJson(sample: 'FPR01' | 'FPR02', numero: string, attachmentBytes = 0): Record<string, unknown> {
  const json = JSON.parse(loadSample(sample, 'json')) as {
    fattura_elettronica_header: { cessionario_committente: { dati_anagrafici: Record<string, unknown> } };
    fattura_elettronica_body: { dati_generali: { dati_generali_documento: Record<string, unknown> }; allegati?: unknown }[];
  };
  json.fattura_elettronica_header.cessionario_committente.dati_anagrafici = { id_fiscale_iva: { id_paese: 'IT', id_codice: SHOP_VAT }, anagrafica: { denominazione: 'Negozio Ricevute' } };
  const body = json.fattura_elettronica_body[0]!;
  body.dati_generali.dati_generali_documento.numero = numero;
  if (attachmentBytes > 0) body.allegati = [{ nome_attachment: 'grande.pdf', formato_attachment: 'PDF', attachment: Buffer.alloc(attachmentBytes, 7).toString('base64') }];
  return json;
}

async function stubJson(path: string, init: RequestInit = {}): Promise<{ status: number; json: Record<string, unknown> }> {
  const res = await fetch(`${stub.url}${path}`, { ...init, headers: { Authorization: `Bearer ${DEFAULT_TOKEN}`, 'Content-Type': 'application/json', ...init.headers } });
  return { status: res.status, json: (await res.json().catch(() => ({}))) as Record<string, unknown> };
}

/** POST /simulate/supplier-invoice: the stub delivers the callback (and the webhook downloads) before it answers. */
async function simulate(json: Record<string, unknown>): Promise<string> {
  const before = stub.state.deliveredCallbacks.length;
  const res = await stubJson('/simulate/supplier-invoice', { method: 'POST', body: JSON.stringify(json) });
  expect(res.status).toBe(200);
  // The webhook answered 200: the invoice is placed whatever became of its XML.
  expect(stub.state.deliveredCallbacks.slice(before).map((c) => c.status)).toEqual([200]);
  return (res.json.data as { uuid: string }).uuid;
}

/** The provider delivering the same callback again (it did not get our 200): the webhook's 'duplicate'. */
async function redeliver(uuid: string, json: Record<string, unknown>): Promise<unknown> {
  const res = await fetch(`${FUNCTIONS_URL}/sdiCallback`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: LOCAL_FUNCTION_SECRETS.PROVIDER_WEBHOOK_AUTH },
    body: JSON.stringify({ event: 'supplier-invoice', data: { invoice: { uuid, created_at: '2026-06-01T10:00:00+00:00', filename: 'IT10442360961_X.xml', file_id: '1', payload: json } } }),
  });
  return res.json();
}

async function invoice(uuid: string): Promise<{ raw: Record<string, unknown>; inv: Invoice }> {
  const raw = (await db.doc(`Invoice/${uuid}`).get()).data() ?? {};
  return { raw, inv: normalizeInvoice(uuid, raw) };
}

async function failDownloads(mode: string | null): Promise<void> {
  const res = mode === null ? await fetch(`${stub.url}/__stub/fail`, { method: 'DELETE' }) : await fetch(`${stub.url}/__stub/fail`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ route: 'GET /invoices_download/{uuid}', mode }) });
  expect(res.status).toBe(200);
}

const downloads = (uuid: string) => stub.state.requests.filter((r) => r.route === 'GET /invoices_download/{uuid}' && r.path === `/invoices_download/${uuid}`);

beforeAll(async () => {
  if (!FUNCTIONS_URL || !process.env.PROVIDER_STUB_PORT) throw new Error('Avvia con `tsx scripts/with-emulators.ts --functions -- …` (npm run test:integration lo fa).');
  // The stub on the port the functions' SDI_API_BASE_URL names, delivering its callbacks to the emulated webhook.
  stub = await startProviderStub({ port: Number(process.env.PROVIDER_STUB_PORT), host: '127.0.0.1', webhook: { url: `${FUNCTIONS_URL}/sdiCallback`, authHeader: LOCAL_FUNCTION_SECRETS.PROVIDER_WEBHOOK_AUTH } });
  admin = initializeApp({ projectId: process.env.GCLOUD_PROJECT ?? 'demo-backoffice' }, 'received-xml');
  db = getFirestore(admin);
  await getAdminAuth(admin).createUser({ uid: SHOP, email: `${SHOP}@integrazione.test`, password: PASSWORD });
  await db.doc(`User/${SHOP}`).set({ userId: SHOP, email: `${SHOP}@integrazione.test`, level: 'shop' });
  await db.doc(`Shop/${SHOP}`).set({ userId: SHOP, name: 'Negozio Ricevute', settings: { pIva: SHOP_VAT } });
  // The webhook places a supplier invoice by the fiscal-identity registry only.
  await db.doc(`FiscalId/${SHOP_VAT}`).set({ shopId: SHOP, sharedWith: [] });
});

afterAll(async () => {
  await signOut(auth()).catch(() => undefined);
  if (admin) await deleteApp(admin);
  if (stub) await stub.close();
});

describe('the webhook keeps the XML of a received invoice', () => {
  it('downloads it once through the provider client and stores it byte for byte, the same invoice as the JSON', async () => {
    const json = supplierJson('FPR02', `RX-OK-${run}`);
    const uuid = await simulate(json);
    const calls = downloads(uuid);
    expect(calls).toHaveLength(1);
    expect(calls[0]?.headers).toMatchObject({ accept: 'application/octet-stream', authorization: `Bearer ${LOCAL_FUNCTION_SECRETS.SDI_API_TOKEN}` });
    // A redelivery of the same callback is a duplicate: nothing is downloaded again.
    expect(await redeliver(uuid, json)).toEqual({ ok: true, outcome: 'duplicate' });
    expect(downloads(uuid)).toHaveLength(1);
    const served = new Uint8Array(await (await fetch(`${stub.url}/invoices_download/${uuid}`, { headers: { Authorization: `Bearer ${DEFAULT_TOKEN}`, Accept: 'application/xml' } })).arrayBuffer());

    const { raw, inv } = await invoice(uuid);
    // Bytes in Firestore (not text), equal to the provider's file; the JSON payload stays as the callback sent it.
    expect(raw.receivedXml).toBeInstanceOf(Uint8Array);
    expect(Buffer.from(inv.receivedXml ?? []).equals(Buffer.from(served))).toBe(true);
    expect(inv).toMatchObject({ type: 1, payloadKind: 'json', receivedXmlMissing: undefined, receivedXmlRetry: false, receivedXmlAttempts: 1, fileName: expect.stringMatching(/^IT10442360961_\w{5}\.xml$/) as unknown });
    expect(raw.receivedXmlMissing).toBeNull();
    expect(readOutgoingXml(new TextDecoder().decode(inv.receivedXml))).toEqual(readIncomingJson(inv.payload));
    expect(JSON.parse(inv.payload)).toEqual(json);
  });

  it('provider down or failing: the invoice is stored with its JSON, the reason recorded; the next callback fills it', async () => {
    await failDownloads('network');
    const down = await simulate(supplierJson('FPR01', `RX-DOWN-${run}`));
    const first = await invoice(down);
    expect(first.inv).toMatchObject({ type: 1, payloadKind: 'json', marking: 'received', receivedXml: undefined, receivedXmlRetry: true, receivedXmlAttempts: 1 });
    expect(first.inv.receivedXmlMissing).toBe('il provider non è raggiungibile (rete assente o server spento)');
    expect(first.inv.items.length).toBeGreaterThan(0);

    // The next callback while the provider answers errors: its own invoice, then the waiting one, each with the reason.
    await failDownloads('http503');
    const failing = await simulate(supplierJson('FPR01', `RX-503-${run}`));
    await failDownloads(null);
    for (const [uuid, attempts] of [[failing, 1], [down, 2]] as const) {
      expect((await invoice(uuid)).inv, uuid).toMatchObject({ receivedXml: undefined, receivedXmlRetry: true, receivedXmlAttempts: attempts, receivedXmlMissing: expect.stringMatching(/^il provider ha risposto 503/) as unknown });
    }

    // The shop's next supplier invoice with the provider back: its own XML, then the two waiting ones.
    const next = await simulate(supplierJson('FPR02', `RX-NEXT-${run}`));
    for (const uuid of [next, down, failing]) {
      const { raw, inv } = await invoice(uuid);
      expect(inv.receivedXml, uuid).toBeInstanceOf(Uint8Array);
      expect(raw.receivedXmlMissing, uuid).toBeNull();
      expect(inv.receivedXmlRetry, uuid).toBe(false);
      expect(readOutgoingXml(new TextDecoder().decode(inv.receivedXml))).toEqual(readIncomingJson(inv.payload));
    }
    expect((await invoice(down)).inv.receivedXmlAttempts).toBe(3);
    expect(downloads(down)).toHaveLength(3);
  }, 60_000);

  it(`gives up after ${MAX_XML_ATTEMPTS} downloads, and leaves out an XML too large for the document`, async () => {
    await failDownloads('http500');
    const json = supplierJson('FPR01', `RX-STUCK-${run}`);
    const stuck = await simulate(json);
    // The provider delivering the callback again: each redelivery tries the download again, until the last attempt.
    for (let i = 2; i <= MAX_XML_ATTEMPTS + 1; i++) expect(await redeliver(stuck, json)).toEqual({ ok: true, outcome: 'duplicate' });
    await failDownloads(null);
    const { inv } = await invoice(stuck);
    expect(inv).toMatchObject({ receivedXml: undefined, receivedXmlRetry: false, receivedXmlAttempts: MAX_XML_ATTEMPTS });
    expect(inv.receivedXmlMissing).toMatch(new RegExp(`^il provider ha risposto 500.*; tentativi esauriti \\(${MAX_XML_ATTEMPTS}\\)$`));
    expect(downloads(stuck)).toHaveLength(MAX_XML_ATTEMPTS);

    // 420 KB of attachment: the JSON (about 560 KB) fits in a document, the JSON and the XML together do not.
    const big = await simulate(supplierJson('FPR02', `RX-BIG-${run}`, 420_000));
    const { raw, inv: large } = await invoice(big);
    expect(String(raw.payload).length).toBeGreaterThan(500_000);
    expect(large).toMatchObject({ type: 1, receivedXml: undefined, receivedXmlRetry: false, receivedXmlAttempts: 1 });
    expect(large.receivedXmlMissing).toMatch(/^file di \d{3} KB: con il JSON già salvato supera il limite di 1 MiB di un documento Firestore$/);
    expect(large.items.length).toBeGreaterThan(0);
    // Not tried again by the next callback (its size will not change).
    await simulate(supplierJson('FPR01', `RX-AFTER-BIG-${run}`));
    expect(downloads(big)).toHaveLength(1);
  }, 60_000);

  it('a signed file (.xml.p7m, DER or base64) is kept as the SDI delivered it, and read through its envelope, every body of a lotto', async () => {
    const cases = [
      { file: 'oca__l10n_it_fatturapa_in__IT01234567890_FPR03.xml.p7m', recipient: '03533590174', bodies: [['123', 30.5], ['456', 2440]] },
      { file: 'oca__l10n_it_fatturapa_in__IT05979361218_002.xml.p7m', recipient: '80213330584', bodies: [['FT/2015/0007', 54]] },
      { file: 'oca__l10n_it_fatturapa_in__IT01234567890_FPR04.base64.xml.p7m', recipient: '03533590174', bodies: [['123', 30.5], ['456', 2440]] },
    ] as const;
    for (const c of cases) await db.doc(`FiscalId/${c.recipient}`).set({ shopId: SHOP, sharedWith: [] });
    for (const c of cases) {
      const bytes = new Uint8Array(readFileSync(path.resolve(import.meta.dirname, '../../src/domain/fatturapa/__fixtures__/realworld', c.file)));
      const before = stub.state.deliveredCallbacks.length;
      const res = await stubJson('/simulate/supplier-invoice-file', { method: 'POST', body: JSON.stringify({ file_name: c.file, file_base64: Buffer.from(bytes).toString('base64') }) });
      expect(res.status, c.file).toBe(200);
      expect(stub.state.deliveredCallbacks.slice(before).map((d) => d.status), c.file).toEqual([200]);
      const uuid = (res.json.data as { uuid: string }).uuid;
      const calls = downloads(uuid);
      expect(calls, c.file).toHaveLength(1);
      expect(calls[0]?.headers.accept).toBe('application/octet-stream');
      const { inv } = await invoice(uuid);
      // The accountant's original: the envelope byte for byte, not the XML taken out of it.
      expect(Buffer.from(inv.receivedXml ?? []).equals(Buffer.from(bytes)), c.file).toBe(true);
      expect(inv).toMatchObject({ userId: SHOP, type: 1, receivedXmlRetry: false, fileName: expect.stringMatching(/\.xml\.p7m$/) as unknown });
      const read = readInvoiceFile(inv.receivedXml ?? new Uint8Array(), inv.fileName);
      expect(read.signed).toBe(true);
      expect(readIncomingJson(inv.payload).map((v) => [v.number, v.total]), c.file).toEqual(c.bodies);
      expect(inv.total, c.file).toBe(c.bodies.reduce((n, [, t]) => n + t, 0));
    }
  });

  it("reaches the month package's reads (web SDK, the owner's rules): the XML bytes, or the reason", async () => {
    await signInWithEmailAndPassword(auth(), `${SHOP}@integrazione.test`, PASSWORD);
    // A received invoice belongs to the month the SDI delivered it (the purchase register goes by receipt), not to
    // its document date (2014-12-18): the months of the invoices' arrival, usually one.
    const arrived = (await db.collection('Invoice').where('userId', '==', SHOP).get()).docs.map((d) => (d.get('createdAt') as Timestamp).toDate());
    const months = [...new Set(arrived.map((d) => `${d.getFullYear()}-${d.getMonth() + 1}`))].map((m) => m.split('-').map(Number) as [number, number]);
    const incoming: PackageInvoiceDoc[] = [];
    for (const [year, month] of months) incoming.push(...((await loadPreviewDocuments(SHOP, { kind: 'month', year, month }, true)).invoices?.incoming ?? []));
    expect(incoming.length).toBeGreaterThanOrEqual(5);
    for (const doc of incoming) {
      const stored = (await invoice(doc.id)).inv;
      if (stored.receivedXml) {
        expect(doc.receivedXml, doc.id).toBeInstanceOf(Uint8Array);
        expect(Buffer.from(doc.receivedXml ?? []).equals(Buffer.from(stored.receivedXml)), doc.id).toBe(true);
      } else {
        expect(doc.receivedXml, doc.id).toBeUndefined();
        expect(doc.receivedXmlMissing, doc.id).toBe(stored.receivedXmlMissing);
      }
    }
    expect(incoming.some((d) => d.receivedXml) && incoming.some((d) => d.receivedXmlMissing)).toBe(true);
  });
});

describe('the webhook keeps every SDI receipt of an outgoing invoice, with its XML', () => {
  /** An outgoing invoice the stub holds (POST /invoices) and the Firestore Invoice the app would have written. */
  async function sentInvoice(numero: string): Promise<string> {
    const res = await fetch(`${stub.url}/invoices`, { method: 'POST', headers: { Authorization: `Bearer ${DEFAULT_TOKEN}`, 'Content-Type': 'application/xml' }, body: invoiceXml({ numero, supplierVat: SHOP_VAT }) });
    const body = (await res.json()) as { data: { uuid: string } | null; message?: string };
    expect(body.data, body.message).not.toBeNull();
    const uuid = body.data!.uuid;
    await db.doc(`Invoice/${uuid}`).set({ uuid, userId: SHOP, type: 0, status: 'sent', marking: 'sent', payload: '<x/>', newInvoice: false, createdAt: new Date(), date: new Date() });
    return uuid;
  }
  async function notify(uuid: string, notification: string, errors?: unknown[]): Promise<string> {
    const before = stub.state.deliveredCallbacks.length;
    const res = await stubJson('/simulate/customer-notification', { method: 'POST', body: JSON.stringify({ uuid, notification, ...(errors ? { errors } : {}) }) });
    expect(res.status).toBe(200);
    expect(stub.state.deliveredCallbacks.slice(before).map((c) => c.status)).toEqual([200]);
    return (res.json.data as { uuid: string }).uuid;
  }
  const receipt = async (id: string) => normalizeSdiReceipt(id, (await db.doc(`SdiReceipt/${receiptId(id)}`).get()).data() ?? {});
  const served = async (id: string) => new Uint8Array(await (await fetch(`${stub.url}/invoices_notifications/${id}`, { headers: { Authorization: `Bearer ${DEFAULT_TOKEN}`, Accept: 'application/xml' } })).arrayBuffer());
  const failReceipts = async (mode: string | null) => {
    const res = mode === null ? await fetch(`${stub.url}/__stub/fail`, { method: 'DELETE' }) : await fetch(`${stub.url}/__stub/fail`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ route: 'GET /invoices_notifications/{uuid}', mode }) });
    expect(res.status).toBe(200);
  };

  it('an NS is stored with its errors and the SDI NotificaScarto byte for byte; the owner reads it, the receipt is not writable', async () => {
    const uuid = await sentInvoice(`NS${run.slice(-8)}`);
    const ns = await notify(uuid, 'NS', [{ Codice: '00305', Descrizione: 'IdCodice del cessionario non valido' }]);
    const kept = await receipt(ns);
    expect(kept).toMatchObject({ userId: SHOP, invoiceId: uuid, type: 'NS', errors: [{ code: '00305', description: 'IdCodice del cessionario non valido' }], xmlAttempts: 1 });
    expect(kept.xmlMissing).toBeUndefined();
    expect(Buffer.from(kept.xml ?? []).equals(Buffer.from(await served(ns)))).toBe(true);
    expect(new TextDecoder().decode(kept.xml)).toContain('<ns3:NotificaScarto');

    await signInWithEmailAndPassword(auth(), `${SHOP}@integrazione.test`, PASSWORD);
    const mine = await getDocs(receiptsOfInvoiceQuery(SHOP, uuid));
    expect(mine.docs.map((d) => d.data().type)).toEqual(['NS']);
    await expect(updateDoc(doc(sdiReceiptsCol(), receiptId(ns)).withConverter(null), { type: 'RC' })).rejects.toMatchObject({ code: 'permission-denied' });
    // The month package's reads hand the receipt, with its XML, to the invoice it concerns.
    const today = new Date();
    const outgoing = (await loadPreviewDocuments(SHOP, { kind: 'month', year: today.getFullYear(), month: today.getMonth() + 1 }, true)).invoices?.outgoing ?? [];
    const mine2 = outgoing.find((d) => d.id === uuid);
    expect(mine2?.receipts?.map((r) => r.type)).toEqual(['NS']);
    expect(Buffer.from(mine2?.receipts?.[0]?.xml ?? []).equals(Buffer.from(kept.xml ?? []))).toBe(true);
    await signOut(auth());
  });

  it('the provider failing: the receipt is stored without XML and the reason; the next notification of the shop fills it', async () => {
    const uuid = await sentInvoice(`MC${run.slice(-8)}`);
    await failReceipts('network');
    const mc = await notify(uuid, 'MC');
    await failReceipts(null);
    const missing = await receipt(mc);
    expect(missing).toMatchObject({ type: 'MC', xmlMissing: 'il provider non è raggiungibile', xmlAttempts: 1 });
    expect(missing.xml).toBeUndefined();
    const other = await sentInvoice(`RC${run.slice(-8)}`);
    const rc = await notify(other, 'RC');
    expect(new TextDecoder().decode((await receipt(rc)).xml)).toContain('<ns3:RicevutaConsegna');
    const filled = await receipt(mc);
    expect(filled.xmlMissing).toBeUndefined();
    expect(filled.xmlAttempts).toBe(2);
    expect(new TextDecoder().decode(filled.xml)).toContain('<ns3:NotificaMancataConsegna');
  });
});
