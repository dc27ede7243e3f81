/**
 * Which lines of a supplier invoice are goods to load into the warehouse ('Carica da fattura'), and what the
 * others are. The rule, in order (the first that applies decides):
 *
 * 1. TipoCessionePrestazione SC (sconto), PR (premio), AB (abbuono): a discount. AC (spesa accessoria): a charge.
 * 2. A line with no quantity (absent or 0) and neither a unit price nor a total: a descriptive line
 *    ('Rif. Doc. di trasporto…', notes, references).
 * 3. A line with a negative total, unit price or quantity: a discount when the same body has goods it can lower
 *    ('SCONTO' −5,00), otherwise a negative line (a return or a reversal: nothing to load).
 * 4. A description naming a cost that is not merchandise (shipping, transport, packing, collection or bank
 *    charges, stamp duty): a charge ('Costi di spedizione', 'Spese di trasporto', 'Spese incasso', 'Bollo').
 * 5. Anything else is goods — a free good included (quantity with a 100% discount: it enters stock at cost 0).
 *
 * Goods are offered as rows; the others are shown apart with the reason and never loaded by default (a charge or a
 * descriptive line may be added by hand). A discount lowers the cost of the goods it applies to: its amount is
 * spread over the goods lines of the same body with the same VAT rate (all the body's goods when none has it), in
 * proportion to their totals, in exact cents. A negative line is never loaded as +1 piece at € 0.
 */
import type { SourceLine } from './invoice-import';

export type LineKind = 'goods' | 'discount' | 'charge' | 'text' | 'negative';

/** A line not offered as a product, with why. */
export interface SetAsideLine {
  key: string;
  kind: Exclude<LineKind, 'goods'>;
  description: string;
  /** The line's total as invoiced (negative for discounts and returns). */
  total?: number;
  reason: string;
  /** The line itself, for 'Aggiungi come prodotto' (charges and descriptive lines only). */
  line: SourceLine;
}

export const LINE_KIND_LABELS: Readonly<Record<Exclude<LineKind, 'goods'>, string>> = {
  discount: 'Sconto',
  charge: 'Spesa accessoria',
  text: 'Riga descrittiva',
  negative: 'Importo negativo',
};

const CHARGE_TEXT =
  /\b(?:spes[ae]|cost[oi]|contribut[oi]|addebit[oi])\b[^\n]{0,30}?\b(?:spedizion|trasport|imball|incass|consegn|bancari|postal|gestione)|^\s*(?:trasporto|spedizione|imballo|imballaggio|bollo|imposta di bollo|spese)\b/i;

const isNegative = (n: number | undefined) => n !== undefined && Number.isFinite(n) && n < 0;
const isZeroOrMissing = (n: number | undefined) => n === undefined || !Number.isFinite(n) || n === 0;

/** The kind of one line, before knowing its neighbours (rule 3's 'discount or negative' is `negative` here). */
export function lineKindOf(line: SourceLine): LineKind {
  const type = line.kindCode?.trim().toUpperCase();
  if (type === 'SC' || type === 'PR' || type === 'AB') return 'discount';
  if (type === 'AC') return 'charge';
  if (isZeroOrMissing(line.quantity) && isZeroOrMissing(line.unitPrice) && isZeroOrMissing(line.total)) return 'text';
  if (isNegative(line.total) || isNegative(line.unitPrice) || isNegative(line.quantity)) return 'negative';
  if (CHARGE_TEXT.test(line.description)) return 'charge';
  return 'goods';
}

const cents = (n: number | undefined) => (n === undefined || !Number.isFinite(n) ? 0 : Math.round(n * 100));

/** The amount a discount line takes off, in cents (positive): |total|, else |quantity × unit price|. */
function discountCents(line: SourceLine): number {
  const total = cents(line.total);
  if (total !== 0) return Math.abs(total);
  return Math.abs(cents((line.quantity ?? 1) * (line.unitPrice ?? 0)));
}

const euro = (c: number) => c / 100;
const fmt = (c: number) => new Intl.NumberFormat('it-IT', { style: 'currency', currency: 'EUR' }).format(euro(c));

/** Spreads `amount` cents over `weights` (positive cents) in proportion, the remainders to the largest parts. */
function spread(amount: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  if (sum <= 0) return weights.map(() => 0);
  const exact = weights.map((w) => (amount * w) / sum);
  const out = exact.map(Math.floor);
  let left = amount - out.reduce((a, b) => a + b, 0);
  const order = exact.map((e, i) => ({ i, r: e - Math.floor(e) })).sort((a, b) => b.r - a.r || a.i - b.i);
  for (const { i } of order) {
    if (left <= 0) break;
    out[i] = (out[i] ?? 0) + 1;
    left--;
  }
  return out;
}

export interface SortedLines {
  /** Goods lines, their totals lowered by the discounts that apply to them. */
  goods: SourceLine[];
  apart: SetAsideLine[];
}

/** The invoice's lines → goods to offer (discounts applied) and the lines set apart, with their reasons. */
export function sortInvoiceLines(lines: readonly SourceLine[]): SortedLines {
  const kinds = lines.map(lineKindOf);
  const goodsIdx = kinds.flatMap((k, i) => (k === 'goods' ? [i] : []));
  const lowered = new Map<number, number>(goodsIdx.map((i) => [i, Math.max(0, cents(lines[i]?.total ?? (lines[i]?.quantity ?? 1) * (lines[i]?.unitPrice ?? 0)))]));
  const apart: SetAsideLine[] = [];
  lines.forEach((line, i) => {
    const kind = kinds[i] ?? 'goods';
    if (kind === 'goods') return;
    const base = { key: `apart-${i}`, description: line.description.replace(/\s+/g, ' ').trim(), total: line.total, line };
    if (kind === 'charge') {
      apart.push({ ...base, kind, reason: 'Spesa che non è merce (spedizione, trasporto, incasso…): non caricata in magazzino.' });
      return;
    }
    if (kind === 'text') {
      apart.push({ ...base, kind, reason: 'Riga senza quantità né prezzo (riferimento o descrizione): non è un prodotto.' });
      return;
    }
    const sameBody = goodsIdx.filter((g) => (lines[g]?.bodyIndex ?? 1) === (line.bodyIndex ?? 1) && (lowered.get(g) ?? 0) > 0);
    if (sameBody.length === 0) {
      apart.push({
        ...base,
        kind: kind === 'discount' ? 'discount' : 'negative',
        reason: 'Importo negativo (reso, storno o sconto) senza merce a cui applicarlo: non caricata, nessun pezzo aggiunto.',
      });
      return;
    }
    const sameRate = sameBody.filter((g) => lines[g]?.vatRate === line.vatRate);
    const targets = sameRate.length > 0 ? sameRate : sameBody;
    const weights = targets.map((g) => lowered.get(g) ?? 0);
    const amount = Math.min(discountCents(line), weights.reduce((a, b) => a + b, 0));
    spread(amount, weights).forEach((part, j) => {
      const g = targets[j];
      if (g !== undefined) lowered.set(g, (lowered.get(g) ?? 0) - part);
    });
    const names = targets.map((g) => lines[g]?.description.replace(/\s+/g, ' ').trim() ?? '').filter(Boolean);
    apart.push({
      ...base,
      kind: 'discount',
      reason: `Sconto di ${fmt(amount)} ripartito sul costo di: ${names.join(', ')}.`,
    });
  });
  const goods = goodsIdx.map((i) => {
    const line = lines[i]!;
    const after = lowered.get(i);
    const before = Math.max(0, cents(line.total ?? (line.quantity ?? 1) * (line.unitPrice ?? 0)));
    return after === undefined || after === before ? line : { ...line, total: euro(after) };
  });
  return { goods, apart };
}
