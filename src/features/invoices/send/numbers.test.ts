import { describe, expect, it } from 'vitest';
import { planNumbers, type NumberingDraft } from './numbers';

const SHOP = 'AbCdEfGh';
const d = (id: string, invoiceNumber?: string, creditNote = false): NumberingDraft => ({ id, invoiceNumber, creditNote, year: 2026 });
const used = (entries: Record<string, string>) => new Map(Object.entries(entries));

describe('planNumbers', () => {
  it('numbers drafts without a number from the counter, one after the other, and moves the counter', () => {
    const plan = planNumbers(SHOP, [d('a'), d('b')], { nextInvoice: 12, lastCreditNote: 0 }, used({}));
    expect([...plan.numbers.values()]).toEqual(['AbCdE-2026-12', 'AbCdE-2026-13']);
    expect(plan.counters.nextInvoice).toBe(14);
    expect(plan.changed).toEqual({ nextInvoice: true, lastCreditNote: false });
  });

  it('skips numbers already used by other sales (a reissued -R1 keeps its base taken)', () => {
    const plan = planNumbers(SHOP, [d('a')], { nextInvoice: 12, lastCreditNote: 0 }, used({ x: 'AbCdE-2026-12', y: 'abcde-2026-13-R1' }));
    expect(plan.numbers.get('a')).toBe('AbCdE-2026-14');
    expect(plan.counters.nextInvoice).toBe(15);
  });

  it('keeps a draft\'s own free number (even when the same sale is in the used list) and does not move the counter', () => {
    const plan = planNumbers(SHOP, [d('a', 'AbCdE-2026-7-R1')], { nextInvoice: 12, lastCreditNote: 0 }, used({ a: 'AbCdE-2026-7-R1', z: 'AbCdE-2026-7' }));
    expect(plan.numbers.get('a')).toBe('AbCdE-2026-7-R1');
    expect(plan.changed.nextInvoice).toBe(false);
  });

  it('increments a typed duplicate until free, without the counter; a duplicate inside the batch too', () => {
    const plan = planNumbers(SHOP, [d('a', 'X-1'), d('b', 'X-1'), d('c', 'Y-2'), d('e', 'FT/2026/009')], { nextInvoice: 3, lastCreditNote: 0 }, used({ q: 'Y-2', r: 'Y-3', s: 'ft/2026/009', t: 'FT/2026/010-R1' }));
    expect([...plan.numbers.entries()]).toEqual([['a', 'X-1'], ['b', 'X-2'], ['c', 'Y-4'], ['e', 'FT/2026/011']]);
    expect(plan.changed.nextInvoice).toBe(false);
  });

  it('a typed number without digits taken gets -2, -3…', () => {
    expect(planNumbers(SHOP, [d('a', 'ACCONTO')], { nextInvoice: 3, lastCreditNote: 0 }, used({ q: 'ACCONTO', r: 'ACCONTO-2' })).numbers.get('a')).toBe('ACCONTO-3');
  });

  it("a number found only in an issued Invoice's payload is taken too", () => {
    const plan = planNumbers(SHOP, [d('a')], { nextInvoice: 12, lastCreditNote: 0 }, used({ 'invoice:uuid-pos': 'AbCdE-2026-12' }));
    expect(plan.numbers.get('a')).toBe('AbCdE-2026-13');
  });

  it('formats a purely numeric number and moves it up until free, without touching the counter', () => {
    expect(planNumbers(SHOP, [d('a', '5')], { nextInvoice: 40, lastCreditNote: 0 }, used({})).numbers.get('a')).toBe('AbCdE-2026-5');
    const plan = planNumbers(SHOP, [d('a', ' 5 ')], { nextInvoice: 40, lastCreditNote: 0 }, used({ q: 'AbCdE-2026-5' }));
    expect(plan.numbers.get('a')).toBe('AbCdE-2026-6');
    expect(plan.changed.nextInvoice).toBe(false);
  });

  it('numbers a credit note without a number from the credit-note counter', () => {
    const plan = planNumbers('ab', [d('n', undefined, true)], { nextInvoice: 3, lastCreditNote: 0 }, used({}));
    expect(plan.numbers.get('n')).toBe('000ab-2026-NC-1');
    expect(plan.counters).toEqual({ nextInvoice: 3, lastCreditNote: 1 });
    expect(plan.changed).toEqual({ nextInvoice: false, lastCreditNote: true });
  });
});
