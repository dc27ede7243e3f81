import { describe, expect, it } from 'vitest';
import { canBecomeMaster, canJoinGroup, CHAIN_MESSAGES, joinCodeError } from './chain';
import { isDeviceOnline, OWNER_ONLINE_WINDOW_MS } from './devices';
import { checkCounterInput, highestUsedInvoiceProgressive, INVOICE_COUNTER_MESSAGES, numberingExample, parseCounterInput, storedCounter } from './invoice-counter';
import { SHOP_TYPE_LABELS, SHOP_TYPES, toShopType } from './shop-types';

describe('shop types', () => {
  it('has the eight types with their Italian labels', () => {
    expect(SHOP_TYPES.map((t) => SHOP_TYPE_LABELS[t])).toEqual([
      'Generale', 'Abbigliamento', 'Alimentari', 'Elettronica', 'Libri', 'Casa e Giardino', 'Bellezza e Cura', 'Sport',
    ]);
  });
  it('reads stored values leniently, unknown as General', () => {
    expect(toShopType('Food')).toBe('Food');
    expect(toShopType(' clothing ')).toBe('Clothing');
    expect(toShopType('Casa e Giardino')).toBe('Home');
    expect(toShopType(undefined)).toBe('General');
    expect(toShopType('Ristorante')).toBe('General');
  });
});

describe('device online (24 hours on the owner page)', () => {
  const now = new Date('2026-03-10T12:00:00Z');
  it('is online under 24 hours, offline at 24 hours and without a date', () => {
    expect(isDeviceOnline(new Date(now.getTime() - OWNER_ONLINE_WINDOW_MS + 1000), now)).toBe(true);
    expect(isDeviceOnline(new Date(now.getTime() - OWNER_ONLINE_WINDOW_MS), now)).toBe(false);
    expect(isDeviceOnline(undefined, now)).toBe(false);
    expect(isDeviceOnline(new Date(now.getTime() + 60_000), now)).toBe(true);
  });
  it('takes another window (technician views: 30 minutes)', () => {
    expect(isDeviceOnline(new Date(now.getTime() - 31 * 60_000), now, 30 * 60_000)).toBe(false);
  });
});

describe('join code', () => {
  it('gives the three messages in order', () => {
    expect(joinCodeError('  ', 'me')).toBe(CHAIN_MESSAGES.codeRequired);
    expect(joinCodeError(' me ', 'me')).toBe(CHAIN_MESSAGES.ownShop);
    expect(joinCodeError('a/b', 'me')).toBe(CHAIN_MESSAGES.notFound);
    expect(joinCodeError('other', 'me')).toBeUndefined();
  });
  it('offers become master and join only to a free shop', () => {
    expect(canBecomeMaster({ isChainMaster: false, shopGroup: null })).toBe(true);
    expect(canBecomeMaster({ isChainMaster: true, shopGroup: null })).toBe(false);
    expect(canBecomeMaster({ isChainMaster: false, shopGroup: 'm' })).toBe(false);
    expect(canJoinGroup({ isChainMaster: true, shopGroup: null })).toBe(false);
  });
});

describe('invoice counter', () => {
  it('reads an invalid stored value as 0', () => {
    expect(storedCounter('12')).toBe(12);
    expect(storedCounter(7)).toBe(7);
    expect(storedCounter('abc')).toBe(0);
    expect(storedCounter('-3')).toBe(0);
    expect(storedCounter(undefined)).toBe(0);
  });
  it('accepts whole numbers >= 0 and stores them as text', () => {
    expect(parseCounterInput(' 0 ')).toEqual({ ok: true, value: 0, stored: '0' });
    expect(parseCounterInput('0042')).toEqual({ ok: true, value: 42, stored: '42' });
    expect(parseCounterInput('')).toEqual({ ok: false, error: INVOICE_COUNTER_MESSAGES.required });
    for (const bad of ['-1', '1.5', '1e3', 'dieci', '1000000000']) expect(parseCounterInput(bad).ok).toBe(false);
  });
  it('shows the next number with the engine format', () => {
    expect(numberingExample('AbC12xyz', 2026, 7)).toEqual({
      prefix: 'AbC12',
      next: 'AbC12-2026-7',
      reissue: 'AbC12-2026-7-R1',
      creditNote: 'AbC12-2026-NC-1',
    });
    expect(numberingExample('ab', 2026, 1).prefix).toBe('000ab');
  });
});

describe("the technician's invoice counter", () => {
  const used = ['shop1-2026-7', 'SHOP1-2026-9-R1', 'shop1-2026-NC-40', 'shop1-2025-80', 'other-2026-50'];
  it("refuses '4O' with the spec's message instead of reading 0", () => {
    expect(checkCounterInput('4O', used, 'shop1', 2026)).toEqual({ ok: false, error: INVOICE_COUNTER_MESSAGES.invalid });
    expect(checkCounterInput('', used, 'shop1', 2026)).toEqual({ ok: false, error: INVOICE_COUNTER_MESSAGES.required });
  });
  it("refuses a counter at or below this year's highest used invoice (reissues count, credit notes and other years do not)", () => {
    expect(highestUsedInvoiceProgressive(used, 'shop1', 2026)).toBe(9);
    expect(checkCounterInput('9', used, 'shop1', 2026)).toEqual({ ok: false, error: 'Il numero shop1-2026-9 è già stato usato: il contatore deve essere almeno 10.' });
    expect(checkCounterInput('3', used, 'shop1', 2026)).toMatchObject({ ok: false });
    expect(checkCounterInput('10', used, 'shop1', 2026)).toEqual({ ok: true, value: 10, stored: '10' });
    expect(checkCounterInput('1', [], 'shop1', 2026)).toEqual({ ok: true, value: 1, stored: '1' });
  });
});
