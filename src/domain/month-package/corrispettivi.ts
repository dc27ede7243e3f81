/**
 * The counter sales of a package (corrispettivi): each counted sale's takings split by VAT rate, and
 * the daily totals by rate and payment family. Which sales count and in which family is /zreport's rule
 * (takingsFamily, the one payment-family rule of domain/sales/payment-family.ts), so the package's days equal
 * /zreport's to the cent.
 *
 * A sale's split by rate comes from its stored tax breakdown, else from its lines (sale-amounts' taxBreakdown); the
 * difference between those and the sale's price (what the till took, what /zreport counts) goes to the rates in
 * proportion, as discounts and surcharges do, so the rates of a sale always add up to its price.
 */
import { toCents, type Cents } from '@/domain/money';
import { taxBreakdown, type AmountLine } from '@/domain/sales/sale-amounts';
import { businessDay } from '@/domain/zreport/business-day';
import { takingsFamily } from '@/domain/sales/payment-family';
import { RECON_FAMILIES, type ReconFamily, type ReconSale } from '@/domain/zreport/reconcile';

export interface CorrispettiviSale extends ReconSale {
  id: string;
  lines: readonly { total: number; vatRate?: number }[];
  taxBreakdown?: readonly { vatRate: number; gross: number }[];
}

export interface RateShare {
  vatRate?: number;
  grossCents: Cents;
}

const cents = (n: number | undefined): Cents => toCents(n ?? 0) ?? 0;

/** The sale's price split by VAT rate (cents, adding up to the price); one row without rate when it has no lines. */
export function saleByRate(sale: Pick<CorrispettiviSale, 'price' | 'lines' | 'taxBreakdown'>): RateShare[] {
  const priceCents = cents(sale.price);
  const lines: AmountLine[] = sale.taxBreakdown && sale.taxBreakdown.length > 0
    ? sale.taxBreakdown.map((r) => ({ gross: r.gross, vatRate: r.vatRate }))
    : sale.lines.map((l) => ({ gross: l.total, vatRate: l.vatRate }));
  if (lines.length === 0) return priceCents === 0 ? [] : [{ vatRate: undefined, grossCents: priceCents }];
  const linesCents = lines.reduce((s, l) => s + cents(l.gross), 0);
  const gap = priceCents - linesCents;
  const rows = taxBreakdown(lines, gap < 0 ? -gap / 100 : 0, gap > 0 ? gap / 100 : 0);
  return rows.map((r) => ({ vatRate: r.vatRate, grossCents: cents(r.gross) }));
}

export interface DayRateRow {
  day: string;
  vatRate?: number;
  byFamily: Record<ReconFamily, Cents>;
  totalCents: Cents;
}

/** The counted sales whose business day is in [fromDay, toDay] ('yyyy-MM-dd'), with their family. */
export function countedSales<S extends CorrispettiviSale>(sales: readonly S[], cutoff: number, fromDay: string, toDay: string): { sale: S; family: ReconFamily; day: string }[] {
  const out: { sale: S; family: ReconFamily; day: string }[] = [];
  for (const sale of sales) {
    const family = takingsFamily(sale);
    if (!family || !sale.date) continue;
    const day = businessDay(sale.date, cutoff);
    if (day < fromDay || day > toDay) continue;
    out.push({ sale, family, day });
  }
  return out;
}

/** Daily totals by VAT rate and payment family, oldest day first, higher rate first. */
export function dailyByRate(counted: readonly { sale: CorrispettiviSale; family: ReconFamily; day: string }[]): DayRateRow[] {
  const rows = new Map<string, DayRateRow>();
  for (const { sale, family, day } of counted) {
    for (const share of saleByRate(sale)) {
      const key = `${day}|${share.vatRate ?? ''}`;
      let row = rows.get(key);
      if (!row) {
        row = { day, vatRate: share.vatRate, byFamily: { contanti: 0, bancomat: 0, fatture: 0, altro: 0 }, totalCents: 0 };
        rows.set(key, row);
      }
      row.byFamily[family] += share.grossCents;
      row.totalCents += share.grossCents;
    }
  }
  return [...rows.values()].sort((a, b) => a.day.localeCompare(b.day) || (b.vatRate ?? -1) - (a.vatRate ?? -1));
}

export { RECON_FAMILIES };
