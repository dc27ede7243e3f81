/**
 * The typed references of the collections that have a converter in src/data (one reader per
 * collection, the proxy and the webhook included): over firebase-admin, each reads through the app's own
 * normalisation (src/data/*-doc.ts, no Firebase client code), so a snapshot's data() is the typed value the app
 * sees, legacy spellings normalised. The only module of functions/src that names those collections
 * (tests/tooling/raw-firestore-refs.test.ts). A write in stored field names takes `.withConverter(null)`; an
 * update() takes stored field names anyway.
 */
import type { CollectionReference, DocumentData, Firestore, FirestoreDataConverter, QueryDocumentSnapshot } from 'firebase-admin/firestore';
import { COLLECTIONS } from '@/data/collections';
import { normalizeInvoice, toFirestoreInvoice, type Invoice } from '@/data/invoice-doc';
import { documentBytes } from '@/data/document-size';
import type { RawDoc } from '@/data/normalize';
import { normalizePack, type Pack } from '@/data/pack-doc';
import { normalizePlan, type Plan } from '@/data/plan-doc';
import { normalizeSaleDaySummary, toFirestoreSaleDaySummary } from '@/data/sale-day-summary-doc';
import { readCheckedSale, type CheckedSale } from '@/data/sale-doc';
import { normalizeShop, toFirestoreShop, type Shop } from '@/data/shop-doc';
import { normalizeSdiReceipt, type SdiReceipt } from '@/data/sdi-receipt-doc';
import type { DaySummary } from '@/domain/statistics/day-summary';
import { normalizeShopSubscription, type ShopSubscription } from '@/data/shop-subscription-doc';

function readOnly(name: string): (model: unknown) => DocumentData {
  return () => {
    throw new Error(`${name}: the functions never write it through the converter.`);
  };
}

function adminConverter<T>(normalize: (id: string, raw: RawDoc) => T, write: (model: T) => DocumentData): FirestoreDataConverter<T> {
  return {
    toFirestore: (model: T) => write(model),
    fromFirestore: (snap: QueryDocumentSnapshot) => normalize(snap.id, snap.data()),
  };
}

const invoiceConverter = adminConverter<Invoice>(normalizeInvoice, toFirestoreInvoice);
const shopConverter = adminConverter<Shop>(normalizeShop, toFirestoreShop);
const subscriptionConverter = adminConverter<ShopSubscription>(normalizeShopSubscription, readOnly('ShopSubscription'));
const planConverter = adminConverter<Plan>(normalizePlan, readOnly('Plan'));
const packConverter = adminConverter<Pack>(normalizePack, readOnly('Pack'));
/** A stored sale, its stored size (Firestore's storage-size rules) and its reading, done only when asked. */
export interface SizedSale {
  bytes: number;
  read: () => CheckedSale;
}
const sizedSaleConverter = adminConverter<SizedSale>((id, raw) => ({ bytes: documentBytes(`${COLLECTIONS.sale}/${id}`, raw), read: () => readCheckedSale(id, raw) }), readOnly('Sale'));
const sdiReceiptConverter = adminConverter<SdiReceipt>(normalizeSdiReceipt, readOnly('SdiReceipt'));
const saleDaySummaryConverter = adminConverter<DaySummary>(normalizeSaleDaySummary, toFirestoreSaleDaySummary);

export const invoicesCol = (db: Firestore): CollectionReference<Invoice> => db.collection(COLLECTIONS.invoice).withConverter(invoiceConverter);
export const shopsCol = (db: Firestore): CollectionReference<Shop> => db.collection(COLLECTIONS.shop).withConverter(shopConverter);
export const shopSubscriptionsCol = (db: Firestore): CollectionReference<ShopSubscription> =>
  db.collection(COLLECTIONS.shopSubscription).withConverter(subscriptionConverter);
/** `Plan`, or the lower-case `plan` of older deployments (legacy: true). */
export const plansCol = (db: Firestore, legacy = false): CollectionReference<Plan> =>
  db.collection(legacy ? COLLECTIONS.planFallback : COLLECTIONS.plan).withConverter(planConverter);
export const packsCol = (db: Firestore): CollectionReference<Pack> => db.collection(COLLECTIONS.pack).withConverter(packConverter);
/** Sales measured before they are read: the nightly summaries skip an oversize document without normalising it. */
export const sizedSalesCol = (db: Firestore): CollectionReference<SizedSale> => db.collection(COLLECTIONS.sale).withConverter(sizedSaleConverter);
export const saleDaySummariesCol = (db: Firestore): CollectionReference<DaySummary> =>
  db.collection(COLLECTIONS.saleDaySummary).withConverter(saleDaySummaryConverter);
/** The SDI notifications of outgoing invoices and their XML (sdi-receipts.ts): created in stored field names (withConverter(null)). */
export const sdiReceiptsCol = (db: Firestore): CollectionReference<SdiReceipt> => db.collection(COLLECTIONS.sdiReceipt).withConverter(sdiReceiptConverter);

/**
 * The stored documents of a shop's big list, without the converter: a data bundle carries them as stored, and the
 * app's own converter (src/data/scrap.ts, src/data/customer.ts) reads them in the browser as it reads any answer.
 */
export const storedListCol = (db: Firestore, list: 'products' | 'customers'): CollectionReference =>
  db.collection(list === 'products' ? COLLECTIONS.scrap : COLLECTIONS.customer);
