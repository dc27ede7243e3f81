/**
 * The pack check is on the calls that cost (providerProxy), never on what the provider sends us. The
 * webhook (functions/src/webhook.ts, sdiCallback) keeps accepting callbacks for a shop whose subscription expired
 * past the grace: an invoice it sent before keeps getting its SDI outcome, and its suppliers' invoices still land
 * (they are the shop's documents, and the provider already delivered them: refusing would only lose them).
 * The same shop's SDI calls through the proxy are refused (provider-proxy-packs.test.ts).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { getFirestore, type Firestore } from 'firebase-admin/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shopPackAccess } from '../../functions/src/pack-guard.ts';
import { LOCAL_FUNCTION_SECRETS } from '../../scripts/lib/emulators.ts';
import { partitaIva } from './proxy-harness.ts';
import { normalizeInvoice } from '@/data/invoice';

const FUNCTIONS_URL = process.env.FUNCTIONS_URL;
const run = `${Date.now()}`;
const SHOP = `wh-scaduto-${run}`;
// A P.IVA of its own per run (the webhook finds the recipient by it: a second shop with it would be ambiguous).
const VAT = partitaIva(`07${run.slice(-8)}`);
const DAY = 86_400_000;

let admin: App;
let db: Firestore;

function supplierInvoice(uuid: string): Record<string, unknown> {
  const payload = JSON.parse(readFileSync(path.resolve(import.meta.dirname, '../../src/domain/fatturapa/__fixtures__/samples/IT01234567890_FPR01.json'), 'utf8')) as {
    fattura_elettronica_header: { cessionario_committente: { dati_anagrafici: Record<string, unknown> } };
  };
  payload.fattura_elettronica_header.cessionario_committente.dati_anagrafici = { id_fiscale_iva: { id_paese: 'IT', id_codice: VAT }, anagrafica: { denominazione: 'Negozio Scaduto' } };
  return { event: 'supplier-invoice', data: { invoice: { uuid, created_at: '2026-06-01T10:00:00+00:00', filename: 'IT1_scaduto.xml', file_id: '623', payload } } };
}

const notification = (uuid: string, invoiceUuid: string) => ({
  event: 'customer-notification',
  data: { notification: { uuid, invoice_uuid: invoiceUuid, created_at: '2026-06-02T10:00:00+00:00', type: 'RC', downloaded: false, file_name: 'x_RC_001.xml', message: {} }, invoice: { fattura_elettronica_header: {}, fattura_elettronica_body: [] } },
});

async function post(body: unknown): Promise<{ status: number; json: unknown }> {
  const res = await fetch(`${FUNCTIONS_URL ?? ''}/sdiCallback`, { method: 'POST', headers: { 'Content-Type': 'application/json', Authorization: LOCAL_FUNCTION_SECRETS.PROVIDER_WEBHOOK_AUTH }, body: JSON.stringify(body) });
  return { status: res.status, json: await res.json().catch(() => null) };
}

beforeAll(async () => {
  if (!FUNCTIONS_URL) throw new Error('FUNCTIONS_URL mancante: avvia con `tsx scripts/with-emulators.ts --functions -- …`.');
  admin = initializeApp({ projectId: process.env.GCLOUD_PROJECT ?? 'demo-backoffice' }, 'webhook-expired-shop');
  db = getFirestore(admin);
  const now = Date.now();
  await db.doc('Pack/wh-pack-fatturazione').set({ name: 'fatturazione', price: 12 });
  await db.doc('Plan/wh-plan-plus').set({ name: 'Plus', price: 39, includedPacks: ['wh-pack-fatturazione'] });
  await db.doc(`ShopSubscription/sub-${SHOP}`).set({ shopId: SHOP, userId: SHOP, plan: 'wh-plan-plus', packs: [], status: 'active', startingDate: new Date(now - 130 * DAY), expiringDate: new Date(now - 40 * DAY) });
  // The recipient as the webhook looks it up today (the Shop's P.IVA fields) and in the registry (FiscalId).
  await db.doc(`Shop/${SHOP}`).set({ userId: SHOP, name: 'Negozio Scaduto', subscriptionId: `sub-${SHOP}`, pIva: VAT, vatNumber: VAT, settings: { pIva: VAT } });
  await db.doc(`FiscalId/${VAT}`).set({ shopId: SHOP, createdBy: 'test', createdAt: new Date() });
  await db.doc(`Invoice/out-${run}`).set({ uuid: `out-${run}`, userId: SHOP, type: 0, status: 'sent', marking: 'sent', payload: '<x/>', newInvoice: false, createdAt: new Date(now - 45 * DAY) });
});

afterAll(async () => {
  if (admin) await deleteApp(admin);
});

describe('the webhook for a shop expired past the grace', () => {
  it('the shop is past the grace: its SDI calls would be refused', async () => {
    expect(await shopPackAccess(db, SHOP, 'Fatturazione')).toMatchObject({ allowed: false, reason: 'blocked' });
  });

  it("still receives a supplier's invoice", async () => {
    const uuid = `in-${run}`;
    expect(await post(supplierInvoice(uuid))).toEqual({ status: 200, json: { ok: true, outcome: 'created' } });
    const snap = await db.doc(`Invoice/${uuid}`).get();
    expect(normalizeInvoice(uuid, snap.data() ?? {})).toMatchObject({ uuid, userId: SHOP, type: 1, marking: 'received' });
  });

  it('an invoice it sent before expiry still gets its SDI outcome', async () => {
    expect(await post(notification(`rc-${run}`, `out-${run}`))).toEqual({ status: 200, json: { ok: true, outcome: 'updated' } });
    expect((await db.doc(`Invoice/out-${run}`).get()).get('marking')).toBe('delivered');
  });
});
