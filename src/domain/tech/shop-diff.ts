/** The before/after of a technician's save (document 3 §3: shop_update logged with the diff): changed keys only. */
export function shopDiff(before: Record<string, unknown>, after: Record<string, unknown>): { before: Record<string, unknown>; after: Record<string, unknown>; changes: string[] } {
  const changes = [...new Set([...Object.keys(before), ...Object.keys(after)])].filter((k) => JSON.stringify(before[k]) !== JSON.stringify(after[k])).sort();
  const pickKeys = (o: Record<string, unknown>) => Object.fromEntries(changes.map((k) => [k, o[k] ?? null]));
  return { before: pickKeys(before), after: pickKeys(after), changes };
}
