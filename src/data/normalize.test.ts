import { Bytes, Timestamp } from 'firebase/firestore';
import { describe, expect, it } from 'vitest';
import {
  compact, moneyText, pick, round2, toBool, toBytes, toDate, toId, toIdList, toInt, toIsoDate, toNumber, toOptStr, toRecordList, toStr, toStringList,
} from './normalize';

describe('toNumber', () => {
  it.each([
    [12.5, 12.5],
    ['12,50', 12.5],
    ['12.50', 12.5],
    ['€ 3', 3],
    ['3 €', 3],
    ['  7 ', 7],
    ['1.234,56', 1234.56],
    ['1,234.56', 1234.56],
    ['1.234.567', 1234567],
    ['22%', 22],
    ['-4,5', -4.5],
    ['0', 0],
    ['EUR 10,00', 10],
    ['.5', 0.5],
  ])('reads %j as %d', (input, expected) => {
    expect(toNumber(input)).toBe(expected);
  });

  it.each([[''], ['abc'], ['12abc'], ['1,2,3x'], [NaN], [Infinity], [null], [undefined], [{}], [[]], [true]])('gives undefined for %j', (input) => {
    expect(toNumber(input)).toBeUndefined();
  });

  it('uses the default only when unreadable', () => {
    expect(toNumber('n/d', 0)).toBe(0);
    expect(toNumber(undefined, 39)).toBe(39);
    expect(toNumber('0', 39)).toBe(0);
  });

  it('stored text does not hold two numbers, nor exponents', () => {
    expect(toNumber('12 50')).toBe(1250); // spaces are thousands separators in some exports
    expect(toNumber('12-50')).toBeUndefined();
    expect(toNumber('1e3')).toBeUndefined();
    expect(toNumber('1.005')).toBe(1005);
  });

  it('toInt truncates', () => {
    expect(toInt('3,9')).toBe(3);
    expect(toInt('abc', 1)).toBe(1);
  });
});

describe('round2 and moneyText', () => {
  it('rounds half away from zero exactly', () => {
    expect(round2(1.005)).toBe(1.01);
    expect(round2(2.675)).toBe(2.68);
    expect(round2(-1.005)).toBe(-1.01);
    expect(round2(0.1 + 0.2)).toBe(0.3);
  });
  it('writes money with a point and two decimals', () => {
    expect(moneyText(12.5)).toBe('12.50');
    expect(moneyText(3)).toBe('3.00');
  });
});

describe('toDate', () => {
  const iso = '2026-03-16T10:00:00.000Z';
  const ms = Date.parse(iso);
  it.each([
    ['a client Timestamp', Timestamp.fromMillis(ms)],
    ['{seconds, nanoseconds}', { seconds: ms / 1000, nanoseconds: 0 }],
    ['{_seconds, _nanoseconds} (admin JSON)', { _seconds: ms / 1000, _nanoseconds: 0 }],
    ['a Date', new Date(ms)],
    ['an ISO string', iso],
    ['epoch millis', ms],
    ['epoch millis as text', String(ms)],
    ['epoch seconds', ms / 1000],
  ])('reads %s', (_label, input) => {
    expect(toDate(input)?.toISOString()).toBe(iso);
  });

  it('keeps nanoseconds as milliseconds', () => {
    expect(toDate({ seconds: 1, nanoseconds: 500_000_000 })?.getTime()).toBe(1500);
  });

  it('reads Italian dd/mm/yyyy as a local date', () => {
    const d = toDate('05/03/2026 14:30');
    expect([d?.getFullYear(), d?.getMonth(), d?.getDate(), d?.getHours(), d?.getMinutes()]).toEqual([2026, 2, 5, 14, 30]);
  });

  it.each([[''], ['domani'], [0], [-5], [NaN], [null], [undefined], [{}], [{ seconds: 'x' }], [new Date('x')]])('gives undefined for %j', (input) => {
    expect(toDate(input)).toBeUndefined();
  });

  it('returns a copy, never the stored Date', () => {
    const original = new Date(ms);
    const read = toDate(original);
    read?.setFullYear(2000);
    expect(original.getFullYear()).toBe(2026);
  });
});

describe('toIsoDate', () => {
  it('keeps calendar dates and reads times in Italian time', () => {
    expect(toIsoDate('2026-03-31')).toBe('2026-03-31');
    expect(toIsoDate('2026-03-31T00:00:00Z')).toBe('2026-03-31');
    // 23:30 UTC on the 31st is already 1 April in Rome.
    expect(toIsoDate(new Date('2026-03-31T23:30:00Z'))).toBe('2026-04-01');
    expect(toIsoDate(Timestamp.fromDate(new Date('2026-01-10T12:00:00Z')))).toBe('2026-01-10');
    expect(toIsoDate('')).toBeUndefined();
  });
});

describe('text, flags and lists', () => {
  it('toStr / toOptStr', () => {
    expect(toStr(12)).toBe('12');
    expect(toStr(null, 'x')).toBe('x');
    expect(toOptStr('  a ')).toBe('a');
    expect(toOptStr('   ')).toBeUndefined();
  });

  it.each([
    [true, true], ['true', true], ['1', true], [1, true], ['sì', true], ['SI', true],
    [false, false], ['false', false], ['0', false], [0, false], ['', false], ['no', false],
  ])('toBool(%j) = %j', (input, expected) => {
    expect(toBool(input, !expected)).toBe(expected);
  });

  it('toBool falls back on unknown values', () => {
    expect(toBool('forse', true)).toBe(true);
    expect(toBool(undefined)).toBe(false);
    expect(toBool(2, true)).toBe(true);
  });

  it('toStringList', () => {
    expect(toStringList(['a', ' ', 3, null, 'b'])).toEqual(['a', '3', 'b']);
    expect(toStringList('Formaggi')).toEqual(['Formaggi']);
    expect(toStringList(undefined)).toEqual([]);
  });

  it('toId and toIdList read ids and objects carrying one', () => {
    expect(toId({ uid: 'u1' })).toBe('u1');
    expect(toId({ techId: 't1', name: 'x' })).toBe('t1');
    expect(toId({ name: 'x' })).toBeUndefined();
    expect(toIdList(['a', { id: 'b' }, { uid: 'c' }, { techId: 'd' }, 'a', {}, null])).toEqual(['a', 'b', 'c', 'd']);
    expect(toIdList('solo')).toEqual(['solo']);
    expect(toIdList('')).toEqual([]);
  });

  it('pick skips blanks', () => {
    expect(pick({ pIva: '', vatNumber: '123' }, 'pIva', 'vatNumber')).toBe('123');
    expect(pick({ pIva: null }, 'pIva', 'vatNumber')).toBeUndefined();
    expect(pick({ a: 0 }, 'a')).toBe(0);
  });

  it('toBytes reads the web SDK\'s Bytes, a Buffer, a Uint8Array; not text', () => {
    const plain = new Uint8Array([60, 97, 47, 62]);
    expect(toBytes(Bytes.fromUint8Array(plain))).toEqual(plain);
    const fromBuffer = toBytes(Buffer.from('<a/>'));
    expect(fromBuffer).toEqual(plain);
    expect(fromBuffer?.constructor).toBe(Uint8Array);
    expect(toBytes(plain.subarray(1))).toEqual(new Uint8Array([97, 47, 62]));
    expect(toBytes('<a/>')).toBeUndefined();
    expect(toBytes({ toUint8Array: () => 'x' })).toBeUndefined();
    expect(toBytes(null)).toBeUndefined();
  });

  it('toRecordList', () => {
    expect(toRecordList([{ a: 1 }, 'x', null])).toEqual([{ a: 1 }]);
    expect(toRecordList({ a: 1 })).toEqual([{ a: 1 }]);
    expect(toRecordList('x')).toEqual([]);
  });
});

describe('compact', () => {
  it('drops undefined deeply and keeps dates and class instances', () => {
    const date = new Date(0);
    const ts = Timestamp.fromMillis(1000);
    expect(compact({ a: undefined, b: { c: undefined, d: 1 }, e: [1, undefined, { f: undefined }], date, ts, n: null })).toEqual({
      b: { d: 1 },
      e: [1, {}],
      date,
      ts,
      n: null,
    });
    expect(compact({ ts }).ts).toBe(ts);
  });
});
