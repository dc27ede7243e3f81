/**
 * The migration and the converters agree (one reading of a legacy document): every seeded legacy Sale and Scrap,
 * migrated, reads back through the same converter as the same clean value, and a second migration changes nothing.
 */
import { describe, expect, it } from 'vitest';
import { migrationDecision } from '@/domain/migration/migration';
import { migrationPatch, saleMigrationPatch, scrapMigrationPatch, shopMigrationPatch } from './migration';
import { normalizeSale, type Sale } from './sale';
import { normalizeScrap } from './scrap';
import { storedCollection } from './test-seed';

const AT = new Date('2026-03-16T10:00:00Z');
const view = (s: Sale) => ({
  price: s.price, method: s.method, discounts: s.discounts, fidelityPointsEarned: s.fidelityPointsEarned,
  lines: s.lines.map(({ name, code, barcode, category, qty, unitPrice, vatRate, discountPercent, total, unitOfMeasure, loyaltyEligible, changedPrice, lineId }) =>
    ({ name, code, barcode, category, qty, unitPrice, vatRate, discountPercent, total, unitOfMeasure, loyaltyEligible, changedPrice, lineId })),
});

describe('Sale migration agrees with the Sale converter', () => {
  const legacy = storedCollection('Sale').filter(({ raw }) => migrationDecision('Sale', raw, false) === 'migrate');

  it('covers the seeded legacy shapes (numbers, text, no scrapCount)', () => {
    expect(legacy.length).toBeGreaterThan(100);
    expect(legacy.some(({ raw }) => typeof raw.price === 'string')).toBe(true);
    expect(legacy.some(({ raw }) => raw.scrapCount === undefined)).toBe(true);
  });

  it('reads the same sale before and after, with totals that add up', () => {
    for (const { id, raw } of legacy) {
      const patch = saleMigrationPatch(id, raw, AT);
      const after = normalizeSale(id, { ...raw, ...patch });
      expect(view(after)).toEqual(view(normalizeSale(id, raw)));
      expect(after.lineSource).toBe('lines');
      expect(after.migrated).toBe(true);
      expect(typeof patch.price).toBe('number');
      const t = after.totals;
      expect(t && Math.round((t.net + t.vat) * 100)).toBe(t && Math.round(t.gross * 100));
      const linesGross = after.lines.reduce((s, l) => s + Math.round(l.total * 100), 0);
      expect(Math.round((t?.gross ?? 0) * 100)).toBe(linesGross - Math.round((after.discounts ?? 0) * 100) + Math.round((after.surcharges ?? 0) * 100));
      for (const l of after.lines) expect(Math.round(((l.net ?? 0) + (l.vat ?? 0)) * 100)).toBe(Math.round(l.total * 100));
      // idempotent: migrating the migrated document again writes the same fields
      expect(saleMigrationPatch(id, { ...raw, ...patch }, AT)).toEqual(patch);
    }
  });

  it('writes the current shape with the migration defaults', () => {
    const { id, raw } = legacy[0] ?? { id: '', raw: {} };
    const patch = migrationPatch('Sale', id, raw, AT);
    const lines = patch.lines as Record<string, unknown>[];
    expect(lines[0]).toMatchObject({ productSnapshot: { unitOfMeasure: 'pz' }, changedPrice: false, loyaltyEligible: true });
    expect(patch.payment).toMatchObject({ currency: 'EUR' });
    expect(Object.keys(patch).sort()).toEqual(expect.arrayContaining(['lines', 'migrated', 'migratedAt', 'payment', 'price', 'taxBreakdown', 'totals']));
    expect(patch.migratedAt).toBe(AT);
  });
});

describe('Scrap migration agrees with the Scrap converter', () => {
  const legacy = storedCollection('Scrap').filter(({ raw }) => migrationDecision('Scrap', raw, false) === 'migrate');

  it('reads the same product before and after; stock defaults; idempotent', () => {
    expect(legacy.length).toBeGreaterThan(20);
    for (const { id, raw } of legacy) {
      const patch = scrapMigrationPatch(id, raw, AT);
      const before = normalizeScrap(id, raw);
      const after = normalizeScrap(id, { ...raw, ...patch });
      expect({ ...after, migrated: false, migratedAt: undefined }).toEqual(before);
      expect(typeof patch.price).toBe('string');
      expect(typeof patch.quantity).toBe('string');
      expect(patch.stock).toEqual(before.stock);
      if (raw.stock === undefined) expect(patch.stock).toEqual({ qty: before.quantity, minQty: 0, track: false });
      expect(scrapMigrationPatch(id, { ...raw, ...patch }, AT)).toEqual(patch);
    }
  });
});

describe('the POS shapes the queries cannot see', () => {
  const sale = { userId: 's', method: 'contanti', price: 4, lines: [] };

  it("isVoid becomes the boolean the converter reads, and only when it was not one", () => {
    expect(saleMigrationPatch('a', { ...sale, isVoid: ' Sì ' }, AT).isVoid).toBe(true);
    expect(saleMigrationPatch('a', { ...sale, isVoid: 1 }, AT).isVoid).toBe(true);
    expect(saleMigrationPatch('a', { ...sale, isVoid: 'false' }, AT).isVoid).toBe(false);
    expect(saleMigrationPatch('a', { ...sale, isVoid: true }, AT)).not.toHaveProperty('isVoid');
    expect(saleMigrationPatch('a', sale, AT)).not.toHaveProperty('isVoid');
  });

  it('a text or epoch date becomes the date the converter reads; an unreadable one is left alone', () => {
    const when = new Date(2026, 5, 10, 14, 30);
    expect(saleMigrationPatch('a', { ...sale, date: '10/06/2026 14:30' }, AT).date).toEqual(when);
    expect(saleMigrationPatch('a', { ...sale, date: when.getTime() }, AT).date).toEqual(when);
    expect(saleMigrationPatch('a', { ...sale, date: 'ieri' }, AT)).not.toHaveProperty('date');
    expect(saleMigrationPatch('a', { ...sale, date: when }, AT)).not.toHaveProperty('date');
    expect(normalizeSale('a', { ...sale, date: '10/06/2026 14:30' }).date).toEqual(when);
  });

  it('Shop: every technician as a plain uid, duplicates dropped, an entry without an id kept', () => {
    expect(shopMigrationPatch({ technicians: [{ id: 't1', name: 'Mario' }, 't2', { uid: 't3' }, 't1', { name: 'x' }] })).toEqual({
      technicians: ['t1', 't2', 't3', { name: 'x' }],
    });
    expect(migrationPatch('Shop', 's', { technicians: [{ techId: 't9' }] }, AT)).toEqual({ technicians: ['t9'] });
  });
});
