/**
 * Italy's national public holidays and working days, on the shop's local calendar days: the days a tax deadline
 * cannot fall on (deadlines.ts). Regional and patron-saint holidays are not national, so they do not move a
 * deadline and are not listed.
 */
import { plusCalendarDays, startOfLocalDay } from './calendar-days';

/** [month (1–12), day] of the holidays with a fixed date. */
const FIXED_HOLIDAYS: readonly (readonly [number, number])[] = [
  [1, 1], // Capodanno
  [1, 6], // Epifania
  [4, 25], // Festa della Liberazione
  [5, 1], // Festa del Lavoro
  [6, 2], // Festa della Repubblica
  [8, 15], // Ferragosto
  [11, 1], // Ognissanti
  [12, 8], // Immacolata Concezione
  [12, 25], // Natale
  [12, 26], // Santo Stefano
];

/** San Francesco d'Assisi (4 October) is a national holiday again from this year on (Legge 151/2025). */
const SAN_FRANCESCO_FROM_YEAR = 2026;

/** Easter Sunday of a year, local midnight (Gregorian computus, the anonymous Meeus/Jones/Butcher algorithm). */
export function easterSunday(year: number): Date {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return new Date(year, month - 1, day);
}

function sameDay(a: Date, b: Date): boolean {
  return a.getFullYear() === b.getFullYear() && a.getMonth() === b.getMonth() && a.getDate() === b.getDate();
}

/** True when `day` (its local calendar day, any time of it) is an Italian national public holiday. */
export function isItalianPublicHoliday(day: Date): boolean {
  const year = day.getFullYear();
  const month = day.getMonth() + 1;
  const date = day.getDate();
  if (FIXED_HOLIDAYS.some(([m, d]) => m === month && d === date)) return true;
  if (month === 10 && date === 4 && year >= SAN_FRANCESCO_FROM_YEAR) return true;
  const easter = easterSunday(year);
  return sameDay(day, easter) || sameDay(day, plusCalendarDays(easter, 1));
}

/** Not a Saturday, not a Sunday, not a public holiday. */
export function isWorkingDay(day: Date): boolean {
  const weekday = day.getDay();
  return weekday !== 0 && weekday !== 6 && !isItalianPublicHoliday(day);
}

/** Local midnight of `day` itself when it is a working day, else of the first working day after it. */
export function nextWorkingDayOnOrAfter(day: Date): Date {
  let candidate = startOfLocalDay(day);
  while (!isWorkingDay(candidate)) candidate = plusCalendarDays(candidate, 1);
  return candidate;
}
