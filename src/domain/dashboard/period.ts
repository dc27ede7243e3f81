/**
 * The dashboard's and the statistics' period (document 1 §2, §5): today, the previous calendar month, one chosen
 * day, or a range of days, as a half-open interval [start, end) of local midnights (the shops' zone, time-zone.ts),
 * so a query can use `>= start` and `< end`.
 */
import { periodRange, previousMonth } from '../month-package/period';

export type PeriodChoice =
  | { mode: 'today' }
  | { mode: 'last-month' }
  | { mode: 'day'; day: string }
  | { mode: 'range'; start: string; end: string };

export interface Period {
  start: Date;
  end: Date;
}

export const END_BEFORE_START = 'La data di fine deve essere successiva a quella di inizio';

/** 'yyyy-MM-dd' (the date input's value) -> local midnight, or undefined when not a real date. */
export function parseDay(value: string): Date | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return undefined;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(year, month - 1, day);
  return date.getFullYear() === year && date.getMonth() === month - 1 && date.getDate() === day ? date : undefined;
}

export function dayInput(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

function nextDay(date: Date): Date {
  return new Date(date.getFullYear(), date.getMonth(), date.getDate() + 1);
}

/** The whole calendar month before `now`'s: on 1 January, December of the year before. */
export function lastMonthPeriod(now: Date): Period {
  return periodRange(previousMonth(now));
}

/** The interval of a choice, or the Italian message that explains why there is none. */
export function resolvePeriod(choice: PeriodChoice, now: Date): { period: Period } | { error: string } {
  if (choice.mode === 'today') {
    const start = new Date(now.getFullYear(), now.getMonth(), now.getDate());
    return { period: { start, end: nextDay(start) } };
  }
  if (choice.mode === 'last-month') return { period: lastMonthPeriod(now) };
  if (choice.mode === 'day') {
    const day = parseDay(choice.day);
    return day ? { period: { start: day, end: nextDay(day) } } : { error: 'Seleziona una data valida' };
  }
  const start = parseDay(choice.start);
  const end = parseDay(choice.end);
  if (!start || !end) return { error: 'Seleziona la data di inizio e di fine' };
  if (end.getTime() < start.getTime()) return { error: END_BEFORE_START };
  return { period: { start, end: nextDay(end) } };
}
