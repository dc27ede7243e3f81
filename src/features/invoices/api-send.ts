/**
 * Firestore side of sending drafts to the SDI (document 2 §4.3, §7). Three steps:
 * - loadSendContext: the shop, the drafts' customers and every number already used by the shop's sales (one
 *   userId + invoiceNumber query, indexed), read before anything is written;
 * - fixDraftNumbers: ONE transaction reads the shop's counters and the drafts again, and writes each draft's final
 *   number and payload (and a `sendingSince` mark) together with settings.invoiceNumber / settings.creditNoteNumber,
 *   so two tabs sending at once never share a number (the second tab's transaction is retried on the first one's
 *   counter) and never send the same draft twice (it skips a draft marked by the other tab);
 * - recordSent: after the provider's answer, the Sale gets invoiceUUID, number and payload and the Invoice keyed by
 *   the uuid is created with status 'sent' and saleId = the draft, in one batch (the rules check that both are written
 *   together: an Invoice is never created alone, so no client takes a provider uuid first).
 */
import { italianError, readOrFail } from '@/lib/firebase-errors';
import { SHOP_TEXTS } from './send/send-drafts';
import type { NumberingDecision, NumberingRequest, SendContext, SentInvoice } from './send/send-contract';
import type { Counters } from './send/numbers';
import { deleteField, getDoc, getDocs, runTransaction, serverTimestamp, Timestamp, updateDoc, writeBatch } from 'firebase/firestore';
import { invoiceDoc, INVOICE_TYPE, issuedInvoicesQuery, type Invoice } from '@/data/invoice';
import { numberedSalesQuery, readDraftForSendInTransaction, saleDoc, type Sale } from '@/data/sale';
import { findShopCustomer, type Customer } from '@/data/customer';
import { shopDoc, writeInvoiceCountersInTransaction, type Shop } from '@/data/shop';
import { readOutgoingXml } from '@/domain/fatturapa/reader';
import { documentNumbersOfXml } from '@/domain/fatturapa/renumber';
import type { RelatedDocumentInput } from '@/domain/fatturapa/types';
import { db } from '@/lib/firebase';
import { confirmedTransaction, confirmedWrite } from '@/lib/firebase-errors';

const customerKey = (sale: Sale) => sale.customerId ?? `sale:${sale.id}`;

export function customerOfSale(context: SendContext, sale: Sale): Customer | undefined {
  return context.customers.get(customerKey(sale));
}

function readCounters(shop: Shop | undefined): Counters {
  return { nextInvoice: shop?.settings.nextInvoiceNumber ?? 0, lastCreditNote: shop?.settings.lastCreditNoteNumber ?? 0 };
}

function safeView(xml: string) {
  try {
    return readOutgoingXml(xml)[0];
  } catch {
    return undefined;
  }
}

export async function loadSendContext(shopId: string, drafts: readonly Sale[], purpose: 'send' | 'preview' = 'send'): Promise<SendContext> {
  const customerIds = [...new Set(drafts.map((d) => d.customerId).filter((id): id is string => !!id))];
  const originals = [...new Set(drafts.filter((d) => !d.invoicePayload && d.originalInvoiceUUID).map((d) => d.originalInvoiceUUID as string))];
  const related = new Map<string, RelatedDocumentInput>();
  await Promise.all(
    originals.map(async (uuid) => {
      // A failed read stops the send: a credit note without its original's number and date would be refused by SDI.
      const invoice = (await readOrFail('la fattura originale', getDoc(invoiceDoc(uuid)))).data();
      const view = invoice?.payloadKind === 'xml' ? safeView(invoice.payload) : undefined;
      if (view?.number && view.date) related.set(uuid, { number: view.number, date: view.date });
    }),
  );
  const [shop, numbered, issued, ...customers] = await Promise.all([
    getDoc(shopDoc(shopId)).then(
      (snapshot) => {
        if (!snapshot.exists()) throw new Error(SHOP_TEXTS.notFound);
        return snapshot;
      },
      (error: unknown) => {
        throw new Error(SHOP_TEXTS.loadFailed(italianError(error)));
      },
    ),
    purpose === 'send' ? getDocs(numberedSalesQuery(shopId)) : Promise.resolve({ docs: [] }),
    purpose === 'send' ? getDocs(issuedInvoicesQuery(shopId)) : Promise.resolve({ docs: [] }),
    // A failed read is not 'no customer': sending the draft's stale copy could put an old P.IVA on the invoice.
    ...customerIds.map((id) => readOrFail('il cliente', findShopCustomer(shopId, id))),
  ]);
  const byId = new Map<string, Customer>();
  customerIds.forEach((id, i) => {
    const found = customers[i];
    if (found) byId.set(id, found);
  });
  const out = new Map<string, Customer>();
  for (const d of drafts) {
    const stored = d.customerId ? byId.get(d.customerId) : undefined;
    const record = stored ?? d.customer;
    if (record) out.set(customerKey(d), record);
  }
  const used = new Map<string, string>();
  for (const s of numbered.docs) {
    const sale = s.data();
    if (sale.invoiceNumber && !sale.permanentlyDeleted && sale.invoiceUUID !== 'grouped') used.set(s.id, sale.invoiceNumber);
  }
  // Numbers that live only on an Invoice (sent by the POS or another tool) are in use too. A rejected invoice counts
  // as never issued, and the invoice a draft corrects or re-sends lends it its number: neither takes it.
  const ownOriginals = new Set(drafts.flatMap((d) => [d.originalInvoiceUUID, d.id]).filter((v): v is string => !!v));
  for (const s of issued.docs) {
    const invoice = s.data();
    if (invoice.marking === 'rejected' || ownOriginals.has(invoice.uuid) || (invoice.saleId !== undefined && ownOriginals.has(invoice.saleId))) continue;
    if (invoice.payloadKind !== 'xml') continue;
    documentNumbersOfXml(invoice.payload).forEach((number, i) => used.set(`invoice:${s.id}:${String(i)}`, number));
  }
  const typedShop = shop.data();
  return { shop: typedShop, customers: out, used, counters: readCounters(typedShop), related };
}

/**
 * The transaction of the numbers. `decide` runs inside it (possibly more than once, when another tab wrote the
 * shop first) and must be pure. Returns the decision that was committed.
 */
export async function fixDraftNumbers(shopId: string, draftIds: readonly string[], decide: (request: NumberingRequest) => NumberingDecision): Promise<NumberingDecision> {
  const shopRef = shopDoc(shopId);
  // Needs the server: offline it is refused at once, never started (confirmedTransaction), and a server that does
  // not answer is said after the time limit, so the send ends with the Italian message instead of spinning.
  return confirmedTransaction(() => runTransaction(db(), async (tx) => {
    const shop = await tx.get(shopRef);
    const read = await Promise.all(draftIds.map((id) => readDraftForSendInTransaction(tx, id)));
    const drafts = new Map<string, Sale>();
    const nowMs = Date.now();
    for (const found of read) {
      if (!found) continue;
      const { sale, sendingSinceMs } = found;
      // Another tab is sending this very draft: it is left alone, so the same document never goes twice.
      if (sale.userId === shopId && sale.invoiceUUID === '' && nowMs - sendingSinceMs > SEND_LOCK_MS) drafts.set(sale.id, sale);
    }
    const decision = decide({ drafts, counters: readCounters(shop.data()) });
    const now = serverTimestamp();
    for (const [id, update] of decision.updates) tx.update(saleDoc(id), { ...update, sendingSince: Timestamp.fromMillis(nowMs), updatedAt: now });
    writeInvoiceCountersInTransaction(tx, shopId, decision.counters);
    return decision;
  }));
}

/**
 * While a draft is being sent it carries `sendingSince`: a second tab's transaction skips it for this long (more
 * than the provider call's time limit), and the mark is removed when the send ends, sent or failed.
 */
export const SEND_LOCK_MS = 120_000;

/**
 * Removes the sending mark after a failed send (so 'Riprova' can start at once). Confirmed (confirmedWrite): offline
 * the failed send's state is shown after the time limit instead of waiting for ever; the update stays queued and
 * lands when the connection returns, and the mark expires by itself anyway (SEND_LOCK_MS).
 */
export async function releaseDraft(saleId: string): Promise<void> {
  await confirmedWrite(updateDoc(saleDoc(saleId), { sendingSince: deleteField() }));
}

/**
 * Sale → sent and the Invoice keyed by the uuid, in one batch. Idempotent: when the commit's answer was lost but
 * the batch was written (the Sale already carries this uuid), it counts as recorded; a second write would be
 * refused by the rules, as a sent sale is not rewritten.
 */
export async function recordSent(sent: SentInvoice): Promise<void> {
  try {
    await confirmedWrite(recordSentBatch(sent).commit());
  } catch (error) {
    const stored = await getDoc(saleDoc(sent.saleId)).catch(() => undefined);
    if (stored?.data()?.invoiceUUID === sent.uuid) return;
    throw error;
  }
}

function recordSentBatch(sent: SentInvoice) {
  const now = new Date();
  const invoice: Invoice = {
    id: sent.uuid,
    uuid: sent.uuid,
    userId: sent.shopId,
    type: INVOICE_TYPE.outgoing,
    status: 'sent',
    payload: sent.xml,
    payloadKind: 'xml',
    hasAttachment: false,
    marking: 'sent',
    newInvoice: false,
    reverted: false,
    addedToWarehouse: false,
    addedToWarehouseManually: false,
    customerAlreadyExist: false,
    receivedXmlRetry: false,
    receivedXmlAttempts: 0,
    createdAt: now,
    date: sent.date,
    originalInvoiceUUID: sent.originalInvoiceUUID,
    // The rules accept the Invoice only with the send of this draft, in this batch.
    saleId: sent.saleId,
    total: sent.total,
    items: [],
  };
  const batch = writeBatch(db());
  batch.update(saleDoc(sent.saleId), { invoiceUUID: sent.uuid, invoiceNumber: sent.number, invoicePayload: sent.xml, sendingSince: deleteField(), updatedAt: serverTimestamp() });
  batch.set(invoiceDoc(sent.uuid), invoice);
  return batch;
}
