/**
 * Calendar-day arithmetic on the shop's local days (the process runs in Rome's time zone). Days are built from
 * year, month and day, never by adding 24 hours: the days of the DST changes last 23 and 25 hours.
 */

const DAY_MS = 86_400_000;

/** Local midnight of the day `date` falls on. */
export function startOfLocalDay(date: Date): Date {
  return new Date(date.getFullYear(), date.getMonth(), date.getDate());
}

/** Local midnight `days` calendar days after `date`'s day (negative goes back). */
export function plusCalendarDays(date: Date, days: number): Date {
  return new Date(date.getFullYear(), date.getMonth(), date.getDate() + days);
}

/**
 * Whole calendar days from `from`'s day to `to`'s day (negative when `to` comes first). The two days are
 * numbered on a clock without DST, so a 23- or 25-hour day in between still counts as one.
 */
export function calendarDaysBetween(from: Date, to: Date): number {
  const dayNumber = (d: Date) => Date.UTC(d.getFullYear(), d.getMonth(), d.getDate()) / DAY_MS;
  return dayNumber(to) - dayNumber(from);
}
