/**
 * The warehouse's reads and writes (document 3 §7, §9):
 * - The catalogue, live, read in id ranges (lib/firebase-whole-list.ts) and kept in the persistent cache: a shop may
 *   hold tens of thousands of products, and the search, filters, sorting, export, bulk price change and repeated
 *   groups all need every product on the client (Firestore cannot search inside names). The first visit on a device
 *   loads the whole catalogue once as a data bundle (functions/src/list-bundle.ts), else range by range; a repeat
 *   visit shows the cache's copy at once and resumes each range from the cache, billed only the products changed
 *   since, whoever changed them (this app, the POS app, a function): no field of the product is needed for that.
 * - Until every range has answered, the first 100 by name (the screen's default order), also live, so that a repeat
 *   visit has them from the cache at once and a first visit in under a second; and, on a first visit, the count (one
 *   aggregation query).
 * - Add, update, delete of one product; bulk price updates and merges in batches of 450.
 * Every write waits for the server's confirmation (at most 20 s, then 'write-unconfirmed').
 */
import { doc, documentId, getCountFromServer, getDocs, limit, orderBy, query, where, writeBatch } from 'firebase/firestore';
import { INVOICE_TYPE, invoicesCol, type Invoice } from '@/data/invoice';
import { createScrap, createScrapInBatch, deleteScrap, deleteScrapInBatch, scrapDoc, scrapsCol, updateScrap, updateScrapInBatch, type Scrap, type ScrapPatch } from '@/data/scrap';
import { writeInWaves, type BatchedWriteRun } from '@/domain/csv/import-writes';
import type { PlannedProductWrite, ProductImportPlan } from '@/domain/warehouse/product-csv';
import type { ProductValues } from '@/domain/warehouse/products';
import { db } from '@/lib/firebase';
import { confirmedWrite } from '@/lib/firebase-errors';
import { getDocsInPages } from '@/lib/firebase-pages';
import type { WholeListSource } from '@/lib/firebase-whole-list';
import { savedOrQueued, type SaveOutcome } from '@/lib/firebase-writes';

/** The first rows: the screen's default order (name), a small limited query, on screen before the rest. */
export const FIRST_PAGE_SIZE = 100;
/** Writes per batch for bulk updates and merges (document 3 §9). */
export const WRITE_BATCH = 450;
const shopProducts = (shopId: string) => query(scrapsCol(), where('userId', '==', shopId));

/** The live catalogue: the shop's products, in the ranges of domain/lists/shop-lists.ts. */
export const productListSource = (shopId: string): WholeListSource<Scrap> => ({ list: 'products', shopId, whole: shopProducts(shopId), idOf: (p) => p.id });

/**
 * The first FIRST_PAGE_SIZE products in the default order (by name; composite index userId + name). A product
 * without a name is not among them (it sorts last on screen anyway); the ranges bring it.
 */
export const firstProductsQuery = (shopId: string) => query(shopProducts(shopId), orderBy('name'), limit(FIRST_PAGE_SIZE));

/** The first rows read once from the server (benchmarks). */
export async function loadFirstProducts(shopId: string): Promise<Scrap[]> {
  const snapshot = await getDocs(firstProductsQuery(shopId));
  return snapshot.docs.map((d) => d.data());
}

/** How many products the shop has: one aggregation query (1 read per 1000 index entries), for the count shown. */
export async function countProducts(shopId: string): Promise<number> {
  return (await getCountFromServer(shopProducts(shopId))).data().count;
}

/**
 * Every product of the shop from the server, in pages of PAGE_SIZE by document id (lib/firebase-pages.ts): the CSV
 * import plans against it. `onPage` receives the products so far after each page; `signal` stops between pages.
 */
export function loadProducts(shopId: string, onPage: (products: Scrap[], done: boolean) => void, signal?: AbortSignal): Promise<Scrap[]> {
  return getDocsInPages(shopProducts(shopId), documentId(), { onPage, signal });
}

function patchOf(values: ProductValues): ScrapPatch {
  return {
    name: values.name,
    code: values.code,
    barcode: values.barcode,
    price: values.price,
    quantity: values.quantity,
    vatRate: values.vatRate,
    um: values.um,
    minQty: values.minQty,
    track: values.track,
    category: values.category ?? null,
    purchasePrice: values.purchasePrice ?? null,
    listino2: values.listino2 ?? null,
    listino3: values.listino3 ?? null,
  };
}

/** A new product's id, taken once per form: a save repeated after an unconfirmed one rewrites the same document. */
export const newProductId = (): string => doc(scrapsCol()).id;

/**
 * Creates a product in the current structure; resolves with it as stored. The id comes from the form (newProductId),
 * so a retry after 'write-unconfirmed' (the SDK still holds the first write and sends it when the server is back)
 * cannot leave two products.
 */
export async function addProduct(shopId: string, values: ProductValues, id = newProductId()): Promise<{ product: Scrap; outcome: SaveOutcome }> {
  const now = new Date();
  const product: Scrap = {
    id,
    userId: shopId,
    name: values.name,
    code: values.code,
    barcode: values.barcode,
    price: values.price,
    quantity: values.quantity,
    um: values.um,
    vatRate: values.vatRate,
    purchasePrice: values.purchasePrice,
    listino2: values.listino2,
    listino3: values.listino3,
    stock: { qty: values.quantity, minQty: values.minQty, track: values.track },
    category: values.category,
    changedPrice: false,
    migrated: false,
    createdAt: now,
    updatedAt: now,
  };
  const outcome = await savedOrQueued(createScrap(product), scrapDoc(id));
  return { product, outcome };
}

/** Updates a product's form fields (the price change sets changedPrice, as the POS expects). */
export function updateProduct(before: Scrap, values: ProductValues): Promise<SaveOutcome> {
  const patch = patchOf(values);
  if (Math.abs(before.price - values.price) > 0.001) patch.changedPrice = true;
  return savedOrQueued(updateScrap(before.id, patch, new Date()), scrapDoc(before.id));
}

export function deleteProduct(id: string): Promise<SaveOutcome> {
  return savedOrQueued(deleteScrap(id), scrapDoc(id));
}

export interface BatchUpdate {
  id: string;
  patch: ScrapPatch;
}

/**
 * Partial updates in batches of 450, one after the other. Stops at the first failing batch; `onProgress`
 * gets the number of updates confirmed. Resolves with the ids confirmed.
 */
export async function writeUpdates(updates: readonly BatchUpdate[], onProgress?: (done: number, total: number) => void): Promise<string[]> {
  const done: string[] = [];
  onProgress?.(0, updates.length);
  for (let i = 0; i < updates.length; i += WRITE_BATCH) {
    const chunk = updates.slice(i, i + WRITE_BATCH);
    const batch = writeBatch(db());
    const now = new Date();
    for (const u of chunk) updateScrapInBatch(batch, u.id, u.patch, now);
    await confirmedWrite(batch.commit());
    done.push(...chunk.map((u) => u.id));
    onProgress?.(done.length, updates.length);
  }
  return done;
}

/** Deletes in batches of 450. */
export async function deleteProducts(ids: readonly string[]): Promise<void> {
  for (let i = 0; i < ids.length; i += WRITE_BATCH) {
    const batch = writeBatch(db());
    for (const id of ids.slice(i, i + WRITE_BATCH)) deleteScrapInBatch(batch, id);
    await confirmedWrite(batch.commit());
  }
}

/** One product updated and others deleted in one batch (a merge of repeated products): all or nothing. */
export async function mergeProducts(keep: BatchUpdate, remove: readonly string[]): Promise<void> {
  const batch = writeBatch(db());
  updateScrapInBatch(batch, keep.id, keep.patch, new Date());
  for (const id of remove) deleteScrapInBatch(batch, id);
  await confirmedWrite(batch.commit());
}

// ---------------------------------------------------------------------------------------------------------------
// CSV import of products and price updates
// ---------------------------------------------------------------------------------------------------------------

/** Writes per batch of a CSV import, and batches in flight at once. */
export const CSV_BATCH = 200;
const PARALLEL_BATCHES = 3;

function changePatch(w: PlannedProductWrite): ScrapPatch {
  const c = w.change;
  const patch: ScrapPatch = {
    name: c.name,
    code: c.code,
    barcode: c.barcode,
    price: c.price,
    quantity: c.quantity,
    vatRate: c.vatRate,
    minQty: c.minQty,
    um: c.um,
    category: c.category,
    purchasePrice: c.purchasePrice,
    listino2: c.listino2,
    listino3: c.listino3,
  };
  if (w.fields.includes('price')) patch.changedPrice = true;
  return patch;
}

function createdScrap(shopId: string, w: PlannedProductWrite, now: Date): Scrap {
  const c = w.change;
  const qty = c.quantity ?? 0;
  return {
    id: w.id,
    userId: shopId,
    name: c.name ?? '',
    code: c.code ?? '',
    barcode: c.barcode ?? '',
    price: c.price ?? 0,
    quantity: qty,
    um: c.um ?? 'PZ',
    vatRate: c.vatRate ?? 22,
    purchasePrice: c.purchasePrice,
    listino2: c.listino2,
    listino3: c.listino3,
    stock: { qty, minQty: c.minQty ?? 0, track: true },
    category: c.category,
    changedPrice: false,
    migrated: false,
    createdAt: now,
    updatedAt: now,
  };
}

/** One batch of a CSV import: all of it lands or none. Creations use stable ids, so a repeated batch is harmless. */
export async function writeCsvBatch(shopId: string, writes: readonly PlannedProductWrite[]): Promise<void> {
  const batch = writeBatch(db());
  const now = new Date();
  for (const w of writes) {
    if (w.kind === 'create') createScrapInBatch(batch, createdScrap(shopId, w, now));
    else updateScrapInBatch(batch, w.id, changePatch(w), now);
  }
  await confirmedWrite(batch.commit());
}

/**
 * Writes a planned import in batches of 200 (three in flight), reporting progress; stops at the first failed
 * batch. What was confirmed stays: run again, the plan finds those rows unchanged and writes only the rest.
 */
export function runProductImport(shopId: string, plan: ProductImportPlan, onProgress: (done: number, total: number) => void): Promise<BatchedWriteRun> {
  return writeInWaves(plan.writes, { batchSize: CSV_BATCH, parallel: PARALLEL_BATCHES }, (batch) => writeCsvBatch(shopId, batch), onProgress);
}

/**
 * The shop's incoming invoices (type 1), for 'Carica da fattura': two equalities (no composite index); the ones
 * already loaded are filtered on the client, the field being missing on most documents.
 */
export async function loadIncomingInvoices(shopId: string): Promise<Invoice[]> {
  const snapshot = await getDocs(query(invoicesCol(), where('userId', '==', shopId), where('type', '==', INVOICE_TYPE.incoming)));
  return snapshot.docs.map((d) => d.data());
}
