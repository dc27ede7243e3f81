/**
 * The update a migration writes on one stored Sale or Scrap (document 3 §3, §4, §9). Read through the one
 * converter of each collection (normalizeSale / normalizeScrap: the only reading of a legacy document), converted
 * by the pure functions of domain/migration, written back through the converter's writer in the current shape.
 *
 * What the patch touches (nothing else, so the POS app's other fields stay as they are; the legacy fields are
 * kept for older POS versions, the readers prefer the current ones):
 * - Sale: lines[] (with net and vat), payment, totals, taxBreakdown, price (and discounts, surcharges,
 *   fidelityPointsEarned when present) as numbers, migrated true and migratedAt.
 * - Scrap: price, quantity and discount in the POS's text form, vatRate, category, stock (default: qty = old
 *   quantity, minQty 0, track false), purchasePrice, supplierDiscount, listino2, listino3, labelsToPrint as
 *   numbers, um, migrated true and migratedAt.
 * The conversion and the marker are one update: a document is never converted without being marked.
 */
import { convertSale } from '@/domain/migration/conversion';
import type { MigrationCollection } from '@/domain/migration/migration';
import { compact, type RawDoc } from './normalize';
import { normalizeSale } from './sale';
import { writeSaleLines } from './sale-lines';
import { normalizeScrap, toFirestoreScrap } from './scrap';

/** Stored fields a Sale migration may change (the rules allow an admin these and no others). */
export const SALE_MIGRATION_FIELDS = ['lines', 'payment', 'totals', 'taxBreakdown', 'price', 'discounts', 'surcharges', 'fidelityPointsEarned', 'migrated', 'migratedAt'] as const;

const SCRAP_MIGRATION_FIELDS = ['price', 'quantity', 'discount', 'um', 'vatRate', 'purchasePrice', 'supplierDiscount', 'listino2', 'listino3', 'stock', 'category', 'labelsToPrint'] as const;

export function saleMigrationPatch(id: string, raw: RawDoc, migratedAt: unknown): RawDoc {
  const sale = normalizeSale(id, raw);
  const converted = convertSale(sale);
  return compact({
    ...writeSaleLines(converted.lines, 'lines'),
    payment: converted.payment,
    totals: converted.totals,
    taxBreakdown: converted.taxBreakdown,
    price: converted.price,
    discounts: converted.discounts,
    surcharges: converted.surcharges,
    fidelityPointsEarned: converted.fidelityPointsEarned,
    migrated: true,
    migratedAt,
  });
}

export function scrapMigrationPatch(id: string, raw: RawDoc, migratedAt: unknown): RawDoc {
  const written = toFirestoreScrap(normalizeScrap(id, raw));
  const patch: RawDoc = {};
  for (const key of SCRAP_MIGRATION_FIELDS) if (written[key] !== undefined) patch[key] = written[key];
  return { ...patch, migrated: true, migratedAt };
}

export function migrationPatch(collection: MigrationCollection, id: string, raw: RawDoc, migratedAt: unknown): RawDoc {
  return collection === 'Sale' ? saleMigrationPatch(id, raw, migratedAt) : scrapMigrationPatch(id, raw, migratedAt);
}
