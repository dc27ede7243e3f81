/**
 * The period of an accountant's package: a calendar month (the default is the one before today's) or a
 * quarter, the periods of the Italian VAT settlement. Days are local calendar days: start included, end excluded.
 */
export type PackagePeriod = { kind: 'month'; year: number; month: number } | { kind: 'quarter'; year: number; quarter: number };

const MONTHS = ['gennaio', 'febbraio', 'marzo', 'aprile', 'maggio', 'giugno', 'luglio', 'agosto', 'settembre', 'ottobre', 'novembre', 'dicembre'];

/** The month before `now`'s (January → December of the year before). */
export function previousMonth(now: Date): PackagePeriod {
  const d = new Date(now.getFullYear(), now.getMonth() - 1, 1);
  return { kind: 'month', year: d.getFullYear(), month: d.getMonth() + 1 };
}

/** The quarter holding `now`'s previous month (the quarter to settle after its last month). */
export function previousQuarter(now: Date): PackagePeriod {
  const m = previousMonth(now) as { year: number; month: number };
  return { kind: 'quarter', year: m.year, quarter: Math.ceil(m.month / 3) };
}

/** Local midnights: the first day of the period and the first day after it. */
export function periodRange(p: PackagePeriod): { start: Date; end: Date } {
  const firstMonth = p.kind === 'month' ? p.month - 1 : (p.quarter - 1) * 3;
  const months = p.kind === 'month' ? 1 : 3;
  return { start: new Date(p.year, firstMonth, 1), end: new Date(p.year, firstMonth + months, 1) };
}

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * 'YYYY-MM' for a month, 'YYYY-T4' for a quarter (trimestre): the period in the file name and the value of the month
 * field. The year has four digits, as <input type="month"> writes it ('0002-06' while a year is being typed): a
 * shorter one is not a value the field takes, and setting it emptied the field.
 */
export function periodTag(p: PackagePeriod): string {
  const year = String(p.year).padStart(4, '0');
  return p.kind === 'month' ? `${year}-${pad(p.month)}` : `${year}-T${p.quarter}`;
}

/** 'ottobre 2026', '4° trimestre 2026'. */
export function periodLabel(p: PackagePeriod): string {
  return p.kind === 'month' ? `${MONTHS[p.month - 1] ?? ''} ${p.year}` : `${p.quarter}° trimestre ${p.year}`;
}

/** '<P.IVA>_<YYYY-MM>_commercialista.zip'; the VAT number is reduced to letters and digits. */
export function packageFileName(vatNumber: string, p: PackagePeriod): string {
  const vat = vatNumber.replace(/[^A-Za-z0-9]/g, '') || 'PIVA';
  return `${vat}_${periodTag(p)}_commercialista.zip`;
}

/** Reads 'YYYY-MM' (an <input type="month">) or 'YYYY-Tn'; undefined for anything else. */
export function parsePeriod(value: string): PackagePeriod | undefined {
  const month = /^(\d{4})-(\d{2})$/.exec(value);
  if (month) {
    const m = Number(month[2]);
    return m >= 1 && m <= 12 ? { kind: 'month', year: Number(month[1]), month: m } : undefined;
  }
  const quarter = /^(\d{4})-T([1-4])$/.exec(value);
  return quarter ? { kind: 'quarter', year: Number(quarter[1]), quarter: Number(quarter[2]) } : undefined;
}

/** Whether the period has started by `now` (a package of the future holds nothing). */
export function periodStarted(p: PackagePeriod, now: Date): boolean {
  return periodRange(p).start.getTime() <= now.getTime();
}

/** The first year the screen offers (the year field's minimum). */
export const FIRST_YEAR = 2000;

/**
 * Whether the screen may show this period: from FIRST_YEAR to the period in progress. A year being typed digit by
 * digit passes through 2, 20 and 202 first; those are not periods to read.
 */
export function choosablePeriod(p: PackagePeriod, now: Date): boolean {
  return p.year >= FIRST_YEAR && periodStarted(p, now);
}

/** The month a quarter becomes when the user switches to months: its last month, or `now`'s if that is still to come. */
export function quarterToMonth(p: PackagePeriod, now: Date): PackagePeriod {
  if (p.kind === 'month') return p;
  const last: PackagePeriod = { kind: 'month', year: p.year, month: p.quarter * 3 };
  return periodStarted(last, now) ? last : { kind: 'month', year: now.getFullYear(), month: now.getMonth() + 1 };
}
