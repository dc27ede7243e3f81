/**
 * Checks on DettaglioLinee and DatiCassaPrevidenziale: 00400, 00401, 00411, 00413, 00414, 00415, 00423, 00438,
 * 00474, plus 00424 and 00445 on their AliquotaIVA / Natura.
 */
import {
  abs,
  add,
  cmp,
  formatIt,
  formatRate,
  isZero,
  mul,
  neg,
  parseDec,
  percentOf,
  round,
  sub,
  ZERO,
  type Dec,
} from './exact-decimal';
import {
  decAt,
  documentTypeText,
  GENERAL_DOC,
  indexed,
  problem,
  shortText,
  type BodyContext,
  type InvoiceContext,
  type InvoiceProblem,
} from './problem';
import { child, childrenNamed, textAt, type XmlElement } from './xml-tree';

const CENT: Dec = { units: 1n, scale: 2 };
const ONE: Dec = { units: 1n, scale: 0 };
const GENERIC_NATURA: Readonly<Record<string, string>> = {
  N2: 'N2.1 o N2.2',
  N3: 'da N3.1 a N3.6',
  N6: 'da N6.1 a N6.9',
};

/** 00424 (heuristic, SdI gives only an example): a rate between 0 and 1 is a fraction, not a percentage. */
export function rateProblem(rate: Dec | undefined, path: string): InvoiceProblem[] {
  if (!rate || rate.units <= 0n || cmp(rate, ONE) >= 0) return [];
  return [
    problem(
      '00424',
      path,
      `L'aliquota IVA ${formatRate(rate)} non è espressa in percentuale: per il 22% si scrive 22.00, non 0.22.`,
    ),
  ];
}

/** 00445: the generic Natura codes N2, N3, N6 are refused. */
export function naturaProblem(natura: string | undefined, path: string): InvoiceProblem[] {
  const suggestion = natura === undefined ? undefined : GENERIC_NATURA[natura];
  if (suggestion === undefined) return [];
  return [
    problem(
      '00445',
      path,
      `La natura generica ${natura} non è più accettata dallo SdI: indicare il codice specifico (${suggestion}).`,
    ),
  ];
}

function lineLabel(line: XmlElement, index: number): string {
  const number = textAt(line, 'NumeroLinea') ?? String(index + 1);
  const description = textAt(line, 'Descrizione');
  return description ? `Riga ${number} ("${shortText(description)}")` : `Riga ${number}`;
}

function hasWithholding(body: BodyContext): boolean {
  return child(body.general, 'DatiRitenuta') !== undefined;
}

export function checkLines(ctx: InvoiceContext): InvoiceProblem[] {
  const out: InvoiceProblem[] = [];
  for (const body of ctx.bodies) {
    const lines = childrenNamed(child(body.el, 'DatiBeniServizi'), 'DettaglioLinee');
    let withholdingReported = false;
    lines.forEach((line, i) => {
      const path = `${body.path}/DatiBeniServizi/${indexed('DettaglioLinee', i)}`;
      const label = lineLabel(line, i);
      const rate = decAt(line, 'AliquotaIVA');
      const natura = textAt(line, 'Natura');
      if (rate && isZero(rate) && natura === undefined) {
        out.push(
          problem('00400', `${path}/Natura`, `${label}: con IVA allo 0% va indicata la natura dell'operazione (per esempio N2.2 o N4).`),
        );
      }
      if (rate && !isZero(rate) && natura !== undefined && body.tipo !== 'TD16') {
        out.push(
          problem('00401', `${path}/Natura`, `${label}: con IVA al ${formatRate(rate)}% non va indicata la natura (${natura}).`),
        );
      }
      if (rate && isZero(rate) && body.tipo === 'TD21') {
        out.push(
          problem('00474', `${path}/AliquotaIVA`, `${label}: il tipo documento ${documentTypeText('TD21')} non ammette righe con IVA allo 0%.`),
        );
      }
      if (textAt(line, 'Ritenuta') === 'SI' && !withholdingReported && !hasWithholding(body)) {
        withholdingReported = true;
        out.push(
          problem('00411', `${path}/Ritenuta`, `${label}: è soggetta a ritenuta, ma mancano i dati della ritenuta (DatiRitenuta) nel documento.`),
        );
      }
      out.push(...rateProblem(rate, `${path}/AliquotaIVA`), ...naturaProblem(natura, `${path}/Natura`));
      out.push(...adjustmentProblems(line, path, '00438', label));
      out.push(...lineTotalProblems(line, path, label));
    });
    out.push(...checkCassa(body));
  }
  return out;
}

/**
 * 00437 (document level, `lineLabel` undefined) / 00438 (line): a ScontoMaggiorazione with neither Percentuale
 * nor Importo.
 */
export function adjustmentProblems(parent: XmlElement | undefined, path: string, code: string, lineLabel?: string): InvoiceProblem[] {
  const out: InvoiceProblem[] = [];
  childrenNamed(parent, 'ScontoMaggiorazione').forEach((adj, k) => {
    if (child(adj, 'Percentuale') !== undefined || child(adj, 'Importo') !== undefined) return;
    const what = textAt(adj, 'Tipo') === 'MG' ? 'maggiorazione' : 'sconto';
    const message =
      lineLabel === undefined
        ? `Il documento ha ${what === 'sconto' ? 'uno sconto' : 'una maggiorazione'} sul totale senza percentuale né importo.`
        : `${lineLabel}: ${what} senza percentuale né importo.`;
    out.push(problem(code, `${path}/${indexed('ScontoMaggiorazione', k)}`, message));
  });
  return out;
}

interface Adjustment {
  sign: Dec;
  percent: Dec | undefined;
  amount: Dec | undefined;
}

/**
 * The possible adjusted unit prices. Allegato A applies discounts to the unit price; with several entries or an
 * entry carrying both Percentuale and Importo its prose is ambiguous, so every reading is accepted: in sequence
 * (each % on the already adjusted price, as FatturaElettronica.NET) preferring the amount or the percentage, and
 * additive (every % on the original unit price).
 */
function adjustedPrices(unit: Dec, adjustments: Adjustment[]): Dec[] {
  const sequential = (preferAmount: boolean): Dec => {
    let price = unit;
    for (const a of adjustments) {
      const useAmount = a.amount !== undefined && (preferAmount || a.percent === undefined);
      if (useAmount && a.amount) price = add(price, mul(a.sign, a.amount));
      else if (a.percent) price = add(price, mul(a.sign, percentOf(mul(price, a.percent))));
    }
    return price;
  };
  let additive = unit;
  for (const a of adjustments) {
    if (a.amount) additive = add(additive, mul(a.sign, a.amount));
    else if (a.percent) additive = add(additive, mul(a.sign, percentOf(mul(unit, a.percent))));
  }
  return [sequential(true), sequential(false), additive];
}

/** 00423: PrezzoTotale = (PrezzoUnitario ± ScontoMaggiorazione) × Quantita (1 when absent), tolerance ±0.01. */
function lineTotalProblems(line: XmlElement, path: string, label: string): InvoiceProblem[] {
  const unit = decAt(line, 'PrezzoUnitario');
  const total = decAt(line, 'PrezzoTotale');
  const quantityText = textAt(line, 'Quantita');
  const quantity = quantityText === undefined ? ONE : parseDec(quantityText);
  if (!unit || !total || !quantity) return [];
  const adjustments: Adjustment[] = [];
  for (const adj of childrenNamed(line, 'ScontoMaggiorazione')) {
    const percent = decAt(adj, 'Percentuale');
    const amount = decAt(adj, 'Importo');
    if (!percent && !amount) return []; // 00438 already explains this line
    adjustments.push({ sign: textAt(adj, 'Tipo') === 'SC' ? neg(ONE) : ONE, percent, amount });
  }
  const candidates = adjustedPrices(unit, adjustments).map((price) => mul(price, quantity));
  if (candidates.some((expected) => cmp(abs(sub(total, expected)), CENT) <= 0)) return [];
  const expected = candidates[0] ?? ZERO;
  const formula = adjustments.length > 0 ? 'prezzo unitario scontato/maggiorato × quantità' : 'prezzo unitario × quantità';
  return [
    problem(
      '00423',
      `${path}/PrezzoTotale`,
      `${label}: il prezzo totale (${formatIt(total, 2, 8)}) non corrisponde a ${formula} (${formatIt(round(expected, 8), 2, 8)}).`,
    ),
  ];
}

function checkCassa(body: BodyContext): InvoiceProblem[] {
  const out: InvoiceProblem[] = [];
  let withholdingReported = false;
  childrenNamed(body.general, 'DatiCassaPrevidenziale').forEach((cassa, k) => {
    const path = `${body.path}/${GENERAL_DOC}/${indexed('DatiCassaPrevidenziale', k)}`;
    const rate = decAt(cassa, 'AliquotaIVA');
    const natura = textAt(cassa, 'Natura');
    const label = `Cassa previdenziale ${textAt(cassa, 'TipoCassa') ?? ''}`.trim();
    if (rate && isZero(rate) && natura === undefined) {
      out.push(problem('00413', `${path}/Natura`, `${label}: con IVA allo 0% va indicata la natura dell'operazione.`));
    }
    if (rate && !isZero(rate) && natura !== undefined) {
      out.push(problem('00414', `${path}/Natura`, `${label}: con IVA al ${formatRate(rate)}% non va indicata la natura (${natura}).`));
    }
    if (textAt(cassa, 'Ritenuta') === 'SI' && !withholdingReported && !hasWithholding(body)) {
      withholdingReported = true;
      out.push(problem('00415', `${path}/Ritenuta`, `${label}: è soggetta a ritenuta, ma mancano i dati della ritenuta (DatiRitenuta) nel documento.`));
    }
    out.push(...rateProblem(rate, `${path}/AliquotaIVA`), ...naturaProblem(natura, `${path}/Natura`));
  });
  return out;
}
