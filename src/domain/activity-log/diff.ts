/**
 * The before/after diff of a logged change (document 3 §2.6: 'a before/after diff for shop_update'): every leaf
 * path whose value differs, nested objects walked with dotted paths, lists and other values compared whole.
 */
export interface DiffRow {
  path: string;
  before: unknown;
  after: unknown;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
  // Firestore Timestamps (toDate) and Dates are leaves.
  return !(value instanceof Date) && typeof (value as { toDate?: unknown }).toDate !== 'function';
}

function leafKey(value: unknown): string {
  if (value instanceof Date) return `date:${String(value.getTime())}`;
  const ts = value as { toDate?: () => Date } | null;
  if (ts && typeof ts === 'object' && typeof ts.toDate === 'function') return `date:${String(ts.toDate().getTime())}`;
  return JSON.stringify(value) ?? 'undefined';
}

export function diffBeforeAfter(before: unknown, after: unknown, prefix = ''): DiffRow[] {
  if (isPlainObject(before) && isPlainObject(after)) {
    const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].sort();
    return keys.flatMap((key) => diffBeforeAfter(before[key], after[key], prefix ? `${prefix}.${key}` : key));
  }
  if (isPlainObject(before) && after === undefined) return diffBeforeAfter(before, {}, prefix);
  if (before === undefined && isPlainObject(after)) return diffBeforeAfter({}, after, prefix);
  return leafKey(before) === leafKey(after) ? [] : [{ path: prefix || '(valore)', before, after }];
}
