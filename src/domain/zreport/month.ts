import { parseDay } from '../dashboard/period';
import { localDay } from './reconcile';

export interface DayRange {
  /** First day, 'yyyy-MM-dd'. */
  from: string;
  /** Last day, 'yyyy-MM-dd', included. */
  to: string;
}

/** A calendar month (`month` 0-11), up to `today` (the shop's business day, 'yyyy-MM-dd') when it is the current one. */
export function monthRange(year: number, month: number, today: string): DayRange {
  const last = localDay(new Date(year, month + 1, 0));
  return { from: localDay(new Date(year, month, 1)), to: last < today ? last : today };
}

/**
 * The month a closings screen opens on: the business day's, not the calendar's. At 00:30 on the 1st with a 02:00
 * cut-off the shop is still selling on the last day of the previous month, and that open day is what the owner
 * looks for.
 */
export function businessMonth(today: string): DayRange {
  const day = parseDay(today);
  if (!day) throw new Error(`Giorno non valido: ${today}`);
  return monthRange(day.getFullYear(), day.getMonth(), today);
}
