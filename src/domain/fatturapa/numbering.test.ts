import { describe, expect, it } from 'vitest';
import {
  baseInvoiceNumber,
  firstFreeNumber,
  formatCreditNoteNumber,
  formatInvoiceNumber,
  isPurelyNumeric,
  nextInvoiceNumber,
  nextRevisionNumber,
  parseProgressive,
  progressiveOfNumber,
  progressivoInvioFromNumber,
  resolveInvoiceNumber,
  revisionOf,
  userNumberPrefix,
} from './numbering';

describe('number formats', () => {
  it('takes the first 5 characters of the user id, zero padded', () => {
    expect(userNumberPrefix('AbC12xyz789')).toBe('AbC12');
    expect(userNumberPrefix('ab')).toBe('000ab');
    expect(userNumberPrefix('')).toBe('00000');
    expect(formatInvoiceNumber('AbC12xyz789', 2026, 7)).toBe('AbC12-2026-7');
    expect(formatCreditNoteNumber('AbC12xyz789', 2026, 0)).toBe('AbC12-2026-NC-0');
  });
  it('appends or increments the -R suffix', () => {
    expect(nextRevisionNumber('ABCDE-2026-7')).toBe('ABCDE-2026-7-R1');
    expect(nextRevisionNumber('ABCDE-2026-7-R1')).toBe('ABCDE-2026-7-R2');
    expect(nextRevisionNumber('ABCDE-2026-7-R9')).toBe('ABCDE-2026-7-R10');
    expect(nextRevisionNumber(' ABCDE-2026-NC-3 ')).toBe('ABCDE-2026-NC-3-R1');
    expect(baseInvoiceNumber('ABCDE-2026-7-R12')).toBe('ABCDE-2026-7');
    expect(revisionOf('ABCDE-2026-7-R12')).toBe(12);
    expect(revisionOf('ABCDE-2026-7')).toBe(0);
  });
  it('formats a purely numeric progressive and keeps anything else', () => {
    expect(isPurelyNumeric('12')).toBe(true);
    expect(isPurelyNumeric(12)).toBe(true);
    expect(isPurelyNumeric('12a')).toBe(false);
    expect(isPurelyNumeric(1.5)).toBe(false);
    expect(resolveInvoiceNumber(' 12 ', 'userid', 2026)).toBe('useri-2026-12');
    expect(resolveInvoiceNumber(12, 'userid', 2026)).toBe('useri-2026-12');
    expect(resolveInvoiceNumber('useri-2026-12-R1', 'userid', 2026)).toBe('useri-2026-12-R1');
  });
});

describe('parseProgressive', () => {
  it.each([
    [12, 12],
    ['12', 12],
    [' 12 ', 12],
    ['12.0', 12],
    ['12,00', 12],
    [0, 0],
    ['0', 0],
  ])('%j → %i', (v, n) => {
    expect(parseProgressive(v)).toBe(n);
  });
  it.each([[-1], [1.5], ['1.5'], ['abc'], [''], [null], [undefined], [{}], [Number.NaN], ['99999999999999999999']])(
    'rejects %j',
    (v) => {
      expect(parseProgressive(v)).toBeNull();
    },
  );
  it('reads the progressive inside a formatted number', () => {
    expect(progressiveOfNumber('ABCDE-2026-7-R1')).toBe(7);
    expect(progressiveOfNumber('ABCDE-2026-NC-3')).toBe(3);
    expect(progressiveOfNumber('ABC')).toBeNull();
  });
});

describe('firstFreeNumber', () => {
  const format = (n: number): string => formatInvoiceNumber('ABCDE', 2026, n);
  it('returns the base when it is free', () => {
    expect(firstFreeNumber(5, ['ABCDE-2026-4'], format)).toEqual({ number: 'ABCDE-2026-5', progressive: 5 });
  });
  it('increments past numbers used by drafts and sent invoices, including revisions', () => {
    const used = ['ABCDE-2026-5', 'abcde-2026-6', 'ABCDE-2026-7-R2', ' ABCDE-2026-9 ', ''];
    expect(firstFreeNumber(5, used, format)).toEqual({ number: 'ABCDE-2026-8', progressive: 8 });
  });
  it('accepts any iterable and does not confuse 1 with 10', () => {
    expect(firstFreeNumber(1, new Set(['ABCDE-2026-10']), format).number).toBe('ABCDE-2026-1');
  });
  it('rejects a bad base and gives up after maxAttempts', () => {
    expect(() => firstFreeNumber(-1, [], format)).toThrow(RangeError);
    expect(() => firstFreeNumber(1.5, [], format)).toThrow(RangeError);
    expect(() => firstFreeNumber(1, ['X'], () => 'X', 10)).toThrow('Nessun numero libero trovato');
  });
});

describe('nextInvoiceNumber', () => {
  it('formats the counter with the user id and the year of the date, and gives the next counter as text', () => {
    expect(nextInvoiceNumber(49, [], 'huG8Gxyz', new Date(2026, 10, 23))).toEqual({ number: 'huG8G-2026-49', progressive: 49, nextCounter: '50' });
  });
  it('skips the numbers already used (revisions and letter case included); the counter follows the number taken', () => {
    const used = ['huG8G-2026-49', 'HUG8G-2026-50-R1', 'huG8G-2025-51'];
    expect(nextInvoiceNumber(49, used, 'huG8Gxyz', new Date(2026, 0, 1))).toEqual({ number: 'huG8G-2026-51', progressive: 51, nextCounter: '52' });
  });
  it('takes the year from the local date: 31 December late evening is still that year', () => {
    expect(nextInvoiceNumber(0, [], 'ab', new Date(2025, 11, 31, 23, 59)).number).toBe('000ab-2025-0');
    expect(nextInvoiceNumber(0, [], 'ab', new Date(2026, 0, 1, 0, 0)).number).toBe('000ab-2026-0');
  });
  it('keeps firstFreeNumber\'s refusal of a bad counter', () => {
    expect(() => nextInvoiceNumber(-1, [], 'ab', new Date(2026, 0, 1))).toThrow(RangeError);
  });
});

describe('progressivoInvioFromNumber', () => {
  it('is deterministic, 5 base-36 characters, and differs for different numbers', () => {
    const a = progressivoInvioFromNumber('ABCDE-2026-7');
    expect(a).toMatch(/^[0-9A-Z]{5}$/);
    expect(progressivoInvioFromNumber('ABCDE-2026-7')).toBe(a);
    const seen = new Set<string>();
    for (let n = 1; n <= 2000; n++) seen.add(progressivoInvioFromNumber(`ABCDE-2026-${String(n)}`));
    expect(seen.size).toBeGreaterThan(1990);
  });
});
