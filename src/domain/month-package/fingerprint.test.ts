import { describe, expect, it } from 'vitest';
import { fingerprintChanges as changesWithNbsp, readFingerprint, type MonthFingerprint } from './fingerprint';

/** The euro formatter puts a no-break space before '€'. */
const fingerprintChanges = (a: MonthFingerprint, b: MonthFingerprint) => changesWithNbsp(a, b).map((l) => l.replace(/\u00a0/g, ' '));

const base: MonthFingerprint = {
  sales: { n: 120, cents: 345_600 }, voided: 2, deleted: 1,
  outgoing: { n: 10, cents: 120_000 }, rejected: 1,
  incoming: { n: 4, cents: 50_000 },
  closings: { n: 25, cents: 300_000 }, ddts: 3,
};

describe('month fingerprint', () => {
  it('reads back what was stored, and refuses a partial or forged one', () => {
    expect(readFingerprint(JSON.parse(JSON.stringify(base)))).toEqual(base);
    expect(readFingerprint({ ...base, ddts: undefined })).toBeUndefined();
    expect(readFingerprint({ ...base, sales: { n: 1.5, cents: 10 } })).toBeUndefined();
    expect(readFingerprint({ ...base, voided: -1 })).toBeUndefined();
    expect(readFingerprint('x')).toBeUndefined();
    expect(readFingerprint(undefined)).toBeUndefined();
  });

  it('says nothing changed when nothing did', () => {
    expect(fingerprintChanges(base, structuredClone(base))).toEqual([]);
  });

  it('says what a late sync, a credit note, a rejection and a later closing changed, with signs and amounts', () => {
    const now: MonthFingerprint = {
      ...base,
      sales: { n: 123, cents: 350_120 },
      outgoing: { n: 11, cents: 110_000 },
      rejected: 2,
      closings: { n: 25, cents: 301_000 },
      ddts: 2,
    };
    expect(fingerprintChanges(base, now)).toEqual([
      '+3 vendite (+45,20 €)',
      '+1 fattura emessa (−100,00 €)',
      '+1 fattura scartata dallo SDI',
      'totali delle chiusure cambiati (+10,00 €)',
      '−1 DDT confermato',
    ]);
  });

  it('a receipt voided later is told, though the count of sales is the same', () => {
    expect(fingerprintChanges(base, { ...base, voided: 3 })).toEqual(['+1 scontrino annullato']);
  });

  it('groups thousands in counts and amounts', () => {
    expect(fingerprintChanges(base, { ...base, sales: { n: 1_320, cents: 1_345_600 } })).toEqual(['+1.200 vendite (+10.000,00 €)']);
  });
});
