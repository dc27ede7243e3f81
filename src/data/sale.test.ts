import { describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS as A } from '../../scripts/seed/accounts';
import { isDraftSale, normalizeSale, SALE_METHOD_SPELLINGS, saleMethodKind, toFirestoreSale, type Sale } from './sale';
import { legacyLineIndexes, lineTotal } from './sale-lines';
import { stored, storedCollection } from './test-seed';

const all = storedCollection('Sale').map(({ id, raw }) => ({ id, raw, sale: normalizeSale(id, raw) }));
const sales = all.filter((s) => s.id.startsWith('sale-'));
const sum = (s: Sale) => Math.round(s.lines.reduce((t, l) => t + l.total, 0) * 100) / 100;

describe('Sale converter: lines', () => {
  it('reads the legacy indexed shape into lines', () => {
    const legacy = sales.filter((s) => typeof s.raw.scrapName0 === 'string');
    expect(legacy.length).toBeGreaterThan(100);
    for (const { raw, sale } of legacy) {
      expect(sale.lineSource).toBe('legacy');
      expect(sale.lines.length).toBe(legacyLineIndexes(raw).length);
      expect(sale.lines[0]?.name).toBe(raw.scrapName0);
      // price = sum of line totals minus the sale discount
      expect(sale.price).toBeCloseTo(sum(sale) - (sale.discounts ?? 0), 2);
    }
  });

  it('reads legacy numbers stored as text (12,50; quantity "2"; scrapCount "3")', () => {
    const text = sales.find((s) => typeof s.raw.scrapPrice0 === 'string' && typeof s.raw.scrapCount === 'string');
    expect(text).toBeDefined();
    const { raw, sale } = text!;
    expect(typeof raw.price).toBe('string');
    expect(raw.price).toMatch(/,\d\d$/);
    expect(sale.price).toBe(Number(String(raw.price).replace(',', '.')));
    expect(sale.lines).toHaveLength(Number(raw.scrapCount));
    expect(sale.lines[0]?.unitPrice).toBe(Number(String(raw.scrapPrice0).replace(',', '.')));
    expect(sale.lines[0]?.qty).toBe(Number(String(raw.scrapQuantity0).replace(',', '.')));
    expect(typeof sale.lines[0]?.vatRate).toBe('number');
  });

  it('reads legacy documents without scrapCount', () => {
    const noCount = sales.filter((s) => s.raw.scrapName0 !== undefined && s.raw.scrapCount === undefined);
    expect(noCount.length).toBeGreaterThan(0);
    for (const { raw, sale } of noCount) expect(sale.lines.map((l) => l.name)[0]).toBe(raw.scrapName0);
  });

  it('reads the new lines[] shape, migrated or native', () => {
    const withLines = sales.filter((s) => Array.isArray(s.raw.lines));
    expect(withLines.some((s) => s.sale.migrated)).toBe(true);
    expect(withLines.some((s) => !s.sale.migrated)).toBe(true);
    for (const { raw, sale } of withLines) {
      expect(sale.lineSource).toBe('lines');
      expect(sale.lines).toHaveLength((raw.lines as unknown[]).length);
      expect(sale.totals?.gross).toBeCloseTo(sum(sale), 2);
      expect(sale.payment?.method).toBe(sale.method);
      expect(sale.taxBreakdown?.length).toBeGreaterThan(0);
      const first = sale.lines[0]!;
      expect(first.name).not.toBe('');
      expect(first.code).toMatch(/^[A-Z]{2}\d{3}$/);
      expect(first.barcode).toMatch(/^\d{13}$/);
      expect(first.unitOfMeasure).toBe('pz');
    }
  });

  it('gives one clean line list whatever the shape', () => {
    const legacy = normalizeSale('a', { scrapCount: 1, scrapName0: 'Taleggio', scrapPrice0: '4,20', scrapQuantity0: '2', scrapIva0: '4', scrapCategory0: 'Formaggi', scrapCode0: 'BV003', scrapDiscount0: '10' });
    const lines = normalizeSale('b', {
      lines: [{ lineId: 'L1', productSnapshot: { name: 'Taleggio', code: 'BV003', vatRate: 4, unitOfMeasure: 'pz' }, qty: 2, unitPrice: 4.2, lineDiscount: 10, scrapCategory: 'Formaggi', total: 7.56 }],
    });
    const items = normalizeSale('c', { items: [{ description: 'Taleggio', code: 'BV003', quantity: 2, price: 4.2, iva: 4, discount: 10, category: 'Formaggi' }] });
    const pick = (s: Sale) => s.lines.map(({ name, code, qty, unitPrice, vatRate, discountPercent, total, category }) => ({ name, code, qty, unitPrice, vatRate, discountPercent, total, category }));
    expect(pick(legacy)).toEqual(pick(lines));
    expect(pick(items)).toEqual(pick(lines));
    expect(legacy.lines[0]?.total).toBe(7.56);
    expect([legacy.lineSource, lines.lineSource, items.lineSource]).toEqual(['legacy', 'lines', 'items']);
    expect(legacy.price).toBe(7.56); // no price stored: the sum of the lines
  });

  it('widens a wrong scrapCount to the fields present and skips holes', () => {
    expect(legacyLineIndexes({ scrapCount: 1, scrapName0: 'a', scrapName2: 'c', scrapPrice3: 1 })).toEqual([0, 2, 3]);
    const s = normalizeSale('x', { scrapCount: '2', scrapName0: 'a', scrapPrice0: 1, scrapQuantity0: 'abc' });
    expect(s.lines).toHaveLength(1);
    expect(s.lines[0]?.qty).toBe(1); // unreadable quantity reads as 1
  });

  it('lineTotal applies the percentage discount with 2-decimal rounding', () => {
    expect(lineTotal(2.675, 1, 0)).toBe(2.68);
    expect(lineTotal(8.9, 3, 10)).toBe(24.03);
  });
});

describe('Sale converter: methods, POS answers, drafts', () => {
  it('covers every payment method variant', () => {
    const methods = new Set(sales.map((s) => s.sale.method));
    for (const m of ['contanti', 'Contanti', 'bancomat', 'Bancomat', 'fatture', 'preconto', 'Fattura']) expect(methods).toContain(m);
    expect(saleMethodKind('Bancomat')).toBe('bancomat');
    expect(saleMethodKind('Fattura')).toBe('fatture');
    expect(saleMethodKind('fatture')).toBe('fatture');
    expect(saleMethodKind('Nota di Credito')).toBe('nota-di-credito');
    expect(saleMethodKind(' PRECONTO ')).toBe('preconto');
    expect(saleMethodKind('satispay')).toBe('altro');
    expect(normalizeSale('x', { payment: { method: 'Contanti' } }).methodKind).toBe('contanti');
  });

  it('reads voided sales, employees, automatic and manual POS answers', () => {
    expect(sales.some((s) => s.sale.isVoid)).toBe(true);
    expect(sales.some((s) => s.sale.employeeId === 'emp-ruoli-giulia')).toBe(true);
    const auto = sales.find((s) => s.sale.posAnswer?.msgCode === 'A');
    expect(auto?.sale.posAnswer).toMatchObject({ approved: true, extra: { terminalId: expect.any(String) as unknown } });
    expect(auto?.sale.posAnswer?.authCode).toMatch(/^\d{6}$/);
    const manual = sales.find((s) => s.sale.isManualBancomatSale);
    expect(manual?.sale.manualSaleReason).toBeTruthy();
    expect(manual?.sale.posAnswer).toMatchObject({ msgCode: 'B', acquirer: 'MANUAL_BANCOMAT' });
    expect(sales.some((s) => !s.sale.isManualBancomatSale && s.sale.posAnswer?.msgCode === 'B')).toBe(true);
    expect(sales.some((s) => !s.sale.isManualBancomatSale && s.sale.posAnswer?.acquirer === 'MANUAL_BANCOMAT')).toBe(true);
    const cash = sales.find((s) => s.sale.cashmaticAnswer);
    expect(cash?.sale.cashmaticAnswer?.inserted).toBeGreaterThanOrEqual(cash!.sale.price);
  });

  it('keeps an empty invoiceUUID apart from a missing one', () => {
    const draft = normalizeSale('draft-negozio-43', stored('Sale', 'draft-negozio-43'));
    expect(draft.invoiceUUID).toBe('');
    expect(isDraftSale(draft)).toBe(true);
    expect(draft.invoiceNumber).toMatch(/^huG8G-\d{4}-43$/);
    expect(draft).toMatchObject({ method: 'Fattura', customerId: 'cust-negozio-01', shopId: A.owner.uid, deleted: false, lineSource: 'items' });
    expect(draft.invoicePayload).toBeUndefined();
    const pos = sales[0]!.sale;
    expect(pos.invoiceUUID).toBeUndefined();
    expect(isDraftSale(pos)).toBe(false);
  });

  it('reads every draft variant of document 2 §3', () => {
    const get = (id: string) => normalizeSale(id, stored('Sale', id));
    expect(get('draft-negozio-42').invoicePayload).toMatch(/^<\?xml/);
    expect(get('draft-negozio-45')).toMatchObject({ invoiceUUID: 'grouped', invoiceGrouped: 'draft-negozio-44' });
    const pa = get('draft-negozio-46');
    expect(stored('Sale', 'draft-negozio-46').dueDate).toBeUndefined();
    expect(pa.dueDate).toMatch(/^\d{4}-\d{2}-\d{2}$/); // from dataScadenzaPagamento
    expect(pa.customer).toMatchObject({ id: 'cust-negozio-05', codiceDestinatario: 'UFY9MH', partitaIva: expect.stringMatching(/^\d{11}$/) as unknown });
    expect(pa.paymentMethod).toBe('MP23');
    expect(get('draft-negozio-47')).toMatchObject({ customerId: 'cust-negozio-08', customer: undefined });
    const pos = get('draft-negozio-48');
    expect(pos).toMatchObject({ invoiceNumber: '48', lineSource: 'legacy' });
    expect(get('draft-negozio-31-r1').invoiceNumber).toMatch(/-31-R1$/);
    expect(get('draft-negozio-31-r1').originalInvoiceUUID).toMatch(/^[0-9a-f-]{36}$/);
    expect(get('draft-negozio-nc-2')).toMatchObject({ method: 'Nota di Credito', methodKind: 'nota-di-credito', invoiceUUID: '' });
    expect(get('draft-negozio-26')).toMatchObject({ deleted: true, permanentlyDeleted: false });
    expect(get('draft-negozio-26').deletedAt).toBeInstanceOf(Date);
    expect(get('draft-negozio-25')).toMatchObject({ deleted: true, permanentlyDeleted: true });
    expect(get('draft-negozio-25').permanentlyDeletedAt).toBeInstanceOf(Date);
    const sent = all.filter((s) => s.id.startsWith('inv-negozio-'));
    expect(sent.length).toBeGreaterThan(10);
    expect(sent.some((s) => s.sale.methodKind === 'nota-di-credito' && s.sale.invoiceUUID)).toBe(true);
  });

  it('reads the customer stored as an id string', () => {
    expect(normalizeSale('x', { customer: 'c1' }).customerId).toBe('c1');
    expect(normalizeSale('x', { customer: { id: 'c2', ragioneSociale: 'X' } }).customerId).toBe('c2');
  });
});

describe('Sale converter: writing', () => {
  it('writes each shape back as it was read', () => {
    const legacy = sales.find((s) => s.sale.lineSource === 'legacy')!;
    const w = toFirestoreSale(legacy.sale);
    expect(w.scrapCount).toBe(legacy.sale.lines.length);
    expect(w.scrapName0).toBe(legacy.sale.lines[0]?.name);
    expect(w).not.toHaveProperty('lines');
    const modern = sales.find((s) => s.sale.lineSource === 'lines')!;
    const m = toFirestoreSale(modern.sale);
    expect(m).not.toHaveProperty('scrapCount');
    expect((m.lines as Record<string, unknown>[])[0]).toMatchObject({ scrapName: modern.sale.lines[0]?.name, productSnapshot: { name: modern.sale.lines[0]?.name } });
    const draft = toFirestoreSale(normalizeSale('d', stored('Sale', 'draft-negozio-43')));
    expect(draft).toMatchObject({ invoiceUUID: '', deleted: false, method: 'Fattura' });
    expect(Array.isArray(draft.items)).toBe(true);
  });

  it('round-trips every seeded sale, draft and credit note', () => {
    for (const { id, sale } of all) {
      expect(normalizeSale(id, toFirestoreSale(sale))).toEqual(sale);
    }
  });
});

describe('SALE_METHOD_SPELLINGS', () => {
  it('every spelling the dashboard queries belongs to its family', () => {
    for (const [kind, spellings] of Object.entries(SALE_METHOD_SPELLINGS)) {
      for (const spelling of spellings) expect(saleMethodKind(spelling)).toBe(kind);
    }
  });
});
