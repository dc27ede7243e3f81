/**
 * Checks on each body's DatiGeneraliDocumento and across the bodies of one file (lotto):
 * 00425, 00437, 00418, 00409.
 */
import { adjustmentProblems } from './checks-lines';
import { formatDateIt, GENERAL_DOC, indexed, problem, type InvoiceContext, type InvoiceProblem } from './problem';
import { child, childrenNamed, textAt } from './xml-tree';

const DIGIT = /[0-9]/;

/** 'YYYY-MM-DD' of an xs:date (a time zone suffix is ignored), or undefined. */
function isoDate(text: string | undefined): string | undefined {
  const m = text === undefined ? null : /^(\d{4}-\d{2}-\d{2})/.exec(text.trim());
  return m?.[1];
}

export function checkDocuments(ctx: InvoiceContext): InvoiceProblem[] {
  const out: InvoiceProblem[] = [];
  for (const body of ctx.bodies) {
    if (!body.general) continue;
    const base = `${body.path}/${GENERAL_DOC}`;
    const number = textAt(body.general, 'Numero');
    if (number !== undefined && !DIGIT.test(number)) {
      out.push(problem('00425', `${base}/Numero`, `Il numero del documento ("${number}") deve contenere almeno una cifra.`));
    }
    out.push(...adjustmentProblems(body.general, base, '00437'));
    const date = isoDate(textAt(body.general, 'Data'));
    childrenNamed(child(body.el, 'DatiGenerali'), 'DatiFattureCollegate').forEach((linked, k) => {
      const linkedDate = isoDate(textAt(linked, 'Data'));
      if (!date || !linkedDate || date >= linkedDate) return;
      const id = textAt(linked, 'IdDocumento') ?? '';
      const message =
        body.tipo === 'TD04'
          ? `La nota di credito è datata ${formatDateIt(date)}, prima della fattura ${id} che corregge (${formatDateIt(linkedDate)}): deve avere la stessa data o una successiva.`
          : `La data del documento (${formatDateIt(date)}) è precedente a quella del documento collegato ${id} (${formatDateIt(linkedDate)}).`;
      out.push(problem('00418', `${body.path}/DatiGenerali/${indexed('DatiFattureCollegate', k)}/Data`, message));
    });
  }
  out.push(...duplicateProblems(ctx));
  return out;
}

/**
 * 00409: two bodies of one file with the same Numero in the same year (the same date when Art73 is SI on either),
 * unless one of them is a TD04 credit note. Reported on the later body.
 */
function duplicateProblems(ctx: InvoiceContext): InvoiceProblem[] {
  const out: InvoiceProblem[] = [];
  const seen: { number: string; date: string; art73: boolean; credit: boolean; index: number }[] = [];
  ctx.bodies.forEach((body, index) => {
    const number = textAt(body.general, 'Numero');
    const date = isoDate(textAt(body.general, 'Data'));
    if (number === undefined || date === undefined) return;
    const art73 = textAt(body.general, 'Art73') === 'SI';
    const credit = body.tipo === 'TD04';
    const twin = seen.find(
      (o) =>
        o.number === number &&
        !credit &&
        !o.credit &&
        (art73 || o.art73 ? o.date === date : o.date.slice(0, 4) === date.slice(0, 4)),
    );
    if (twin) {
      out.push(
        problem(
          '00409',
          `${body.path}/${GENERAL_DOC}/Numero`,
          `Il numero ${number} è già usato nello stesso file da un altro documento dello stesso anno (documento ${twin.index + 1}).`,
        ),
      );
    }
    seen.push({ number, date, art73, credit, index });
  });
  return out;
}
