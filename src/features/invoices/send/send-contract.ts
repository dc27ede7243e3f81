/**
 * What the send module (send-drafts.ts) and its Firestore side (../api-send.ts) hand each other: the context read
 * before a send, the numbering transaction's request and decision, and a sent invoice to record. Its own module so
 * that neither side imports the other's code for the other's types.
 */
import type { Sale } from '@/data/sale';
import type { Customer } from '@/data/customer';
import type { Shop } from '@/data/shop';
import type { RelatedDocumentInput } from '@/domain/fatturapa/types';
import type { Counters } from './numbers';

export interface SendContext {
  /** The shop as its converter reads it (the seller's one rule). */
  shop: Shop | undefined;
  /** customerId → the stored Customer (or the copy inside the draft when the directory no longer has it). */
  customers: Map<string, Customer>;
  /** sale id → invoiceNumber, for every numbered sale of the shop. */
  used: Map<string, string>;
  /** The counters as read (for the provisional numbers of the pre-flight; the transaction reads them again). */
  counters: Counters;
  /** originalInvoiceUUID → number and date of the original invoice (DatiFattureCollegate of a credit note). */
  related: Map<string, RelatedDocumentInput>;
}

export interface NumberingRequest {
  /** The drafts as they are now in Firestore (those no longer drafts are left out). */
  drafts: Map<string, Sale>;
  counters: Counters;
}

export interface NumberingDecision {
  /** sale id → the final number and payload to store on the draft. */
  updates: Map<string, { invoiceNumber: string; invoicePayload: string }>;
  counters: Partial<Counters>;
}

export interface SentInvoice {
  shopId: string;
  saleId: string;
  /** The invoice a reissue or a credit note refers to. */
  originalInvoiceUUID?: string;
  uuid: string;
  number: string;
  xml: string;
  total?: number;
  /** The document date. */
  date?: Date;
}
