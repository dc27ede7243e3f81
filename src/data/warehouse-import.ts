/**
 * The warehouse import's writes (document 2 §4.6, §7 'Writes'): the lookup of the shop's products matching the
 * invoice's rows (code, barcode or name in chunks of 30, document 3 §7), then ONE transaction that creates or
 * updates the products and sets the Invoice's addedToWarehouse — all of it lands or none. A transaction (an
 * atomic batch with reads) rather than a plain batch: it re-reads the invoice, so an invoice already loaded (in
 * another tab) is refused instead of doubling the stock, and it re-reads each matched product, so the stock
 * added is added to the current quantity. It needs the network: offline it fails instead of queuing.
 * The selling price and listini of the updated products follow the shop's pricing choices (import-prices.ts),
 * applied to the products as the transaction reads them; listini in conflict with no choice made refuse the write.
 * Also the manual marking (the invoices screen's 'already loaded' action). Used by the shared modal in
 * components/warehouse-import and by the invoices screen; the caller writes the activity log.
 */
import { deleteField, doc, getDocs, runTransaction, updateDoc, type DocumentReference } from 'firebase/firestore';
import { isValidRow, planImport, WAREHOUSE_IMPORT_MESSAGES, type ImportRow, type PlannedWrite } from '@/domain/warehouse/invoice-import';
import { listiniUndecided, type ImportPricing } from '@/domain/warehouse/import-prices';
import { db } from '@/lib/firebase';
import { confirmedWrite } from '@/lib/firebase-errors';
import { COLLECTIONS } from './collections';
import { toBool, toStr } from './normalize';
import { newScrapData, normalizeScrap, productLookupQueries, scrapPatchData, scrapsCol, type Scrap } from './scrap';

/** A transaction writes at most 500 documents: the invoice and up to 499 products. */
export const MAX_IMPORT_WRITES = 499;

/** The shop's products whose code, barcode or name is one of the values (queries of 30 values each). */
export async function lookupProducts(shopId: string, values: { codes: string[]; barcodes: string[]; names: string[] }): Promise<Scrap[]> {
  const runs = productLookupQueries(shopId, values).map((q) => getDocs(q).then((s) => s.docs.map((d) => d.data())));
  const byId = new Map<string, Scrap>();
  for (const product of (await Promise.all(runs)).flat()) byId.set(product.id, product);
  return [...byId.values()];
}

export class WarehouseImportError extends Error {}

export interface WarehouseImportResult {
  /** Products created or updated. */
  count: number;
  created: number;
  updated: number;
  plan: PlannedWrite<Scrap>[];
}

const rawScrap = (id: string): DocumentReference => doc(db(), COLLECTIONS.scrap, id);

/**
 * Loads the rows into the warehouse: one transaction for the products and the invoice's addedToWarehouse.
 * Throws a WarehouseImportError with the spec's Italian message for nothing to import or an invoice of
 * another shop; Firestore errors pass through (the modal shows 'Errore durante l'importazione: …').
 */
export async function importInvoiceRows(shopId: string, invoiceId: string, rows: readonly ImportRow[], candidates: readonly Scrap[], pricing: ImportPricing): Promise<WarehouseImportResult> {
  if (!shopId) throw new WarehouseImportError(WAREHOUSE_IMPORT_MESSAGES.notAuthenticated);
  if (!invoiceId) throw new WarehouseImportError(WAREHOUSE_IMPORT_MESSAGES.incomplete);
  const valid = rows.filter(isValidRow);
  if (valid.length === 0) throw new WarehouseImportError(WAREHOUSE_IMPORT_MESSAGES.noValidProducts);
  const invoiceRef = doc(db(), COLLECTIONS.invoice, invoiceId);
  const run = runTransaction(db(), async (tx) => {
    const invoice = await tx.get(invoiceRef);
    if (!invoice.exists() || toStr(invoice.get('userId')) !== shopId) throw new WarehouseImportError(WAREHOUSE_IMPORT_MESSAGES.incomplete);
    if (toBool(invoice.get('addedToWarehouse'))) throw new WarehouseImportError('Questa fattura è già stata importata in magazzino.');
    // The current state of the candidates: the stock is added to what the product holds now.
    const fresh: Scrap[] = [];
    for (const candidate of candidates) {
      const snap = await tx.get(rawScrap(candidate.id));
      if (snap.exists()) fresh.push(normalizeScrap(snap.id, snap.data()));
    }
    const plan = planImport(valid, fresh.filter((p) => p.userId === shopId), pricing);
    if (plan.length > MAX_IMPORT_WRITES) throw new WarehouseImportError(`Troppe righe in una fattura: al massimo ${MAX_IMPORT_WRITES} prodotti per importazione.`);
    // A listino raised meanwhile (another tab) can be in conflict although the screen showed none.
    if (listiniUndecided(plan.flatMap((w) => (w.kind === 'update' ? w.listinoConflicts : [])), pricing.listini)) {
      throw new WarehouseImportError(WAREHOUSE_IMPORT_MESSAGES.listiniUndecided);
    }
    const now = new Date();
    for (const write of plan) {
      const { row } = write;
      if (write.kind === 'update') {
        tx.update(
          rawScrap(write.product.id),
          scrapPatchData(
            { price: write.price, quantity: write.quantity, purchasePrice: row.basePrice, vatRate: row.vatRate, ...write.listini, ...(write.changedPrice ? { changedPrice: true } : {}) },
            now,
            deleteField(),
          ),
        );
      } else {
        const ref = doc(scrapsCol());
        tx.set(
          rawScrap(ref.id),
          newScrapData({
            id: ref.id,
            userId: shopId,
            name: row.name.trim(),
            code: row.code,
            barcode: row.barcode,
            price: row.finalPrice,
            quantity: row.quantity,
            um: row.um || 'PZ',
            vatRate: row.vatRate,
            purchasePrice: row.basePrice,
            stock: { qty: row.quantity, minQty: 0, track: true },
            createdAt: now,
            updatedAt: now,
          }),
        );
      }
    }
    tx.update(invoiceRef, { addedToWarehouse: true, updatedAt: now });
    return plan;
  });
  const plan = await confirmedWrite(run);
  const created = plan.filter((w) => w.kind === 'create').length;
  return { count: plan.length, created, updated: plan.length - created, plan };
}

/** Marks an invoice as already loaded by hand (cannot be undone): addedToWarehouse, addedToWarehouseManually, the date. */
export async function markInvoiceAddedManually(shopId: string, invoiceId: string): Promise<void> {
  if (!shopId || !invoiceId) throw new WarehouseImportError(WAREHOUSE_IMPORT_MESSAGES.incompleteOrNotAuthenticated);
  const now = new Date();
  await confirmedWrite(updateDoc(doc(db(), COLLECTIONS.invoice, invoiceId), { addedToWarehouse: true, addedToWarehouseManually: true, manualWarehouseMarkDate: now, updatedAt: now }));
}
