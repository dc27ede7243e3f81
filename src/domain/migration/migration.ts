/**
 * Database migration of Sale, Scrap and Shop (document 3 §2.6, §4, §9): the constants, the needs-migration rules, the
 * log and progress rules, and the field-by-field change list a dry run shows. Pure: it works on stored records
 * (`Record<string, unknown>`) and on the converter's clean values, and imports no Firebase.
 *
 * Idempotency: a document is converted and marked (`migrated: true`, `migratedAt`) in the same update, so an
 * interrupted run leaves every document either untouched or migrated and marked; a restart skips the marked ones
 * (unless forced), and the conversion of an already converted document gives the same fields again.
 */

export const MIGRATION_COLLECTIONS = ['Sale', 'Scrap', 'Shop'] as const;
export type MigrationCollection = (typeof MIGRATION_COLLECTIONS)[number];

/** Documents written per batch (§9). */
export const MIGRATION_BATCH = 50;
/** Documents read per page while scanning a whole collection (memory stays bounded on 50,000 documents). */
export const MIGRATION_SCAN_PAGE = 1000;

/** Migration defaults (§9). */
export const MIGRATION_DEFAULTS = {
  paymentMethod: 'Contanti',
  currency: 'EUR',
  unitOfMeasure: 'pz',
  loyaltyEligible: true,
} as const;

type Raw = Record<string, unknown>;

const isText = (v: unknown): v is string => typeof v === 'string';
const isPresent = (v: unknown) => v !== undefined && v !== null && !(typeof v === 'string' && v.trim() === '');
const isObject = (v: unknown): v is Raw => typeof v === 'object' && v !== null && !Array.isArray(v);

export const SALE_REASONS = {
  scrapCount: 'scrapCount presente',
  legacyFields: 'righe scrap{i} senza scrapCount',
  priceText: 'price come testo',
  discountsText: 'discounts come testo',
  fidelityText: 'fidelityPointsEarned come testo',
  isVoidText: 'isVoid non booleano',
  dateText: 'date come testo o numero',
} as const;
export type SaleReason = keyof typeof SALE_REASONS;

const LEGACY_LINE_KEY = /^scrap(Name|Price)\d+$/;

/**
 * Why a Sale needs migration (§4): it has scrapCount, or fidelityPointsEarned, price or discounts stored as text.
 * Also (a "similar case") legacy indexed lines whose scrapCount is missing. Empty when it needs none.
 */
export function saleMigrationReasons(raw: Raw): SaleReason[] {
  const reasons: SaleReason[] = [];
  if (raw.scrapCount !== undefined && raw.scrapCount !== null) reasons.push('scrapCount');
  else if (!(Array.isArray(raw.lines) && raw.lines.length > 0) && Object.keys(raw).some((k) => LEGACY_LINE_KEY.test(k))) reasons.push('legacyFields');
  if (isText(raw.price)) reasons.push('priceText');
  if (isText(raw.discounts)) reasons.push('discountsText');
  if (isText(raw.fidelityPointsEarned)) reasons.push('fidelityText');
  reasons.push(...saleShapeReasons(raw));
  return reasons;
}

/**
 * The POS shapes that Firestore's queries cannot see as the converter reads them: `isVoid` as text or a number
 * ('true', 1: the voided aggregations match the boolean only) and `date` as text or an epoch number (in no
 * Timestamp range, so in no period of the dashboard or of /sales). Earlier runs did not normalise them, so they make
 * a document need migration even when it is already marked.
 */
function saleShapeReasons(raw: Raw): SaleReason[] {
  const reasons: SaleReason[] = [];
  if (raw.isVoid !== undefined && raw.isVoid !== null && typeof raw.isVoid !== 'boolean') reasons.push('isVoidText');
  if (isText(raw.date) || typeof raw.date === 'number') reasons.push('dateText');
  return reasons;
}

export const SHOP_REASONS = {
  technicianObjects: 'tecnici salvati come oggetti',
} as const;
export type ShopReason = keyof typeof SHOP_REASONS;

/**
 * Why a Shop needs migration: an entry of `technicians` that is not a plain uid ({id, ...}, {uid, ...}). The POS
 * reads both, but neither the technicians' `array-contains` query nor the rules' `in` can match an object, so such
 * a technician does not see the shop.
 */
export function shopMigrationReasons(raw: Raw): ShopReason[] {
  return Array.isArray(raw.technicians) && raw.technicians.some((t) => typeof t !== 'string') ? ['technicianObjects'] : [];
}

export const SCRAP_REASONS = {
  numericText: 'campo numerico come testo',
  iva: 'iva presente',
  categories: 'categories senza category',
  stock: 'quantity senza stock',
  posText: 'price o quantity come numero',
} as const;
export type ScrapReason = keyof typeof SCRAP_REASONS;

/** Numeric fields of the current structure (§3); price, quantity and discount are text by the POS's contract. */
const SCRAP_NUMERIC_FIELDS = ['vatRate', 'purchasePrice', 'supplierDiscount', 'listino2', 'listino3', 'labelsToPrint'] as const;

/**
 * Why a Scrap needs migration (§4): a numeric field held as text, iva present, categories without category,
 * quantity without stock; and the similar case of price or quantity stored as a number where the POS reads text.
 */
export function scrapMigrationReasons(raw: Raw): ScrapReason[] {
  const reasons: ScrapReason[] = [];
  const stock = raw.stock;
  const stockText = isObject(stock) && (isText(stock.qty) || isText(stock.minQty));
  if (SCRAP_NUMERIC_FIELDS.some((k) => isText(raw[k]) && raw[k] !== '') || stockText) reasons.push('numericText');
  if (isPresent(raw.iva)) reasons.push('iva');
  if (isPresent(raw.categories) && !isPresent(raw.category)) reasons.push('categories');
  if (raw.quantity !== undefined && raw.quantity !== null && !isObject(stock)) reasons.push('stock');
  if (typeof raw.price === 'number' || typeof raw.quantity === 'number') reasons.push('posText');
  return reasons;
}

export function migrationReasons(collection: MigrationCollection, raw: Raw): string[] {
  if (collection === 'Shop') return shopMigrationReasons(raw);
  return collection === 'Sale' ? saleMigrationReasons(raw) : scrapMigrationReasons(raw);
}

export function reasonLabel(collection: MigrationCollection, reason: string): string {
  const labels: Record<string, string> = collection === 'Sale' ? SALE_REASONS : collection === 'Scrap' ? SCRAP_REASONS : SHOP_REASONS;
  return labels[reason] ?? reason;
}

export function isMarkedMigrated(raw: Raw): boolean {
  return raw.migrated === true;
}

/**
 * The decision for one stored document: skipped when already migrated (unless forced or one of the shapes earlier
 * runs left behind is there), else by the rules. A Shop carries no marker: its one change is idempotent.
 */
export function migrationDecision(collection: MigrationCollection, raw: Raw, force: boolean): 'migrate' | 'already' | 'current' {
  if (collection === 'Shop') return shopMigrationReasons(raw).length > 0 ? 'migrate' : 'current';
  if (isMarkedMigrated(raw) && !force) return collection === 'Sale' && saleShapeReasons(raw).length > 0 ? 'migrate' : 'already';
  if (isMarkedMigrated(raw)) return 'migrate';
  return migrationReasons(collection, raw).length > 0 ? 'migrate' : 'current';
}

/** Analysis counts (§2.6 stats). */
export interface MigrationStats {
  total: number;
  toMigrate: number;
  alreadyMigrated: number;
  current: number;
  reasons: Record<string, number>;
}

export function emptyStats(): MigrationStats {
  return { total: 0, toMigrate: 0, alreadyMigrated: 0, current: 0, reasons: {} };
}

/** Adds one stored document to the analysis counts. */
export function countDocument(stats: MigrationStats, collection: MigrationCollection, raw: Raw, force: boolean): 'migrate' | 'already' | 'current' {
  const decision = migrationDecision(collection, raw, force);
  stats.total += 1;
  if (isMarkedMigrated(raw)) stats.alreadyMigrated += 1;
  if (decision === 'migrate') {
    stats.toMigrate += 1;
    for (const r of migrationReasons(collection, raw)) stats.reasons[r] = (stats.reasons[r] ?? 0) + 1;
  } else if (decision === 'current') stats.current += 1;
  return decision;
}

/** Log lines (§9): one for each of the first 5 migrated documents, then every 100th. `n` counts from 1. */
export function shouldLogMigrated(n: number): boolean {
  return n <= 5 || n % 100 === 0;
}

/** Progress is the percent of batches done (§4). */
export function progressPercent(batchesDone: number, batchesTotal: number): number {
  if (batchesTotal <= 0) return 100;
  return Math.min(100, Math.round((batchesDone / batchesTotal) * 100));
}

export function batchCount(documents: number): number {
  return Math.ceil(documents / MIGRATION_BATCH);
}

export interface FieldChange {
  field: string;
  before: unknown;
  after: unknown;
}

function plain(value: unknown): unknown {
  if (value instanceof Date) return value.toISOString();
  if (isObject(value) && typeof (value as { toDate?: unknown }).toDate === 'function') {
    return ((value as { toDate: () => Date }).toDate()).toISOString();
  }
  return value;
}

/** The fields a patch changes on a stored document, with their old and new values (what a dry run shows). */
export function fieldChanges(raw: Raw, patch: Raw): FieldChange[] {
  const out: FieldChange[] = [];
  for (const [field, after] of Object.entries(patch)) {
    const before = raw[field];
    if (JSON.stringify(plain(before)) !== JSON.stringify(plain(after))) out.push({ field, before, after });
  }
  return out;
}
