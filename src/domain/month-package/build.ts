/**
 * The accountant's package of a period, built as a ZIP while it streams: a framework-free pipeline that
 * the screen and the benchmark call with the documents they read.
 *
 * 1. planPackage: reads every invoice payload with the app's FatturaPA reader (a payload it cannot read is listed
 *    with the reason, never dropped), names the files, computes the VAT summary and the index. Cheap: no PDF yet.
 * 2. writePackage: produces each file in turn (the XML exactly as stored or written from the provider's JSON, the
 *    PDFs from the app's own printers, the CSVs from the CSV module) and hands it to fflate's streaming Zip, whose
 *    chunks go to the caller's sink at once; a file's bytes are dropped once compressed, so the month is never held
 *    twice. A PDF that fails is listed in the index with its reason. The index and the summary are written last,
 *    with every problem found.
 *
 * Folders: fatture-emesse/ (rejected invoices in fatture-emesse/scartate/: for the SDI they were never issued, so
 * they count in no total), fatture-ricevute/, ddt/, corrispettivi/, vendite.csv, riepilogo-iva.csv/.pdf, the VAT
 * registers, the settlement and the due dates (registers.ts, liquidazione.ts, scadenze.ts), indice.csv.
 * Received invoices: the original XML the webhook kept (receivedXml: the provider's file, byte for byte) goes in the
 * package and its figures are read from it; an invoice without it gets the XML written from the provider's JSON
 * (received-xml.ts), read the same way, and indice.csv says so. A JSON that cannot be written as XML, or a kept XML
 * that cannot be read, leaves the payload as the provider delivered it (JSON in the mapping of
 * fatturapa/JSON-MAPPING.md, byte for byte), and indice.csv says why.
 */
import { Zip, ZipDeflate, ZipPassThrough } from 'fflate';
import { toCsv, type CsvCell } from '@/domain/csv/csv';
import { markingLabel } from '@/domain/fatturapa/codes';
import { formatItalianDate } from '@/domain/fatturapa/dates';
import { markingKey } from '@/domain/invoices/invoice-actions';
import { LIFECYCLE_LABELS, stateOfInvoice } from '@/domain/sdi-lifecycle/lifecycle';
import { attachedPdf, renderInvoicePdfBytes } from '@/domain/fatturapa/pdf';
import { readIncomingJson, readOutgoingXml, type InvoiceView } from '@/domain/fatturapa/reader';
import { readInvoiceFile } from '@/domain/fatturapa/invoice-file';
import type { FatturapaSchemaIndex } from '@/domain/fatturapa/json-form-xml';
import { formatEuroCents, toCents, type Cents } from '@/domain/money';
import { SALES_CSV_HEADERS, salesCsvRow } from '@/domain/sales/sales-list';
import { ZREPORT_CSV_HEADERS, zreportCsvRows } from '@/domain/zreport/export';
import { reconcileDays, type ReconClosing } from '@/domain/zreport/reconcile';
import { countedSales, dailyByRate, saleByRate, type CorrispettiviSale } from './corrispettivi';
import { receivedBaseName, sdiBaseName, UniqueNames } from './file-names';
import { periodLabel, periodRange, type PackagePeriod } from './period';
import { partyId, registerDocument, REGISTER_FILE_NOTES, REGISTER_FILES, purchaseRegisterCsv, salesRegisterCsv, type RegisterDocument } from './registers';
import { settlementCsv } from './liquidazione';
import { dueDatesCsv } from './scadenze';
import { jsonKeptNote, rebuiltXmlNote, XML_NOT_KEPT, xmlFromProviderJson } from './received-xml';
import { renderVatSummaryPdf } from './summary-pdf';
import { balanceLine, INDICATIVE_NOTE, isCreditNote, uninvoicedNote, VAT_SECTION_LABEL, VatSummaryBuilder, vatLineLabel, type UninvoicedSales, type VatSummary } from './vat-summary';

export const FOLDERS = {
  emesse: 'fatture-emesse/',
  scartate: 'fatture-emesse/scartate/',
  ricevute: 'fatture-ricevute/',
  /** The SDI's receipts of the issued invoices, apart: the invoice folders hold only invoices, as software imports them. */
  ricevuteSdi: 'ricevute-sdi/',
  ddt: 'ddt/',
  corrispettivi: 'corrispettivi/',
} as const;
export const FILES = {
  vendite: 'vendite.csv',
  riepilogoCsv: 'riepilogo-iva.csv',
  riepilogoPdf: 'riepilogo-iva.pdf',
  indice: 'indice.csv',
  chiusure: 'corrispettivi/chiusure-cassa.csv',
  perAliquota: 'corrispettivi/vendite-per-aliquota.csv',
  ...REGISTER_FILES,
} as const;

export interface PackageInvoiceDoc {
  id: string;
  payload: string;
  marking?: string;
  markingRaw?: string;
  /** The provider's file name of a received invoice, when stored. */
  fileName?: string;
  /** The SDI's reason of a rejection, when known. */
  rejection?: string;
  /** An issued invoice's draft Sale (the sale it documents). */
  saleId?: string;
  /** How a person recognises the invoice when its file cannot be read ('del 20/11/2026, 48,80 €'). */
  describedAs?: string;
  /** A received invoice's original XML, as the provider returned it: in the package instead of the payload. */
  receivedXml?: Uint8Array;
  /** Why a received invoice has no original XML (indice.csv's note). */
  receivedXmlMissing?: string;
  /** An issued invoice's SDI receipts (RC, NS, MC…), oldest first: their XML goes beside the invoice's. */
  receipts?: readonly PackageReceipt[];
  /** When the SDI delivered a received invoice (its createdAt): the purchase register's registration date. */
  receivedAt?: Date;
}

export interface PackageReceipt {
  /** RC, NS, MC, NE, DT, AT. */
  type: string;
  createdAt?: Date;
  fileName: string;
  /** The SDI's XML; undefined when not downloaded yet (the reason is then in `missing`). */
  xml?: Uint8Array;
  missing?: string;
}

export interface PackageDdtDoc {
  id: string;
  number: string;
  date?: Date;
  counterpart: string;
  stateLabel: string;
  renderPdf: () => Uint8Array;
}

export interface PackageSaleDoc extends CorrispettiviSale {
  method: string;
  employeeName: string;
}

/** The invoice folders, or why they are left out (the shop has no Fatturazione pack). */
export type InvoiceSources = { outgoing: PackageInvoiceDoc[]; incoming: PackageInvoiceDoc[] } | { excluded: string };

export interface PackageSources {
  shop: { vatNumber: string; name: string };
  period: PackagePeriod;
  invoices: InvoiceSources;
  ddts: PackageDdtDoc[];
  closings: ReconClosing[];
  /** Every sale read for the period (/sales's list: receipts' invoices left out), any order. */
  sales: PackageSaleDoc[];
  /** The invoices made from the period's receipts: which receipt each documents, and its invoice once sent. */
  receiptInvoices?: readonly { sourceSaleId: string; invoiceUUID: string }[];
  /** Minutes after midnight of the business day's cut-off (/zreport's). */
  cutoff: number;
  /** The business day in progress ('yyyy-MM-dd'). */
  today: string;
  /**
   * The official FatturaPA schema's index, for the received invoices that have only the provider's JSON: their XML is
   * written from it (received-xml.ts). Without it such an invoice stays JSON, with the reason in indice.csv.
   */
  fatturapaSchema?: FatturapaSchemaIndex;
}

export type Direction = 'emesse' | 'ricevute';

/** A document that is not in the package, or is only in part, and why. */
export interface PackageProblem {
  kind: string;
  label: string;
  reason: string;
}

export interface IndexRow {
  tipo: string;
  tipoDocumento: string;
  numero: string;
  data?: Date;
  controparte: string;
  partitaIva: string;
  imponibileCents?: Cents;
  ivaCents?: Cents;
  totaleCents?: Cents;
  stato: string;
  fileXml: string;
  filePdf: string;
  note: string[];
}

export const INDEX_HEADERS = ['Tipo', 'Tipo documento', 'Numero', 'Data', 'Controparte', 'P.IVA controparte', 'Imponibile', 'IVA', 'Totale', 'Stato SDI', 'File XML', 'File PDF', 'Note'] as const;
export const INDEX_TOTAL_LABEL: Record<Direction, string> = { emesse: 'Totale fatture emesse', ricevute: 'Totale fatture ricevute' };
export const SUMMARY_HEADERS = ['Sezione', 'Aliquota o natura', 'Aliquota %', 'Natura', 'Scissione dei pagamenti', 'Documenti', 'Imponibile', 'Imposta'] as const;
export const SUMMARY_TOTAL = 'Totale';
export const UNINVOICED_ROW = 'Vendita pagata «Fattura» senza fattura';

export interface PlannedFile {
  path: string;
  /** The folder shown in the progress ('fatture-emesse', 'vendite.csv'...). */
  folder: string;
  /** Already compressed content (a supplier's PDF) is stored as is. */
  store?: boolean;
  produce: () => Uint8Array;
  /** Called with the reason when produce throws: the file is left out. */
  failed?: (reason: string) => void;
}

export interface FolderCount {
  folder: string;
  files: number;
}

export interface InvoiceTotals {
  documents: number;
  taxableCents: Cents;
  taxCents: Cents;
  totalCents: Cents;
}

export interface PackagePlan {
  files: PlannedFile[];
  rows: IndexRow[];
  summary: VatSummary;
  problems: PackageProblem[];
  invoiceTotals: Record<Direction, InvoiceTotals>;
  /** Set when the invoice folders are left out. */
  invoicesExcluded?: string;
  /** Sales paid 'Fattura' that no issued invoice of the package documents (known once the sales are read). */
  uninvoiced?: UninvoicedSales;
}

const encoder = new TextEncoder();
const utf8 = (text: string) => encoder.encode(text);
const cents = (n: number | undefined): Cents => toCents(n ?? 0) ?? 0;
const euro = (c: Cents | undefined): number | undefined => (c === undefined ? undefined : c / 100);
const localDay = (d: Date) => `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;

function isoToDate(iso: string): Date | undefined {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(iso);
  return m ? new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3])) : undefined;
}

/**
 * The SDI state in indice.csv: an issued invoice's is the lifecycle's (src/domain/sdi-lifecycle: an NS is
 * 'scartata dallo SDI', 'rifiutata' being a public buyer's refusal, EC02), the one the invoices screen and the
 * dashboard read; paid is the app's own mark. A received invoice keeps its marking's label.
 */
function stateLabel(doc: PackageInvoiceDoc, direction: 'emesse' | 'ricevute'): string {
  const marking = doc.markingRaw ?? doc.marking;
  if (direction === 'ricevute' || markingKey(marking) === 'paid') return markingLabel(doc.marking ?? doc.markingRaw);
  const label = LIFECYCLE_LABELS[stateOfInvoice({ draft: false, ...(marking ? { markingRaw: marking } : {}) })];
  return label.charAt(0).toLowerCase() + label.slice(1);
}

/**
 * The invoice's SDI receipts in ricevute-sdi/, each under the SDI's own file name (the proof of delivery or
 * rejection the accountant keeps), and one note in the invoice's row of indice.csv naming them; a receipt whose XML is missing is named
 * with the reason, never left out silently.
 */
function receiptNotes(doc: PackageInvoiceDoc, names: UniqueNames, out: { files: PlannedFile[] }): string[] {
  const receipts = doc.receipts ?? [];
  if (receipts.length === 0) return [];
  const said = receipts.map((r) => {
    const when = r.createdAt ? ` del ${formatItalianDate(localDay(r.createdAt))}` : '';
    if (!r.xml) return `${r.type}${when} (XML non incluso: ${r.missing ?? 'non disponibile'})`;
    const bytes = r.xml;
    const name = names.take(r.fileName.replace(/\.xml$/i, ''), '.xml');
    const path = `${FOLDERS.ricevuteSdi}${name}`;
    out.files.push({ path, folder: FOLDERS.ricevuteSdi.slice(0, -1), produce: () => bytes });
    return `${r.type}${when} (${path})`;
  });
  return [`Ricevute SDI: ${said.join(', ')}`];
}

function errorText(error: unknown): string {
  return error instanceof Error && error.message ? error.message : 'errore sconosciuto';
}

function readPayload(doc: PackageInvoiceDoc): InvoiceView[] {
  const text = doc.payload.trimStart();
  if (text === '') throw new Error('Contenuto della fattura (XML) mancante.');
  if (text.startsWith('<')) return readOutgoingXml(doc.payload);
  if (text.startsWith('{') || text.startsWith('[')) return readIncomingJson(doc.payload);
  throw new Error('Il contenuto della fattura non è né XML né JSON.');
}

const payloadExtension = (payload: string) => (payload.trimStart().startsWith('<') ? '.xml' : '.json');

/** An invoice's file in the package: its views, its extension, its bytes, and a note for the index. */
interface InvoiceContent {
  views: InvoiceView[];
  extension: string;
  bytes: () => Uint8Array;
  note?: string;
}

/**
 * A received invoice's original XML when it is stored and readable; a received invoice without it, its XML written
 * from the provider's JSON (received-xml.ts) and read back as any XML file; otherwise (and for issued invoices) the
 * payload as stored. A JSON payload in place of the XML is noted with the reason.
 */
function invoiceContent(doc: PackageInvoiceDoc, direction: Direction, schema: FatturapaSchemaIndex | undefined): InvoiceContent {
  let note: string | undefined;
  const xml = direction === 'ricevute' ? doc.receivedXml : undefined;
  if (xml) {
    try {
      // A signed original is written as it came (.xml.p7m), read inside its envelope.
      const { views, signed } = readInvoiceFile(xml);
      return { views, extension: signed ? '.xml.p7m' : '.xml', bytes: () => xml };
    } catch (error) {
      note = `XML originale illeggibile: ${errorText(error)}`;
    }
  }
  const payload = doc.payload;
  const extension = payloadExtension(payload);
  if (direction === 'ricevute' && extension === '.json' && note === undefined) {
    const missing = doc.receivedXmlMissing ?? XML_NOT_KEPT;
    const rebuilt = xmlFromProviderJson(payload, schema);
    let failure = 'failure' in rebuilt ? rebuilt.failure : undefined;
    if ('xml' in rebuilt) {
      try {
        const { views } = readInvoiceFile(rebuilt.xml);
        return { views, extension: '.xml', bytes: () => rebuilt.xml, note: rebuiltXmlNote(missing) };
      } catch (error) {
        failure = errorText(error);
      }
    }
    note = jsonKeptNote(missing, failure);
  }
  return { views: readPayload(doc), extension, bytes: () => utf8(payload), ...(note ? { note } : {}) };
}

/**
 * An invoice's view read again from its file, when its PDF is drawn: the plan keeps each invoice's row, not its
 * view, so a month of 1,300 invoices holds some 16 MB less while it is written (less for the collector to walk on
 * each pass: it was a quarter of the preparation's CPU profile), for a second reading (under 0.5 ms an invoice).
 */
function viewAgain(doc: PackageInvoiceDoc, direction: Direction, schema: FatturapaSchemaIndex | undefined, index: number): InvoiceView {
  const view = invoiceContent(doc, direction, schema).views[index];
  if (!view) throw new Error('La fattura non contiene più il documento letto nella preparazione.');
  return view;
}

function documentLabel(direction: Direction, documentType: string): string {
  const credit = isCreditNote(documentType);
  if (direction === 'emesse') return credit ? 'Nota di credito emessa' : 'Fattura emessa';
  return credit ? 'Nota di credito ricevuta' : 'Fattura ricevuta';
}

/** Reads the payloads, names the files, fills the summary, the rows and the problems. */
function planInvoices(
  docs: readonly PackageInvoiceDoc[],
  direction: Direction,
  shopVat: string,
  out: { files: PlannedFile[]; rows: IndexRow[]; problems: PackageProblem[]; vat: VatSummaryBuilder; totals: Record<Direction, InvoiceTotals>; issued: Set<string>; register: RegisterDocument[] },
  schema: FatturapaSchemaIndex | undefined,
): void {
  const names = new UniqueNames();
  for (const doc of docs) {
    let content: InvoiceContent;
    let views: InvoiceView[];
    try {
      content = invoiceContent(doc, direction, schema);
      views = content.views;
      if (views.length === 0) throw new Error('La fattura non contiene alcun documento (FatturaElettronicaBody).');
    } catch (error) {
      const reason = `Non inclusa: ${errorText(error)}`;
      const known = doc.fileName ? `${doc.fileName}${doc.describedAs ? ` (${doc.describedAs})` : ''}` : doc.describedAs;
      out.problems.push({ kind: direction, label: `${direction === 'emesse' ? 'Fattura emessa' : 'Fattura ricevuta'} ${known ?? `senza data né importo (documento ${doc.id})`}`, reason });
      out.rows.push({
        tipo: direction === 'emesse' ? 'Fattura emessa' : 'Fattura ricevuta', tipoDocumento: '', numero: '', controparte: '', partitaIva: '',
        stato: stateLabel(doc, direction), fileXml: '', filePdf: '', note: [reason, `Documento ${doc.id}`],
      });
      continue;
    }
    const first = views[0] as InvoiceView;
    const rejected = direction === 'emesse' && doc.marking === 'rejected';
    if (direction === 'emesse' && !rejected) {
      out.issued.add(doc.id);
      if (doc.saleId) out.issued.add(saleKey(doc.saleId));
    }
    const folder = rejected ? FOLDERS.scartate : direction === 'emesse' ? FOLDERS.emesse : FOLDERS.ricevute;
    const base = direction === 'emesse' ? sdiBaseName(first, shopVat, doc.fileName) : receivedBaseName(first, doc.fileName);
    const fileName = names.take(base, content.extension);
    const stem = fileName.replace(/\.(xml|json)$/, '');
    const xmlPath = `${folder}${fileName}`;
    out.files.push({ path: xmlPath, folder: folder.slice(0, -1), produce: content.bytes });
    // A loop, not forEach: the PDF's closures below must not keep this invoice's views alive (viewAgain).
    for (const [i, view] of views.entries()) {
      const pdfPath = `${folder}${stem}${views.length > 1 ? `_${i + 1}` : ''}.pdf`;
      const taxable = view.vatSummary.reduce((s, r) => s + cents(r.taxable), 0);
      const tax = view.vatSummary.reduce((s, r) => s + cents(r.tax), 0);
      const sign = isCreditNote(view.documentType) ? -1 : 1;
      const party = direction === 'emesse' ? view.buyer : view.seller;
      const row: IndexRow = {
        tipo: documentLabel(direction, view.documentType),
        tipoDocumento: view.documentType,
        numero: view.number,
        data: isoToDate(view.date),
        controparte: party.name,
        partitaIva: partyId(party),
        imponibileCents: sign * taxable,
        ivaCents: sign * tax,
        totaleCents: sign * cents(view.total),
        stato: stateLabel(doc, direction),
        fileXml: xmlPath,
        filePdf: pdfPath,
        note: content.note ? [content.note] : [],
      };
      if (views.length > 1) row.note.push(`Documento ${i + 1} di ${views.length} del file`);
      if (i === 0) row.note.push(...receiptNotes(doc, names, out));
      if (rejected) {
        row.note.push(`Scartata dallo SDI${doc.rejection ? `: ${doc.rejection}` : ''}. Esclusa dai totali.`);
      } else {
        out.vat.addInvoice(direction, `${doc.id}#${i}`, view.documentType, view.vatSummary);
        out.register.push(registerDocument(direction, view, fileName, doc.receivedAt));
        const t = out.totals[direction];
        t.documents += 1;
        t.taxableCents += sign * taxable;
        t.taxCents += sign * tax;
        t.totalCents += sign * cents(view.total);
      }
      out.rows.push(row);
      const attached = direction === 'ricevute' ? attachedPdf(view) : undefined;
      out.files.push({
        path: pdfPath,
        folder: folder.slice(0, -1),
        store: attached !== undefined,
        produce: attached ? () => attached.bytes : () => renderInvoicePdfBytes(viewAgain(doc, direction, schema, i)),
        failed: (reason) => {
          row.filePdf = '';
          row.note.push(`PDF non incluso: ${reason}`);
          out.problems.push({ kind: direction, label: `PDF di ${row.tipo.toLowerCase()} ${row.numero}`, reason });
        },
      });
    }
  }
}

/** The key under which an issued invoice is known by the sale it documents. */
const saleKey = (saleId: string) => `sale:${saleId}`;

function emptyTotals(): InvoiceTotals {
  return { documents: 0, taxableCents: 0, taxCents: 0, totalCents: 0 };
}

/** The part of the plan that does not need the sales: invoices and DDTs, with the summary and totals so far. */
export interface DocumentsPlan extends PackagePlan {
  vat: VatSummaryBuilder;
  /** The issued invoices in the package (not rejected): their ids, and `sale:<id>` for the sale each documents. */
  issued: ReadonlySet<string>;
  /** The documents counted in the summary, for the registers and the due dates. */
  register: readonly RegisterDocument[];
}

/** Everything the package will hold, before any PDF is drawn. */
export function planPackage(src: PackageSources): PackagePlan {
  return planSalesPart(planDocuments(src), src);
}

/**
 * The invoices' and DDTs' files, rows and problems: what can be written while the sales are still being read
 * (planSalesPart adds the rest to the same plan).
 */
export function planDocuments(src: Omit<PackageSources, 'sales'>): DocumentsPlan {
  const files: PlannedFile[] = [];
  const rows: IndexRow[] = [];
  const problems: PackageProblem[] = [];
  const vat = new VatSummaryBuilder();
  const totals = { emesse: emptyTotals(), ricevute: emptyTotals() };
  const issued = new Set<string>();
  const register: RegisterDocument[] = [];
  const ctx = { files, rows, problems, vat, totals, issued, register };
  let invoicesExcluded: string | undefined;
  if ('excluded' in src.invoices) {
    invoicesExcluded = src.invoices.excluded;
    rows.push({ tipo: 'Fatture', tipoDocumento: '', numero: '', controparte: '', partitaIva: '', stato: '', fileXml: '', filePdf: '', note: [`Cartelle delle fatture non incluse: ${invoicesExcluded}`] });
  } else {
    planInvoices(src.invoices.outgoing, 'emesse', src.shop.vatNumber, ctx, src.fatturapaSchema);
    planInvoices(src.invoices.incoming, 'ricevute', src.shop.vatNumber, ctx, src.fatturapaSchema);
  }

  const ddtNames = new UniqueNames();
  for (const d of src.ddts) {
    const path = `${FOLDERS.ddt}${ddtNames.take(`DDT_${d.number.replace(/[^A-Za-z0-9-]+/g, '-')}${d.date ? `_${localDay(d.date)}` : ''}`, '.pdf')}`;
    const row: IndexRow = { tipo: 'DDT', tipoDocumento: '', numero: d.number, data: d.date, controparte: d.counterpart, partitaIva: '', stato: d.stateLabel, fileXml: '', filePdf: path, note: [] };
    rows.push(row);
    files.push({
      path, folder: 'ddt', produce: d.renderPdf,
      failed: (reason) => {
        row.filePdf = '';
        row.note.push(`PDF non incluso: ${reason}`);
        problems.push({ kind: 'ddt', label: `DDT ${d.number}`, reason });
      },
    });
  }

  return { files, rows, summary: vat.result(), problems, invoiceTotals: totals, invoicesExcluded, vat, issued, register };
}

/**
 * Adds to a documents' plan the files that need the sales: corrispettivi, vendite.csv, the VAT summary (CSV, PDF)
 * and, last, the index. Returns the same plan, complete; `files` of the answer's `added` are the new ones.
 */
export function planSalesPart(plan: DocumentsPlan, src: PackageSources): PackagePlan & { added: PlannedFile[] } {
  const { rows, problems, vat, invoiceTotals: totals, invoicesExcluded } = plan;
  const files: PlannedFile[] = [];
  // Counter sales: /zreport's days and families, the VAT by rate for the summary.
  const { start, end } = periodRange(src.period);
  const fromDay = localDay(start);
  const toDay = localDay(new Date(end.getFullYear(), end.getMonth(), end.getDate() - 1));
  const days = reconcileDays(src.sales, src.closings, src.today, src.cutoff).filter((d) => d.day >= fromDay && d.day <= toDay);
  const counted = countedSales(src.sales, src.cutoff, fromDay, toDay);
  const byRate = dailyByRate(counted);
  // Sales paid 'Fattura' at the till are documented by their invoices (fatture-emesse): not corrispettivi. One that
  // no issued invoice of the package documents is in neither section: the accountant is told, sale by sale.
  const receiptInvoice = new Map((src.receiptInvoices ?? []).map((r) => [r.sourceSaleId, r.invoiceUUID]));
  const documented = (saleId: string) => plan.issued.has(saleKey(saleId)) || plan.issued.has(receiptInvoice.get(saleId) ?? '');
  const uninvoiced: UninvoicedSales = { count: 0, grossCents: 0 };
  for (const { sale, family } of counted) {
    if (family !== 'fatture') {
      for (const share of saleByRate(sale)) vat.addSale(sale.id, share.vatRate, share.grossCents);
      continue;
    }
    if (documented(sale.id)) continue;
    uninvoiced.count += 1;
    uninvoiced.grossCents += cents(sale.price);
    rows.push({
      tipo: UNINVOICED_ROW, tipoDocumento: '', numero: '', data: sale.date, controparte: '', partitaIva: '', totaleCents: cents(sale.price), stato: '', fileXml: '', filePdf: '',
      note: ['Nessuna fattura emessa nel pacchetto documenta questa vendita: non conteggiata nel riepilogo IVA.'],
    });
  }
  if (uninvoiced.count > 0) {
    problems.push({ kind: 'vendite', label: `Vendite pagate «Fattura» senza fattura emessa (${uninvoiced.count})`, reason: uninvoicedNote(uninvoiced, formatEuroCents) });
  }
  for (const day of days) {
    for (const c of day.closings) {
      rows.push({
        tipo: 'Chiusura cassa', tipoDocumento: '', numero: c.number === undefined ? '' : String(c.number), data: c.createdAt, controparte: '', partitaIva: '',
        totaleCents: c.total === undefined ? undefined : cents(c.total), stato: '', fileXml: '', filePdf: '', note: [`Vedi ${FILES.chiusure}`],
      });
    }
  }
  files.push({ path: FILES.chiusure, folder: 'corrispettivi', produce: () => utf8(toCsv(ZREPORT_CSV_HEADERS, zreportCsvRows(days))) });
  files.push({ path: FILES.perAliquota, folder: 'corrispettivi', produce: () => utf8(perRateCsv(byRate)) });
  const listed = [...src.sales].sort((a, b) => (a.date?.getTime() ?? 0) - (b.date?.getTime() ?? 0));
  files.push({ path: FILES.vendite, folder: 'vendite.csv', produce: () => utf8(toCsv(SALES_CSV_HEADERS, listed.map((sale) => salesCsvRow(sale, sale.employeeName)))) });

  const summary = vat.result();
  const meta = { shopName: src.shop.name, vatNumber: src.shop.vatNumber, period: periodLabel(src.period), invoicesExcluded, uninvoiced };
  files.push({ path: FILES.riepilogoCsv, folder: 'riepilogo-iva', produce: () => utf8(summaryCsv(summary, uninvoiced)) });
  files.push({
    path: FILES.riepilogoPdf, folder: 'riepilogo-iva', produce: () => renderVatSummaryPdf(summary, meta),
    failed: (reason) => problems.push({ kind: 'riepilogo', label: FILES.riepilogoPdf, reason }),
  });
  const register = plan.register;
  files.push({ path: FILES.registroVendite, folder: FILES.registroVendite, produce: () => utf8(salesRegisterCsv(register, byRate)) });
  files.push({ path: FILES.registroAcquisti, folder: FILES.registroAcquisti, produce: () => utf8(purchaseRegisterCsv(register)) });
  files.push({ path: FILES.liquidazione, folder: FILES.liquidazione, produce: () => utf8(settlementCsv(summary, src.period)) });
  files.push({ path: FILES.scadenze, folder: FILES.scadenze, produce: () => utf8(dueDatesCsv(register)) });
  for (const [path, note] of Object.entries(REGISTER_FILE_NOTES)) {
    rows.push({ tipo: path, tipoDocumento: '', numero: '', controparte: '', partitaIva: '', stato: '', fileXml: '', filePdf: '', note: [note] });
  }
  // Last: the index carries the problems met while writing the files before it.
  files.push({ path: FILES.indice, folder: 'indice.csv', produce: () => utf8(indexCsv(rows, totals)) });
  return { files: [...plan.files, ...files], added: files, rows, summary, problems, invoiceTotals: totals, invoicesExcluded, uninvoiced };
}

function perRateCsv(rows: ReturnType<typeof dailyByRate>): string {
  const total = { contanti: 0, bancomat: 0, fatture: 0, altro: 0, all: 0 };
  const body: CsvCell[][] = rows.map((r) => {
    total.contanti += r.byFamily.contanti;
    total.bancomat += r.byFamily.bancomat;
    total.fatture += r.byFamily.fatture;
    total.altro += r.byFamily.altro;
    total.all += r.totalCents;
    return [isoToDate(r.day), r.vatRate === undefined ? 'non indicata' : r.vatRate, euro(r.byFamily.contanti), euro(r.byFamily.bancomat), euro(r.byFamily.fatture), euro(r.byFamily.altro), euro(r.totalCents)];
  });
  body.push([SUMMARY_TOTAL, '', euro(total.contanti), euro(total.bancomat), euro(total.fatture), euro(total.altro), euro(total.all)]);
  return toCsv(['Data', 'Aliquota IVA %', 'Contanti', 'Bancomat', 'Fatture', 'Altri metodi', 'Totale'], body);
}

export function summaryCsv(summary: VatSummary, uninvoiced?: UninvoicedSales): string {
  const body: CsvCell[][] = [];
  for (const section of ['corrispettivi', 'emesse', 'ricevute'] as const) {
    for (const l of summary.lines.filter((x) => x.section === section)) {
      body.push([VAT_SECTION_LABEL[section], vatLineLabel(l), l.natura ? '' : l.vatRate, l.natura ?? '', l.splitPayment ? 'sì' : '', l.documents, euro(l.taxableCents), euro(l.taxCents)]);
    }
    const t = summary.totals[section];
    body.push([VAT_SECTION_LABEL[section], SUMMARY_TOTAL, '', '', '', '', euro(t.taxableCents), euro(t.taxCents)]);
  }
  const settlement = 'Liquidazione (indicativa)';
  body.push([settlement, 'IVA a debito (corrispettivi e fatture emesse)', '', '', '', '', '', euro(summary.vatDueCents)]);
  body.push([settlement, 'IVA detraibile (fatture ricevute)', '', '', '', '', '', euro(summary.vatDeductibleCents)]);
  const balance = balanceLine(summary);
  body.push([settlement, balance.label, '', '', '', '', '', euro(balance.cents)]);
  body.push(['Nota', INDICATIVE_NOTE, '', '', '', '', '', '']);
  if (uninvoiced && uninvoiced.count > 0) body.push(['Nota', uninvoicedNote(uninvoiced, formatEuroCents), '', '', '', String(uninvoiced.count), '', '']);
  return toCsv(SUMMARY_HEADERS, body);
}

export function indexCsv(rows: readonly IndexRow[], totals: Record<Direction, InvoiceTotals>): string {
  const body: CsvCell[][] = rows.map((r) => [
    r.tipo, r.tipoDocumento, r.numero, r.data, r.controparte, r.partitaIva, euro(r.imponibileCents), euro(r.ivaCents), euro(r.totaleCents), r.stato, r.fileXml, r.filePdf, r.note.join(' '),
  ]);
  for (const direction of ['emesse', 'ricevute'] as const) {
    const t = totals[direction];
    body.push([INDEX_TOTAL_LABEL[direction], '', String(t.documents), '', '', '', euro(t.taxableCents), euro(t.taxCents), euro(t.totalCents), '', '', '', 'Note di credito sottratte; fatture scartate dallo SDI escluse']);
  }
  return toCsv(INDEX_HEADERS, body);
}

/** Files per folder, for the preview. */
export function folderCounts(plan: Pick<PackagePlan, 'files'>): FolderCount[] {
  const counts = new Map<string, number>();
  for (const f of plan.files) counts.set(f.folder, (counts.get(f.folder) ?? 0) + 1);
  return [...counts].map(([folder, files]) => ({ folder, files }));
}

export interface PackageProgress {
  done: number;
  total: number;
  folder: string;
}

export interface WriteOptions {
  /** Each chunk of the ZIP, in order; `final` on the last one. */
  onChunk: (chunk: Uint8Array, final: boolean) => void;
  onProgress?: (p: PackageProgress) => void;
  signal?: AbortSignal;
  /** The file's modification time in the ZIP. */
  now?: Date;
  /**
   * Files planned later (planSalesPart's, once the sales are read), written after the plan's: the documents' PDFs
   * are drawn while the sales are still arriving. A rejection stops the ZIP with that error.
   */
  rest?: Promise<readonly PlannedFile[]>;
  /** The progress's total while `rest` is pending (the preview's file count); the plan's files otherwise. */
  expectedTotal?: number;
}

export class PackageCancelled extends Error {
  constructor() {
    super('Preparazione del pacchetto annullata.');
    this.name = 'PackageCancelled';
  }
}

/**
 * The writing's breaths: a later task through a MessageChannel, not setTimeout. Chained from timer to timer, a
 * setTimeout(0) waits at least 4 ms in browsers after the fifth (1 ms in Node): with a breath every 40 ms that was a
 * tenth of the package's time spent idle. Close it when the writing ends (an open port keeps Node running).
 */
function taskBreaths(): { next: () => Promise<void>; close: () => void } {
  const channel = new MessageChannel();
  let wake: (() => void) | undefined;
  channel.port1.onmessage = () => {
    const resolve = wake;
    wake = undefined;
    resolve?.();
  };
  return {
    next: () =>
      new Promise<void>((resolve) => {
        wake = resolve;
        channel.port2.postMessage(null);
      }),
    close: () => channel.port1.close(),
  };
}

/** `promise`, or PackageCancelled as soon as `signal` aborts ('Annulla' while the last page of sales is on its way). */
function untilAborted<T>(promise: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return promise;
  if (signal.aborted) return Promise.reject(new PackageCancelled());
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(new PackageCancelled());
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

/** Writes the planned files into a streaming ZIP. Resolves with the problems of the plan and of the writing. */
export async function writePackage(plan: PackagePlan, options: WriteOptions): Promise<{ problems: PackageProblem[]; files: number; bytes: number }> {
  let failure: Error | undefined;
  let bytes = 0;
  const zip = new Zip((error, chunk, final) => {
    if (error) {
      failure = error;
      return;
    }
    bytes += chunk.length;
    options.onChunk(chunk, final);
  });
  // Awaited only after the plan's files: until then its rejection must not count as unhandled.
  options.rest?.catch(() => undefined);
  const mtime = options.now ?? new Date();
  let written = 0;
  let done = 0;
  let lastYield = Date.now();
  const breaths = taskBreaths();
  const writeFiles = async (files: readonly PlannedFile[], total: number) => {
    for (const file of files) {
      if (options.signal?.aborted) throw new PackageCancelled();
      options.onProgress?.({ done, total, folder: file.folder });
      let data: Uint8Array | undefined;
      try {
        data = file.produce();
      } catch (error) {
        if (!file.failed) throw error;
        file.failed(errorText(error));
      }
      if (data) {
        const entry = file.store ? new ZipPassThrough(file.path) : new ZipDeflate(file.path, { level: 6 });
        entry.mtime = mtime;
        zip.add(entry);
        entry.push(data, true);
        written += 1;
      }
      done += 1;
      if (failure) throw failure;
      // A breath for the page (progress bar, 'Annulla') and for the sales' reads every few dozen milliseconds.
      if (Date.now() - lastYield > 40) {
        await breaths.next();
        lastYield = Date.now();
      }
    }
  };
  let total = plan.files.length;
  try {
    await writeFiles(plan.files, options.rest ? Math.max(options.expectedTotal ?? 0, total) : total);
    if (options.rest) {
      const rest = await untilAborted(options.rest, options.signal);
      total = done + rest.length;
      await writeFiles(rest, total);
    }
  } catch (error) {
    zip.terminate();
    throw error;
  } finally {
    breaths.close();
  }
  zip.end();
  if (failure) throw failure;
  options.onProgress?.({ done: total, total, folder: '' });
  return { problems: plan.problems, files: written, bytes };
}
