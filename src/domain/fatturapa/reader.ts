/**
 * Reads invoices for the 'beautified' view: incoming invoices in our snake_case JSON form, outgoing ones as
 * FatturaPA XML. Both go through the JSON form, so one mapping serves both. One InvoiceView per body (lotto).
 */
import { documentTypeLabel, isEsigibilita, ESIGIBILITA_LABELS, paymentConditionLabel, paymentMethodLabel } from './codes';
import type {
  AdjustmentView,
  BuyerView,
  InvoiceView,
  LineView,
  PartyView,
  PaymentView,
  SellerView,
  VatSummaryView,
} from './invoice-view';
import { asObject, num, objects, path, str, xmlToJsonForm, type JsonObject, type JsonValue } from './json-form';
import { objectsOrText, readAddress, readAttachments, summaryTotal } from './reader-parts';
import { isSimplifiedForm, readSimplifiedBody, SIMPLIFIED_REPEATABLE_ELEMENTS } from './reader-simplified';
import { parseXml, XmlSyntaxError } from './xml-tree';

export type * from './invoice-view';

/** The input cannot be read as an invoice; the message is Italian, for the user. */
export class InvoiceReadError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'InvoiceReadError';
  }
}

/** Incoming invoice payload (JSON text or already parsed) → one view per body. */
export function readIncomingJson(json: string | object): InvoiceView[] {
  let data: unknown = json;
  if (typeof json === 'string') {
    try {
      data = JSON.parse(json);
    } catch {
      throw new InvoiceReadError('Il contenuto della fattura non è un JSON valido.');
    }
  }
  let root = asObject(data as JsonValue);
  const wrapped = asObject(root?.fattura_elettronica);
  if (wrapped) root = wrapped;
  if (!root?.fattura_elettronica_header && !root?.fattura_elettronica_body) {
    throw new InvoiceReadError('Il contenuto non è una fattura elettronica (manca fattura_elettronica_header).');
  }
  return readJsonForm(root);
}

/**
 * FatturaPA XML (FatturaElettronica 1.2, or the simplified FatturaElettronicaSemplificata 1.0) in the JSON form the
 * provider delivers (JSON-MAPPING.md; a38's names for FSM10). Throws InvoiceReadError for anything else.
 */
export function invoiceXmlToJsonForm(xml: string): JsonObject {
  let root;
  try {
    root = parseXml(xml);
  } catch (e) {
    if (e instanceof XmlSyntaxError) throw new InvoiceReadError(`Il file XML della fattura non è leggibile: ${e.message}.`);
    throw e;
  }
  if (root.name === 'FatturaElettronicaSemplificata') return xmlToJsonForm(root, SIMPLIFIED_REPEATABLE_ELEMENTS);
  if (root.name !== 'FatturaElettronica') {
    throw new InvoiceReadError(`Il file non è una fattura elettronica (elemento radice ${root.name}).`);
  }
  return xmlToJsonForm(root);
}

/** FatturaPA XML (ordinary or simplified) → one view per body. */
export function readOutgoingXml(xml: string): InvoiceView[] {
  return readJsonForm(invoiceXmlToJsonForm(xml));
}

function readJsonForm(root: JsonObject): InvoiceView[] {
  const header = asObject(root.fattura_elettronica_header) ?? {};
  const bodies = objects(root.fattura_elettronica_body);
  const simplified = isSimplifiedForm(root);
  return bodies.map((body, i) => (simplified ? readSimplifiedBody : readBody)(header, body, i + 1, bodies.length));
}

function readParty(party: JsonValue | undefined): PartyView {
  const data = path(party, 'dati_anagrafici');
  const anagrafica = path(data, 'anagrafica');
  const id = asObject(path(data, 'id_fiscale_iva'));
  const personName = [str(path(anagrafica, 'nome')), str(path(anagrafica, 'cognome'))].filter(Boolean).join(' ');
  return {
    vatId: id ? { country: str(id.id_paese) ?? '', code: str(id.id_codice) ?? '' } : undefined,
    name: str(path(anagrafica, 'denominazione')) ?? personName,
    codiceFiscale: str(path(data, 'codice_fiscale')),
    address: readAddress(path(party, 'sede')),
  };
}

function readAdjustments(value: JsonValue | undefined): AdjustmentView[] {
  return objects(value).map((a) => ({ type: str(a.tipo) ?? '', percent: num(a.percentuale), amount: num(a.importo) }));
}

function readLine(l: JsonObject, index: number): LineView {
  const adjustments = readAdjustments(l.sconto_maggiorazione);
  const percents = adjustments.filter((a) => a.percent !== undefined);
  const articleCodes = objects(l.codice_articolo).map((c) => ({ type: str(c.codice_tipo) ?? '', value: str(c.codice_valore) ?? '' }));
  const serviceType = str(l.tipo_cessione_prestazione);
  return {
    number: num(l.numero_linea) ?? index + 1,
    ...(serviceType ? { serviceType } : {}),
    articleCode: articleCodes[0]?.value,
    articleCodes,
    description: str(l.descrizione) ?? '',
    quantity: num(l.quantita),
    unitOfMeasure: str(l.unita_misura),
    unitPrice: num(l.prezzo_unitario) ?? 0,
    adjustments,
    adjustmentPercent:
      percents.length === 0 ? undefined : percents.reduce((sum, a) => sum + (a.type === 'SC' ? -1 : 1) * (a.percent ?? 0), 0),
    total: num(l.prezzo_totale) ?? 0,
    vatRate: num(l.aliquota_iva) ?? 0,
    natura: str(l.natura),
  };
}

function readSummary(s: JsonObject): VatSummaryView {
  const esigibilita = str(s.esigibilita_iva);
  return {
    vatRate: num(s.aliquota_iva) ?? 0,
    natura: str(s.natura),
    taxable: num(s.imponibile_importo) ?? 0,
    tax: num(s.imposta) ?? 0,
    esigibilita,
    esigibilitaLabel: esigibilita !== undefined && isEsigibilita(esigibilita) ? ESIGIBILITA_LABELS[esigibilita] : undefined,
    rounding: num(s.arrotondamento),
    normativeReference: str(s.riferimento_normativo),
  };
}

function readPayments(value: JsonValue | undefined): PaymentView[] {
  return objects(value).flatMap((block) => {
    const condition = str(block.condizioni_pagamento);
    return objects(block.dettaglio_pagamento).map((d) => {
      const method = str(d.modalita_pagamento) ?? '';
      return {
        condition,
        conditionLabel: condition === undefined ? undefined : paymentConditionLabel(condition),
        method,
        methodLabel: paymentMethodLabel(method),
        dueDate: str(d.data_scadenza_pagamento),
        amount: num(d.importo_pagamento),
        iban: str(d.iban),
        beneficiary: str(d.beneficiario),
      };
    });
  });
}



function readBody(header: JsonObject, body: JsonObject, bodyIndex: number, bodyCount: number): InvoiceView {
  const transmission = path(header, 'dati_trasmissione');
  const general = path(body, 'dati_generali');
  const doc = path(general, 'dati_generali_documento');
  const goods = path(body, 'dati_beni_servizi');
  const summaries = objects(path(goods, 'dati_riepilogo'));
  const seller: SellerView = {
    ...readParty(path(header, 'cedente_prestatore')),
    regimeFiscale: str(path(header, 'cedente_prestatore', 'dati_anagrafici', 'regime_fiscale')),
  };
  const buyer: BuyerView = {
    ...readParty(path(header, 'cessionario_committente')),
    codiceDestinatario: str(path(transmission, 'codice_destinatario')),
    pec: str(path(transmission, 'pec_destinatario')),
  };
  const documentType = str(path(doc, 'tipo_documento')) ?? '';
  const payments = readPayments(path(body, 'dati_pagamento'));
  const totalDocument = num(path(doc, 'importo_totale_documento'));
  return {
    format: str(path(transmission, 'formato_trasmissione')),
    progressivoInvio: str(path(transmission, 'progressivo_invio')),
    documentType,
    documentTypeLabel: documentTypeLabel(documentType),
    number: str(path(doc, 'numero')) ?? '',
    date: str(path(doc, 'data')) ?? '',
    currency: str(path(doc, 'divisa')) ?? 'EUR',
    causale: objectsOrText(path(doc, 'causale')),
    seller,
    buyer,
    payments,
    payment: payments[0],
    lines: objects(path(goods, 'dettaglio_linee')).map(readLine),
    vatSummary: summaries.map(readSummary),
    totalDocument,
    total: totalDocument ?? summaryTotal(summaries),
    relatedDocuments: objects(path(general, 'dati_fatture_collegate')).map((r) => ({ id: str(r.id_documento) ?? '', date: str(r.data) })),
    attachments: readAttachments(path(body, 'allegati')),
    bodyIndex,
    bodyCount,
  };
}

