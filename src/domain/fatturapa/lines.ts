/**
 * Line and VAT-summary arithmetic, in exact decimals, built so that the SdI checks hold by construction:
 * - 00423: PrezzoTotale = round_half_up((PrezzoUnitario ± ScontoMaggiorazione) × Quantita, 2), computed from the
 *   very values written in the XML (unit price rounded to 8 decimals first), so |difference| ≤ 0.005;
 * - 00422: ImponibileImporto = exact sum of the PrezzoTotale of its rate (and Natura), no Arrotondamento;
 * - 00421: Imposta = round_half_up(ImponibileImporto × AliquotaIVA / 100, 2);
 * - 00400/00401/00429/00430/00443/00444/00445: 0% lines carry a specific Natura, others none, one summary per
 *   rate + Natura.
 */
import * as D from '../money/decimal';
import type { Decimal } from '../money/decimal';
import { GENERIC_NATURA_CODES, NATURA_LABELS, isNatura, type Esigibilita, type Natura } from './codes';
import { InvoiceBuildError } from './build-error';
import { asciiText, latinText } from './text';
import type { InvoiceLineInput } from './types';

export const MAX_LINES = 9999;
export const DESCRIPTION_MAX = 1000;
const PRICE_DECIMALS = 8;
const QUANTITY_DECIMALS = 8;
const HUNDRED = D.dec(100);

export interface ComputedAdjustment {
  tipo: 'SC' | 'MG';
  percent?: Decimal;
  amount?: Decimal;
}

export interface ComputedLine {
  numero: number;
  description: string;
  code?: string;
  quantity: Decimal;
  unitOfMeasure?: string;
  /** Net unit price (PrezzoUnitario), at most 8 decimals. */
  unitPrice: Decimal;
  adjustment?: ComputedAdjustment;
  /** PrezzoTotale, 2 decimals. */
  total: Decimal;
  /** AliquotaIVA, 2 decimals. */
  vatRate: Decimal;
  natura?: Natura;
}

export interface ComputedSummary {
  vatRate: Decimal;
  natura?: Natura;
  imponibile: Decimal;
  imposta: Decimal;
  esigibilita?: Esigibilita;
  riferimentoNormativo?: string;
}

function finite(value: number, label: string, field: string): Decimal {
  if (typeof value !== 'number' || !Number.isFinite(value)) {
    throw new InvoiceBuildError(`${label}: valore non numerico`, field);
  }
  return D.dec(value);
}

/** (unit price ± adjustment) — the adjusted unit price the SdI multiplies by the quantity. */
export function adjustedUnitPrice(unitPrice: Decimal, adjustment: ComputedAdjustment | undefined): Decimal {
  if (!adjustment) return unitPrice;
  const delta =
    adjustment.percent !== undefined ? D.div(D.mul(unitPrice, adjustment.percent), HUNDRED, 20) : (adjustment.amount ?? D.ZERO);
  return adjustment.tipo === 'SC' ? D.sub(unitPrice, delta) : D.add(unitPrice, delta);
}

function computeAdjustment(line: InvoiceLineInput, i: number, vatFactor: Decimal, unitPrice: Decimal): ComputedAdjustment | undefined {
  const adj = line.adjustment;
  if (!adj) return undefined;
  const where = `Riga ${String(i + 1)}`;
  const field = `lines[${String(i)}].adjustment`;
  const tipo = adj.kind === 'markup' ? 'MG' : 'SC';
  if (adj.percent !== undefined) {
    const percent = D.round(finite(adj.percent, `${where}, sconto/maggiorazione %`, field), 2);
    if (D.cmp(percent, D.ZERO) < 0 || D.cmp(percent, HUNDRED) > 0) {
      throw new InvoiceBuildError(`${where}: la percentuale di sconto/maggiorazione deve essere tra 0 e 100`, field);
    }
    return D.isZero(percent) ? undefined : { tipo, percent };
  }
  if (adj.amountPerUnit !== undefined) {
    const gross = finite(adj.amountPerUnit, `${where}, importo sconto/maggiorazione`, field);
    if (D.cmp(gross, D.ZERO) < 0) {
      throw new InvoiceBuildError(`${where}: l'importo di sconto/maggiorazione non può essere negativo`, field);
    }
    const amount = D.div(gross, vatFactor, PRICE_DECIMALS);
    if (tipo === 'SC' && D.cmp(amount, unitPrice) > 0) {
      throw new InvoiceBuildError(`${where}: lo sconto supera il prezzo unitario`, field);
    }
    return D.isZero(amount) ? undefined : { tipo, amount };
  }
  throw new InvoiceBuildError(`${where}: indicare la percentuale o l'importo di sconto/maggiorazione`, field);
}

function computeLine(line: InvoiceLineInput, i: number): Omit<ComputedLine, 'numero' | 'total'> {
  const where = `Riga ${String(i + 1)}`;
  const field = `lines[${String(i)}]`;
  const description = latinText(line.description ?? '', DESCRIPTION_MAX);
  if (description === '') throw new InvoiceBuildError(`${where}: la descrizione è obbligatoria`, `${field}.description`);

  const quantity = D.round(finite(line.quantity, `${where}, quantità`, `${field}.quantity`), QUANTITY_DECIMALS);
  if (D.cmp(quantity, D.ZERO) <= 0) {
    throw new InvoiceBuildError(`${where}: la quantità deve essere maggiore di zero`, `${field}.quantity`);
  }
  if (D.cmp(quantity, D.dec('999999999999')) > 0) {
    throw new InvoiceBuildError(`${where}: quantità troppo grande`, `${field}.quantity`);
  }
  const gross = finite(line.grossUnitPrice, `${where}, prezzo`, `${field}.grossUnitPrice`);
  if (D.cmp(gross, D.ZERO) < 0) {
    throw new InvoiceBuildError(`${where}: il prezzo non può essere negativo`, `${field}.grossUnitPrice`);
  }
  const vatRate = D.round(finite(line.vatRate, `${where}, aliquota IVA`, `${field}.vatRate`), 2);
  if (D.cmp(vatRate, D.ZERO) < 0 || D.cmp(vatRate, D.dec('99.99')) > 0) {
    throw new InvoiceBuildError(`${where}: aliquota IVA non valida`, `${field}.vatRate`);
  }

  let natura: Natura | undefined;
  const rawNatura = (line.natura ?? '').toString().trim().toUpperCase();
  if (D.isZero(vatRate)) {
    if ((GENERIC_NATURA_CODES as readonly string[]).includes(rawNatura)) {
      throw new InvoiceBuildError(
        `${where}: la natura ${rawNatura} è generica e viene scartata dallo SdI, scegli un sottocodice (es. ${rawNatura}.1)`,
        `${field}.natura`,
      );
    }
    if (!isNatura(rawNatura)) {
      throw new InvoiceBuildError(`${where}: con IVA 0% serve la natura dell'operazione (N1–N7)`, `${field}.natura`);
    }
    natura = rawNatura;
  } else if (rawNatura !== '') {
    throw new InvoiceBuildError(`${where}: la natura si indica solo per le righe con IVA 0%`, `${field}.natura`);
  }

  // (100 + rate) / 100 is exact at 4 decimals because the rate has 2
  const vatFactor = D.div(D.add(HUNDRED, vatRate), HUNDRED, 4);
  const unitPrice = D.div(gross, vatFactor, PRICE_DECIMALS);
  const adjustment = computeAdjustment(line, i, vatFactor, unitPrice);
  const code = line.code === undefined ? '' : latinText(String(line.code), 35);
  const unitOfMeasure = line.unitOfMeasure === undefined ? '' : asciiText(line.unitOfMeasure, 10);
  return {
    description,
    quantity,
    unitPrice,
    vatRate,
    ...(natura ? { natura } : {}),
    ...(adjustment ? { adjustment } : {}),
    ...(code !== '' ? { code } : {}),
    ...(unitOfMeasure !== '' ? { unitOfMeasure } : {}),
  };
}

function mergeKey(l: Omit<ComputedLine, 'numero' | 'total'>): string {
  const a = l.adjustment;
  return [
    l.description,
    D.toFixed(l.unitPrice, 2, PRICE_DECIMALS),
    D.toFixed(l.vatRate, 2),
    l.natura ?? '',
    a ? `${a.tipo}:${a.percent ? D.toFixed(a.percent, 2) : ''}:${a.amount ? D.toFixed(a.amount, 2, 8) : ''}` : '',
    l.code ?? '',
    l.unitOfMeasure ?? '',
  ].join('\u0000');
}

/** A line before its PrezzoTotale: merged with its identical lines, with the gross amount the customer paid for it. */
export type LinePart = Omit<ComputedLine, 'numero' | 'total'> & {
  /** Σ over the merged input lines of round_half_up(gross unit price ± adjustment × quantity, 2): the till's amount. */
  paid: Decimal;
};

/** The gross amount of one input line as the till charged it: (gross unit price ± adjustment) × quantity, to the cent. */
function paidAmount(input: InvoiceLineInput, quantity: Decimal): Decimal {
  const gross = D.dec(input.grossUnitPrice);
  const adj = input.adjustment;
  let unit = gross;
  if (adj?.percent !== undefined) {
    const delta = D.div(D.mul(gross, D.round(D.dec(adj.percent), 2)), HUNDRED, 20);
    unit = adj.kind === 'markup' ? D.add(gross, delta) : D.sub(gross, delta);
  } else if (adj?.amountPerUnit !== undefined) {
    unit = adj.kind === 'markup' ? D.add(gross, D.dec(adj.amountPerUnit)) : D.sub(gross, D.dec(adj.amountPerUnit));
  }
  return D.rescale(D.round(D.mul(unit, quantity), 2), 2);
}

/**
 * The DettaglioLinee before their totals: net unit prices, adjustments, and each line's paid gross amount.
 * Identical lines (same description, unit price and VAT, and also the same Natura, discount, code and unit, which
 * would otherwise be lost) are merged into the first one with their quantities (and paid amounts) summed.
 */
export function computeLineParts(inputs: readonly InvoiceLineInput[]): LinePart[] {
  if (inputs.length === 0) throw new InvoiceBuildError('La bozza non contiene righe', 'lines');
  const merged = new Map<string, LinePart>();
  inputs.forEach((input, i) => {
    const line = computeLine(input, i);
    const part = { ...line, paid: paidAmount(input, line.quantity) };
    const key = mergeKey(line);
    const existing = merged.get(key);
    if (existing) merged.set(key, { ...existing, quantity: D.add(existing.quantity, line.quantity), paid: D.add(existing.paid, part.paid) });
    else merged.set(key, part);
  });
  if (merged.size > MAX_LINES) {
    throw new InvoiceBuildError(`Troppe righe: al massimo ${String(MAX_LINES)}`, 'lines');
  }
  return [...merged.values()];
}

/** PrezzoTotale of a line as the SdI computes it from the written values (00423). */
export function lineTotalOf(l: Pick<ComputedLine, 'unitPrice' | 'adjustment' | 'quantity'>): Decimal {
  return D.rescale(D.round(D.mul(adjustedUnitPrice(l.unitPrice, l.adjustment), l.quantity), 2), 2);
}

/**
 * Computes the DettaglioLinee from the net unit prices (gross / (1 + rate)): PrezzoTotale per line, rounded. Used
 * where a document must reproduce another's net prices digit for digit (credit notes, reissued invoices).
 */
export function computeLines(inputs: readonly InvoiceLineInput[]): ComputedLine[] {
  return computeLineParts(inputs).map(({ paid: _paid, ...l }, i) => ({ ...l, numero: i + 1, total: lineTotalOf(l) }));
}

/**
 * One DatiRiepilogo per VAT rate (and per Natura for 0% lines), ordered by rate descending then Natura.
 * EsigibilitaIVA is written on taxed rows only (never with a Natura, which avoids 00420 for N6.x with 'S').
 */
export function computeSummaries(lines: readonly ComputedLine[], esigibilita: Esigibilita): ComputedSummary[] {
  const groups = new Map<string, { vatRate: Decimal; natura?: Natura; imponibile: Decimal }>();
  for (const l of lines) {
    const key = `${D.toFixed(l.vatRate, 2)}|${l.natura ?? ''}`;
    const g = groups.get(key);
    if (g) g.imponibile = D.add(g.imponibile, l.total);
    else groups.set(key, { vatRate: l.vatRate, imponibile: l.total, ...(l.natura ? { natura: l.natura } : {}) });
  }
  return [...groups.values()]
    .sort((a, b) => D.cmp(b.vatRate, a.vatRate) || (a.natura ?? '').localeCompare(b.natura ?? ''))
    .map((g) => {
      const imponibile = D.rescale(g.imponibile, 2);
      const imposta = D.rescale(D.round(D.div(D.mul(imponibile, g.vatRate), HUNDRED, 6), 2), 2);
      return g.natura
        ? { vatRate: g.vatRate, natura: g.natura, imponibile, imposta, riferimentoNormativo: latinText(NATURA_LABELS[g.natura], 100) }
        : { vatRate: g.vatRate, imponibile, imposta, esigibilita };
    });
}
