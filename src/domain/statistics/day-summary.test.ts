import { describe, expect, it } from 'vitest';
import { SALE_METHOD_SPELLINGS } from '@/data/sale';
import { addChecks, CHECK_KEYS, PRECONTO_SPELLINGS, checkFilters, checkOf, differingKeys, emptyCheck, findStaleDays, NOT_IN_LIMIT, type CheckKey, type DayCheck, type StoredSaleFields } from './day-summary';
import { addSales, emptyTally, finishStatistics, mergeTally, salesStatistics, type StatsSale } from './sales-statistics';

const SPELLINGS = { contanti: ['contanti', 'Contanti'], bancomat: ['bancomat', 'Bancomat', 'POS'], fatture: ['fatture', 'Fattura'] } as const;
const FILTERS = checkFilters(SPELLINGS);
const stored = (method: unknown, price: unknown, isVoid: unknown = false): StoredSaleFields => ({ method, price, isVoid });

describe('checkOf: what Firestore count() and sum() over the stored fields answer', () => {
  it('all = every sale; voided = isVoid exactly true; not-in = method set, not null, none of the values; sums numbers only', () => {
    const check = checkOf(
      [
        stored('contanti', 2.5), stored('Contanti', '3,00'), stored(' contanti', 9), stored('Bancomat', 10, true), stored('POS', 1, 'true'),
        stored('preconto', 50, true), stored('Fattura', 100), stored(undefined, 4), stored(null, 6),
      ],
      3,
      FILTERS,
    );
    expect(check.all).toEqual({ n: 9, sum: 2.5 + 9 + 10 + 1 + 50 + 100 + 4 + 6 }); // '3,00' is text: counted, not summed
    expect(check.voided).toEqual({ n: 2, sum: 60 }); // 'true' as text does not match; any method does
    // Missing and null methods match no not-in filter; ' contanti' is no stored spelling of cash.
    expect(check.notContanti).toEqual({ n: 5, sum: 9 + 10 + 1 + 50 + 100 });
    expect(check.notBancomat1).toEqual({ n: 6, sum: 2.5 + 9 + 1 + 50 + 100 }); // bancomat, Bancomat
    expect(check.notBancomat2).toEqual({ n: 6, sum: 2.5 + 9 + 10 + 50 + 100 }); // POS
    expect(check.notFatture).toEqual({ n: 6, sum: 2.5 + 9 + 10 + 1 + 50 });
    expect(check.invoices).toEqual({ n: 3, sum: 0 });
  });

  it('a document without a price field is in no answer: count() asked with sum(price) skips it, as Firestore does', () => {
    expect(checkOf([stored('Fattura', undefined), stored('contanti', 2)], 0, FILTERS).all).toEqual({ n: 1, sum: 2 });
  });

  it('a void, a change of payment family (also from a pre-bill), a price edit and a late sale each change the check', () => {
    const base = [stored('contanti', 2.5), stored('bancomat', 4), stored('preconto', 7)];
    const before = checkOf(base, 0, FILTERS);
    const changes = [
      [stored('contanti', 2.5, true), stored('bancomat', 4), stored('preconto', 7)],
      [stored('bancomat', 2.5), stored('bancomat', 4), stored('preconto', 7)],
      [stored('contanti', 2.5), stored('POS', 4), stored('preconto', 7)],
      [stored('contanti', 2.5), stored('bancomat', 4), stored('Fattura', 7)],
      [stored('contanti', 2.5), stored('bancomat', 4), stored('POS', 7)],
      [stored('contanti', 2.6), stored('bancomat', 4), stored('preconto', 7)],
      [...base, stored('contanti', 0)],
      [...base, stored(undefined, 1)],
      // Version 4: a pre-bill then paid by Satispay (no family figure moves; the Z-report's takings do).
      [stored('contanti', 2.5), stored('bancomat', 4), stored('Satispay', 7)],
    ];
    for (const sales of changes) expect(differingKeys(checkOf(sales, 0, FILTERS), before, CHECK_KEYS)).not.toEqual([]);
    // Another spelling of the same family changes no figure of the screen: nothing to rebuild.
    expect(differingKeys(checkOf([stored('Contanti', 2.5), stored('bancomat', 4), stored('preconto', 7)], 0, FILTERS), before, CHECK_KEYS)).toEqual([]);
  });

  it('the not-in filters cover every spelling of the app once, within Firestore\'s limit of values', () => {
    const filters = Object.values(checkFilters(SALE_METHOD_SPELLINGS)).flatMap((f) => (f.kind === 'notIn' ? [f.values] : []));
    for (const values of filters) expect(values.length).toBeLessThanOrEqual(NOT_IN_LIMIT);
    const all = [...SALE_METHOD_SPELLINGS.contanti, ...SALE_METHOD_SPELLINGS.bancomat, ...SALE_METHOD_SPELLINGS.fatture, ...PRECONTO_SPELLINGS];
    expect(filters.flat().sort()).toEqual(all.sort());
  });

  it('sums that differ only by floating-point noise agree', () => {
    const a = { all: { n: 3, sum: 0.1 + 0.2 + 0.3 } };
    const b = { all: { n: 3, sum: 0.6 } };
    expect(differingKeys(a, b, ['all'])).toEqual([]);
    expect(differingKeys(a, { all: { n: 3, sum: 0.61 } }, ['all'])).toEqual(['all']);
  });
});

describe('findStaleDays: halving a range down to the days that disagree', () => {
  const days = Array.from({ length: 365 }, (_, i) => `d${String(i).padStart(3, '0')}`);
  const storedChecks = new Map<string, DayCheck>(days.map((d, i) => [d, { ...emptyCheck(), notContanti: { n: 10, sum: 100 + i }, voided: { n: 1, sum: 1 } }]));

  function firestore(changed: Map<string, DayCheck>) {
    let requests = 0;
    const truthOf = (range: readonly string[], keys: readonly CheckKey[]) => {
      requests += 1;
      const total = addChecks(range.map((d) => changed.get(d) ?? storedChecks.get(d) ?? emptyCheck()));
      return Promise.resolve(Object.fromEntries(keys.map((k) => [k, total[k]])) as Partial<DayCheck>);
    };
    return { truthOf, requests: () => requests };
  }

  it('finds nothing, with one request, when nothing changed', async () => {
    const fs = firestore(new Map());
    const result = await findStaleDays(days, storedChecks, ['notContanti', 'voided'], fs.truthOf);
    expect(result.stale).toEqual([]);
    expect(fs.requests()).toBe(1);
  });

  it('finds a voided sale of one day in about log2(365) requests, asking only the key that disagrees', async () => {
    const day = days[200] as string;
    const before = storedChecks.get(day) as DayCheck;
    const fs = firestore(new Map([[day, { ...before, voided: { n: 2, sum: 6 } }]]));
    const keysAsked: CheckKey[][] = [];
    const result = await findStaleDays(days, storedChecks, ['notContanti', 'voided'], (r, k) => (keysAsked.push([...k]), fs.truthOf(r, k)));
    expect(result.stale).toEqual([day]);
    expect(fs.requests()).toBeLessThanOrEqual(10);
    expect(keysAsked.slice(1).every((k) => k.length === 1 && k[0] === 'voided')).toBe(true);
  });

  it('finds several changed days; a sale moved between two days of the range is found by a look at one side', async () => {
    const [a, b, c] = [days[3], days[150], days[364]] as [string, string, string];
    const at = (d: string) => storedChecks.get(d) as DayCheck;
    const changed = new Map<string, DayCheck>([
      [a, { ...at(a), notContanti: { n: 11, sum: at(a).notContanti.sum + 5 } }],
      [b, { ...at(b), notContanti: { n: 9, sum: at(b).notContanti.sum - 5 } }],
      [c, { ...at(c), notContanti: { n: 10, sum: at(c).notContanti.sum + 0.5 } }],
    ]);
    // The sale moved from b to a cancels out over the first half of the year (whose figures, summed, are then
    // unchanged: the same sales): the year's look rebuilds c only.
    expect((await findStaleDays(days, storedChecks, ['notContanti'], firestore(changed).truthOf)).stale).toEqual([c]);
    // A look at a range with one side of the move finds it.
    expect((await findStaleDays(days.slice(0, 31), storedChecks, ['notContanti'], firestore(changed).truthOf)).stale).toEqual([a]);
    expect((await findStaleDays(days.slice(140, 160), storedChecks, ['notContanti'], firestore(changed).truthOf)).stale).toEqual([b]);
  });
});

describe('summaries add up to the figures of all their sales', () => {
  it('per-day tallies merged equal the statistics computed over every sale at once', () => {
    const sales: StatsSale[] = Array.from({ length: 200 }, (_, n) => ({
      date: new Date(2026, 0, 1 + (n % 7), 9 + (n % 10)),
      price: Math.round((n * 37) % 900) / 100 + 0.1,
      method: ['contanti', 'Bancomat', 'fatture', 'preconto'][n % 4] as string,
      isVoid: n % 13 === 0,
      customerName: n % 3 === 0 ? `Cliente ${n % 5}` : undefined,
      lines: [{ name: `P${n % 9}`, qty: n % 5 === 0 ? 0.25 : 1 + (n % 2), total: Math.round((n * 37) % 900) / 100 + 0.1, category: n % 4 ? 'Bar' : undefined }],
    }));
    const byDay = new Map<number, StatsSale[]>();
    for (const s of sales) byDay.set(s.date?.getDate() ?? 0, [...(byDay.get(s.date?.getDate() ?? 0) ?? []), s]);
    const merged = emptyTally();
    for (const day of byDay.values()) mergeTally(merged, addSales(emptyTally(), day));
    expect(finishStatistics(merged)).toEqual(salesStatistics(sales, []));
  });
});
