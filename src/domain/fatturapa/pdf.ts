/**
 * Printable invoice: A4 portrait in millimetres, drawn with jsPDF + jspdf-autotable from an InvoiceView.
 * Seller and buyer blocks, document type and number, line table, VAT summary, payment details, total.
 * Dates dd/mm/yy, amounts in the Italian format with the currency symbol.
 */
import type { jsPDF } from 'jspdf';
import { a4Document } from '@/domain/pdf/a4-document';
import { autoTable, type RowInput, type UserOptions } from 'jspdf-autotable';
import type { BuyerView, InvoiceView, LineView, PartyView, SellerView } from './invoice-view';
import { formatMoney, formatNumber, formatShortDate, pdfText } from './pdf-format';

export { attachedPdf, invoicePdfFileName, type AttachedPdf } from './pdf-format';

const PAGE_WIDTH = 210;
const MARGIN = 14;
const CONTENT_WIDTH = PAGE_WIDTH - 2 * MARGIN;
const GREY: [number, number, number] = [90, 90, 90];

function tableEndY(doc: jsPDF, fallback: number): number {
  return (doc as unknown as { lastAutoTable?: { finalY?: number } }).lastAutoTable?.finalY ?? fallback;
}

function addressLines(p: PartyView): string[] {
  const a = p.address;
  if (!a) return [];
  const street = [a.street, a.streetNumber].filter(Boolean).join(', ');
  const city = [a.cap, a.city, a.province ? `(${a.province})` : ''].filter(Boolean).join(' ');
  return [street, [city, a.nation].filter(Boolean).join(' - ')];
}

function idLines(p: PartyView): string[] {
  const out: string[] = [];
  if (p.vatId) out.push(`P.IVA: ${p.vatId.country}${p.vatId.code}`);
  if (p.codiceFiscale) out.push(`Codice fiscale: ${p.codiceFiscale}`);
  return out;
}

function sellerLines(s: SellerView): string[] {
  return [...idLines(s), ...addressLines(s), ...(s.regimeFiscale ? [`Regime fiscale: ${s.regimeFiscale}`] : [])];
}

function buyerLines(b: BuyerView): string[] {
  const out = [...idLines(b), ...addressLines(b)];
  if (b.codiceDestinatario) out.push(`Codice destinatario: ${b.codiceDestinatario}`);
  if (b.pec) out.push(`PEC: ${b.pec}`);
  return out;
}

/** Draws a titled block of text in a box; returns its bottom y. */
function partyBlock(doc: jsPDF, x: number, y: number, width: number, title: string, name: string, lines: string[]): number {
  doc.setFont('helvetica', 'bold').setFontSize(8).setTextColor(...GREY);
  doc.text(title.toUpperCase(), x + 3, y + 5);
  doc.setTextColor(0, 0, 0).setFontSize(10);
  const nameLines = doc.splitTextToSize(pdfText(name || '-'), width - 6) as string[];
  doc.text(nameLines, x + 3, y + 10);
  let cursor = y + 10 + nameLines.length * 4.5;
  doc.setFont('helvetica', 'normal').setFontSize(8.5);
  for (const line of lines) {
    const wrapped = doc.splitTextToSize(pdfText(line), width - 6) as string[];
    doc.text(wrapped, x + 3, cursor);
    cursor += wrapped.length * 4;
  }
  return cursor;
}

function adjustmentText(l: LineView, currency: string): string {
  return l.adjustments
    .map((a) => {
      const sign = a.type === 'SC' ? '-' : '+';
      if (a.percent !== undefined) return `${sign}${formatNumber(a.percent, 2)}%`;
      if (a.amount !== undefined) return `${sign}${formatMoney(a.amount, currency, 8)}`;
      return a.type;
    })
    .join(' ');
}

const TABLE_BASE: Partial<UserOptions> = {
  margin: { left: MARGIN, right: MARGIN },
  theme: 'grid',
  styles: { font: 'helvetica', fontSize: 8, cellPadding: 1.5, overflow: 'linebreak', valign: 'top' },
  headStyles: { fillColor: [235, 235, 235], textColor: [0, 0, 0], fontStyle: 'bold' },
};

/** Right-aligns the header cells of the given columns, like their values. */
function rightHeads(columns: number[]): Partial<UserOptions> {
  return {
    didParseCell: (data) => {
      if (data.section === 'head' && columns.includes(data.column.index)) data.cell.styles.halign = 'right';
    },
  };
}

function sectionTitle(doc: jsPDF, text: string, y: number): number {
  doc.setFont('helvetica', 'bold').setFontSize(10).setTextColor(0, 0, 0);
  doc.text(text, MARGIN, y);
  return y + 2;
}

/** Renders the invoice; call `.output('arraybuffer')` or `.output('blob')` on the result. */
export function renderInvoicePdf(view: InvoiceView): jsPDF {
  const doc = a4Document();
  const currency = view.currency || 'EUR';
  doc.setProperties({ title: pdfText(`${view.documentTypeLabel} ${view.number}`), creator: 'Back office' });

  // Title: document type and number, date on the right.
  doc.setFont('helvetica', 'bold').setFontSize(16);
  doc.text(pdfText(`${view.documentTypeLabel} n. ${view.number}`), MARGIN, 20);
  doc.setFont('helvetica', 'normal').setFontSize(9).setTextColor(...GREY);
  doc.text(pdfText(`Tipo documento ${view.documentType}${view.format ? ` - formato ${view.format}` : ''}`), MARGIN, 25);
  doc.setTextColor(0, 0, 0).setFontSize(10);
  doc.text(`Data: ${formatShortDate(view.date)}`, PAGE_WIDTH - MARGIN, 20, { align: 'right' });
  if (view.bodyCount > 1) doc.text(`Documento ${view.bodyIndex} di ${view.bodyCount}`, PAGE_WIDTH - MARGIN, 25, { align: 'right' });

  // Seller and buyer side by side.
  const half = (CONTENT_WIDTH - 4) / 2;
  const top = 31;
  const sellerBottom = partyBlock(doc, MARGIN, top, half, 'Cedente / Prestatore', view.seller.name, sellerLines(view.seller));
  const buyerBottom = partyBlock(doc, MARGIN + half + 4, top, half, 'Cessionario / Committente', view.buyer.name, buyerLines(view.buyer));
  const boxBottom = Math.max(sellerBottom, buyerBottom) + 1;
  doc.setDrawColor(180, 180, 180).rect(MARGIN, top, half, boxBottom - top).rect(MARGIN + half + 4, top, half, boxBottom - top);
  let y = boxBottom + 6;

  doc.setFont('helvetica', 'normal').setFontSize(9);
  for (const r of view.relatedDocuments) {
    doc.text(pdfText(`Rif. documento n. ${r.id}${r.date ? ` del ${formatShortDate(r.date)}` : ''}`), MARGIN, y);
    y += 5;
  }
  for (const c of view.causale) {
    const wrapped = doc.splitTextToSize(pdfText(`Causale: ${c}`), CONTENT_WIDTH) as string[];
    doc.text(wrapped, MARGIN, y);
    y += wrapped.length * 4;
  }

  // Lines.
  const lineRows: RowInput[] = view.lines.map((l) => [
    pdfText(l.articleCode ?? String(l.number)),
    pdfText(l.description),
    l.quantity === undefined ? '' : formatNumber(l.quantity),
    pdfText(l.unitOfMeasure ?? ''),
    formatMoney(l.unitPrice, currency, 8),
    pdfText(adjustmentText(l, currency)),
    l.natura ? `${formatNumber(l.vatRate, 2)}% ${l.natura}` : `${formatNumber(l.vatRate, 2)}%`,
    formatMoney(l.total, currency, 8),
  ]);
  autoTable(doc, {
    ...TABLE_BASE,
    startY: y + 1,
    head: [['Cod./N.', 'Descrizione', 'Q.tà', 'U.M.', 'Prezzo unit.', 'Sc./Magg.', 'IVA', 'Totale']],
    body: lineRows,
    columnStyles: {
      0: { cellWidth: 18 },
      1: { cellWidth: 'auto' },
      2: { cellWidth: 14, halign: 'right' },
      3: { cellWidth: 11 },
      4: { cellWidth: 22, halign: 'right' },
      5: { cellWidth: 18, halign: 'right' },
      6: { cellWidth: 16, halign: 'right' },
      7: { cellWidth: 22, halign: 'right' },
    },
    ...rightHeads([2, 4, 5, 6, 7]),
  });
  y = tableEndY(doc, y) + 8;

  // VAT summary.
  y = sectionTitle(doc, 'Riepilogo IVA', y);
  autoTable(doc, {
    ...TABLE_BASE,
    startY: y + 1,
    head: [['Aliquota', 'Natura', 'Imponibile', 'Imposta', 'Esigibilità']],
    body: view.vatSummary.map((s) => [
      `${formatNumber(s.vatRate, 2)}%`,
      pdfText(s.natura ?? ''),
      formatMoney(s.taxable, currency),
      formatMoney(s.tax, currency),
      pdfText(s.esigibilitaLabel ?? s.esigibilita ?? ''),
    ]),
    columnStyles: { 2: { halign: 'right' }, 3: { halign: 'right' } },
    ...rightHeads([2, 3]),
  });
  y = tableEndY(doc, y) + 8;

  // Payment.
  if (view.payments.length > 0) {
    y = sectionTitle(doc, 'Pagamento', y);
    autoTable(doc, {
      ...TABLE_BASE,
      startY: y + 1,
      head: [['Modalità', 'Condizioni', 'Scadenza', 'Importo', 'IBAN']],
      body: view.payments.map((p) => [
        pdfText(`${p.methodLabel} (${p.method})`),
        pdfText(p.conditionLabel ?? p.condition ?? ''),
        formatShortDate(p.dueDate),
        p.amount === undefined ? '' : formatMoney(p.amount, currency),
        pdfText(p.iban ?? ''),
      ]),
      columnStyles: { 3: { halign: 'right' } },
      ...rightHeads([3]),
    });
    y = tableEndY(doc, y) + 8;
  }

  // Total.
  if (y > 275) {
    doc.addPage();
    y = 20;
  }
  doc.setFont('helvetica', 'bold').setFontSize(12).setTextColor(0, 0, 0);
  doc.text(pdfText(`Totale documento: ${formatMoney(view.total, currency)}`), PAGE_WIDTH - MARGIN, y + 2, { align: 'right' });

  // Page numbers.
  const pages = doc.getNumberOfPages();
  for (let p = 1; p <= pages; p++) {
    doc.setPage(p);
    doc.setFont('helvetica', 'normal').setFontSize(8).setTextColor(...GREY);
    doc.text(`Pagina ${p} di ${pages}`, PAGE_WIDTH - MARGIN, 290, { align: 'right' });
  }
  return doc;
}

/** The rendered PDF as bytes. */
export function renderInvoicePdfBytes(view: InvoiceView): Uint8Array {
  return new Uint8Array(renderInvoicePdf(view).output('arraybuffer'));
}
