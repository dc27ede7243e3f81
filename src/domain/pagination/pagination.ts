/** Page arithmetic shared by every paged list (sales, customers, products...). Pages are 0-based. */
export const MAX_PAGE_BUTTONS = 5;

/** Up to `max` page numbers (0-based) around the current page. */
export function pageWindow(current: number, pageCount: number, max = MAX_PAGE_BUTTONS): number[] {
  const size = Math.min(max, pageCount);
  const start = Math.max(0, Math.min(current - Math.floor(size / 2), pageCount - size));
  return Array.from({ length: size }, (_, i) => start + i);
}

/**
 * 'Mostrando X - Y di N {noun}' (1-based, inclusive); noun is the plural ('vendite', 'clienti'), `singular` the
 * noun of a list of one ('vendita'; without it the plural serves, as for 'ticket').
 */
export function showingText(page: number, pageSize: number, total: number, noun: string, singular = noun): string {
  const first = total === 0 ? 0 : page * pageSize + 1;
  const last = Math.min(total, (page + 1) * pageSize);
  return `Mostrando ${first} - ${last} di ${total} ${total === 1 ? singular : noun}`;
}

export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

/** The rows of one page, the page clamped into range (a filter may shrink the list under the current page). */
export function pageSlice<T>(rows: readonly T[], page: number, pageSize: number): { page: number; rows: T[] } {
  const current = Math.min(Math.max(0, page), pageCount(rows.length, pageSize) - 1);
  return { page: current, rows: rows.slice(current * pageSize, (current + 1) * pageSize) };
}
