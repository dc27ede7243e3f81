/**
 * Pure rules of the developer dashboard's Negozi tab (document 3 §2.6, §4).
 */

export type ApiLogTone = 'error' | 'warn' | 'success' | 'info';

/** error: status 400 or more, or failed; warn: 300 or more; success: succeeded; otherwise info. */
export function apiLogTone(status: number | undefined, success: boolean | undefined): ApiLogTone {
  if ((status !== undefined && status >= 400) || success === false) return 'error';
  if (status !== undefined && status >= 300) return 'warn';
  if (success === true) return 'success';
  return 'info';
}

/** Shops with a pending proposal first, then by name (Italian collation), then by id. */
export function sortShopsPendingFirst<T extends { id: string; name: string }>(shops: readonly T[], pending: ReadonlySet<string>): T[] {
  const collator = new Intl.Collator('it', { sensitivity: 'base' });
  return [...shops].sort((a, b) => {
    const pa = pending.has(a.id) ? 0 : 1;
    const pb = pending.has(b.id) ? 0 : 1;
    return pa - pb || collator.compare(a.name, b.name) || a.id.localeCompare(b.id);
  });
}

/** The message of document 3 §8 for a shop without userId (API logs and user logs alike). */
export function noUserIdMessage(shopName: string): string {
  return `Shop "${shopName}" non ha un userId. Impossibile caricare i logs.`;
}

/**
 * The technicians' list after a technician is assigned (document 3 §4: assignedTech is also added to
 * technicians); clearing leaves the list as it is.
 */
export function techniciansAfterAssign(technicians: readonly string[], assigned: string): string[] {
  return assigned && !technicians.includes(assigned) ? [...technicians, assigned] : [...technicians];
}

/** Same ids in any order (the technicians' checkboxes: is there anything to save?). */
export function sameIds(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && [...a].sort().join('\u0000') === [...b].sort().join('\u0000');
}
