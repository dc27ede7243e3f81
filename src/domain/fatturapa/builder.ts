/**
 * FatturaPA 1.2.x builder: draft (Sale) + Shop + Customer → XML string (document 2 §5 'Invoice generation').
 * The arithmetic lives in lines.ts, the parties in parties.ts; this module assembles the document.
 */
import * as D from '../money/decimal';
import type { Decimal } from '../money/decimal';
import {
  DEFAULT_CURRENCY,
  DEFAULT_DUE_DAYS,
  DEFAULT_PAYMENT_CONDITION,
  DEFAULT_PAYMENT_METHOD,
  FATTURAPA_NAMESPACE,
  PA_PAYMENT_METHOD,
  XMLDSIG_NAMESPACE,
  XSI_NAMESPACE,
  isEsigibilita,
  isPaymentCondition,
  isPaymentMethod,
  type Esigibilita,
  type PaymentCondition,
  type PaymentMethod,
  type TransmissionFormat,
} from './codes';
import { InvoiceBuildError } from './build-error';
import { addDays, formatItalianDate, isIsoDate } from './dates';
import { computeLineParts, computeLines, computeSummaries, type ComputedLine, type ComputedSummary } from './lines';
import { computePaidLines } from './paid-total';
import { progressivoInvioFromNumber } from './numbering';
import { buyerBlock, resolveRecipient, sellerBlock, type Recipient } from './parties';
import { asciiText, chunkCodePoints, latinText } from './text';
import { el, optEl, serializeXml, type XmlElement } from './xml-writer';
import type { BuildInvoiceInput, DraftDocumentType, InvoiceDraftInput } from './types';

export interface InvoiceAmounts {
  lines: ComputedLine[];
  summaries: ComputedSummary[];
  /** Σ ImponibileImporto. */
  taxable: Decimal;
  /** Σ Imposta. */
  vat: Decimal;
  /** Arrotondamento of DatiGeneraliDocumento: what taxable + vat miss of the amount paid (paid-price documents), else 0. */
  rounding: Decimal;
  /** ImportoTotaleDocumento = taxable + vat + rounding. */
  total: Decimal;
  /** ImportoPagamento: the total, less the VAT under split payment ('S', which the PA pays to the State). */
  payable: Decimal;
}

export interface ResolvedTerms {
  documentType: DraftDocumentType;
  format: TransmissionFormat;
  paymentMethod: PaymentMethod;
  paymentCondition: PaymentCondition;
  esigibilita: Esigibilita;
  dueDate: string;
}

/**
 * Defaults of document 2 §5: public administration (6-character recipient code) → MP23 and 'S'; otherwise MP01
 * and 'I'; MP23 always forces 'S'; due date = date + 7 days; condition TP01; type TD01.
 */
export function resolveTerms(draft: InvoiceDraftInput, recipient: Recipient): ResolvedTerms {
  const method = draft.paymentMethod ?? (recipient.isPublicAdministration ? PA_PAYMENT_METHOD : DEFAULT_PAYMENT_METHOD);
  if (!isPaymentMethod(method)) throw new InvoiceBuildError(`Modalità di pagamento non valida: ${String(method)}`, 'paymentMethod');
  const condition = draft.paymentCondition ?? DEFAULT_PAYMENT_CONDITION;
  if (!isPaymentCondition(condition)) {
    throw new InvoiceBuildError(`Condizioni di pagamento non valide: ${String(condition)}`, 'paymentCondition');
  }
  let esigibilita: Esigibilita = draft.esigibilita ?? (recipient.isPublicAdministration ? 'S' : 'I');
  if (method === PA_PAYMENT_METHOD) esigibilita = 'S';
  if (!isEsigibilita(esigibilita)) throw new InvoiceBuildError(`Esigibilità IVA non valida: ${String(esigibilita)}`, 'esigibilita');
  const documentType = draft.documentType ?? 'TD01';
  if (documentType !== 'TD01' && documentType !== 'TD04' && documentType !== 'TD24') {
    throw new InvoiceBuildError(`Tipo documento non gestito: ${String(documentType)}`, 'documentType');
  }
  if (!isIsoDate(draft.date ?? '') || draft.date < '1970-01-01') {
    throw new InvoiceBuildError(`Data del documento non valida: ${String(draft.date)}`, 'date');
  }
  const dueDate = draft.dueDate === undefined || draft.dueDate === '' ? addDays(draft.date, DEFAULT_DUE_DAYS) : draft.dueDate;
  if (!isIsoDate(dueDate)) throw new InvoiceBuildError(`Data di scadenza non valida: ${dueDate}`, 'dueDate');
  return { documentType, format: recipient.format, paymentMethod: method, paymentCondition: condition, esigibilita, dueDate };
}

/** Lines, VAT summaries and totals of a draft, exactly as the XML will carry them. */
export function computeInvoiceAmounts(draft: InvoiceDraftInput, esigibilita: Esigibilita): InvoiceAmounts {
  const parts = draft.pricesPaid ? computeLineParts(draft.lines ?? []) : undefined;
  const lines = parts ? computePaidLines(parts) : computeLines(draft.lines ?? []);
  const summaries = computeSummaries(lines, esigibilita);
  const taxable = D.rescale(D.sum(summaries.map((s) => s.imponibile)), 2);
  const vat = D.rescale(D.sum(summaries.map((s) => s.imposta)), 2);
  const computed = D.add(taxable, vat);
  const total = parts ? D.rescale(D.sum(parts.map((p) => p.paid)), 2) : computed;
  const rounding = D.rescale(D.sub(total, computed), 2);
  const splitVat = D.sum(summaries.filter((s) => s.esigibilita === 'S').map((s) => s.imposta));
  return { lines, summaries, taxable, vat, rounding, total, payable: D.rescale(D.sub(total, splitVat), 2) };
}

const amount2 = (d: Decimal): string => D.toFixed(d, 2);
const amount8 = (d: Decimal): string => D.toFixed(d, 2, 8);

/** The XSD's Amount2DecimalType / Amount8DecimalType allow at most 11 integer digits ([0-9]{1,11}\.…). */
const MAX_INTEGER_DIGITS = 11;
const AMOUNT_LIMIT_TEXT = '99.999.999.999,99 €';

function checkDigits(text: string, what: string, field: string): void {
  const integer = text.replace(/^-/, '').split('.')[0] ?? '';
  if (integer.length > MAX_INTEGER_DIGITS) {
    throw new InvoiceBuildError(
      `${what}: importo troppo grande, lo SdI accetta al massimo ${String(MAX_INTEGER_DIGITS)} cifre prima della virgola (${AMOUNT_LIMIT_TEXT})`,
      field,
    );
  }
}

/**
 * Refuses amounts the XSD would reject (the SdI scarta il file): every price, line total, VAT summary and document
 * total must fit 11 integer digits. Checked on the computed values, so a total made of many lines is caught too.
 */
function checkAmountSizes(amounts: InvoiceAmounts): void {
  for (const l of amounts.lines) {
    const where = `Riga ${String(l.numero)}`;
    checkDigits(amount8(l.unitPrice), `${where}, prezzo unitario`, `lines[${String(l.numero - 1)}].grossUnitPrice`);
    if (l.adjustment?.amount) checkDigits(amount8(l.adjustment.amount), `${where}, sconto/maggiorazione`, `lines[${String(l.numero - 1)}].adjustment`);
    checkDigits(amount2(l.total), `${where}, prezzo totale`, `lines[${String(l.numero - 1)}]`);
  }
  for (const s of amounts.summaries) {
    checkDigits(amount2(s.imponibile), `Riepilogo IVA ${D.toFixed(s.vatRate, 2)}%, imponibile`, 'lines');
    checkDigits(amount2(s.imposta), `Riepilogo IVA ${D.toFixed(s.vatRate, 2)}%, imposta`, 'lines');
  }
  checkDigits(amount2(amounts.total), 'Totale documento', 'lines');
}

function checkNumber(number: string): string {
  const n = (number ?? '').trim();
  if (n === '') throw new InvoiceBuildError('Numero del documento mancante', 'number');
  if (!/^[\x20-\x7e]{1,20}$/.test(n)) {
    throw new InvoiceBuildError(`Numero del documento non valido: ${n} (al massimo 20 caratteri senza accenti)`, 'number');
  }
  if (!/\d/.test(n)) throw new InvoiceBuildError(`Il numero del documento deve contenere almeno una cifra: ${n}`, 'number');
  return n;
}

function relatedDocuments(draft: InvoiceDraftInput, documentType: DraftDocumentType): XmlElement | null {
  const related = draft.relatedInvoice;
  if (!related) {
    if (documentType === 'TD04') {
      throw new InvoiceBuildError('La nota di credito deve indicare la fattura originale (numero e data)', 'relatedInvoice');
    }
    return null;
  }
  const idDocumento = asciiText(related.number ?? '', 20);
  if (idDocumento === '') throw new InvoiceBuildError('Numero della fattura originale mancante', 'relatedInvoice.number');
  if (!isIsoDate(related.date ?? '')) {
    throw new InvoiceBuildError(`Data della fattura originale non valida: ${String(related.date)}`, 'relatedInvoice.date');
  }
  if (draft.date < related.date) {
    throw new InvoiceBuildError(
      `La nota di credito non può avere una data (${formatItalianDate(draft.date)}) precedente a quella della fattura ` +
        `originale ${idDocumento} (${formatItalianDate(related.date)}): lo SdI la scarterebbe (codice 00418)`,
      'date',
    );
  }
  return el('DatiFattureCollegate', [el('IdDocumento', idDocumento), el('Data', related.date)]);
}

/**
 * DatiDDT blocks: required for a deferred invoice (TD24), allowed on a TD01 that covers delivery notes. A note may
 * not be dated after the invoice; its line references must point at lines of this invoice.
 */
function ddtReferences(draft: InvoiceDraftInput, documentType: DraftDocumentType): XmlElement[] {
  const ddts = draft.ddts ?? [];
  if (documentType === 'TD24' && ddts.length === 0) {
    throw new InvoiceBuildError('La fattura differita (TD24) deve indicare almeno un DDT (numero e data)', 'ddts');
  }
  if (documentType === 'TD04' && ddts.length > 0) throw new InvoiceBuildError('Una nota di credito non riporta DDT', 'ddts');
  return ddts.map((d, i) => {
    const numero = asciiText(d.number ?? '', 20);
    if (numero === '') throw new InvoiceBuildError(`DDT ${i + 1}: numero mancante`, `ddts.${i}.number`);
    if (!isIsoDate(d.date ?? '')) throw new InvoiceBuildError(`DDT ${numero}: data non valida (${String(d.date)})`, `ddts.${i}.date`);
    if (d.date > draft.date) {
      throw new InvoiceBuildError(
        `Il DDT ${numero} (${formatItalianDate(d.date)}) è successivo alla data della fattura (${formatItalianDate(draft.date)})`,
        `ddts.${i}.date`,
      );
    }
    const lines = [...new Set(d.lineNumbers ?? [])].sort((a, b) => a - b);
    for (const n of lines) {
      if (!Number.isInteger(n) || n < 1 || n > draft.lines.length) {
        throw new InvoiceBuildError(`DDT ${numero}: la riga ${n} non esiste nella fattura`, `ddts.${i}.lineNumbers`);
      }
    }
    return el('DatiDDT', [el('NumeroDDT', numero), el('DataDDT', d.date), ...lines.map((n) => el('RiferimentoNumeroLinea', String(n)))]);
  });
}

function purchaseOrder(draft: InvoiceDraftInput): XmlElement | null {
  const cig = asciiText(draft.cig ?? '', 15);
  const cup = asciiText(draft.cup ?? '', 15);
  const commessa = latinText(draft.codiceCommessa ?? '', 100);
  if (cig === '' && cup === '' && commessa === '') return null;
  const idDocumento = asciiText(draft.purchaseOrderNumber ?? '', 20) || 'ND';
  return el('DatiOrdineAcquisto', [
    el('IdDocumento', idDocumento),
    optEl('CodiceCommessaConvenzione', commessa),
    optEl('CodiceCUP', cup),
    optEl('CodiceCIG', cig),
  ]);
}

function lineElement(l: ComputedLine): XmlElement {
  const a = l.adjustment;
  return el('DettaglioLinee', [
    el('NumeroLinea', String(l.numero)),
    l.code ? el('CodiceArticolo', [el('CodiceTipo', 'INTERNO'), el('CodiceValore', l.code)]) : null,
    el('Descrizione', l.description),
    el('Quantita', D.toFixed(l.quantity, 2, 8)),
    optEl('UnitaMisura', l.unitOfMeasure),
    el('PrezzoUnitario', amount8(l.unitPrice)),
    a
      ? el('ScontoMaggiorazione', [
          el('Tipo', a.tipo),
          a.percent ? el('Percentuale', D.toFixed(a.percent, 2)) : null,
          a.amount ? el('Importo', amount8(a.amount)) : null,
        ])
      : null,
    el('PrezzoTotale', amount2(l.total)),
    el('AliquotaIVA', D.toFixed(l.vatRate, 2)),
    optEl('Natura', l.natura),
  ]);
}

function summaryElement(s: ComputedSummary): XmlElement {
  return el('DatiRiepilogo', [
    el('AliquotaIVA', D.toFixed(s.vatRate, 2)),
    optEl('Natura', s.natura),
    el('ImponibileImporto', amount2(s.imponibile)),
    el('Imposta', amount2(s.imposta)),
    optEl('EsigibilitaIVA', s.esigibilita),
    optEl('RiferimentoNormativo', s.riferimentoNormativo),
  ]);
}

/** Builds the FatturaPA XML (one body) for a draft. Throws InvoiceBuildError with an Italian message. */
export function buildInvoiceXml(input: BuildInvoiceInput): string {
  const { draft, seller, buyer } = input;
  const number = checkNumber(draft.number);
  const recipient = resolveRecipient(buyer);
  const terms = resolveTerms(draft, recipient);
  const sellerParts = sellerBlock(seller);
  const buyerElement = buyerBlock(buyer);
  const related = relatedDocuments(draft, terms.documentType);
  const ddts = ddtReferences(draft, terms.documentType);
  const amounts = computeInvoiceAmounts(draft, terms.esigibilita);
  checkAmountSizes(amounts);
  const causali = chunkCodePoints(latinText(draft.causale ?? '', 4000), 200);

  const header = el('FatturaElettronicaHeader', [
    el('DatiTrasmissione', [
      el('IdTrasmittente', [el('IdPaese', sellerParts.idPaese), el('IdCodice', sellerParts.idCodice)]),
      el('ProgressivoInvio', progressivoInvioFromNumber(number)),
      el('FormatoTrasmissione', terms.format),
      el('CodiceDestinatario', recipient.codiceDestinatario),
      optEl('PECDestinatario', recipient.pec),
    ]),
    sellerParts.element,
    buyerElement,
  ]);

  const body = el('FatturaElettronicaBody', [
    el('DatiGenerali', [
      el('DatiGeneraliDocumento', [
        el('TipoDocumento', terms.documentType),
        el('Divisa', DEFAULT_CURRENCY),
        el('Data', draft.date),
        el('Numero', number),
        el('ImportoTotaleDocumento', amount2(amounts.total)),
        D.isZero(amounts.rounding) ? null : el('Arrotondamento', amount2(amounts.rounding)),
        ...causali.map((c) => el('Causale', c)),
      ]),
      purchaseOrder(draft),
      related,
      ...ddts,
    ]),
    el('DatiBeniServizi', [...amounts.lines.map(lineElement), ...amounts.summaries.map(summaryElement)]),
    el('DatiPagamento', [
      el('CondizioniPagamento', terms.paymentCondition),
      el('DettaglioPagamento', [
        el('ModalitaPagamento', terms.paymentMethod),
        el('DataScadenzaPagamento', terms.dueDate),
        el('ImportoPagamento', amount2(amounts.payable)),
      ]),
    ]),
  ]);

  return serializeXml(
    el('p:FatturaElettronica', [header, body], {
      versione: terms.format,
      'xmlns:ds': XMLDSIG_NAMESPACE,
      'xmlns:p': FATTURAPA_NAMESPACE,
      'xmlns:xsi': XSI_NAMESPACE,
    }),
  );
}
