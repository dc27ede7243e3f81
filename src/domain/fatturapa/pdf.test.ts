import { describe, expect, it } from 'vitest';
import type { InvoiceView } from './invoice-view';
import { attachedPdf, invoicePdfFileName, renderInvoicePdf, renderInvoicePdfBytes } from './pdf';
import { fileNamePart, formatMoney, formatShortDate, pdfText } from './pdf-format';
import { readIncomingJson, readOutgoingXml } from './reader';
import { loadSample, SAMPLE_NAMES } from './test-fixtures';
import { mutate } from './validate-test-kit';

/** Windows-1252 bytes 0x80–0x9F (jsPDF's standard fonts use WinAnsiEncoding). */
const WIN_ANSI_HIGH = '€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008dŽ\u008f\u0090‘’“”•–—˜™š›œ\u009džŸ';

/** The text shown by an uncompressed jsPDF document: every string operand of Tj / TJ, decoded, in order. */
function pdfStrings(bytes: Uint8Array): string[] {
  const raw = Array.from(bytes, (b) => String.fromCharCode(b)).join('');
  const out: string[] = [];
  for (const m of raw.matchAll(/\(((?:\\.|[^\\)])*)\)\s*Tj/g)) {
    const decoded = (m[1] ?? '')
      .replace(/\\([0-7]{1,3})/g, (_s, oct: string) => String.fromCharCode(parseInt(oct, 8)))
      .replace(/\\(.)/g, '$1')
      .replace(/[\x80-\x9f]/g, (c) => WIN_ANSI_HIGH[c.charCodeAt(0) - 0x80] ?? c);
    out.push(decoded);
  }
  return out;
}

function squash(text: string): string {
  return text.replace(/\s+/g, '');
}

function expectShows(strings: string[], ...texts: string[]): void {
  const all = squash(strings.join(''));
  for (const t of texts) expect(all, `PDF text should contain ${t}`).toContain(squash(t));
}

describe('renderInvoicePdf', () => {
  it.each(SAMPLE_NAMES)('sample %s: number, parties, every line, summary, payment and total are in the PDF', (name) => {
    for (const view of readOutgoingXml(loadSample(name))) {
      const bytes = renderInvoicePdfBytes(view);
      expect(String.fromCharCode(...bytes.subarray(0, 5))).toBe('%PDF-');
      const strings = pdfStrings(bytes);
      expectShows(strings, `Fattura n. ${view.number}`, `Data: ${formatShortDate(view.date)}`, view.seller.name, view.buyer.name);
      expectShows(strings, `P.IVA: IT01234567890`, `Codice fiscale: 09876543210`);
      for (const l of view.lines) expectShows(strings, l.description, formatMoney(l.total, 'EUR', 8));
      for (const s of view.vatSummary) expectShows(strings, formatMoney(s.taxable), formatMoney(s.tax));
      expectShows(strings, `Totale documento: ${formatMoney(view.total)}`, formatShortDate(view.payment?.dueDate));
      expect(view.lines.length).toBeGreaterThan(0);
    }
  });

  it('shows amounts in Italian format with the euro sign, dates as dd/mm/yy, accents and special characters', () => {
    const [base] = readOutgoingXml(loadSample('FPA03'));
    if (!base) throw new Error('no view');
    const view: InvoiceView = {
      ...base,
      number: 'ABCDE-2026-7',
      date: '2026-03-05',
      total: 1234.5,
      buyer: { ...base.buyer, name: 'Caffè & Pâtisserie <Più> (Srl)' },
      lines: [{ ...base.lines[0]!, description: 'Perché “sì”: però ł', quantity: 1.5, total: 1234.5 }],
      relatedDocuments: [{ id: 'ABCDE-2026-1', date: '2026-02-28' }],
    };
    const strings = pdfStrings(renderInvoicePdfBytes(view));
    expectShows(strings, 'Fattura n. ABCDE-2026-7', 'Data: 05/03/26', 'Caffè & Pâtisserie <Più> (Srl)', 'Perché “sì”: però ?');
    expectShows(strings, 'Totale documento: 1.234,50 €', '1,5', 'Rif. documento n. ABCDE-2026-1 del 28/02/26');
    expect(strings.join('')).not.toContain('2026-03-05');
  });

  it('is A4 portrait in millimetres and paginates long invoices', () => {
    const [base] = readOutgoingXml(loadSample('FPR01'));
    if (!base) throw new Error('no view');
    const lines = Array.from({ length: 120 }, (_, i) => ({ ...base.lines[0]!, number: i + 1, description: `Articolo numero ${i + 1}` }));
    const doc = renderInvoicePdf({ ...base, lines });
    expect(doc.internal.pageSize.getWidth()).toBeCloseTo(210, 0);
    expect(doc.internal.pageSize.getHeight()).toBeCloseTo(297, 0);
    expect(doc.getNumberOfPages()).toBeGreaterThan(2);
    const strings = pdfStrings(new Uint8Array(doc.output('arraybuffer')));
    expectShows(strings, 'Articolo numero 1', 'Articolo numero 120', `Pagina 1 di ${doc.getNumberOfPages()}`);
  });
});

describe('PDF helpers', () => {
  it('builds the file name from sanitised parts of at most 40 characters', () => {
    const [view] = readOutgoingXml(loadSample('FPR01'));
    if (!view) throw new Error('no view');
    expect(invoicePdfFileName(view)).toBe("Fattura_123_SOCIETA_ALPHA_SRL_to_DITTA_BETA_2014-12-18.pdf");
    const long = invoicePdfFileName({ ...view, number: 'AB/12 ../../x', seller: { ...view.seller, name: 'Società ' + 'Lunghissima '.repeat(10) }, buyer: { ...view.buyer, name: '  ' } });
    expect(long).toBe('Fattura_AB_12_x_Societa_Lunghissima_Lunghissima_Lunghiss_to_ND_2014-12-18.pdf');
    expect('Societa_Lunghissima_Lunghissima_Lunghiss').toHaveLength(40);
    expect(fileNamePart('Società Ł 𝔸 €'.repeat(10)).length).toBeLessThanOrEqual(40);
    expect(fileNamePart('Società Ł 𝔸 €'.repeat(10))).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(fileNamePart('../..')).toBe('ND');
  });

  it('keeps WinAnsi text and replaces the rest', () => {
    expect(pdfText('àèéìòù € “x” — ok')).toBe('àèéìòù € “x” — ok');
    expect(pdfText('Łódź 𝔸\u0007')).toBe('?ódz ? ');
  });

  it('attachedPdf returns the first real, uncompressed PDF attachment', () => {
    const pdfBase64 = btoa('%PDF-1.4\n%%EOF\n');
    const json = JSON.parse(loadSample('FPR01', 'json')) as { fattura_elettronica_body: Record<string, unknown>[] };
    const body = json.fattura_elettronica_body[0] ?? {};
    body.allegati = [
      { nome_attachment: 'zipped.pdf', algoritmo_compressione: 'ZIP', formato_attachment: 'PDF', attachment: 'UEsDBA==' },
      { nome_attachment: 'fake.pdf', formato_attachment: 'PDF', attachment: btoa('not a pdf') },
      { nome_attachment: 'note.txt', attachment: btoa('hello') },
      { nome_attachment: 'Fattura.PDF', attachment: pdfBase64 },
    ];
    const [view] = readIncomingJson(json);
    if (!view) throw new Error('no view');
    const pdf = attachedPdf(view);
    expect(pdf?.name).toBe('Fattura.PDF');
    expect(new TextDecoder().decode(pdf?.bytes)).toBe('%PDF-1.4\n%%EOF\n');
    expect(attachedPdf({ ...view, attachments: [] })).toBeUndefined();
    const xmlView = readOutgoingXml(mutate(loadSample('FPR01'), '</DatiPagamento>', `</DatiPagamento><Allegati><NomeAttachment>a.pdf</NomeAttachment><Attachment>${pdfBase64.replace(/(.{8})/g, '$1\n')}</Attachment></Allegati>`))[0];
    expect(xmlView && attachedPdf(xmlView)?.bytes).toEqual(pdf?.bytes);
  });
});
