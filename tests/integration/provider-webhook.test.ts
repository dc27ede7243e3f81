/**
 * The provider webhook (functions/src/webhook.ts, exported as sdiCallback) running in the Functions emulator, writing to the Firestore
 * emulator: each callback type posted signed and unsigned, twice, and malformed; Firestore is read back with
 * firebase-admin and through the app's own converters (what the invoices screen reads).
 * Needs the Functions emulator: `npm run test:integration` (with-emulators --functions) or `npm test`.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { getFirestore, type Firestore } from 'firebase-admin/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { normalizeApiLog } from '@/data/api-log';
import { normalizeInvoice } from '@/data/invoice';
import { normalizeUserLog } from '@/data/user-log';
import { invoiceXmlToJsonForm, readIncomingJson } from '@/domain/fatturapa/reader';
import { xmlBytesToText } from '@/domain/fatturapa/xml-bytes';
import { LOCAL_FUNCTION_SECRETS } from '../../scripts/lib/emulators.ts';

const FUNCTIONS_URL = process.env.FUNCTIONS_URL;
const WEBHOOK = `${FUNCTIONS_URL ?? ''}/sdiCallback`;
const AUTH = LOCAL_FUNCTION_SECRETS.PROVIDER_WEBHOOK_AUTH;
const SHOP = 'int-webhook-shop';
const OTHER = 'int-webhook-other';
const SHOP_VAT = '07788990011';
/** A shop whose own document carries SHOP's P.IVA (typed by its owner): it must neither divert nor block. */
const COPYCAT = 'int-webhook-copycat';
const run = `${Date.now()}`;
/** A P.IVA-shaped id (11 digits) of this run, not in the registry until a test puts it there. */
const runVat = (n: number) => `${String(n)}${run.slice(-10)}`.slice(0, 11).padStart(11, '0');
const ADMIN = `int-webhook-admin-${run}`;
const OWNER = `int-webhook-owner-${run}`;
const PASSWORD = 'Webhook!2026';

let admin: App;
let db: Firestore;

const samplePayload = (recipientVat: string): Record<string, unknown> => {
  const json = JSON.parse(readFileSync(path.resolve(import.meta.dirname, '../../src/domain/fatturapa/__fixtures__/samples/IT01234567890_FPR01.json'), 'utf8')) as {
    fattura_elettronica_header: { cessionario_committente: { dati_anagrafici: Record<string, unknown> } };
  };
  json.fattura_elettronica_header.cessionario_committente.dati_anagrafici = { id_fiscale_iva: { id_paese: 'IT', id_codice: recipientVat }, anagrafica: { denominazione: 'Negozio Webhook' } };
  return json;
};

const supplierInvoice = (uuid: string, vat = SHOP_VAT) => ({ event: 'supplier-invoice', data: { invoice: { uuid, created_at: '2026-06-01T10:00:00+00:00', filename: 'IT1_abc.xml', file_id: '622', payload: samplePayload(vat) } } });
const notification = (uuid: string, invoiceUuid: string, type: string, message: Record<string, unknown> = {}, createdAt = '2026-06-02T10:00:00+00:00') => ({
  event: 'customer-notification',
  data: { notification: { uuid, invoice_uuid: invoiceUuid, created_at: createdAt, type, downloaded: false, file_name: 'x_NS_001.xml', message }, invoice: { fattura_elettronica_header: {}, fattura_elettronica_body: [] } },
});

async function post(body: unknown, auth: string | null = AUTH, raw?: string): Promise<{ status: number; json: Record<string, unknown> }> {
  const res = await fetch(WEBHOOK, { method: 'POST', headers: { 'Content-Type': 'application/json', ...(auth === null ? {} : { Authorization: auth }) }, body: raw ?? JSON.stringify(body) });
  return { status: res.status, json: (await res.json().catch(() => ({}))) as Record<string, unknown> };
}

async function countWhere(collection: string, field: string, value: string): Promise<number> {
  return (await db.collection(collection).where(field, '==', value).count().get()).data().count;
}

beforeAll(async () => {
  if (!FUNCTIONS_URL) throw new Error('FUNCTIONS_URL mancante: avvia con `tsx scripts/with-emulators.ts --functions -- …` (npm run test:integration lo fa).');
  admin = initializeApp({ projectId: process.env.GCLOUD_PROJECT ?? 'demo-backoffice' }, 'provider-webhook');
  db = getFirestore(admin);
  await db.doc(`Shop/${SHOP}`).set({ userId: SHOP, name: 'Negozio Webhook', settings: { pIva: SHOP_VAT } });
  await db.doc(`Shop/${OTHER}`).set({ userId: OTHER, name: 'Altro', settings: { pIva: '01100110011' } });
  // The registry names SHOP as the holder of SHOP_VAT; COPYCAT typed the same P.IVA in every field the old matching read.
  await db.doc(`FiscalId/${SHOP_VAT}`).set({ shopId: SHOP, sharedWith: [] });
  await db.doc(`FiscalId/01100110011`).set({ shopId: OTHER, sharedWith: [] });
  await db.doc(`Shop/${COPYCAT}`).set({ userId: COPYCAT, name: 'Copione', settings: { pIva: SHOP_VAT }, pIva: `IT${SHOP_VAT}`, vatNumber: SHOP_VAT, codiceFiscale: SHOP_VAT });
  for (const [uid, level] of [[ADMIN, 'admin'], [OWNER, 'shop']] as const) {
    await getAuth(admin).createUser({ uid, email: `${uid}@example.test`, password: PASSWORD });
    await db.doc(`User/${uid}`).set({ userId: uid, level, email: `${uid}@example.test` });
  }
  await db.doc(`Invoice/out-${run}`).set({ uuid: `out-${run}`, userId: SHOP, type: 0, status: 'sent', marking: 'sent', payload: '<x/>', newInvoice: false, createdAt: new Date() });
  await db.doc(`Invoice/late-${run}`).set({ uuid: `late-${run}`, userId: SHOP, type: 0, status: 'sent', marking: 'sent', payload: '<x/>', newInvoice: false, createdAt: new Date() });
});

afterAll(async () => {
  if (admin) await deleteApp(admin);
});

describe('authentication', () => {
  it('answers 401 and writes nothing without the auth header, or with a wrong one', async () => {
    const uuid = `in-unsigned-${run}`;
    for (const auth of [null, '', 'Bearer wrong', AUTH.slice(0, -1), AUTH.toUpperCase(), `${AUTH}x`]) {
      const res = await post(supplierInvoice(uuid), auth);
      expect({ auth, status: res.status }).toEqual({ auth, status: 401 });
    }
    expect((await db.doc(`Invoice/${uuid}`).get()).exists).toBe(false);
    expect(await countWhere('ProviderEvent', 'uuid', uuid)).toBe(0);
  });
});

describe('supplier-invoice', () => {
  it('creates the incoming Invoice as the app reads it, and a UserLog entry, once even when delivered twice', async () => {
    const uuid = `in-${run}`;
    const first = await post(supplierInvoice(uuid));
    expect(first).toEqual({ status: 200, json: { ok: true, outcome: 'created' } });
    const again = await post(supplierInvoice(uuid));
    expect(again).toEqual({ status: 200, json: { ok: true, outcome: 'duplicate' } });

    const snap = await db.doc(`Invoice/${uuid}`).get();
    const invoice = normalizeInvoice(uuid, snap.data() ?? {});
    expect(invoice).toMatchObject({ uuid, userId: SHOP, type: 1, payloadKind: 'json', marking: 'received', newInvoice: true });
    expect(typeof snap.get('payload')).toBe('string');
    expect(invoice.createdAt?.toISOString()).toBe('2026-06-01T10:00:00.000Z');
    expect(invoice.total).toBeGreaterThan(0);
    expect(invoice.items.length).toBeGreaterThan(0);

    const logs = await db.collection('UserLog').where('userId', '==', SHOP).where('action', '==', 'invoice_received').get();
    const mine = logs.docs.map((d) => normalizeUserLog(d.id, d.data())).filter((l) => l.details.invoiceId === uuid);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ module: 'invoices', actorId: 'provider-webhook' });
    expect(await countWhere('ProviderEvent', 'uuid', uuid)).toBe(1);
  });

  it('places a simplified invoice (FSM10) by its IdentificativiFiscali, with its supplier, line and total', async () => {
    // Before, the recipient was read only under DatiAnagrafici: an FSM10 was quarantined as 'unknown-recipient'.
    const uuid = `in-fsm-${run}`;
    const xml = xmlBytesToText(new Uint8Array(readFileSync(path.resolve(import.meta.dirname, '../../src/domain/fatturapa/__fixtures__/realworld/oca__l10n_it_fatturapa_in__IT02780790107_11009.xml'))));
    const payload = invoiceXmlToJsonForm(xml) as { fattura_elettronica_header: { cessionario_committente: { identificativi_fiscali: Record<string, unknown> } } };
    payload.fattura_elettronica_header.cessionario_committente.identificativi_fiscali = { id_fiscale_iva: { id_paese: 'IT', id_codice: SHOP_VAT } };
    const body = { event: 'supplier-invoice', data: { invoice: { uuid, created_at: '2026-06-01T10:00:00+00:00', filename: 'IT02780790107_11009.xml', payload } } };
    expect(await post(body)).toEqual({ status: 200, json: { ok: true, outcome: 'created' } });
    const invoice = normalizeInvoice(uuid, (await db.doc(`Invoice/${uuid}`).get()).data() ?? {});
    expect(invoice).toMatchObject({ userId: SHOP, type: 1, total: 272.23 });
    const [view] = readIncomingJson(invoice.payload);
    expect(view).toMatchObject({ format: 'FSM10', number: '16', total: 272.23, seller: { name: 'Mario Rossi' } });
    expect(view?.lines).toHaveLength(1);
    expect(await countWhere('ProviderQuarantine', 'uuid', uuid)).toBe(0);
  });

  it('a shop whose own document carries the P.IVA of another neither receives its invoices nor makes them ambiguous', async () => {
    // The old matching read settings.pIva / pIva / vatNumber / codiceFiscale: COPYCAT made every delivery to SHOP_VAT
    // 'ambiguous-recipient' (kept from SHOP), and could divert it when SHOP changed its fields. The registry decides.
    for (const [uuid, vat] of [[`in-copy-${run}`, SHOP_VAT], [`in-copy-it-${run}`, `IT ${SHOP_VAT}`]] as const) {
      expect(await post(supplierInvoice(uuid, vat))).toEqual({ status: 200, json: { ok: true, outcome: 'created' } });
      expect((await db.doc(`Invoice/${uuid}`).get()).get('userId')).toBe(SHOP);
      expect(await countWhere('ProviderQuarantine', 'uuid', uuid)).toBe(0);
    }
    expect(await countWhere('Invoice', 'userId', COPYCAT)).toBe(0);
  });

  it('keeps an invoice for an unknown recipient in quarantine and answers so that the provider retries it; a retry after the registry names the recipient is placed', async () => {
    const uuid = `in-unknown-${run}`;
    const vat = runVat(9);
    const quarantined = { status: 503, json: { ok: false, outcome: 'quarantined', reason: 'unknown-recipient' } };
    expect(await post(supplierInvoice(uuid, vat))).toEqual(quarantined);
    expect((await db.doc(`Invoice/${uuid}`).get()).exists).toBe(false);
    const q = await db.collection('ProviderQuarantine').where('uuid', '==', uuid).get();
    expect(q.docs.map((d) => d.get('reason') as unknown)).toEqual(['unknown-recipient']);
    expect(q.docs[0]?.get('recipientIds')).toEqual([vat]);
    // Not recorded as processed: the provider's retry is examined again (today's code answered 'duplicate').
    expect(await countWhere('ProviderEvent', 'uuid', uuid)).toBe(0);
    expect(await post(supplierInvoice(uuid, vat))).toEqual(quarantined);
    const kept = await db.collection('ProviderQuarantine').where('uuid', '==', uuid).get();
    expect(kept.docs).toHaveLength(1);
    expect(kept.docs[0]?.get('attempts')).toBe(2);

    // The registry now names OTHER as the holder: the provider's next retry of the same delivery lands there.
    await db.doc(`FiscalId/${vat}`).set({ shopId: OTHER, sharedWith: [] });
    expect(await post(supplierInvoice(uuid, vat))).toEqual({ status: 200, json: { ok: true, outcome: 'created' } });
    expect((await db.doc(`Invoice/${uuid}`).get()).get('userId')).toBe(OTHER);
    const entry = (await db.collection('ProviderQuarantine').where('uuid', '==', uuid).get()).docs;
    expect(entry).toHaveLength(1);
    expect(entry[0]?.data()).toMatchObject({ resolution: 'retry-placed', resolvedBy: 'provider-webhook', shopId: OTHER, attempts: 2 });
    expect(await post(supplierInvoice(uuid, vat))).toEqual({ status: 200, json: { ok: true, outcome: 'duplicate' } });
    expect(await countWhere('ProviderEvent', 'uuid', uuid)).toBe(1);
  });

  it('two shops registered under the same fiscal code: ambiguous, kept for the admin', async () => {
    const cf = `RSSMRA80A01H50${run.slice(-1)}Z`.slice(0, 16);
    await db.doc(`FiscalId/${runVat(7)}`).set({ shopId: SHOP, codiceFiscale: cf, sharedWith: [] });
    await db.doc(`FiscalId/${runVat(8)}`).set({ shopId: OTHER, codiceFiscale: cf, sharedWith: [] });
    const uuid = `in-ambiguous-${run}`;
    const body = supplierInvoice(uuid);
    const header = (body.data.invoice.payload as { fattura_elettronica_header: { cessionario_committente: { dati_anagrafici: Record<string, unknown> } } }).fattura_elettronica_header;
    header.cessionario_committente.dati_anagrafici = { codice_fiscale: cf, anagrafica: { nome: 'Mario', cognome: 'Rossi' } };
    const res = await post(body);
    expect(res).toEqual({ status: 503, json: { ok: false, outcome: 'quarantined', reason: 'ambiguous-recipient' } });
    const q = (await db.collection('ProviderQuarantine').where('uuid', '==', uuid).get()).docs[0];
    expect([...((q?.get('candidates') as string[] | undefined) ?? [])].sort()).toEqual([OTHER, SHOP].sort());
  });
});

describe('releaseQuarantined (admins place a kept supplier invoice)', () => {
  async function idToken(uid: string): Promise<string> {
    const res = await fetch(`http://${process.env.FIREBASE_AUTH_EMULATOR_HOST ?? ''}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=demo`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: `${uid}@example.test`, password: PASSWORD, returnSecureToken: true }),
    });
    return ((await res.json()) as { idToken: string }).idToken;
  }
  async function release(uid: string | null, data: unknown): Promise<{ status: number; result?: unknown; error?: { status: string; message: string } }> {
    const headers: Record<string, string> = { 'Content-Type': 'application/json', ...(uid ? { Authorization: `Bearer ${await idToken(uid)}` } : {}) };
    const res = await fetch(`${FUNCTIONS_URL ?? ''}/releaseQuarantined`, { method: 'POST', headers, body: JSON.stringify({ data }) });
    return { status: res.status, ...((await res.json()) as { result?: unknown; error?: { status: string; message: string } }) };
  }

  it('places it into the chosen shop as the webhook would, once; refuses non-admins, notifications and a second release', async () => {
    const uuid = `in-release-${run}`;
    const vat = runVat(5);
    expect((await post(supplierInvoice(uuid, vat))).json.outcome).toBe('quarantined');
    const entryId = `supplier-invoice_${uuid}`;
    expect((await db.doc(`ProviderQuarantine/${entryId}`).get()).exists).toBe(true);

    expect((await release(null, { entryId, shopId: OTHER })).error?.status).toBe('UNAUTHENTICATED');
    expect((await release(OWNER, { entryId, shopId: OWNER })).error?.status).toBe('PERMISSION_DENIED');
    expect((await release(ADMIN, { entryId, shopId: 'no-such-shop' })).error?.status).toBe('NOT_FOUND');
    expect((await db.doc(`Invoice/${uuid}`).get()).exists).toBe(false);

    expect(await release(ADMIN, { entryId, shopId: OTHER })).toEqual({ status: 200, result: { invoiceId: uuid, shopId: OTHER } });
    const invoice = normalizeInvoice(uuid, (await db.doc(`Invoice/${uuid}`).get()).data() ?? {});
    expect(invoice).toMatchObject({ uuid, userId: OTHER, type: 1, payloadKind: 'json', marking: 'received', newInvoice: true });
    expect(invoice.createdAt?.toISOString()).toBe('2026-06-01T10:00:00.000Z');
    const log = normalizeUserLog(`webhook_${entryId}`, (await db.doc(`UserLog/webhook_${entryId}`).get()).data() ?? {});
    expect(log).toMatchObject({ userId: OTHER, actorId: ADMIN, action: 'invoice_received', module: 'invoices' });
    expect((await db.doc(`ProviderEvent/${entryId}`).get()).data()).toMatchObject({ outcome: 'created', releasedBy: ADMIN });
    expect((await db.doc(`ProviderQuarantine/${entryId}`).get()).data()).toMatchObject({ resolution: 'released', resolvedBy: ADMIN, shopId: OTHER });

    // Twice: refused, nothing written again; and the provider's retry is now a duplicate.
    expect((await release(ADMIN, { entryId, shopId: SHOP })).error?.status).toBe('FAILED_PRECONDITION');
    expect((await db.doc(`Invoice/${uuid}`).get()).get('userId')).toBe(OTHER);
    expect(await post(supplierInvoice(uuid, vat))).toEqual({ status: 200, json: { ok: true, outcome: 'duplicate' } });

    // A notification entry is not a supplier invoice.
    expect((await post(notification(`orphan-rel-${run}`, `missing-rel-${run}`, 'RC'))).json.outcome).toBe('quarantined');
    expect((await release(ADMIN, { entryId: `customer-notification_orphan-rel-${run}`, shopId: SHOP })).error?.status).toBe('FAILED_PRECONDITION');
  });

  it('refuses when an Invoice with the provider uuid already exists', async () => {
    const uuid = `in-taken-${run}`;
    await db.doc(`Invoice/${uuid}`).set({ uuid, userId: SHOP, type: 0, status: 'sent', payload: '<x/>', createdAt: new Date() });
    expect(await post(supplierInvoice(uuid))).toEqual({ status: 503, json: { ok: false, outcome: 'quarantined', reason: 'invoice-exists' } });
    const res = await release(ADMIN, { entryId: `supplier-invoice_${uuid}`, shopId: SHOP });
    expect(res.error?.status).toBe('ALREADY_EXISTS');
    expect((await db.doc(`Invoice/${uuid}`).get()).get('type')).toBe(0);
  });
});

describe('customer-notification', () => {
  it('RC marks the invoice delivered; NS marks it rejected with an ApiLog entry carrying the SDI errors; each once', async () => {
    const invoiceUuid = `out-${run}`;
    expect(await post(notification(`rc-${run}`, invoiceUuid, 'RC'))).toEqual({ status: 200, json: { ok: true, outcome: 'updated' } });
    expect((await db.doc(`Invoice/${invoiceUuid}`).get()).get('marking')).toBe('delivered');

    const ns = notification(`ns-${run}`, invoiceUuid, 'NS', { identificativo_sdi: '123', lista_errori: { Errore: [{ Codice: '00404', Descrizione: 'Fattura duplicata' }, { Codice: '00305', Descrizione: 'IdCodice non valido' }] } });
    expect((await post(ns)).json.outcome).toBe('updated');
    expect((await post(ns)).json.outcome).toBe('duplicate');
    const invoice = normalizeInvoice(invoiceUuid, (await db.doc(`Invoice/${invoiceUuid}`).get()).data() ?? {});
    expect(invoice.marking).toBe('rejected');

    const logs = await db.collection('ApiLog').where('userId', '==', SHOP).where('functionName', '==', 'customer-notification').get();
    const entries = logs.docs.map((d) => normalizeApiLog(d.id, d.data())).filter((l) => l.details.invoiceId === invoiceUuid);
    expect(entries.map((e) => e.details.newMarking).sort()).toEqual(['delivered', 'rejected']);
    const rejection = entries.find((e) => e.details.newMarking === 'rejected');
    expect(rejection?.details.errors).toEqual([
      { code: '00404', description: 'Fattura duplicata' },
      { code: '00305', description: 'IdCodice non valido' },
    ]);
  });

  it('a late RC arriving after the NS (an older delivery retried) does not overwrite the rejection', async () => {
    const invoiceUuid = `late-${run}`;
    const ns = notification(`late-ns-${run}`, invoiceUuid, 'NS', { lista_errori: { Errore: { Codice: '00404', Descrizione: 'Fattura duplicata' } } }, '2026-06-02T10:05:00+00:00');
    expect((await post(ns)).json.outcome).toBe('updated');
    const lateRc = notification(`late-rc-${run}`, invoiceUuid, 'RC', {}, '2026-06-02T10:00:00+00:00');
    expect(await post(lateRc)).toEqual({ status: 200, json: { ok: true, outcome: 'stale' } });
    const stored = (await db.doc(`Invoice/${invoiceUuid}`).get()).data() ?? {};
    expect(normalizeInvoice(invoiceUuid, stored).marking).toBe('rejected');
    expect(stored.markingNotification).toBe('NS');
    // Logged, without newMarking: the screen's 'Motivo del Rifiuto SDI' still finds the rejection.
    const logs = (await db.collection('ApiLog').where('userId', '==', SHOP).where('details.invoiceId', '==', invoiceUuid).get()).docs.map((d) => d.data().details as Record<string, unknown>);
    expect(logs.map((d) => [d.newMarking, d.staleMarking, d.keptMarking]).sort()).toEqual([
      [undefined, 'delivered', 'rejected'],
      ['rejected', undefined, undefined],
    ]);
    // A retry of the stale RC is still a duplicate: nothing written twice.
    expect((await post(lateRc)).json.outcome).toBe('duplicate');
  });

  it('reads the stored marking through the Invoice converter: a legacy spelling (\'Rejected\', no notification type) is not downgraded by a late RC', async () => {
    const invoiceUuid = `legacy-${run}`;
    await db.doc(`Invoice/${invoiceUuid}`).set({ uuid: invoiceUuid, userId: SHOP, type: 0, status: 'sent', marking: 'Rejected', payload: '<x/>', newInvoice: false, createdAt: new Date() });
    expect(await post(notification(`legacy-rc-${run}`, invoiceUuid, 'RC'))).toEqual({ status: 200, json: { ok: true, outcome: 'stale' } });
    expect((await db.doc(`Invoice/${invoiceUuid}`).get()).get('marking')).toBe('Rejected');
    const logs = (await db.collection('ApiLog').where('userId', '==', SHOP).where('details.invoiceId', '==', invoiceUuid).get()).docs.map((d) => d.data().details as Record<string, unknown>);
    expect(logs.map((d) => [d.newMarking, d.staleMarking, d.keptMarking])).toEqual([[undefined, 'delivered', 'rejected']]);
  });

  it('quarantines a notification for an invoice nobody has, and places its retry once the invoice exists', async () => {
    const body = notification(`orphan-${run}`, `missing-${run}`, 'RC');
    expect(await post(body)).toEqual({ status: 503, json: { ok: false, outcome: 'quarantined', reason: 'unknown-invoice' } });
    expect((await post(body)).json.outcome).toBe('quarantined');
    expect(await countWhere('ProviderQuarantine', 'invoiceUuid', `missing-${run}`)).toBe(1);
    await db.doc(`Invoice/missing-${run}`).set({ uuid: `missing-${run}`, userId: SHOP, type: 0, status: 'sent', marking: 'sent', payload: '<x/>', newInvoice: false, createdAt: new Date() });
    expect(await post(body)).toEqual({ status: 200, json: { ok: true, outcome: 'updated' } });
    expect((await db.doc(`Invoice/missing-${run}`).get()).get('marking')).toBe('delivered');
    expect((await db.doc(`ProviderQuarantine/customer-notification_orphan-${run}`).get()).get('resolution')).toBe('retry-placed');
  });
});

describe('malformed bodies', () => {
  it('answers 400 and writes nothing', async () => {
    const before = (await db.collection('ProviderEvent').count().get()).data().count;
    expect((await post(undefined, AUTH, '{not json')).status).toBe(400);
    expect((await post({ event: 'supplier-invoice', data: { invoice: { uuid: `bad-${run}` } } })).status).toBe(400);
    expect((await post({ event: 'customer-notification', data: { notification: { uuid: `bad-${run}`, type: 'NS' } } })).status).toBe(400);
    expect((await post([])).status).toBe(400);
    expect((await db.collection('ProviderEvent').count().get()).data().count).toBe(before);
    expect((await db.doc(`Invoice/bad-${run}`).get()).exists).toBe(false);
  });

  it('acknowledges other events with 200 and writes nothing', async () => {
    expect(await post({ event: 'legal-storage-receipt', data: { uuid: 'x' } })).toEqual({ status: 200, json: { ok: true, outcome: 'ignored', event: 'legal-storage-receipt' } });
  });
});
