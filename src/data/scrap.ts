/**
 * Scrap, a warehouse product (document 2 §3, document 3 §3). Legacy documents hold numbers as text ('12,50',
 * quantity '3'), iva instead of vatRate, categories instead of category, and no stock object.
 * The POS app reads price and quantity as text: the writer keeps them so.
 */
import { deleteDoc, deleteField, query, setDoc, updateDoc, where, type Query, type Timestamp, type Transaction, type WriteBatch } from 'firebase/firestore';
import { defaultStock } from '@/domain/warehouse/stock-defaults';
import { COLLECTIONS } from './collections';
import { makeConverter, typedCollection, typedDoc } from './converter';
import { asRecord, compact, isRecord, moneyText, pick, toBool, toDate, toInt, toNumber, toOptStr, toStr, toStringList, type RawDoc } from './normalize';

export interface ScrapStock {
  qty: number;
  minQty: number;
  track: boolean;
}

export interface Scrap {
  id: string;
  userId: string;
  name: string;
  code: string;
  barcode: string;
  /** Selling price VAT included, euro. */
  price: number;
  quantity: number;
  /** Percentage discount; undefined when the stored text is empty. */
  discount?: number;
  um: string;
  /** vatRate, or the legacy iva. */
  vatRate?: number;
  purchasePrice?: number;
  supplierDiscount?: number;
  listino2?: number;
  listino3?: number;
  /** The stored stock, else qty = quantity, minQty 0, track false (document 3 §9). */
  stock: ScrapStock;
  /** category, or the first of the legacy categories. */
  category?: string;
  labelsToPrint?: number;
  changedPrice: boolean;
  migrated: boolean;
  migratedAt?: Date;
  createdAt?: Date;
  updatedAt?: Date;
}

export const DEFAULT_SCRAP_UM = 'PZ';

export function normalizeScrap(id: string, raw: RawDoc): Scrap {
  const quantity = toNumber(raw.quantity, 0);
  const stock = isRecord(raw.stock) ? asRecord(raw.stock) : undefined;
  return {
    id,
    userId: toStr(raw.userId).trim(),
    name: toStr(raw.name).trim(),
    code: toStr(raw.code).trim(),
    barcode: toStr(raw.barcode).trim(),
    price: toNumber(raw.price, 0),
    quantity,
    discount: toNumber(raw.discount),
    um: toOptStr(pick(raw, 'um', 'unitOfMeasure')) ?? DEFAULT_SCRAP_UM,
    vatRate: toNumber(pick(raw, 'vatRate', 'iva')),
    purchasePrice: toNumber(raw.purchasePrice),
    supplierDiscount: toNumber(raw.supplierDiscount),
    listino2: toNumber(raw.listino2),
    listino3: toNumber(raw.listino3),
    stock: stock
      ? { qty: toNumber(stock.qty, quantity), minQty: toNumber(stock.minQty, 0), track: toBool(stock.track) }
      : defaultStock(quantity),
    category: toOptStr(raw.category) ?? toStringList(raw.categories)[0],
    labelsToPrint: toInt(raw.labelsToPrint),
    changedPrice: toBool(raw.changedPrice),
    migrated: toBool(raw.migrated),
    migratedAt: toDate(raw.migratedAt),
    createdAt: toDate(raw.createdAt),
    updatedAt: toDate(raw.updatedAt),
  };
}

export function toFirestoreScrap(s: Scrap): RawDoc {
  return compact({
    userId: s.userId,
    name: s.name,
    code: s.code,
    barcode: s.barcode,
    price: moneyText(s.price),
    quantity: String(s.quantity),
    discount: s.discount === undefined ? '' : String(s.discount),
    um: s.um,
    vatRate: s.vatRate,
    purchasePrice: s.purchasePrice,
    supplierDiscount: s.supplierDiscount,
    listino2: s.listino2,
    listino3: s.listino3,
    stock: s.stock,
    category: s.category,
    labelsToPrint: s.labelsToPrint,
    changedPrice: s.changedPrice,
    migrated: s.migrated || undefined,
    migratedAt: s.migratedAt,
    createdAt: s.createdAt,
    updatedAt: s.updatedAt,
  });
}

export const scrapConverter = makeConverter('Scrap', normalizeScrap, toFirestoreScrap);
export const scrapsCol = () => typedCollection(COLLECTIONS.scrap, scrapConverter);
export const scrapDoc = (id: string) => typedDoc(COLLECTIONS.scrap, id, scrapConverter);

/** Values per 'in' query of a product lookup (document 3 §9). */
export const LOOKUP_CHUNK = 30;

/**
 * The queries that find the shop's products whose code, barcode or name is one of the values (document 3 §7): one
 * per field and chunk of LOOKUP_CHUNK values, codes first, then barcodes, then names. A product may answer several.
 * The warehouse import runs them together, the changedPrice flagging one after the other.
 */
export function productLookupQueries(shopId: string, values: { codes: readonly string[]; barcodes: readonly string[]; names: readonly string[] }): Query<Scrap>[] {
  const queries: Query<Scrap>[] = [];
  for (const [field, list] of [['code', values.codes], ['barcode', values.barcodes], ['name', values.names]] as const) {
    for (let i = 0; i < list.length; i += LOOKUP_CHUNK) queries.push(query(scrapsCol(), where('userId', '==', shopId), where(field, 'in', list.slice(i, i + LOOKUP_CHUNK))));
  }
  return queries;
}

/** Stored fields of a new product, in the current structure the POS reads (price and quantity as text). */
export function newScrapData(s: Omit<Scrap, 'migrated' | 'changedPrice'> & { changedPrice?: boolean }): RawDoc {
  return { id: s.id, ...toFirestoreScrap({ ...s, changedPrice: s.changedPrice ?? false, migrated: false }) };
}

export interface ScrapPatch {
  name?: string;
  code?: string;
  barcode?: string;
  price?: number;
  /** Sets quantity (text) and stock.qty together. */
  quantity?: number;
  discount?: number | null;
  um?: string;
  vatRate?: number;
  purchasePrice?: number | null;
  listino2?: number | null;
  listino3?: number | null;
  minQty?: number;
  track?: boolean;
  category?: string | null;
  changedPrice?: boolean;
}

/**
 * A partial update in stored field names (updateDoc with dotted paths for stock): price and quantity as the
 * POS's text, stock.qty kept equal to quantity. `null` clears an optional field (stored as deleteField by the
 * caller's `clear` sentinel). The legacy `iva` and `categories` are left alone: the reader prefers the new names.
 */
export function scrapPatchData(patch: ScrapPatch, now: Date, clear: unknown): RawDoc {
  const out: RawDoc = { updatedAt: now };
  const set = (key: string, value: unknown) => {
    if (value !== undefined) out[key] = value === null ? clear : value;
  };
  set('name', patch.name);
  set('code', patch.code);
  set('barcode', patch.barcode);
  if (patch.price !== undefined) out.price = moneyText(patch.price);
  if (patch.quantity !== undefined) {
    out.quantity = String(patch.quantity);
    out['stock.qty'] = patch.quantity;
  }
  if (patch.discount !== undefined) out.discount = patch.discount === null ? '' : String(patch.discount);
  set('um', patch.um);
  set('vatRate', patch.vatRate);
  set('purchasePrice', patch.purchasePrice);
  set('listino2', patch.listino2);
  set('listino3', patch.listino3);
  set('stock.minQty', patch.minQty);
  set('stock.track', patch.track);
  set('category', patch.category);
  set('changedPrice', patch.changedPrice);
  return out;
}

/**
 * The warehouse's writes of Scrap, in the stored names the POS reads (newScrapData, scrapPatchData): one product
 * alone (a form's save), or inside the caller's batch or transaction when several documents must land together.
 * The reference goes without its converter: a patch names dotted stock paths and text numbers the model has not.
 * Kept in this module, not one of their own: a separate shared chunk would lengthen every route's preload list in the
 * entry the sign-in screen loads.
 */
const rawScrap = (id: string) => scrapDoc(id).withConverter(null);

export function createScrap(product: Scrap): Promise<void> {
  return setDoc(rawScrap(product.id), newScrapData(product));
}

export function updateScrap(id: string, patch: ScrapPatch, now: Date): Promise<void> {
  return updateDoc(rawScrap(id), scrapPatchData(patch, now, deleteField()));
}

export function deleteScrap(id: string): Promise<void> {
  return deleteDoc(rawScrap(id));
}

export function createScrapInBatch(batch: WriteBatch, product: Scrap): void {
  batch.set(rawScrap(product.id), newScrapData(product));
}

export function updateScrapInBatch(batch: WriteBatch, id: string, patch: ScrapPatch, now: Date): void {
  batch.update(rawScrap(id), scrapPatchData(patch, now, deleteField()));
}

export function deleteScrapInBatch(batch: WriteBatch, id: string): void {
  batch.delete(rawScrap(id));
}

/** The product as the transaction reads it now (undefined when deleted): stock moves start from this quantity. */
export async function readScrapInTransaction(tx: Transaction, id: string): Promise<Scrap | undefined> {
  const snap = await tx.get(rawScrap(id));
  return snap.exists() ? normalizeScrap(id, snap.data()) : undefined;
}

/** In a transaction: the product's stock set to `qty` (a DDT confirmed or cancelled). */
export function setScrapStockInTransaction(tx: Transaction, product: Scrap, qty: number, at: Timestamp): void {
  const patch: Record<string, unknown> = { 'stock.qty': qty, updatedAt: at };
  // The POS reads `quantity` as the stock of products without a stock object: keep it equal when it was.
  if (product.quantity === product.stock.qty) patch.quantity = String(qty);
  tx.update(rawScrap(product.id), patch);
}
