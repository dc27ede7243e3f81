/**
 * riepilogo-iva.pdf: the VAT summary of the package (vat-summary.ts) on one A4 page or more, drawn with jsPDF +
 * jspdf-autotable like the app's other PDFs, marked as indicative. Load with the package (jspdf is heavy).
 */
import { a4Document } from '@/domain/pdf/a4-document';
import { autoTable, type RowInput } from 'jspdf-autotable';
import { formatMoney, pdfText } from '@/domain/fatturapa/pdf-format';
import { balanceLine, uninvoicedNote, VAT_SECTIONS, VAT_SECTION_LABEL, vatLineLabel, type UninvoicedSales, type VatSummary } from './vat-summary';

export interface SummaryPdfMeta {
  shopName: string;
  vatNumber: string;
  period: string;
  invoicesExcluded?: string;
  uninvoiced?: UninvoicedSales;
}

const MARGIN = 14;
const money = (c: number) => formatMoney(c / 100);

export function renderVatSummaryPdf(summary: VatSummary, meta: SummaryPdfMeta): Uint8Array {
  const doc = a4Document();
  doc.setProperties({ title: pdfText(`Riepilogo IVA ${meta.period}`), creator: 'Back office' });
  doc.setFont('helvetica', 'bold').setFontSize(15);
  doc.text(pdfText(`Riepilogo IVA - ${meta.period}`), MARGIN, 18);
  doc.setFont('helvetica', 'normal').setFontSize(10);
  doc.text(pdfText(`${meta.shopName} - P.IVA ${meta.vatNumber}`), MARGIN, 25);
  doc.setTextColor(160, 0, 0).setFontSize(9);
  doc.text(pdfText('INDICATIVO: non sostituisce la liquidazione periodica IVA.'), MARGIN, 31);
  doc.setTextColor(0, 0, 0);
  let y = 36;
  if (meta.invoicesExcluded) {
    const lines = doc.splitTextToSize(pdfText(`Fatture non incluse: ${meta.invoicesExcluded}`), 182) as string[];
    doc.text(lines, MARGIN, y);
    y += lines.length * 4 + 2;
  }
  if (meta.uninvoiced && meta.uninvoiced.count > 0) {
    doc.setTextColor(160, 0, 0);
    const lines = doc.splitTextToSize(pdfText(uninvoicedNote(meta.uninvoiced, money)), 182) as string[];
    doc.text(lines, MARGIN, y);
    doc.setTextColor(0, 0, 0);
    y += lines.length * 4 + 2;
  }
  const body: RowInput[] = [];
  for (const section of VAT_SECTIONS) {
    body.push([{ content: pdfText(VAT_SECTION_LABEL[section]), colSpan: 4, styles: { fontStyle: 'bold', fillColor: [230, 236, 243] } }]);
    for (const l of summary.lines.filter((x) => x.section === section)) {
      body.push([pdfText(vatLineLabel(l)), String(l.documents), money(l.taxableCents), money(l.taxCents)]);
    }
    const t = summary.totals[section];
    body.push([{ content: 'Totale', styles: { fontStyle: 'bold' } }, '', money(t.taxableCents), money(t.taxCents)]);
  }
  autoTable(doc, {
    startY: y, head: [['Aliquota o natura', 'Documenti', 'Imponibile', 'Imposta']], body, theme: 'grid',
    styles: { fontSize: 9, cellPadding: 1.5 }, headStyles: { fillColor: [31, 78, 121] },
    columnStyles: { 1: { halign: 'right' }, 2: { halign: 'right' }, 3: { halign: 'right' } }, margin: { left: MARGIN, right: MARGIN },
  });
  y = ((doc as unknown as { lastAutoTable?: { finalY?: number } }).lastAutoTable?.finalY ?? y) + 6;
  autoTable(doc, {
    startY: y, head: [['Liquidazione (indicativa)', 'Importo']], theme: 'grid', styles: { fontSize: 10, cellPadding: 1.8 }, headStyles: { fillColor: [31, 78, 121] },
    body: [
      ['IVA a debito (corrispettivi e fatture emesse)', money(summary.vatDueCents)],
      ['IVA detraibile (fatture ricevute)', money(summary.vatDeductibleCents)],
      [{ content: balanceLine(summary).label, styles: { fontStyle: 'bold' } }, { content: money(balanceLine(summary).cents), styles: { fontStyle: 'bold' } }],
    ],
    columnStyles: { 1: { halign: 'right' } }, margin: { left: MARGIN, right: MARGIN },
  });
  return new Uint8Array(doc.output('arraybuffer'));
}
