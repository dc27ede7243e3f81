/**
 * The month package's reads. Everything is filtered on the shop (`userId`, as the rules require). The
 * preview's documents — the period's invoices by document date, the rejected ones' SDI reason (the ApiLog the invoices
 * screen reads), the confirmed DDTs of the period's years, the closings of /zreport's query (business days) — are
 * read through the cache (lib/firebase-cached-read: a repeat visit pays only what changed); the sales are
 * counted by an aggregation, and read by the build only, in pages of 5,000. What the preview read is kept for the
 * build: the build then reads only the sales and their employees' names.
 */
import { getCountFromServer, getDoc, query, where } from 'firebase/firestore';
import { latestRejectionQuery, type ApiLog } from '@/data/api-log';
import { receiptsBetweenQuery, type SdiReceipt } from '@/data/sdi-receipt';
import { receiptFileName } from '@/data/sdi-receipt-doc';
import { DDT_ISSUED_STATES, ddtsCol, type Ddt } from '@/data/ddt';
import { employeeName } from '@/data/employee-directory';
import { INVOICE_TYPE, periodInvoicesQuery, type Invoice } from '@/data/invoice';
import { isInvoiceOfReceipt, type Sale } from '@/data/sale';
import { businessDayCutoffMinutes, shopDoc, type Shop } from '@/data/shop';
import { reconciliationQueries, type ZReport } from '@/data/z-report';
import type { PackageInvoiceDoc, PackageReceipt, PackageSaleDoc, PackageSources } from '@/domain/month-package/build';
import { periodRange, type PackagePeriod } from '@/domain/month-package/period';
import { businessDay } from '@/domain/zreport/business-day';
import { lastPackageDownload, monthFingerprint, type PackageDownload } from '@/data/month-fingerprint';
import { shopCutoffMinutes } from '@/data/sale-day-summary-reads';
import type { MonthFingerprint } from '@/domain/month-package/fingerprint';
import { readThroughCache } from '@/lib/firebase-cached-read';
import { getDocsInPages } from '@/lib/firebase-pages';
import { formatDate } from '@/lib/format';
import { formatEuro } from '@/domain/money';

const DDT_STATES_IN_PACKAGE = new Set<string>(DDT_ISSUED_STATES);

export interface PreviewDocuments {
  shop: Shop | undefined;
  /** undefined when the invoice folders are left out (no Fatturazione pack): they are not read. */
  invoices?: { outgoing: PackageInvoiceDoc[]; incoming: PackageInvoiceDoc[] };
  ddts: Ddt[];
  closings: ZReport[];
  /** Sale documents of the period (a count: the sales are read only by the build). */
  salesCount: number;
  cutoff: number;
}

function rejectionText(log: ApiLog | undefined): string | undefined {
  const errors = log?.details.errors ?? [];
  return errors.length === 0 ? undefined : errors.map((e) => `${e.code} ${e.description}`.trim()).join('; ');
}

/** Receipts of an invoice of the period arrive after it: up to this many days after the period are read too. */
const RECEIPTS_AFTER_PERIOD_DAYS = 31;

function packageReceipts(receipts: readonly SdiReceipt[]): Map<string, PackageReceipt[]> {
  const byInvoice = new Map<string, PackageReceipt[]>();
  const sorted = [...receipts].sort((a, b) => (a.createdAt?.getTime() ?? 0) - (b.createdAt?.getTime() ?? 0));
  for (const r of sorted) {
    const list = byInvoice.get(r.invoiceId) ?? [];
    list.push({ type: r.type, fileName: receiptFileName(r), ...(r.createdAt ? { createdAt: r.createdAt } : {}), ...(r.xml ? { xml: r.xml } : { missing: r.xmlMissing ?? 'non disponibile' }) });
    byInvoice.set(r.invoiceId, list);
  }
  return byInvoice;
}

async function toPackageInvoice(shopId: string, invoice: Invoice, receipts?: Map<string, PackageReceipt[]>): Promise<PackageInvoiceDoc> {
  const rejection = invoice.type === INVOICE_TYPE.outgoing && invoice.marking === 'rejected' ? rejectionText(await readThroughCache(latestRejectionQuery(shopId, invoice.id)).then((logs) => logs[0], () => undefined)) : undefined;
  // A received invoice's createdAt is the SDI's delivery (the webhook's notification time): its registration date.
  const received = invoice.type === INVOICE_TYPE.incoming ? { receivedXml: invoice.receivedXml, receivedXmlMissing: invoice.receivedXmlMissing, ...(invoice.createdAt ? { receivedAt: invoice.createdAt } : {}) } : {};
  const describedAs = [invoice.date ? `del ${formatDate(invoice.date)}` : undefined, invoice.total === undefined ? undefined : formatEuro(invoice.total)].filter(Boolean).join(', ') || undefined;
  const own = receipts?.get(invoice.id);
  return { id: invoice.id, payload: invoice.payload, marking: invoice.marking, markingRaw: invoice.markingRaw, fileName: invoice.fileName, rejection, saleId: invoice.saleId, describedAs, ...received, ...(own ? { receipts: own } : {}) };
}

export async function loadPreviewDocuments(shopId: string, period: PackagePeriod, withInvoices: boolean): Promise<PreviewDocuments> {
  const { start, end } = periodRange(period);
  const shop = (await getDoc(shopDoc(shopId))).data();
  const cutoff = shop ? businessDayCutoffMinutes(shop) : 0;
  const recon = reconciliationQueries(shopId, { start, end }, cutoff);
  const years = [...new Set([start.getFullYear(), new Date(end.getTime() - 1).getFullYear()])];
  const receiptsEnd = new Date(end.getFullYear(), end.getMonth(), end.getDate() + RECEIPTS_AFTER_PERIOD_DAYS);
  const [outgoing, incoming, ddtSnapshots, closings, salesCount, receipts] = await Promise.all([
    withInvoices ? readThroughCache(periodInvoicesQuery(shopId, INVOICE_TYPE.outgoing, start, end)) : Promise.resolve([]),
    withInvoices ? readThroughCache(periodInvoicesQuery(shopId, INVOICE_TYPE.incoming, start, end)) : Promise.resolve([]),
    Promise.all(years.map((year) => readThroughCache(query(ddtsCol(), where('userId', '==', shopId), where('year', '==', year))))),
    readThroughCache(recon.closings),
    getCountFromServer(recon.sales),
    // A receipt that cannot be read (older rules, the network) leaves the invoices without theirs, never the package.
    withInvoices ? readThroughCache(receiptsBetweenQuery(shopId, start, receiptsEnd)).catch(() => []) : Promise.resolve([]),
  ]);
  const receiptsByInvoice = packageReceipts(receipts);
  const ddts = ddtSnapshots
    .flat()
    .filter((d) => d.kind === 'ddt' && DDT_STATES_IN_PACKAGE.has(d.state) && d.date !== undefined && d.date >= start && d.date < end)
    .sort((a, b) => (a.progressive ?? 0) - (b.progressive ?? 0));
  return {
    shop,
    invoices: withInvoices
      ? { outgoing: await Promise.all(outgoing.map((i) => toPackageInvoice(shopId, i, receiptsByInvoice))), incoming: await Promise.all(incoming.map((i) => toPackageInvoice(shopId, i))) }
      : undefined,
    ddts,
    closings,
    salesCount: salesCount.data().count,
    cutoff,
  };
}

/** What the package keeps of a sale (corrispettivi, vendite.csv): a month of 15,000 is then a few MB, not 50. */
function packageSale(s: Sale): PackageSaleDoc & { employeeId: string } {
  return {
    id: s.id, date: s.date, price: s.price, method: s.method, isVoid: s.isVoid, deleted: s.deleted, invoiceUUID: s.invoiceUUID, sourceSaleId: s.sourceSaleId,
    lines: s.lines.map((l) => ({ total: l.total, vatRate: l.vatRate })),
    taxBreakdown: s.taxBreakdown?.map((r) => ({ vatRate: r.vatRate, gross: r.gross })),
    employeeId: s.employeeId ?? '', employeeName: '',
  };
}

export interface PackageSales {
  sales: PackageSaleDoc[];
  /** The invoices made from the period's receipts (left out of the list): which receipt each documents. */
  receiptInvoices: { sourceSaleId: string; invoiceUUID: string }[];
}

/** The period's sales (business days), as /sales lists them (receipts' invoices left out), with employee names. */
export async function loadPackageSales(shopId: string, period: PackagePeriod, cutoff: number, options: { signal?: AbortSignal; onPage?: (read: number) => void } = {}): Promise<PackageSales> {
  const { start, end } = periodRange(period);
  const receiptInvoices: PackageSales['receiptInvoices'] = [];
  const listed = await getDocsInPages(reconciliationQueries(shopId, { start, end }, cutoff).sales, 'date', {
    signal: options.signal,
    onPage: (docs) => options.onPage?.(docs.length),
    select: (s: Sale) => {
      if (!isInvoiceOfReceipt(s)) return packageSale(s);
      if (s.sourceSaleId && s.invoiceUUID && s.deleted !== true) receiptInvoices.push({ sourceSaleId: s.sourceSaleId, invoiceUUID: s.invoiceUUID });
      return undefined;
    },
  });
  const names = new Map<string, string>();
  await Promise.all([...new Set(listed.map((s) => s.employeeId))].map(async (id) => names.set(id, await employeeName(id || undefined, shopId))));
  for (const s of listed) s.employeeName = names.get(s.employeeId) ?? '';
  return { sales: listed, receiptInvoices };
}

/** The pipeline's sources from the preview's documents (the sales come with the build); the DDT PDFs from /ddt's printer. */
export async function packageSources(period: PackagePeriod, docs: PreviewDocuments, invoicesExcluded: string | undefined): Promise<PackageSources> {
  // The PDF printer (jsPDF) loads with the preview, not with the route; so does the FatturaPA schema, and only for a
  // month with a received invoice that may need its XML written from the provider's JSON (no original kept). A schema
  // that fails to load leaves those invoices as JSON, each with the reason in indice.csv, never the package undone.
  const needsSchema = docs.invoices?.incoming.some((i) => i.receivedXml === undefined) ?? false;
  const [{ ddtPdfView }, { renderDdtPdf }, fatturapaSchema] = await Promise.all([
    import('@/data/ddt-pdf-view'),
    import('@/domain/ddt/pdf'),
    needsSchema ? import('@/lib/fatturapa-xsd').then((m) => m.loadFatturapaSchemaIndex()).catch(() => undefined) : Promise.resolve(undefined),
  ]);
  const shop = docs.shop;
  return {
    shop: { vatNumber: shop?.partitaIva ?? '', name: shop ? shop.ragioneSociale || shop.name : '' },
    period,
    invoices: docs.invoices ?? { excluded: invoicesExcluded ?? 'fatture non disponibili' },
    ddts: docs.ddts.map((d) => {
      const view = ddtPdfView(d, shop, true);
      return { id: d.id, number: view.number, date: d.date, counterpart: view.recipient.name, stateLabel: view.state, renderPdf: () => new Uint8Array(renderDdtPdf(view).output('arraybuffer')) };
    }),
    closings: docs.closings,
    sales: [],
    cutoff: docs.cutoff,
    today: businessDay(new Date(), docs.cutoff),
    fatturapaSchema,
  };
}

/**
 * The period's fingerprint and this person's last download of its package: what says whether the month changed after
 * it was downloaded. Counted before the documents are read, so that a change made meanwhile counts as a change. A
 * failure leaves the note out, never the package.
 */
export async function loadPackageMarks(shopId: string, uid: string | undefined, period: PackagePeriod): Promise<{ fingerprint?: MonthFingerprint; lastDownload?: PackageDownload }> {
  try {
    const cutoff = await shopCutoffMinutes(shopId);
    const [fingerprint, lastDownload] = await Promise.all([monthFingerprint(shopId, period, cutoff), uid ? lastPackageDownload(shopId, uid, period) : Promise.resolve(undefined)]);
    return { fingerprint, ...(lastDownload ? { lastDownload } : {}) };
  } catch (error) {
    console.warn('Pacchetto del mese: confronto con l\'ultimo download non disponibile', error);
    return {};
  }
}
