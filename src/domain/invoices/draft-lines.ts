/**
 * The lines of a draft as 'Modifica Bozza' edits them: description, quantity, price VAT included (as the shop
 * sells, the draft's own unit), VAT rate, Natura for a 0 % line, percentage discount. Text in, checked, and back to
 * the line shape drafts store; each line's total in exact cents (half-up), the draft's total their sum.
 */
import { GENERIC_NATURA_CODES, isNatura, NATURA_CODES, type Natura } from '../fatturapa/codes';
import { lineAmountCents } from '../money/money';
import { parseNumberText } from '../numbers/parse-number';

/** The VAT rates a shop's draft line offers (Italy: ordinary, reduced, super-reduced, and 0 % with a Natura). */
export const DRAFT_VAT_RATES = ['22', '10', '5', '4', '0'] as const;

/** The Natura codes offered for a 0 % line: the specific ones (the SdI refuses the generic N2, N3, N6: 00445). */
export const DRAFT_NATURA_CODES: readonly Natura[] = NATURA_CODES.filter((c) => !(GENERIC_NATURA_CODES as readonly string[]).includes(c));

export interface DraftLineValues {
  /** Stable key for the form rows (not stored). */
  key: string;
  name: string;
  qty: string;
  unitPrice: string;
  vatRate: string;
  natura: string;
  discountPercent: string;
  /** Carried unchanged: article code and unit of measure. */
  code?: string;
  unitOfMeasure?: string;
}

export interface DraftLineSource {
  name: string;
  qty: number;
  unitPrice: number;
  vatRate?: number;
  natura?: string;
  discountPercent: number;
  code?: string;
  unitOfMeasure?: string;
}

export interface DraftLineOut {
  name: string;
  qty: number;
  unitPrice: number;
  vatRate: number;
  natura?: string;
  discountPercent: number;
  /** Line total in euro, from exact cents. */
  total: number;
  totalCents: number;
  code?: string;
  unitOfMeasure?: string;
}

export type DraftLineErrors = Partial<Record<'name' | 'qty' | 'unitPrice' | 'vatRate' | 'natura' | 'discountPercent', string>>;

const numberText = (n: number) => String(n).replace('.', ',');

export function draftLineValues(line: DraftLineSource, key: string): DraftLineValues {
  return {
    key,
    name: line.name,
    qty: numberText(line.qty),
    unitPrice: numberText(line.unitPrice),
    vatRate: String(line.vatRate ?? 22),
    natura: line.natura ?? '',
    discountPercent: line.discountPercent ? numberText(line.discountPercent) : '',
    ...(line.code ? { code: line.code } : {}),
    ...(line.unitOfMeasure ? { unitOfMeasure: line.unitOfMeasure } : {}),
  };
}

export function emptyDraftLine(key: string): DraftLineValues {
  return { key, name: '', qty: '1', unitPrice: '', vatRate: '22', natura: '', discountPercent: '' };
}

type Read = { ok: true; line: DraftLineOut } | { ok: false; errors: DraftLineErrors };

/** One line's text checked and read; the messages are Italian and name the field. */
export function readDraftLine(v: DraftLineValues): Read {
  const errors: DraftLineErrors = {};
  const name = v.name.trim();
  if (name === '') errors.name = 'Descrizione obbligatoria.';
  const qty = parseNumberText(v.qty, { field: 'Quantità' });
  if (!qty.ok) errors.qty = qty.error;
  else if (qty.value <= 0) errors.qty = 'Quantità: deve essere maggiore di zero.';
  const price = parseNumberText(v.unitPrice, { field: 'Prezzo' });
  if (!price.ok) errors.unitPrice = price.error;
  const rate = parseNumberText(v.vatRate, { field: 'IVA' });
  if (!rate.ok || rate.value > 99.99) errors.vatRate = 'IVA: aliquota non valida.';
  const discount = v.discountPercent.trim() === '' ? { ok: true as const, value: 0 } : parseNumberText(v.discountPercent, { field: 'Sconto %' });
  if (!discount.ok) errors.discountPercent = discount.error;
  else if (discount.value > 100) errors.discountPercent = 'Sconto %: al massimo 100.';
  const natura = v.natura.trim().toUpperCase();
  const zero = rate.ok && rate.value === 0;
  if (zero && !(isNatura(natura) && DRAFT_NATURA_CODES.includes(natura))) errors.natura = "Con IVA 0% indica la natura dell'operazione (es. N2.2).";
  if (Object.keys(errors).length > 0 || !qty.ok || !price.ok || !rate.ok || !discount.ok) return { ok: false, errors };
  const totalCents = lineAmountCents(qty.value, price.value, discount.value);
  return {
    ok: true,
    line: {
      name, qty: qty.value, unitPrice: price.value, vatRate: rate.value, discountPercent: discount.value, total: totalCents / 100, totalCents,
      ...(zero ? { natura } : {}), ...(v.code ? { code: v.code } : {}), ...(v.unitOfMeasure ? { unitOfMeasure: v.unitOfMeasure } : {}),
    },
  };
}

export type DraftLinesResult =
  | { ok: true; lines: DraftLineOut[]; totalCents: number }
  | { ok: false; errors: Record<string, DraftLineErrors>; message: string };

/** Every line checked: at least one, each valid. The total is the lines' sum in cents. */
export function readDraftLines(values: readonly DraftLineValues[]): DraftLinesResult {
  if (values.length === 0) return { ok: false, errors: {}, message: 'La bozza deve avere almeno una riga.' };
  const errors: Record<string, DraftLineErrors> = {};
  const lines: DraftLineOut[] = [];
  for (const v of values) {
    const read = readDraftLine(v);
    if (read.ok) lines.push(read.line);
    else errors[v.key] = read.errors;
  }
  if (Object.keys(errors).length > 0) return { ok: false, errors, message: 'Correggi le righe segnate.' };
  return { ok: true, lines, totalCents: lines.reduce((s, l) => s + l.totalCents, 0) };
}

