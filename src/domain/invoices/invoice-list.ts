/**
 * The invoices list (document 2 §2.2): the four lists, their filters, sort, grouping and the columns of each row.
 * Pure: the screen passes the stored invoices and sales (any object with these fields) and gets rows.
 */
import { add, dec, toFixed, ZERO } from '../money/decimal';
import { customerDisplayName, customerOwnName, fiscalKeys, type CustomerLike } from '../customers/customer-fields';
import { documentTypeLabel, markingLabel, type Marking } from '../fatturapa/codes';
import { baseInvoiceNumber, revisionOf } from '../fatturapa/numbering';
import { fileFigures } from '../fatturapa/lotto';
import { InvoiceReadError, readIncomingJson, readOutgoingXml, type InvoiceView } from '../fatturapa/reader';

export const INVOICE_LIST_TYPES = [
  { key: 'incoming', label: 'In Entrata' },
  { key: 'outgoing', label: 'In Uscita' },
  { key: 'drafts', label: 'Bozze' },
  { key: 'deleted', label: 'Cestinate' },
] as const;
export type InvoiceListType = (typeof INVOICE_LIST_TYPES)[number]['key'];

export const PAYMENT_FILTERS = [
  { key: 'unpaid', label: 'Da pagare' },
  { key: 'paid', label: 'Pagate' },
  { key: 'all', label: 'Tutte' },
] as const;
export type PaymentFilter = (typeof PAYMENT_FILTERS)[number]['key'];

export const SKELETON_ROWS = 6;
export const EMPTY_LIST_TEXT = 'Nessuna fattura trovata.';

/** The column titles (document 2 §2.2): the header of a desk's table, the label of each fact on a phone's card. */
export const COLUMN = {
  createdAt: 'Data Creazione',
  number: 'Numero',
  docType: 'Tipo Doc',
  total: 'Totale',
  counterpart: 'Cliente',
  dueDate: 'Scadenza',
  deletedAt: 'Data Eliminazione',
  status: 'Stato',
  isNew: 'Nuova',
  kind: 'Tipo',
  actions: 'Azioni',
} as const;

const C = COLUMN;
/** Columns per list (document 2 §2.2): 7 for drafts, 8 for deleted, 9 otherwise. */
export const COLUMNS: Record<InvoiceListType, readonly string[]> = {
  incoming: [C.createdAt, C.docType, C.total, C.counterpart, C.dueDate, C.status, C.isNew, C.kind, C.actions],
  outgoing: [C.createdAt, C.number, C.docType, C.total, C.counterpart, C.status, C.isNew, C.kind, C.actions],
  drafts: [C.createdAt, C.number, C.docType, C.total, C.counterpart, C.kind, C.actions],
  deleted: [C.createdAt, C.number, C.docType, C.total, C.counterpart, C.deletedAt, C.kind, C.actions],
};

/** What the list needs of a stored Invoice. */
export interface StoredInvoiceLike {
  id: string;
  type: 0 | 1;
  payload: string;
  createdAt?: Date;
  marking?: Marking;
  newInvoice: boolean;
  total?: number;
  originalInvoiceUUID?: string;
  reverted: boolean;
}

/** What the list needs of a draft (a Sale with the invoice fields). */
export interface DraftLike {
  id: string;
  method: string;
  invoiceNumber?: string;
  createdAt?: Date;
  date?: Date;
  deletedAt?: Date;
  total?: number;
  price: number;
  customerName?: string;
  /** The customer the draft names by id (the directory's), when it does. */
  customerId?: string;
  /** The copy of the customer stored inside the draft, when there is one. */
  customer?: CustomerLike & { id?: string };
  originalInvoiceUUID?: string;
  /** 'TD24' for a deferred invoice of delivery notes, 'TD04' for a credit note; usually absent (TD01). */
  type?: string;
}

export interface InvoiceRow {
  id: string;
  createdAt?: Date;
  number: string;
  docTypeCode: string;
  docType: string;
  total?: number;
  /** The other party: the supplier for incoming invoices, the buyer otherwise. */
  counterpart: string;
  dueDate?: string;
  deletedAt?: Date;
  marking?: Marking;
  markingLabel?: string;
  newInvoice: boolean;
  /** 'In Entrata', 'In Uscita', 'Bozza', 'Nota di Credito'. */
  kindLabel: string;
  /** The payload could not be read: the row shows what is stored. */
  unreadable?: string;
  /** A file of several bodies: what the row stands for, and every body's number. */
  lotto?: { label: string; numbers: string[] };
}

function readViews(invoice: StoredInvoiceLike): InvoiceView[] | string {
  try {
    const views = invoice.type === 1 ? readIncomingJson(invoice.payload) : readOutgoingXml(invoice.payload);
    return views.length > 0 ? views : 'Fattura senza contenuto.';
  } catch (error) {
    return error instanceof InvoiceReadError ? error.message : 'Contenuto della fattura non leggibile.';
  }
}

/**
 * One stored invoice → its list row, read from its payload through the engine's reader. A file of several bodies
 * (lotto) is one row: the first body's number 'e altri N', the total of every body (as stored), the first body's
 * type, party and due date (lotto.ts says why).
 */
export function invoiceRow(invoice: StoredInvoiceLike): InvoiceRow {
  const views = readViews(invoice);
  const view = typeof views === 'string' ? views : (views[0] ?? 'Fattura senza contenuto.');
  const base = {
    id: invoice.id,
    createdAt: invoice.createdAt,
    marking: invoice.marking,
    markingLabel: invoice.marking ? markingLabel(invoice.marking) : undefined,
    newInvoice: invoice.newInvoice,
  };
  if (typeof view === 'string') {
    return { ...base, number: '', docTypeCode: '', docType: documentTypeLabel(null), total: invoice.total, counterpart: '—', kindLabel: invoice.type === 1 ? 'In Entrata' : 'In Uscita', unreadable: view };
  }
  const creditNote = view.documentType === 'TD04';
  const figures = typeof views === 'string' ? undefined : fileFigures(views);
  const lotto = figures && figures.bodyCount > 1 ? { label: `Lotto di ${figures.bodyCount} fatture: n. ${figures.number}`, numbers: figures.numbers } : undefined;
  return {
    ...base,
    number: figures?.number ?? view.number,
    docTypeCode: view.documentType,
    docType: `${view.documentType} ${view.documentTypeLabel}`,
    total: figures?.total ?? invoice.total,
    ...(lotto ? { lotto } : {}),
    counterpart: invoice.type === 1 ? view.seller.name : view.buyer.name,
    dueDate: view.payment?.dueDate,
    kindLabel: invoice.type === 1 ? 'In Entrata' : creditNote ? 'Nota di Credito' : 'In Uscita',
  };
}

/** The shop's customers by id, as the data layer reads them (any object with the customer's fields). */
export type CustomerDirectory = ReadonlyMap<string, CustomerLike>;

export const NO_BUYER = 'Cliente non indicato';
export const BUYER_NOT_FOUND = 'Cliente non trovato in anagrafica';

export interface DraftBuyer {
  /**
   * Who the buyer is, for grouping: 'id:<customer id>' when the draft names a customer by id, 'name:<name>' when it
   * names one only by name, 'none:<draft id>' when it names none (such a draft is a group of its own, never merged).
   */
  key: string;
  name: string;
}

type BuyerFields = Pick<DraftLike, 'id' | 'customer' | 'customerName' | 'customerId'>;

function ownOrWritten(draft: BuyerFields): string {
  return (draft.customer ? customerOwnName(draft.customer) : '') || (draft.customerName?.trim() ?? '');
}

/**
 * The buyer a draft names, as every screen, log entry and group names it (one display-name rule:
 * customerDisplayName). By id first (the POS and the back office store `customerId`, often without any name): the
 * directory's customer, else the copy stored in the draft, else the name written beside it. Without an id: the
 * stored copy's own name or the name written beside it. Never an empty name, and never one bucket for several
 * customers: a draft naming nobody is 'Cliente non indicato' on its own.
 */
export function draftBuyer(draft: BuyerFields, directory?: CustomerDirectory): DraftBuyer {
  const id = draft.customerId?.trim() || draft.customer?.id?.trim() || '';
  if (id) {
    const known = directory?.get(id);
    const name = known ? customerDisplayName(known) : ownOrWritten(draft) || (draft.customer ? customerDisplayName(draft.customer) : BUYER_NOT_FOUND);
    return { key: `id:${id}`, name };
  }
  const name = ownOrWritten(draft);
  if (name) return { key: `name:${fold(name).replace(/\s+/g, ' ')}`, name };
  if (draft.customer) {
    const shown = customerDisplayName(draft.customer);
    const fiscal = fiscalKeys(draft.customer)[0];
    return { key: fiscal ? `fiscal:${fiscal}` : `none:${draft.id}`, name: shown };
  }
  return { key: `none:${draft.id}`, name: NO_BUYER };
}

/** The buyer's name only (rows, logs): see draftBuyer. */
export function draftCustomerName(draft: Pick<DraftLike, 'customer' | 'customerName'> & Partial<Pick<DraftLike, 'id' | 'customerId'>>, directory?: CustomerDirectory): string {
  return draftBuyer({ id: '', ...draft }, directory).name;
}

/** A credit-note draft: method 'Nota di Credito', or a TD04 however its method is spelt (as the XML builder reads it). */
export function isCreditNoteDraft(draft: Pick<DraftLike, 'method'> & Partial<Pick<DraftLike, 'type'>>): boolean {
  return draft.method.trim().toLowerCase() === 'nota di credito' || draft.type?.trim().toUpperCase() === 'TD04';
}

export function draftRow(draft: DraftLike, directory?: CustomerDirectory): InvoiceRow {
  const credit = isCreditNoteDraft(draft);
  return {
    id: draft.id,
    createdAt: draft.createdAt ?? draft.date,
    number: draft.invoiceNumber ?? '',
    docTypeCode: credit ? 'TD04' : 'TD01',
    docType: credit ? 'TD04 Nota di Credito' : 'TD01 Fattura',
    total: draft.total ?? draft.price,
    counterpart: draftCustomerName(draft, directory),
    deletedAt: draft.deletedAt,
    newInvoice: false,
    kindLabel: credit ? 'Nota di Credito' : 'Bozza',
  };
}

function fold(text: string): string {
  return text.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase();
}

/** 'Cerca per mittente/destinatario': the other party's name (and the numbers, every body's of a lotto, which users type too). */
export function matchesInvoiceSearch(row: InvoiceRow, search: string): boolean {
  const q = fold(search.trim());
  return q === '' || fold(`${row.counterpart} ${row.number} ${row.lotto?.numbers.join(' ') ?? ''}`).includes(q);
}

export function matchesPaymentFilter(row: Pick<InvoiceRow, 'marking'>, filter: PaymentFilter): boolean {
  if (filter === 'all') return true;
  return filter === 'paid' ? row.marking === 'paid' : row.marking !== 'paid';
}

export type InvoiceSortKey = 'createdAt' | 'number';

/** Newest first by creation date; by number ascending/descending with missing numbers always last. */
export function sortRows(rows: readonly InvoiceRow[], key: InvoiceSortKey = 'createdAt', direction: 'asc' | 'desc' = 'desc'): InvoiceRow[] {
  const sign = direction === 'asc' ? 1 : -1;
  const collator = new Intl.Collator('it', { numeric: true });
  return [...rows].sort((a, b) => {
    if (key === 'number') {
      if (!a.number || !b.number) return a.number === b.number ? 0 : a.number ? -1 : 1;
      return sign * collator.compare(a.number, b.number);
    }
    return sign * ((a.createdAt?.getTime() ?? 0) - (b.createdAt?.getTime() ?? 0));
  });
}

export function sumTotals(rows: readonly Pick<InvoiceRow, 'total'>[]): number {
  return Number(toFixed(rows.reduce((s, r) => add(s, dec(r.total ?? 0)), ZERO), 2));
}

export interface OutgoingGroup {
  base: string;
  latest: InvoiceRow;
  /** Older versions ('Storico') and credit notes of the group ('Nota di Credito'), newest first. */
  history: { row: InvoiceRow; tag: 'Storico' | 'Nota di Credito' }[];
}

/**
 * Outgoing invoices grouped by base number (document 2 §2.2): the latest version is shown, older versions and
 * the credit notes that refer to any version of the group go into its history.
 */
export function groupOutgoing(invoices: readonly StoredInvoiceLike[]): OutgoingGroup[] {
  const rows = new Map(invoices.map((inv) => [inv.id, invoiceRow(inv)]));
  const credit = invoices.filter((inv) => rows.get(inv.id)?.docTypeCode === 'TD04' && inv.originalInvoiceUUID && rows.has(inv.originalInvoiceUUID));
  const creditIds = new Set(credit.map((c) => c.id));
  const byBase = new Map<string, InvoiceRow[]>();
  for (const inv of invoices) {
    if (creditIds.has(inv.id)) continue;
    const row = rows.get(inv.id);
    if (!row) continue;
    const base = row.number ? baseInvoiceNumber(row.number) : `#${inv.id}`;
    byBase.set(base, [...(byBase.get(base) ?? []), row]);
  }
  const groupOf = new Map<string, string>();
  for (const [base, list] of byBase) for (const r of list) groupOf.set(r.id, base);
  const groups: OutgoingGroup[] = [];
  for (const [base, list] of byBase) {
    const ordered = [...list].sort((a, b) => revisionOf(b.number) - revisionOf(a.number) || (b.createdAt?.getTime() ?? 0) - (a.createdAt?.getTime() ?? 0));
    const [latest, ...older] = ordered;
    if (!latest) continue;
    const notes = credit
      .filter((c) => groupOf.get(c.originalInvoiceUUID ?? '') === base)
      .map((c) => rows.get(c.id))
      .filter((r): r is InvoiceRow => r !== undefined);
    const history = [...older.map((row) => ({ row, tag: 'Storico' as const })), ...notes.map((row) => ({ row, tag: 'Nota di Credito' as const }))].sort(
      (a, b) => (b.row.createdAt?.getTime() ?? 0) - (a.row.createdAt?.getTime() ?? 0),
    );
    groups.push({ base, latest, history });
  }
  return groups;
}
