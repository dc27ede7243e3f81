import { describe, expect, it } from 'vitest';
import { ddtPdfFileName, renderDdtPdf, type DdtPdfView } from './pdf';

const view: DdtPdfView = {
  number: '11/7', date: '05/03/2026', state: 'Confermato',
  sender: { name: 'Bottega Verdi', lines: ['Via Roma 1', '20121 Milano (MI)', 'P.IVA 01234567890'] },
  recipient: { name: 'Trattoria Da Gino S.r.l.', lines: ['Via Lodovico il Moro 12'] },
  destination: { name: 'Magazzino', lines: ['Via Giambellino 140'] },
  causale: 'Conto visione', transportBy: 'Vettore', carrier: { name: 'Trasporti Lombardi', lines: ['P.IVA 03344550961'] }, porto: 'Assegnato',
  aspetto: 'Scatole', colli: 3, peso: 14.75, transportStart: '05/03/2026 10:30',
  lines: [{ code: 'BV001', description: 'Parmigiano 24 mesi', um: 'PZ', quantity: 2, unitPrice: 12.5, vatRate: 10 }],
  withPrices: true, notes: 'Fragile',
};

function text(withPrices: boolean): string {
  return renderDdtPdf({ ...view, withPrices }).output();
}

describe('DDT PDF', () => {
  it('carries number, parties, destination, causale, transport, lines, notes and the signature boxes', () => {
    const pdf = text(true);
    for (const t of ['DDT n. 11/7', 'Bottega Verdi', 'Trattoria Da Gino S.r.l.', 'Via Giambellino 140', 'Conto visione', 'Trasporti Lombardi', 'Assegnato',
      'Parmigiano 24 mesi', 'Totale', 'Fragile', 'Firma del conducente / vettore', 'Firma del destinatario']) {
      expect(pdf, t).toContain(t);
    }
  });

  it('leaves the prices out when asked', () => {
    const pdf = text(false);
    expect(pdf).toContain('Parmigiano 24 mesi');
    expect(pdf).not.toContain('Totale');
    expect(pdf).not.toContain('Prezzo');
  });

  it('names the file after number and date', () => {
    expect(ddtPdfFileName('11/7', '05/03/2026')).toBe('DDT_11-7_2026-03-05.pdf');
  });
});
