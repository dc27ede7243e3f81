/**
 * The update a migration writes on one stored Sale or Scrap (document 3 §3, §4, §9). Read through the one
 * converter of each collection (normalizeSale / normalizeScrap: the only reading of a legacy document), converted
 * by the pure functions of domain/migration, written back through the converter's writer in the current shape.
 *
 * What the patch touches (nothing else, so the POS app's other fields stay as they are; the legacy fields are
 * kept for older POS versions, the readers prefer the current ones):
 * - Sale: lines[] (with net and vat), payment, totals, taxBreakdown, price (and discounts, surcharges,
 *   fidelityPointsEarned when present) as numbers, `isVoid` as the boolean the converter reads when it was stored
 *   otherwise, `date` as a Timestamp when it was text or a number the converter can read (an unreadable text is
 *   left as it is: no date is invented), migrated true and migratedAt.
 * - Scrap: price, quantity and discount in the POS's text form, vatRate, category, stock (default: qty = old
 *   quantity, minQty 0, track false), purchasePrice, supplierDiscount, listino2, listino3, labelsToPrint as
 *   numbers, um, migrated true and migratedAt.
 * - Shop: `technicians` with every entry a plain uid (an object's id, as the converter reads it; an entry with no
 *   readable id is kept). No marker: the change is idempotent and a shop is decided by its entries alone.
 * The conversion and the marker are one update: a document is never converted without being marked.
 */
import { convertSale } from '@/domain/migration/conversion';
import type { MigrationCollection } from '@/domain/migration/migration';
import { compact, toBool, toDate, toId, type RawDoc } from './normalize';
import { normalizeSale } from './sale';
import { writeSaleLines } from './sale-lines';
import { normalizeScrap, toFirestoreScrap } from './scrap';

/** Stored fields a Sale migration may change (the rules allow an admin these and no others). */
export const SALE_MIGRATION_FIELDS = [
  'lines', 'payment', 'totals', 'taxBreakdown', 'price', 'discounts', 'surcharges', 'fidelityPointsEarned', 'isVoid', 'date', 'migrated', 'migratedAt',
] as const;

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
    isVoid: raw.isVoid !== undefined && raw.isVoid !== null && typeof raw.isVoid !== 'boolean' ? toBool(raw.isVoid) : undefined,
    date: typeof raw.date === 'string' || typeof raw.date === 'number' ? toDate(raw.date) : undefined,
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

export function shopMigrationPatch(raw: RawDoc): RawDoc {
  const entries: unknown[] = Array.isArray(raw.technicians) ? raw.technicians : [];
  const ids = entries.map((t) => (typeof t === 'string' ? t : (toId(t) ?? t)));
  return { technicians: ids.filter((t, i) => typeof t !== 'string' || ids.indexOf(t) === i) };
}

export function migrationPatch(collection: MigrationCollection, id: string, raw: RawDoc, migratedAt: unknown): RawDoc {
  if (collection === 'Shop') return shopMigrationPatch(raw);
  return collection === 'Sale' ? saleMigrationPatch(id, raw, migratedAt) : scrapMigrationPatch(id, raw, migratedAt);
}
