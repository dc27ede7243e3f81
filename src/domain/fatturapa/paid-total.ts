/**
 * The lines of an invoice whose gross prices are what the customer already paid (an invoice for a receipt): the
 * document must total what was paid, to the cent. Net prices taken line by line from the gross (gross / (1 + rate),
 * PrezzoTotale rounded per line) drift: a 44,80 € receipt came out as a 44,81 € invoice. So, per VAT rate (and
 * Natura), the taxable amount N is chosen first from the rate's paid gross G, such that
 *   N + round_half_up(N × rate / 100) = G                                     (00421 holds exactly),
 * then N is shared among the rate's lines in proportion to what each was paid (largest remainder, so the line
 * totals add up to N exactly: 00422 with no tolerance used), and each line's PrezzoUnitario (8 decimals) is the
 * one whose (PrezzoUnitario ± ScontoMaggiorazione) × Quantita rounds to its share (00423 exact).
 *
 * Some gross amounts have no such N (at 22 % the map N → N + IVA steps by 2 cents about once in five: no N gives
 * 0,03 €). Then N is the nearest on either side (1 cent off), and the document says the difference in
 * DatiGeneraliDocumento/Arrotondamento (ImportoTotaleDocumento = Σ ImponibileImporto + Σ Imposta + Arrotondamento),
 * which no SdI check weighs against the summaries: every arithmetic check still holds exactly, never by tolerance.
 * Successive rates pick the side that brings the running difference back towards zero.
 */
import * as D from '../money/decimal';
import type { Decimal } from '../money/decimal';
import { lineTotalOf, type ComputedLine, type LinePart } from './lines';

const PRICE_DECIMALS = 8;

/** round_half_up(n × rateBasis / 10000) for n ≥ 0, with the rate in hundredths of a percent (22,00 % → 2200). */
function vatCents(net: bigint, rateBasis: bigint): bigint {
  return (net * rateBasis * 2n + 10000n) / 20000n;
}

/** N + IVA(N), in cents. */
function grossOf(net: bigint, rateBasis: bigint): bigint {
  return net + vatCents(net, rateBasis);
}

export interface NetChoice {
  /** ImponibileImporto in cents. */
  net: bigint;
  /** What N + IVA(N) misses of the paid gross, in cents: 0 when exact, else ±1. */
  short: bigint;
}

/**
 * The taxable amount for a paid gross G (cents) at a rate: exact when one exists; otherwise the nearest on the side
 * `prefer` says (+1: N + IVA one cent under G, the rounding adds it; −1: one cent over).
 */
export function netForGross(gross: bigint, rate: Decimal, prefer: 1 | -1 = 1): NetChoice {
  if (gross <= 0n) return { net: 0n, short: gross };
  const basis = D.rescale(D.round(rate, 2), 2).units;
  const start = (gross * 10000n * 2n + (10000n + basis)) / ((10000n + basis) * 2n);
  let below: bigint | undefined;
  let above: bigint | undefined;
  for (let n = start - 3n < 0n ? 0n : start - 3n; n <= start + 3n; n++) {
    const g = grossOf(n, basis);
    if (g === gross) return { net: n, short: 0n };
    if (g < gross) below = n;
    else if (above === undefined) above = n;
  }
  const pick = prefer === 1 ? (below ?? above) : (above ?? below);
  const net = pick ?? start;
  return { net, short: gross - grossOf(net, basis) };
}

/** Shares `total` cents among weights (largest remainder, ties to the earlier line); all zero weights → all 0. */
export function shareCents(total: bigint, weights: readonly bigint[]): bigint[] {
  const sum = weights.reduce((s, w) => s + w, 0n);
  if (sum <= 0n) return weights.map(() => 0n);
  const floors = weights.map((w) => (total * w) / sum);
  const remainders = weights.map((w, i) => ({ i, r: (total * w) % sum }));
  let left = total - floors.reduce((s, f) => s + f, 0n);
  for (const { i } of [...remainders].sort((a, b) => (b.r > a.r ? 1 : b.r < a.r ? -1 : a.i - b.i))) {
    if (left <= 0n) break;
    floors[i] = (floors[i] ?? 0n) + 1n;
    left--;
  }
  return floors;
}

const HUNDRED = D.dec(100);

/** The PrezzoUnitario whose adjusted price × quantity rounds to `share` (cents); the line's own when none fits. */
function unitPriceFor(part: LinePart, share: bigint): Decimal {
  const perUnit = D.div({ units: share, scale: 2 }, part.quantity, 20);
  const a = part.adjustment;
  let unit = perUnit;
  if (a?.percent !== undefined) {
    const factor = a.tipo === 'SC' ? D.sub(HUNDRED, a.percent) : D.add(HUNDRED, a.percent);
    if (D.isZero(factor)) return part.unitPrice;
    unit = D.div(D.mul(perUnit, HUNDRED), factor, 20);
  } else if (a?.amount !== undefined) {
    unit = a.tipo === 'SC' ? D.add(perUnit, a.amount) : D.sub(perUnit, a.amount);
  }
  if (D.cmp(unit, D.ZERO) < 0) return part.unitPrice;
  return D.round(unit, PRICE_DECIMALS);
}

function groupKey(part: LinePart): string {
  return `${D.toFixed(part.vatRate, 2)}|${part.natura ?? ''}`;
}

/**
 * The DettaglioLinee of a document that must total what was paid (see the module comment). `numero` follows the
 * order of the parts; PrezzoTotale is always the SdI's own computation from the written values.
 */
export function computePaidLines(parts: readonly LinePart[]): ComputedLine[] {
  const groups = new Map<string, number[]>();
  parts.forEach((p, i) => groups.set(groupKey(p), [...(groups.get(groupKey(p)) ?? []), i]));
  const shares = new Map<number, bigint>();
  let running = 0n;
  for (const indexes of groups.values()) {
    const paid = indexes.map((i) => D.rescale(parts[i]!.paid, 2).units);
    const gross = paid.reduce((s, p) => s + p, 0n);
    const first = parts[indexes[0]!]!;
    const choice = first.natura ? { net: gross, short: 0n } : netForGross(gross, first.vatRate, running > 0n ? -1 : 1);
    running += choice.short;
    shareCents(choice.net, paid).forEach((share, k) => shares.set(indexes[k]!, share));
  }
  return parts.map(({ paid: _paid, ...part }, i) => {
    const unitPrice = unitPriceFor({ ...part, paid: _paid }, shares.get(i) ?? 0n);
    const line = { ...part, unitPrice };
    return { ...line, numero: i + 1, total: lineTotalOf(line) };
  });
}
