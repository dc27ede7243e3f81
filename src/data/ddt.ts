/**
 * Ddt, a delivery note (documento di trasporto). Our own collection (the POS app does not read it),
 * keyed to the shop by `userId` like every other collection. One document per note, plus one counter document
 * per shop and year (`ddtCounterId`, `kind: 'counter'`, `last`), updated in the confirmation's transaction.
 */
import { COLLECTIONS } from './collections';
import { makeConverter, typedCollection, typedDoc } from './converter';
import { normalizeCustomer, toFirestoreCustomer, type Customer } from './customer';
import { asRecord, compact, isRecord, toDate, toInt, toNumber, toOptStr, toRecordList, toStr, type RawDoc } from './normalize';
import type { DdtAddress, DdtCarrier, DdtLineInput, DdtPorto, DdtState, DdtTransportBy } from '@/domain/ddt/ddt';
import { customerOwnName } from '@/domain/customers/customer-fields';

export interface DdtLine extends DdtLineInput {
  /** The product kept stock when the note was confirmed (so cancelling restores exactly what was taken). */
  stockMoved?: boolean;
}

export interface Ddt {
  id: string;
  userId: string;
  kind: 'ddt' | 'counter';
  state: DdtState;
  /** Year of the document date: the numbering's year. */
  year: number;
  /** Progressive of the year, set on confirmation. */
  progressive?: number;
  /** Shown number with the shop's DDT code ('11/7'), set on confirmation. */
  number?: string;
  date?: Date;
  customerId?: string;
  /** The recipient as it was when the note was written. */
  recipient: Customer;
  /** Destination, when different from the recipient's address. */
  destination?: DdtAddress;
  causale: string;
  transportBy: DdtTransportBy;
  carrier?: DdtCarrier;
  porto: DdtPorto;
  aspetto: string;
  colli?: number;
  /** Gross weight, kg. */
  peso?: number;
  transportStart?: Date;
  notes: string;
  lines: DdtLine[];
  /** The deferred invoice draft this note went into. */
  invoiceId?: string;
  invoiceNumber?: string;
  createdAt?: Date;
  updatedAt?: Date;
  confirmedAt?: Date;
  cancelledAt?: Date;
  invoicedAt?: Date;
  /** Counter documents only: the last progressive given in `year`. */
  last?: number;
}

const STATES: readonly DdtState[] = ['bozza', 'confermato', 'fatturato', 'annullato'];
const TRANSPORT: readonly DdtTransportBy[] = ['mittente', 'destinatario', 'vettore'];

function oneOf<T extends string>(value: unknown, allowed: readonly T[], fallback: T): T {
  const s = toStr(value).trim().toLowerCase();
  return (allowed as readonly string[]).includes(s) ? (s as T) : fallback;
}

function readAddress(value: unknown): DdtAddress | undefined {
  if (!isRecord(value)) return undefined;
  const a = {
    name: toStr(value.name).trim(), address: toStr(value.address).trim(), cap: toStr(value.cap).trim(),
    city: toStr(value.city).trim(), province: toStr(value.province).trim(), nation: toStr(value.nation).trim() || 'IT',
  };
  return a.address || a.city || a.name ? a : undefined;
}

function readLine(raw: RawDoc): DdtLine {
  return {
    productId: toOptStr(raw.productId),
    code: toStr(raw.code).trim(),
    description: toStr(raw.description).trim(),
    um: toOptStr(raw.um) ?? 'PZ',
    quantity: toNumber(raw.quantity, 0),
    unitPrice: toNumber(raw.unitPrice),
    vatRate: toNumber(raw.vatRate),
    stockMoved: raw.stockMoved === true ? true : undefined,
  };
}

export function normalizeDdt(id: string, raw: RawDoc): Ddt {
  const date = toDate(raw.date);
  const carrier = isRecord(raw.carrier)
    ? { name: toStr(raw.carrier.name).trim(), partitaIva: toStr(raw.carrier.partitaIva).trim(), address: toStr(raw.carrier.address).trim() }
    : undefined;
  return {
    id,
    userId: toStr(raw.userId).trim(),
    kind: raw.kind === 'counter' ? 'counter' : 'ddt',
    state: oneOf(raw.state, STATES, 'bozza'),
    year: toInt(raw.year) ?? (date ?? new Date()).getFullYear(),
    progressive: toInt(raw.progressive),
    number: toOptStr(raw.number),
    date,
    customerId: toOptStr(raw.customerId),
    recipient: normalizeCustomer(toStr(raw.customerId), asRecord(raw.recipient)),
    destination: readAddress(raw.destination),
    causale: toStr(raw.causale).trim(),
    transportBy: oneOf(raw.transportBy, TRANSPORT, 'mittente'),
    carrier,
    porto: raw.porto === 'assegnato' ? 'assegnato' : 'franco',
    aspetto: toStr(raw.aspetto).trim(),
    colli: toInt(raw.colli),
    peso: toNumber(raw.peso),
    transportStart: toDate(raw.transportStart),
    notes: toStr(raw.notes),
    lines: toRecordList(raw.lines).map(readLine),
    invoiceId: toOptStr(raw.invoiceId),
    invoiceNumber: toOptStr(raw.invoiceNumber),
    createdAt: toDate(raw.createdAt),
    updatedAt: toDate(raw.updatedAt),
    confirmedAt: toDate(raw.confirmedAt),
    cancelledAt: toDate(raw.cancelledAt),
    invoicedAt: toDate(raw.invoicedAt),
    last: toInt(raw.last),
  };
}

/** The recipient as stored inside the note: the customer's fields without its own bookkeeping. */
export function recipientFields(c: Customer): RawDoc {
  const { userId: _u, createdAt: _c, updatedAt: _up, ...rest } = toFirestoreCustomer(c) as RawDoc & { userId?: unknown; createdAt?: unknown; updatedAt?: unknown };
  return rest;
}

export function toFirestoreDdt(d: Ddt): RawDoc {
  if (d.kind === 'counter') return compact({ userId: d.userId, kind: 'counter', year: d.year, last: d.last });
  return compact({
    userId: d.userId,
    kind: 'ddt',
    state: d.state,
    year: d.year,
    progressive: d.progressive,
    number: d.number,
    date: d.date,
    customerId: d.customerId,
    recipient: recipientFields(d.recipient),
    destination: d.destination,
    causale: d.causale,
    transportBy: d.transportBy,
    carrier: d.transportBy === 'vettore' ? d.carrier : undefined,
    porto: d.porto,
    aspetto: d.aspetto,
    colli: d.colli,
    peso: d.peso,
    transportStart: d.transportStart,
    notes: d.notes,
    lines: d.lines.map((l) => compact({ ...l })),
    invoiceId: d.invoiceId,
    invoiceNumber: d.invoiceNumber,
    createdAt: d.createdAt,
    updatedAt: d.updatedAt,
    confirmedAt: d.confirmedAt,
    cancelledAt: d.cancelledAt,
    invoicedAt: d.invoicedAt,
  });
}

/** The id of a shop's counter document for a year. */
export function ddtCounterId(shopId: string, year: number): string {
  return `counter-${shopId}-${year}`;
}

/** The DDT states that are documents of their date: confirmed, and confirmed then invoiced. */
export const DDT_ISSUED_STATES = ['confermato', 'fatturato'] as const;

export const ddtConverter = makeConverter('Ddt', normalizeDdt, toFirestoreDdt);
export const ddtsCol = () => typedCollection(COLLECTIONS.ddt, ddtConverter);
export const ddtDoc = (id: string) => typedDoc(COLLECTIONS.ddt, id, ddtConverter);

/**
 * The recipient's name on every DDT screen, log entry and PDF: the name the one customer rule gives
 * (customerOwnName), '' when none was typed — a note cannot be confirmed without it ('Indica il destinatario.'),
 * and the list says 'Senza destinatario' for a draft.
 */
export const recipientName = (c: Customer): string => customerOwnName(c);
