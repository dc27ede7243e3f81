/**
 * The warehouse's writes of Scrap, in the stored names the POS reads (newScrapData, scrapPatchData): one product
 * alone (a form's save), or inside the caller's batch or transaction when several documents must land together.
 * The reference goes without its converter: a patch names dotted stock paths and text numbers the model has not.
 */
import { deleteDoc, deleteField, setDoc, updateDoc, type Timestamp, type Transaction, type WriteBatch } from 'firebase/firestore';
import { newScrapData, normalizeScrap, scrapDoc, scrapPatchData, type Scrap, type ScrapPatch } from './scrap';

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
