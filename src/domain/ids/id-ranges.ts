/**
 * Consecutive document-id ranges that together cover a collection's id space, each id in exactly one. The app reads
 * its big live lists in such ranges (lib/firebase-ranges.ts) and the list bundles carry one named query per range
 * (functions/src/list-bundle.ts): both sides build them here, so a bundle's queries are the app's.
 *
 * The ranges split the alphabet of Firestore's auto-ids (what the POS app and this app create), so they are even for
 * those; other ids (the demo's, a CSV import's shop-prefixed ones) are still all covered, only less evenly.
 */
import { AUTO_ID_CHARS } from './auto-id';

/** One range: ids `>= from` (none = from the start) and `< to` (none = to the end). */
export interface IdRange {
  from?: string;
  to?: string;
}

// Firestore orders document ids by their UTF-8 bytes: for these ASCII ids, JavaScript's code-unit order.
const byBytes = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * The ids that cut the id space into n ranges: [-, b1), [b1, b2), …, [bn-1, -), plus `extra` cuts (sorted in, each
 * once) for ids that are not auto-ids and would otherwise all fall in one range (see importedIdBounds).
 */
export function idRangeBounds(n: number, extra: readonly string[] = []): string[] {
  const bounds = new Set<string>(extra);
  for (let k = 1; k < n; k++) bounds.add(AUTO_ID_CHARS.charAt(Math.round((k * AUTO_ID_CHARS.length) / n)));
  return [...bounds].sort(byBytes);
}

/** Cuts inside ids that share `prefix` and go on in lower-case hex digits (a CSV import's): four even ranges of them. */
export function importedIdBounds(prefix: string): string[] {
  return ['4', '8', 'c'].map((hex) => `${prefix}${hex}`);
}

/** The ranges the sorted `bounds` cut: one more than the bounds. */
export function idRanges(bounds: readonly string[]): IdRange[] {
  return Array.from({ length: bounds.length + 1 }, (_, k) => ({
    ...(k > 0 ? { from: bounds[k - 1] } : {}),
    ...(k < bounds.length ? { to: bounds[k] } : {}),
  }));
}

/** The index of the range `id` falls in. */
export function rangeIndexOf(id: string, bounds: readonly string[]): number {
  let k = 0;
  while (k < bounds.length && byBytes(id, bounds[k] ?? '') >= 0) k++;
  return k;
}

/** `items` split by the range of their id, in range order (each range keeps the items' order). */
export function splitByIdRange<T>(items: readonly T[], idOf: (item: T) => string, bounds: readonly string[]): T[][] {
  const parts: T[][] = Array.from({ length: bounds.length + 1 }, () => []);
  for (const item of items) parts[rangeIndexOf(idOf(item), bounds)]?.push(item);
  return parts;
}
