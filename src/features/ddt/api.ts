/**
 * The delivery notes' reads and writes.
 * - List: the shop's notes of one year (live), equality filters only (no composite index). Counter documents
 *   share the collection and are dropped here.
 * - Products for the lines: the shop's warehouse products (Scrap), downloaded once when the form opens (the
 *   picker searches them locally). Customers likewise.
 * - Confirmation and cancellation are transactions: the note's state, the per-year counter and the stock of
 *   the tracked products move together or not at all (two tabs confirming at once get two numbers: the
 *   transaction that loses the race is retried by the SDK and reads the new counter).
 */
import {
  deleteDoc, doc, getDoc, getDocs, query, runTransaction, setDoc, Timestamp, where, type Transaction,
} from 'firebase/firestore';
import { customersCol, findShopCustomer, type Customer } from '@/data/customer';
import { ddtDoc, ddtsCol, normalizeDdt, recipientName, type Ddt, type DdtLine } from '@/data/ddt';
import { advanceDdtCounter, markDdtCancelled, markDdtConfirmed, markDdtInvoiced, readDdtCounterInTransaction, readDdtInTransaction } from '@/data/ddt-writes';
import { takeInvoiceNumber, usedInvoiceNumbers } from '@/data/invoice-number';
import { createInvoiceDraftInTransaction, salesCol } from '@/data/sale';
import { readScrapInTransaction, scrapsCol, setScrapStockInTransaction, type Scrap } from '@/data/scrap';
import { shopDoc, type Shop } from '@/data/shop';
import { applyMove, canCancel, canConfirm, ddtProblems, formatDdtNumber, stockMoves } from '@/domain/ddt/ddt';
import { db } from '@/lib/firebase';
import { confirmedWrite, readOrFail } from '@/lib/firebase-errors';
import { savedOrQueued, type SaveOutcome } from '@/lib/firebase-writes';

export function ddtListQuery(shopId: string, year: number) {
  return query(ddtsCol(), where('userId', '==', shopId), where('year', '==', year));
}

export async function loadProducts(shopId: string): Promise<Scrap[]> {
  const snapshot = await getDocs(query(scrapsCol(), where('userId', '==', shopId)));
  return snapshot.docs.map((d) => d.data()).sort((a, b) => a.name.localeCompare(b.name, 'it'));
}

export async function loadCustomers(shopId: string): Promise<Customer[]> {
  const snapshot = await getDocs(query(customersCol(), where('userId', '==', shopId)));
  return snapshot.docs.map((d) => d.data());
}

export async function loadShop(shopId: string): Promise<Shop | undefined> {
  return (await getDoc(shopDoc(shopId))).data();
}

/** A new draft's id (Firestore's random id). */
export function newDdtId(): string {
  return doc(ddtsCol()).id;
}

/**
 * Creates or rewrites a draft (only drafts are edited), under the id the form took when it opened, so saving again
 * rewrites the same draft. Without a connection the save is kept on this device and listed as pending
 * ('queued'); online, a server that does not confirm it is said after WRITE_CONFIRM_MS ('write-unconfirmed') and
 * the form keeps what was typed.
 */
export async function saveDraft(ddt: Ddt): Promise<SaveOutcome> {
  if (ddt.state !== 'bozza') throw new Error('Solo le bozze si modificano.');
  const now = new Date();
  const ref = ddtDoc(ddt.id);
  return savedOrQueued(setDoc(ref, { ...ddt, createdAt: ddt.createdAt ?? now, updatedAt: now }), ref);
}

/** Removes a draft note for good (hard delete: DDT drafts have no trash). */
export function deleteDraftForever(id: string): Promise<SaveOutcome> {
  const ref = ddtDoc(id);
  return savedOrQueued(deleteDoc(ref), ref);
}

export class DdtActionError extends Error {}

/**
 * Confirms a draft: next number of the year (the shop's DDT code as prefix), tracked products' stock taken.
 * Returns the number given.
 */
export async function confirmDdt(shopId: string, id: string): Promise<string> {
  return withRaceRetry(() => confirmOnce(shopId, id));
}

function errorCode(e: unknown): string | undefined {
  return typeof e === 'object' && e !== null && 'code' in e ? String((e).code) : undefined;
}

/**
 * Two tabs confirming at the same moment read the same counter; the one that commits second is refused. The
 * emulator and the server may refuse it as a conflict ('aborted', retried by the SDK) or, because its write
 * no longer moves the counter by one, by the rules ('permission-denied'). Either way the transaction is run
 * again (it then reads the new counter); a refusal that persists is a real one and is reported.
 */
async function withRaceRetry<T>(run: () => Promise<T>, attempts = 5): Promise<T> {
  for (let i = 1; ; i++) {
    try {
      return await run();
    } catch (e) {
      const code = errorCode(e);
      if (i >= attempts || e instanceof DdtActionError || (code !== 'permission-denied' && code !== 'aborted' && code !== 'failed-precondition')) throw e;
      await new Promise((resolve) => setTimeout(resolve, 60 * i + Math.floor(Math.random() * 120)));
    }
  }
}

async function confirmOnce(shopId: string, id: string): Promise<string> {
  return confirmedWrite(runTransaction(db(), async (tx) => {
    const ddt = await readDdtInTransaction(tx, id);
    if (!ddt) throw new DdtActionError('Il DDT non esiste più.');
    if (!canConfirm(ddt.state)) throw new DdtActionError(`Il DDT è già ${ddt.state === 'confermato' ? 'confermato' : ddt.state}.`);
    const problems = ddtProblems({ recipientName: recipientName(ddt.recipient), causale: ddt.causale, transportBy: ddt.transportBy, carrier: ddt.carrier, lines: ddt.lines, date: ddt.date });
    if (problems.length > 0) throw new DdtActionError(problems.join(' '));
    const shop = (await tx.get(shopDoc(shopId))).data();
    const counter = await readDdtCounterInTransaction(tx, shopId, ddt.year);
    const productIds = [...new Set(ddt.lines.map((l) => l.productId).filter((p): p is string => !!p))];
    const products = await readProducts(tx, productIds);
    const tracked = new Set([...products.values()].filter((p) => p.stock.track && p.userId === shopId).map((p) => p.id));
    const progressive = counter.last + 1;
    if (!shop) throw new DdtActionError('Negozio non trovato: impossibile numerare il DDT.');
    const number = formatDdtNumber(shop.settings.codeDdt, progressive);
    const now = Timestamp.now();

    advanceDdtCounter(tx, counter, progressive, id);
    writeStock(tx, products, stockMoves(ddt.lines, tracked, 'confirm'), now);
    const lines: DdtLine[] = ddt.lines.map((l) => ({ ...l, stockMoved: l.productId && tracked.has(l.productId) ? true : undefined }));
    markDdtConfirmed(tx, ddt, { progressive, number, lines, at: now });
    return number;
  }));
}

/** The products as the transaction reads them now, by id; a deleted one is left out. */
async function readProducts(tx: Transaction, ids: Iterable<string>): Promise<Map<string, Scrap>> {
  const products = new Map<string, Scrap>();
  for (const pid of ids) {
    const p = await readScrapInTransaction(tx, pid);
    if (p) products.set(pid, p);
  }
  return products;
}

function writeStock(tx: Transaction, products: Map<string, Scrap>, moves: Map<string, number>, now: Timestamp) {
  for (const [pid, move] of moves) {
    const product = products.get(pid);
    if (product) setScrapStockInTransaction(tx, product, applyMove(product.stock.qty, move), now);
  }
}

/** Cancels a confirmed note (not invoiced): the stock it took goes back. */
export async function cancelDdt(id: string): Promise<void> {
  await confirmedWrite(runTransaction(db(), async (tx) => {
    const ddt = await readDdtInTransaction(tx, id);
    if (!ddt) throw new DdtActionError('Il DDT non esiste più.');
    if (!canCancel(ddt.state)) throw new DdtActionError(ddt.state === 'fatturato' ? 'Il DDT è già fatturato: non si può annullare.' : 'Si annullano solo DDT confermati.');
    const moved = ddt.lines.filter((l) => l.stockMoved && l.productId);
    const products = await readProducts(tx, new Set(moved.map((l) => l.productId as string)));
    const now = Timestamp.now();
    writeStock(tx, products, stockMoves(moved, new Set(products.keys()), 'cancel'), now);
    markDdtCancelled(tx, id, now);
  }));
}

export { recipientName } from '@/data/ddt';

const SHOP_NOT_FOUND = 'Negozio non trovato: impossibile intestare la fattura.';

/** What the deferred invoice is built from: the shop and the customer as their converters read them. */
export interface DeferredInvoiceContext {
  shop: Shop;
  customer: Customer;
  /** Numbers of the shop's drafts and issued invoices (a new number must not repeat one). */
  usedNumbers: string[];
}

export async function loadDeferredInvoiceContext(shopId: string, ddt: Ddt): Promise<DeferredInvoiceContext> {
  const [shop, customer, usedNumbers] = await Promise.all([
    readOrFail('il negozio', getDoc(shopDoc(shopId))),
    // A failed read is refused, not taken for a deleted customer: the note's old copy would go on the invoice.
    ddt.customerId ? readOrFail('il cliente', findShopCustomer(shopId, ddt.customerId)) : Promise.resolve(undefined),
    readOrFail('le fatture già numerate', usedInvoiceNumbers(shopId)),
  ]);
  const typedShop = shop.data();
  if (!typedShop) throw new DdtActionError(SHOP_NOT_FOUND);
  // The customer as it is now in the directory; the note's copy when the directory no longer has it.
  return { shop: typedShop, customer: customer ?? ddt.recipient, usedNumbers };
}

/**
 * Writes the deferred invoice in one transaction: the invoice draft (a Sale with an empty invoiceUUID, document 2
 * §3), the notes -> Fatturato with the draft's id and number, and the shop's next invoice progressive. The number
 * is taken from the shop's counter inside the transaction (so two invoices never share it), in the year of `date`,
 * skipping `usedNumbers`; `make` builds the draft with it.
 */
export async function commitDeferredInvoice(
  shopId: string,
  ddts: readonly Ddt[],
  usedNumbers: readonly string[],
  date: Date,
  make: (number: string) => Record<string, unknown>,
): Promise<{ invoiceId: string; number: string }> {
  const draftId = doc(salesCol()).id;
  return confirmedWrite(runTransaction(db(), async (tx) => {
    // A note deleted meanwhile reads as an empty draft: refused below as no longer confirmed.
    const notes = await Promise.all(ddts.map(async (d) => (await readDdtInTransaction(tx, d.id)) ?? normalizeDdt(d.id, {})));
    const stale = notes.find((d) => d.state !== 'confermato');
    if (stale) throw new DdtActionError(`Il DDT ${stale.number ?? ''} non è più confermato: aggiorna la pagina.`);
    const free = await takeInvoiceNumber(tx, shopId, usedNumbers, date);
    if (!free) throw new DdtActionError(SHOP_NOT_FOUND);
    const sale = make(free.number);
    const now = Timestamp.now();
    createInvoiceDraftInTransaction(tx, draftId, sale, now);
    for (const d of notes) markDdtInvoiced(tx, d.id, draftId, free.number, now);
    return { invoiceId: draftId, number: free.number };
  }));
}
