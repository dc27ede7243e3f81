/** ISO calendar dates ('YYYY-MM-DD') without time zones: validation, arithmetic, Italian display. */

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** True for a real calendar date written as YYYY-MM-DD (2026-02-30 is false). */
export function isIsoDate(value: string): boolean {
  const m = ISO_DATE.exec(value);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const t = new Date(Date.UTC(y, mo - 1, d));
  return t.getUTCFullYear() === y && t.getUTCMonth() === mo - 1 && t.getUTCDate() === d;
}

/** The date `days` days after `iso` (negative goes back). Throws on an invalid date. */
export function addDays(iso: string, days: number): string {
  if (!isIsoDate(iso)) throw new RangeError(`Data non valida: ${iso}`);
  const t = new Date(`${iso}T00:00:00Z`);
  t.setUTCDate(t.getUTCDate() + days);
  return t.toISOString().slice(0, 10);
}

/** 'YYYY-MM-DD' → 'DD/MM/YYYY'. Returns the input unchanged when it is not an ISO date. */
export function formatItalianDate(iso: string): string {
  const m = ISO_DATE.exec(iso);
  return m ? `${m[3] ?? ''}/${m[2] ?? ''}/${m[1] ?? ''}` : iso;
}

/** The local calendar date of a Date as YYYY-MM-DD. */
export function toIsoDate(date: Date): string {
  const y = String(date.getFullYear()).padStart(4, '0');
  const m = String(date.getMonth() + 1).padStart(2, '0');
  const d = String(date.getDate()).padStart(2, '0');
  return `${y}-${m}-${d}`;
}
