/**
 * Checks on DatiRiepilogo and its agreement with the lines and the cassa previdenziale:
 * 00419, 00420, 00421, 00422, 00429, 00430, 00443, 00444, plus 00424 and 00445 on the summaries.
 */
import { rateProblem, naturaProblem } from './checks-lines';
import { abs, add, cmp, decKey, formatIt, formatRate, isZero, mul, percentOf, round, sub, ZERO, type Dec } from './exact-decimal';
import { decAt, GENERAL_DOC, indexed, problem, type BodyContext, type InvoiceContext, type InvoiceProblem } from './problem';
import { child, childrenNamed, textAt } from './xml-tree';

const CENT: Dec = { units: 1n, scale: 2 };
const EURO: Dec = { units: 1n, scale: 0 };

/** A line or a cassa block: something that needs a summary and adds to its taxable amount. */
interface Source {
  rate: Dec | undefined;
  natura: string | undefined;
  amount: Dec | undefined;
  path: string;
  isCassa: boolean;
}

interface Summary {
  rate: Dec | undefined;
  natura: string | undefined;
  taxable: Dec | undefined;
  tax: Dec | undefined;
  rounding: Dec | undefined;
  esigibilita: string | undefined;
  path: string;
}

function sources(body: BodyContext): Source[] {
  const lines = childrenNamed(child(body.el, 'DatiBeniServizi'), 'DettaglioLinee').map((line, i) => ({
    rate: decAt(line, 'AliquotaIVA'),
    natura: textAt(line, 'Natura'),
    amount: decAt(line, 'PrezzoTotale'),
    path: `${body.path}/DatiBeniServizi/${indexed('DettaglioLinee', i)}`,
    isCassa: false,
  }));
  const cassa = childrenNamed(body.general, 'DatiCassaPrevidenziale').map((c, k) => ({
    rate: decAt(c, 'AliquotaIVA'),
    natura: textAt(c, 'Natura'),
    amount: decAt(c, 'ImportoContributoCassa'),
    path: `${body.path}/${GENERAL_DOC}/${indexed('DatiCassaPrevidenziale', k)}`,
    isCassa: true,
  }));
  return [...lines, ...cassa];
}

function summaries(body: BodyContext): Summary[] {
  return childrenNamed(child(body.el, 'DatiBeniServizi'), 'DatiRiepilogo').map((s, k) => ({
    rate: decAt(s, 'AliquotaIVA'),
    natura: textAt(s, 'Natura'),
    taxable: decAt(s, 'ImponibileImporto'),
    tax: decAt(s, 'Imposta'),
    rounding: decAt(s, 'Arrotondamento'),
    esigibilita: textAt(s, 'EsigibilitaIVA'),
    path: `${body.path}/DatiBeniServizi/${indexed('DatiRiepilogo', k)}`,
  }));
}

export function checkSummaries(ctx: InvoiceContext): InvoiceProblem[] {
  const out: InvoiceProblem[] = [];
  for (const body of ctx.bodies) {
    const sums = summaries(body);
    const srcs = sources(body);
    for (const s of sums) out.push(...summaryProblems(s, body.tipo));
    out.push(...coverageProblems(sums, srcs), ...taxableProblems(sums, srcs));
  }
  return out;
}

/** 00429, 00430, 00420, 00421, 00424, 00445 on one DatiRiepilogo. */
function summaryProblems(s: Summary, tipo: string): InvoiceProblem[] {
  const out: InvoiceProblem[] = [];
  const { rate, natura } = s;
  if (rate && isZero(rate) && natura === undefined) {
    out.push(problem('00429', `${s.path}/Natura`, "Riepilogo IVA allo 0%: va indicata la natura dell'operazione (per esempio N2.2 o N4)."));
  }
  if (rate && !isZero(rate) && natura !== undefined && tipo !== 'TD16') {
    out.push(problem('00430', `${s.path}/Natura`, `Riepilogo IVA al ${formatRate(rate)}%: non va indicata la natura (${natura}).`));
  }
  if (natura?.startsWith('N6') && s.esigibilita === 'S') {
    out.push(
      problem(
        '00420',
        `${s.path}/EsigibilitaIVA`,
        `La natura ${natura} (inversione contabile) non è compatibile con la scissione dei pagamenti (esigibilità S).`,
      ),
    );
  }
  if (rate && s.taxable && s.tax) {
    const expected = round(percentOf(mul(s.taxable, rate)), 2);
    if (cmp(abs(sub(s.tax, expected)), CENT) > 0) {
      out.push(
        problem(
          '00421',
          `${s.path}/Imposta`,
          `L'imposta del riepilogo al ${formatRate(rate)}% (${formatIt(s.tax)}) non corrisponde al ${formatRate(rate)}% dell'imponibile ${formatIt(s.taxable)}: dovrebbe essere ${formatIt(expected)}.`,
        ),
      );
    }
  }
  out.push(...rateProblem(rate, `${s.path}/AliquotaIVA`), ...naturaProblem(natura, `${s.path}/Natura`));
  return out;
}

function rateText(rate: Dec): string {
  return `${formatRate(rate)}%`;
}

/**
 * 00419: a rate of the lines or cassa without DatiRiepilogo (once per rate, at the first line that uses it).
 * 00443: the other direction, a DatiRiepilogo whose rate no line or cassa uses.
 * 00444: the same for Natura, in both directions.
 */
function coverageProblems(sums: Summary[], srcs: Source[]): InvoiceProblem[] {
  const out: InvoiceProblem[] = [];
  const summaryRates = new Set(sums.flatMap((s) => (s.rate ? [decKey(s.rate)] : [])));
  const summaryNaturas = new Set(sums.flatMap((s) => (s.natura !== undefined ? [s.natura] : [])));
  const sourceRates = new Set(srcs.flatMap((s) => (s.rate ? [decKey(s.rate)] : [])));
  const sourceNaturas = new Set(srcs.flatMap((s) => (s.natura !== undefined ? [s.natura] : [])));
  const reportedRates = new Set<string>();
  const reportedNaturas = new Set<string>();
  for (const src of srcs) {
    const what = src.isCassa ? 'nella cassa previdenziale' : 'nelle righe';
    if (src.rate) {
      const key = decKey(src.rate);
      if (!summaryRates.has(key) && !reportedRates.has(key)) {
        reportedRates.add(key);
        out.push(problem('00419', `${src.path}/AliquotaIVA`, `Manca il riepilogo IVA per l'aliquota ${rateText(src.rate)} usata ${what}.`));
      }
    }
    if (src.natura !== undefined && !summaryNaturas.has(src.natura) && !reportedNaturas.has(src.natura)) {
      reportedNaturas.add(src.natura);
      out.push(problem('00444', `${src.path}/Natura`, `Manca il riepilogo IVA per la natura ${src.natura} usata ${what}.`));
    }
  }
  for (const s of sums) {
    if (s.rate && !sourceRates.has(decKey(s.rate))) {
      out.push(problem('00443', `${s.path}/AliquotaIVA`, `Il riepilogo IVA al ${rateText(s.rate)} non corrisponde a nessuna riga del documento.`));
    }
    if (s.natura !== undefined && !sourceNaturas.has(s.natura)) {
      out.push(problem('00444', `${s.path}/Natura`, `Il riepilogo IVA con natura ${s.natura} non corrisponde a nessuna riga del documento.`));
    }
  }
  return out;
}

/**
 * 00422: for each rate, Σ ImponibileImporto = Σ PrezzoTotale + Σ ImportoContributoCassa + Σ Arrotondamento.
 * SdI tolerates less than 1 euro of difference; 1,00 or more is reported (at the first summary of the rate).
 */
function taxableProblems(sums: Summary[], srcs: Source[]): InvoiceProblem[] {
  const expected = new Map<string, Dec>();
  const hasExtras = new Set<string>();
  for (const src of srcs) {
    if (!src.rate || !src.amount) continue;
    const key = decKey(src.rate);
    expected.set(key, add(expected.get(key) ?? ZERO, src.amount));
    if (src.isCassa) hasExtras.add(key);
  }
  const declared = new Map<string, { total: Dec; first: Summary; rate: Dec }>();
  for (const s of sums) {
    if (!s.rate || !s.taxable) continue;
    const key = decKey(s.rate);
    const entry = declared.get(key);
    declared.set(key, { total: add(entry?.total ?? ZERO, s.taxable), first: entry?.first ?? s, rate: s.rate });
    if (s.rounding) {
      expected.set(key, add(expected.get(key) ?? ZERO, s.rounding));
      hasExtras.add(key);
    }
  }
  const out: InvoiceProblem[] = [];
  for (const [key, { total, first, rate }] of declared) {
    const sum = expected.get(key) ?? ZERO;
    if (cmp(abs(sub(total, sum)), EURO) < 0) continue;
    const what = hasExtras.has(key)
      ? `La somma delle righe al ${rateText(rate)} più cassa previdenziale e arrotondamenti`
      : `La somma delle righe al ${rateText(rate)}`;
    out.push(
      problem(
        '00422',
        `${first.path}/ImponibileImporto`,
        `${what} (${formatIt(sum, 2, 8)}) non coincide con l'imponibile del riepilogo (${formatIt(total)})`,
      ),
    );
  }
  return out;
}
