/**
 * Printable delivery note (DPR 472/96): A4 portrait in millimetres, drawn with jsPDF + jspdf-autotable. Sender and
 * recipient, destination, number and date, causale, transport (by whom, carrier, porto, start), goods (aspetto,
 * colli, peso), lines with or without prices, notes, and boxes for the signatures of driver and recipient.
 * Load with `import()`: jspdf is a heavy library.
 */
import type { jsPDF } from 'jspdf';
import { a4Document } from '@/domain/pdf/a4-document';
import { autoTable, type RowInput } from 'jspdf-autotable';
import { formatMoney, formatNumber, pdfText } from '@/domain/fatturapa/pdf-format';
import { ddtTotalCents, lineTotalCents } from './ddt';

export interface DdtPdfParty {
  name: string;
  lines: string[];
}

export interface DdtPdfView {
  number: string;
  /** dd/MM/yyyy */
  date: string;
  state: string;
  sender: DdtPdfParty;
  recipient: DdtPdfParty;
  destination?: DdtPdfParty;
  causale: string;
  transportBy: string;
  carrier?: DdtPdfParty;
  porto: string;
  aspetto: string;
  colli?: number;
  peso?: number;
  /** dd/MM/yyyy HH:mm */
  transportStart?: string;
  lines: { code: string; description: string; um: string; quantity: number; unitPrice?: number; vatRate?: number }[];
  withPrices: boolean;
  notes: string;
}

const PAGE_WIDTH = 210;
const MARGIN = 14;
const CONTENT_WIDTH = PAGE_WIDTH - 2 * MARGIN;

function tableEndY(doc: jsPDF, fallback: number): number {
  return (doc as unknown as { lastAutoTable?: { finalY?: number } }).lastAutoTable?.finalY ?? fallback;
}

function partyBox(doc: jsPDF, x: number, y: number, width: number, title: string, party: DdtPdfParty): number {
  doc.setFont('helvetica', 'bold').setFontSize(8).setTextColor(90, 90, 90);
  doc.text(pdfText(title.toUpperCase()), x + 2, y + 4);
  doc.setTextColor(0, 0, 0).setFontSize(10);
  const name = doc.splitTextToSize(pdfText(party.name), width - 4) as string[];
  doc.text(name, x + 2, y + 9);
  let bottom = y + 9 + name.length * 4.5;
  doc.setFont('helvetica', 'normal').setFontSize(9);
  for (const line of party.lines.filter(Boolean)) {
    const wrapped = doc.splitTextToSize(pdfText(line), width - 4) as string[];
    doc.text(wrapped, x + 2, bottom);
    bottom += wrapped.length * 4;
  }
  return bottom;
}

export function renderDdtPdf(view: DdtPdfView): jsPDF {
  const doc = a4Document();
  doc.setProperties({ title: pdfText(`DDT ${view.number}`), creator: 'Back office' });

  doc.setFont('helvetica', 'bold').setFontSize(15);
  doc.text('Documento di trasporto', MARGIN, 18);
  doc.setFontSize(12);
  doc.text(pdfText(`DDT n. ${view.number}`), PAGE_WIDTH - MARGIN, 16, { align: 'right' });
  doc.setFont('helvetica', 'normal').setFontSize(10);
  doc.text(`Data: ${view.date}`, PAGE_WIDTH - MARGIN, 22, { align: 'right' });
  doc.setFontSize(8).setTextColor(90, 90, 90);
  doc.text('D.P.R. 472/1996', MARGIN, 23);
  if (view.state === 'Annullato') {
    doc.setTextColor(180, 0, 0).setFont('helvetica', 'bold').setFontSize(12);
    doc.text('ANNULLATO', PAGE_WIDTH / 2, 22, { align: 'center' });
    doc.setFont('helvetica', 'normal');
  }
  doc.setTextColor(0, 0, 0);

  const half = (CONTENT_WIDTH - 4) / 2;
  const top = 28;
  const left = partyBox(doc, MARGIN, top, half, 'Mittente', view.sender);
  const right = partyBox(doc, MARGIN + half + 4, top, half, 'Destinatario', view.recipient);
  const boxBottom = Math.max(left, right) + 1;
  doc.setDrawColor(170, 170, 170).rect(MARGIN, top, half, boxBottom - top).rect(MARGIN + half + 4, top, half, boxBottom - top);
  let y = boxBottom + 3;
  if (view.destination) {
    const bottom = partyBox(doc, MARGIN, y, CONTENT_WIDTH, 'Luogo di destinazione', view.destination) + 1;
    doc.rect(MARGIN, y, CONTENT_WIDTH, bottom - y);
    y = bottom + 3;
  }

  const transport: RowInput[] = [
    [
      { content: `Causale del trasporto\n${pdfText(view.causale)}` },
      { content: `Trasporto a cura del\n${pdfText(view.transportBy)}` },
      { content: `Porto\n${pdfText(view.porto)}` },
      { content: `Inizio trasporto\n${view.transportStart ?? ''}` },
    ],
    [
      { content: `Aspetto esteriore dei beni\n${pdfText(view.aspetto)}` },
      { content: `N. colli\n${view.colli ?? ''}` },
      { content: `Peso (kg)\n${view.peso === undefined ? '' : formatNumber(view.peso, 3)}` },
      { content: view.carrier ? `Vettore\n${pdfText([view.carrier.name, ...view.carrier.lines].filter(Boolean).join(' - '))}` : '' },
    ],
  ];
  autoTable(doc, { startY: y, body: transport, theme: 'grid', styles: { fontSize: 8.5, cellPadding: 1.5 }, margin: { left: MARGIN, right: MARGIN } });
  y = tableEndY(doc, y) + 4;

  const head = view.withPrices ? [['Codice', 'Descrizione', 'U.M.', 'Quantità', 'Prezzo', 'IVA %', 'Importo']] : [['Codice', 'Descrizione', 'U.M.', 'Quantità']];
  const body: RowInput[] = view.lines.map((l) => {
    const base = [pdfText(l.code), pdfText(l.description), pdfText(l.um), formatNumber(l.quantity, 3)];
    if (!view.withPrices) return base;
    const amount = l.unitPrice === undefined ? '' : formatMoney(lineTotalCents(l) / 100);
    return [...base, l.unitPrice === undefined ? '' : formatMoney(l.unitPrice), l.vatRate === undefined ? '' : formatNumber(l.vatRate, 2), amount];
  });
  autoTable(doc, {
    startY: y, head, body, theme: 'striped', styles: { fontSize: 9, cellPadding: 1.5 }, headStyles: { fillColor: [31, 78, 121] },
    columnStyles: view.withPrices ? { 3: { halign: 'right' }, 4: { halign: 'right' }, 5: { halign: 'right' }, 6: { halign: 'right' } } : { 3: { halign: 'right' } },
    margin: { left: MARGIN, right: MARGIN },
  });
  y = tableEndY(doc, y) + 4;
  if (view.withPrices) {
    const total = ddtTotalCents(view.lines);
    doc.setFont('helvetica', 'bold').setFontSize(10);
    doc.text(`Totale: ${formatMoney(total / 100)}`, PAGE_WIDTH - MARGIN, y + 2, { align: 'right' });
    doc.setFont('helvetica', 'normal');
    y += 7;
  }
  if (view.notes.trim()) {
    doc.setFontSize(9);
    const wrapped = doc.splitTextToSize(pdfText(`Note: ${view.notes}`), CONTENT_WIDTH) as string[];
    doc.text(wrapped, MARGIN, y + 2);
    y += wrapped.length * 4 + 3;
  }

  // Signatures: at the bottom of the last page (a new page when the lines leave no room).
  const boxHeight = 24;
  let sigY = 297 - MARGIN - boxHeight;
  if (y > sigY - 4) {
    doc.addPage();
    sigY = 30;
  }
  const third = (CONTENT_WIDTH - 8) / 3;
  ['Firma del mittente', 'Firma del conducente / vettore', 'Firma del destinatario'].forEach((label, i) => {
    const x = MARGIN + i * (third + 4);
    doc.setDrawColor(120, 120, 120).rect(x, sigY, third, boxHeight);
    doc.setFontSize(8).setTextColor(90, 90, 90).text(label, x + 2, sigY + 4);
  });
  doc.setTextColor(0, 0, 0);
  return doc;
}

export function ddtPdfFileName(number: string, date: string): string {
  return `DDT_${number.replace(/[^A-Za-z0-9-]+/g, '-')}_${date.split('/').reverse().join('-')}.pdf`;
}
