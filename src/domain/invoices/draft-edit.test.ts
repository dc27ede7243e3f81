import { describe, expect, it } from 'vitest';
import { checkDraftEdit, cleanDraftEdit, defaultPaymentCondition, planMerge, receiptPaymentMethod, type DraftEditValues } from './draft-edit';

const base: DraftEditValues = { number: 'ABCDE-2026-5', date: '2026-11-20', dueDate: '', paymentCondition: 'TP02', paymentMethod: 'MP05', esigibilita: 'I', codiceDestinatario: '', cig: '', cup: '', codiceCommessa: '' };

describe('Modifica Bozza', () => {
  it('requires every field except the due date', () => {
    expect(checkDraftEdit(base)).toEqual({});
    expect(Object.keys(checkDraftEdit({ ...base, number: ' ', date: '', paymentMethod: 'XX', paymentCondition: '', esigibilita: '' })).sort()).toEqual(['date', 'esigibilita', 'number', 'paymentCondition', 'paymentMethod']);
    expect(checkDraftEdit({ ...base, dueDate: '2026-11-01' }).dueDate).toBe('La scadenza non può precedere la data del documento.');
  });
  it("saves an empty recipient code as '0000000'", () => {
    expect(cleanDraftEdit(base).codiceDestinatario).toBe('0000000');
    expect(cleanDraftEdit({ ...base, codiceDestinatario: 'm5uxcr1' }).codiceDestinatario).toBe('M5UXCR1');
  });
  it("forces 'S' with MP23, where CIG, CUP and commessa are optional and kept", () => {
    const pa = { ...base, paymentMethod: 'MP23', esigibilita: '', cig: ' Z123 ', cup: '', codiceCommessa: '' };
    expect(checkDraftEdit(pa)).toEqual({});
    expect(cleanDraftEdit(pa)).toMatchObject({ esigibilita: 'S', cig: 'Z123' });
    expect(cleanDraftEdit({ ...base, cig: 'Z123' }).cig).toBe('');
  });
});

describe('Unisci Fatture', () => {
  it('keeps the newest draft with every line and the exact total', () => {
    const d = (id: string, day: number, totals: number[]) => ({ id, date: new Date(2026, 10, day), lines: totals.map((total) => ({ total })) });
    const plan = planMerge([d('old', 1, [0.1]), d('new', 3, [0.2, 1]), d('mid', 2, [2])]);
    expect(plan.survivor.id).toBe('new');
    expect(plan.others.map((o) => o.id)).toEqual(['mid', 'old']);
    expect(plan.lines.map((l) => l.total)).toEqual([0.2, 1, 2, 0.1]);
    expect(plan.total).toBe(3.3);
    expect(() => planMerge([d('a', 1, [1])])).toThrow();
  });
});

describe('the terms a draft starts with', () => {
  it('TP02 for an invoice of a receipt (already paid), TP01 otherwise; the receipt means of payment', () => {
    expect(defaultPaymentCondition({ sourceSaleId: 's1' })).toBe('TP02');
    expect(defaultPaymentCondition({})).toBe('TP01');
    expect([receiptPaymentMethod('contanti'), receiptPaymentMethod('Bancomat'), receiptPaymentMethod('carta'), receiptPaymentMethod('Satispay')]).toEqual(['MP01', 'MP08', 'MP08', 'MP01']);
  });
});
