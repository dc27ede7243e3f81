import { describe, expect, it } from 'vitest';
import { draftLineValues, emptyDraftLine, readDraftLines } from './draft-lines';

describe("the lines 'Modifica Bozza' edits", () => {
  it('reads Italian numbers back to the stored line, with the total in exact cents', () => {
    const values = [
      draftLineValues({ name: 'Penna', qty: 1, unitPrice: 1.3, vatRate: 22, discountPercent: 0 }, 'a'),
      { ...draftLineValues({ name: 'Zaino', qty: 1, unitPrice: 43.5, vatRate: 22, discountPercent: 0 }, 'b'), qty: '2', discountPercent: '10' },
    ];
    expect(values[0]).toMatchObject({ qty: '1', unitPrice: '1,3', vatRate: '22', discountPercent: '' });
    const read = readDraftLines(values);
    expect(read).toMatchObject({ ok: true, totalCents: 130 + 7830 });
    expect(read.ok && read.lines[1]).toMatchObject({ name: 'Zaino', qty: 2, unitPrice: 43.5, discountPercent: 10, total: 78.3 });
  });

  it('keeps an exact gross price (a line rebuilt from an invoice) when it is not touched', () => {
    const read = readDraftLines([draftLineValues({ name: 'Servizio', qty: 100, unitPrice: 0.5002, vatRate: 22, discountPercent: 0 }, 'a')]);
    expect(read.ok && read.lines[0]?.unitPrice).toBe(0.5002);
  });

  it('refuses what the invoice could not carry, naming the field', () => {
    const read = readDraftLines([{ ...emptyDraftLine('a'), qty: '0', unitPrice: 'abc' }, { ...emptyDraftLine('b'), name: 'Libro', unitPrice: '10', vatRate: '0', natura: 'N2' }]);
    expect(read.ok).toBe(false);
    if (read.ok) return;
    expect(read.errors.a).toMatchObject({ name: 'Descrizione obbligatoria.', qty: 'Quantità: deve essere maggiore di zero.' });
    expect(read.errors.a?.unitPrice).toMatch(/^Prezzo:/);
    expect(read.errors.b?.natura).toMatch(/natura/);
    expect(readDraftLines([{ ...emptyDraftLine('b'), name: 'Libro', unitPrice: '10', vatRate: '0', natura: 'n2.2' }])).toMatchObject({ ok: true, lines: [{ natura: 'N2.2', vatRate: 0 }] });
    expect(readDraftLines([])).toMatchObject({ ok: false, message: 'La bozza deve avere almeno una riga.' });
  });
});
