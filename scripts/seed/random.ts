/**
 * Seeded randomness and small helpers shared by the demo-data generators. Pure: no Node or Firebase imports
 * (unit tests under src/ import the generator).
 */

/** One document to write: collection, fixed id, data in the stored shape (Dates for timestamps). */
export interface SeedDoc {
  collection: string;
  id: string;
  data: Record<string, unknown>;
}

import { SeededRandom as Rng } from '../../src/domain/random/seeded-random.ts';

export { Rng };

export interface SeedContext {
  now: Date;
  rng: Rng;
}

export const DAY_MS = 86_400_000;

export function addDays(date: Date, days: number): Date {
  return new Date(date.getTime() + days * DAY_MS);
}

export function addMinutes(date: Date, minutes: number): Date {
  return new Date(date.getTime() + minutes * 60_000);
}

/** `days` days before now, at the given local time. */
export function daysAgoAt(now: Date, days: number, hour: number, minute = 0): Date {
  const d = addDays(now, -days);
  d.setHours(hour, minute, 0, 0);
  return d;
}

/** Calendar date 'YYYY-MM-DD' in local time. */
export function isoDate(date: Date): string {
  const m = String(date.getMonth() + 1).padStart(2, '0');
  const d = String(date.getDate()).padStart(2, '0');
  return `${date.getFullYear()}-${m}-${d}`;
}

/** Rounds half away from zero to 2 decimals. */
export function round2(n: number): number {
  const sign = n < 0 ? -1 : 1;
  return (sign * Math.round(Number(`${Math.abs(n)}e2`))) / 100;
}

/** Italian style '12,50' (legacy documents store numbers like this). */
export function commaText(n: number): string {
  return n.toFixed(2).replace('.', ',');
}

/** A Partita IVA with a valid check digit from 10 digits. */
export function partitaIva(first10: string): string {
  let sum = 0;
  for (let i = 0; i < 10; i++) {
    let d = Number(first10.charAt(i));
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return first10 + String((10 - (sum % 10)) % 10);
}

/** An EAN-13 barcode with a valid check digit from 12 digits. */
export function ean13(first12: string): string {
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += Number(first12.charAt(i)) * (i % 2 === 0 ? 1 : 3);
  return first12 + String((10 - (sum % 10)) % 10);
}

/** The invoice-number prefix: first 5 characters of the user id, padded with 0 (document 2 §5). */
export function invoicePrefix(uid: string): string {
  return uid.slice(0, 5).padEnd(5, '0');
}

const CF_ODD: Record<string, number> = {
  0: 1, 1: 0, 2: 5, 3: 7, 4: 9, 5: 13, 6: 15, 7: 17, 8: 19, 9: 21, A: 1, B: 0, C: 5, D: 7, E: 9, F: 13, G: 15, H: 17, I: 19,
  J: 21, K: 2, L: 4, M: 18, N: 20, O: 11, P: 3, Q: 6, R: 8, S: 12, T: 14, U: 16, V: 10, W: 22, X: 25, Y: 24, Z: 23,
};

/** A person's Codice Fiscale with its check character, from the first 15 characters. */
export function codiceFiscale(first15: string): string {
  let sum = 0;
  for (let i = 0; i < 15; i++) {
    const ch = first15.charAt(i);
    if (i % 2 === 0) sum += CF_ODD[ch] ?? 0;
    else sum += /\d/.test(ch) ? Number(ch) : ch.charCodeAt(0) - 65;
  }
  return first15 + String.fromCharCode(65 + (sum % 26));
}
