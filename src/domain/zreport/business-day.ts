/**
 * The business day of a shop. Bars and restaurants close the register after midnight: a sale or a
 * closing between midnight and the shop's cut-off hour belongs to the day before. Days are Rome's wall clock
 * (the shops are in Italy), whatever the browser's or the server's time zone, daylight saving days included.
 *
 * The cut-off is stored on the shop as 'HH:MM' (settings.businessDayCutoff), from 00:00 (plain calendar days) to
 * 11:59; anything else reads as the default.
 */

import { SHOP_TIME_ZONE } from '../time-zone';

export const DEFAULT_BUSINESS_DAY_CUTOFF = '05:00';
/** The latest cut-off accepted: 11:59 (a business day never ends in the afternoon). */
export const MAX_CUTOFF_MINUTES = 12 * 60 - 1;

const CUTOFF_PATTERN = /^([01]\d):([0-5]\d)$/;

/** Minutes after midnight of an 'HH:MM' cut-off between 00:00 and 11:59; undefined for anything else. */
export function cutoffMinutes(text: unknown): number | undefined {
  if (typeof text !== 'string') return undefined;
  const match = CUTOFF_PATTERN.exec(text.trim());
  if (!match) return undefined;
  const minutes = Number(match[1]) * 60 + Number(match[2]);
  return minutes <= MAX_CUTOFF_MINUTES ? minutes : undefined;
}

/** The stored value as the app uses it: a valid 'HH:MM' (a single-digit hour is padded), else the default. */
export function normalizeCutoff(value: unknown): string {
  const text = typeof value === 'string' ? value.trim().replace(/^(\d):/, '0$1:') : '';
  const minutes = cutoffMinutes(text);
  return minutes === undefined ? DEFAULT_BUSINESS_DAY_CUTOFF : minutesText(minutes);
}

function minutesText(minutes: number): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;
}

const MINUTE_MS = 60_000;
const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;

const ROME = new Intl.DateTimeFormat('en-US', {
  timeZone: SHOP_TIME_ZONE,
  hourCycle: 'h23',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
});

/** Rome's offset from UTC changes only on whole UTC hours: one formatting per hour, cached. */
const offsets = new Map<number, number>();
function romeOffsetMs(time: number): number {
  const hour = Math.floor(time / HOUR_MS);
  let offset = offsets.get(hour);
  if (offset === undefined) {
    const at = hour * HOUR_MS;
    const parts: Record<string, number> = {};
    for (const p of ROME.formatToParts(new Date(at))) if (p.type !== 'literal') parts[p.type] = Number(p.value);
    offset = Date.UTC(parts.year ?? 1970, (parts.month ?? 1) - 1, parts.day ?? 1, parts.hour ?? 0, parts.minute ?? 0) - at;
    if (offsets.size > 50_000) offsets.clear();
    offsets.set(hour, offset);
  }
  return offset;
}

/** Rome's wall clock at `time`, written as if it were UTC (so getUTC* read the Rome fields). */
function romeWall(time: number): number {
  return time + romeOffsetMs(time);
}

function isoDay(wall: number): string {
  return new Date(wall).toISOString().slice(0, 10);
}

/** The business day ('yyyy-MM-dd') of an instant: Rome's calendar day, the day before until the cut-off. */
export function businessDay(date: Date, cutoff = 0): string {
  return isoDay(romeWall(date.getTime()) - cutoff * MINUTE_MS);
}

/** The calendar day after `day` ('yyyy-MM-dd'). */
export function nextDay(day: string): string {
  return isoDay(dayWall(day) + DAY_MS);
}

function dayWall(day: string): number {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return Date.UTC(y, m - 1, d);
}

/**
 * The first instant of business day `day` ('yyyy-MM-dd'): `day` at the cut-off, Rome time. When that time does
 * not exist (the spring-forward hour) it is the moment the clock jumps past it; when it happens twice (the
 * autumn hour) the first time.
 */
export function businessDayStart(day: string, cutoff = 0): Date {
  const target = dayWall(day) + cutoff * MINUTE_MS;
  // Rome is UTC+1 or UTC+2: the instant is one of these two, or (in the gap) just after them.
  const candidates = [target - 2 * HOUR_MS, target - HOUR_MS].filter((t) => romeWall(t) >= target);
  let start = Math.min(...candidates);
  // In the spring gap the wall clock jumped past the target: go back to the jump (at most an hour).
  for (let i = 0; i < 60 && romeWall(start - MINUTE_MS) >= target; i++) start -= MINUTE_MS;
  return new Date(start);
}

/** What the screen says about the cut-off. */
export function cutoffText(cutoff: string): string {
  const minutes = cutoffMinutes(cutoff) ?? 0;
  if (minutes === 0) return 'La giornata contabile va da mezzanotte a mezzanotte.';
  const hhmm = minutesText(minutes);
  return `La giornata contabile finisce alle ${hhmm} del giorno dopo: vendite e chiusure tra mezzanotte e le ${hhmm} contano sul giorno prima.`;
}
