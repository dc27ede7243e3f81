/**
 * The VAT registers of a package, as an accountant's software imports them: registro-iva-vendite.csv and
 * registro-iva-acquisti.csv, one row per (document, VAT rate or nature) — the register's own grain, each row carrying
 * its document's protocol, dates, party and total so that a row imports on its own.
 *
 * They count exactly what the VAT summary counts (vat-summary.ts): the same documents (an invoice rejected by the SDI
 * was never issued and is in no register), each DatiRiepilogo as written, credit notes (TD04, TD08) negative; the
 * corrispettivi are the summary's counter sales, split once per rate on the period's total. Summed, the registers
 * give riepilogo-iva.csv's figures to the cent (reconcile.ts checks it on the unzipped package).
 */
import { toCents, type Cents } from '@/domain/money';
import { formatItalianDate, toIsoDate } from '@/domain/fatturapa/dates';
import type { InvoiceView } from '@/domain/fatturapa/reader';
import { toCsv, type CsvCell } from '@/domain/csv/csv';
import { netCents } from '@/domain/sales/sale-amounts';
import type { DayRateRow } from './corrispettivi';
import { isCreditNote, type InvoiceVatRow } from './vat-summary';

export const REGISTER_FILES = {
  registroVendite: 'registro-iva-vendite.csv',
  registroAcquisti: 'registro-iva-acquisti.csv',
  liquidazione: 'liquidazione-iva.csv',
  scadenze: 'scadenze.csv',
} as const;

/** What each file is, for its line in indice.csv. */
export const REGISTER_FILE_NOTES: Record<(typeof REGISTER_FILES)[keyof typeof REGISTER_FILES], string> = {
  'registro-iva-vendite.csv':
    'Registro IVA delle vendite: una riga per fattura emessa e aliquota (protocollo per data e numero; note di credito in negativo; fatture scartate escluse; il totale documento ripetuto su ogni riga del documento), poi i corrispettivi per giorno e aliquota.',
  'registro-iva-acquisti.csv': 'Registro IVA degli acquisti: una riga per fattura ricevuta e aliquota, protocollo per data di ricezione dallo SDI (data di registrazione); note di credito in negativo; il totale documento ripetuto su ogni riga del documento.',
  'liquidazione-iva.csv': 'Liquidazione IVA del periodo (indicativa): IVA sulle vendite, IVA sugli acquisti e saldo, con le stesse cifre di riepilogo-iva.csv e .pdf.',
  'scadenze.csv': 'Scadenze di pagamento (DettaglioPagamento) delle fatture emesse e ricevute del pacchetto; le fatture senza dati di pagamento non vi compaiono.',
};

export type RegisterDirection = 'emesse' | 'ricevute';

/** One DettaglioPagamento, as scadenze.csv lists it. */
export interface RegisterPayment {
  method: string;
  methodLabel: string;
  /** ISO 'YYYY-MM-DD'. */
  dueDate?: string;
  amount?: number;
  iban?: string;
}

/** One document (an invoice body) counted in the period: what the registers and scadenze.csv need of it. */
export interface RegisterDocument {
  direction: RegisterDirection;
  documentType: string;
  documentTypeLabel: string;
  number: string;
  /** ISO 'YYYY-MM-DD'. */
  date: string;
  /** The customer of an issued invoice, the supplier of a received one. */
  partyName: string;
  partyId: string;
  vatRows: readonly InvoiceVatRow[];
  totalCents: Cents;
  /** The invoice's file name in the package (several bodies of one file share it). */
  fileName: string;
  /** A received invoice's delivery by the SDI: its registration date. */
  receivedAt?: Date;
  payments: readonly RegisterPayment[];
}

/** P.IVA with its country, else the codice fiscale: how indice.csv names the counterpart too. */
export function partyId(party: InvoiceView['buyer']): string {
  return party.vatId ? `${party.vatId.country}${party.vatId.code}` : (party.codiceFiscale ?? '');
}

export function registerDocument(direction: RegisterDirection, view: InvoiceView, fileName: string, receivedAt?: Date): RegisterDocument {
  const party = direction === 'emesse' ? view.buyer : view.seller;
  return {
    direction,
    documentType: view.documentType,
    documentTypeLabel: view.documentTypeLabel,
    number: view.number,
    date: view.date,
    partyName: party.name,
    partyId: partyId(party),
    vatRows: view.vatSummary.map((r) => ({ vatRate: r.vatRate, natura: r.natura, taxable: r.taxable, tax: r.tax, esigibilita: r.esigibilita })),
    totalCents: toCents(view.total) ?? 0,
    fileName,
    ...(receivedAt ? { receivedAt } : {}),
    payments: view.payments.map((p) => ({ method: p.method, methodLabel: p.methodLabel, dueDate: p.dueDate, amount: p.amount, iban: p.iban })),
  };
}

const REGISTER_COLUMNS = ['Aliquota', 'Natura', 'Scissione dei pagamenti', 'Imponibile', 'Imposta', 'Totale documento'] as const;
export const SALES_REGISTER_HEADERS = ['Protocollo', 'Data registrazione', 'Numero documento', 'Data documento', 'Tipo documento', 'Descrizione tipo documento', 'Cliente', 'P.IVA / Codice fiscale', ...REGISTER_COLUMNS, 'Nome file SDI'] as const;
export const PURCHASE_REGISTER_HEADERS = ['Protocollo', 'Data registrazione', 'Numero documento', 'Data documento', 'Tipo documento', 'Descrizione tipo documento', 'Fornitore', 'P.IVA / Codice fiscale', ...REGISTER_COLUMNS, 'Nome file'] as const;
/** The Tipo documento of the corrispettivi's rows in registro-iva-vendite.csv. */
export const CORRISPETTIVI_TYPE = 'Corrispettivi';

const euro = (c: Cents): number => c / 100;
const cents = (n: number): Cents => toCents(n) ?? 0;
const byNumber = new Intl.Collator('it', { numeric: true });

/** Sales: by document date, then number ('2' before '10'). */
function salesOrder(a: RegisterDocument, b: RegisterDocument): number {
  return a.date.localeCompare(b.date) || byNumber.compare(a.number, b.number);
}

/** Purchases: by the SDI's delivery (an invoice without it last), then document date and number. */
function purchaseOrder(a: RegisterDocument, b: RegisterDocument): number {
  const at = (d: RegisterDocument) => d.receivedAt?.getTime() ?? Number.POSITIVE_INFINITY;
  return at(a) - at(b) || salesOrder(a, b);
}

/** The document's rows: one per DatiRiepilogo, signed; one row without rate when it has none, so its protocol is not lost. */
function documentRows(doc: RegisterDocument, protocol: number, registration: CsvCell): CsvCell[][] {
  const sign = isCreditNote(doc.documentType) ? -1 : 1;
  const head: CsvCell[] = [protocol, registration, doc.number, formatItalianDate(doc.date), doc.documentType, doc.documentTypeLabel, doc.partyName, doc.partyId];
  const tail: CsvCell[] = [euro(sign * doc.totalCents), doc.fileName];
  if (doc.vatRows.length === 0) return [[...head, '', '', '', 0, 0, ...tail]];
  return doc.vatRows.map((r) => {
    const natura = r.natura?.trim() || undefined;
    const split = r.esigibilita?.trim().toUpperCase() === 'S';
    return [...head, natura ? 0 : r.vatRate, natura ?? '', split ? 'sì' : '', euro(sign * cents(r.taxable)), euro(sign * cents(r.tax)), ...tail];
  });
}

/**
 * The corrispettivi's rows, by day and rate: the takings the VAT summary counts (cash, card and other methods; a sale
 * paid 'Fattura' is documented by its invoice, above). The law splits them into taxable and VAT once per rate on the
 * period's total (the summary's figures): each day gets the difference of that split on the running total, so the
 * days add up to the period's split to the cent, and a day differs from its own split by a cent at most.
 *
 * They are here, not in corrispettivi/vendite-per-aliquota.csv: that file is /zreport's takings by payment method,
 * the invoiced ones included, and gives no taxable or VAT — it is the till's account, not a register.
 */
function corrispettiviRows(days: readonly DayRateRow[]): CsvCell[][] {
  const running = new Map<string, { gross: Cents; net: Cents }>();
  const rows: CsvCell[][] = [];
  for (const d of days) {
    const grossCents = d.totalCents - d.byFamily.fatture;
    if (grossCents === 0) continue;
    const key = String(d.vatRate ?? '');
    const before = running.get(key) ?? { gross: 0, net: 0 };
    const gross = before.gross + grossCents;
    const net = d.vatRate === undefined ? gross : netCents(gross, d.vatRate);
    running.set(key, { gross, net });
    const taxable = net - before.net;
    const day = formatItalianDate(d.day);
    rows.push(['', day, '', day, CORRISPETTIVI_TYPE, 'Corrispettivi giornalieri', '', '', d.vatRate ?? 'non indicata', '', '', euro(taxable), euro(grossCents - taxable), euro(grossCents), '']);
  }
  return rows;
}

/**
 * registro-iva-vendite.csv: the issued invoices numbered 1..n (protocol) by document date and number, registered on
 * their document date; then the corrispettivi, without protocol (the registro dei corrispettivi numbers by day).
 */
export function salesRegisterCsv(documents: readonly RegisterDocument[], corrispettivi: readonly DayRateRow[]): string {
  const issued = documents.filter((d) => d.direction === 'emesse').sort(salesOrder);
  const body = issued.flatMap((d, i) => documentRows(d, i + 1, formatItalianDate(d.date)));
  body.push(...corrispettiviRows(corrispettivi));
  return toCsv(SALES_REGISTER_HEADERS, body);
}

/** registro-iva-acquisti.csv: the received invoices numbered 1..n by the day the SDI delivered them, their registration date. */
export function purchaseRegisterCsv(documents: readonly RegisterDocument[]): string {
  const received = documents.filter((d) => d.direction === 'ricevute').sort(purchaseOrder);
  // Without its delivery date (not stored) the registration date is left empty: the document date is not it.
  const body = received.flatMap((d, i) => documentRows(d, i + 1, d.receivedAt ? formatItalianDate(toIsoDate(d.receivedAt)) : ''));
  return toCsv(PURCHASE_REGISTER_HEADERS, body);
}
