/**
 * The simplified invoice (FatturaElettronicaSemplificata 1.0, FSM10; art. 21-bis DPR 633/72) read into the same
 * InvoiceView as an ordinary one, so that every screen and the webhook see its supplier, recipient, lines and totals.
 *
 * Where FSM10 differs from FPR12/FPA12 (Schema_VFSM10.xsd; a38's fattura_semplificata model gives the JSON names):
 * - CedentePrestatore has its ids, name and Sede directly (no DatiAnagrafici/Anagrafica level);
 * - CessionarioCommittente has IdentificativiFiscali (IdFiscaleIVA, CodiceFiscale) and AltriDatiIdentificativi
 *   (name, Sede);
 * - the body has no DettaglioLinee / DatiRiepilogo: each DatiBeniServizi (repeatable) is one line with Descrizione,
 *   Importo and DatiIVA (Imposta and/or Aliquota), Natura. Importo is the consideration VAT included (the law's
 *   'corrispettivo complessivo e imposta incorporata'), so the line's taxable amount is Importo − Imposta, or
 *   Importo ÷ (1 + Aliquota) when only the rate is given; the document's total is Σ Importo.
 */
import { documentTypeLabel } from './codes';
import { add, parseDec, sub, ZERO, type Dec } from './exact-decimal';
import { decimalToCents, div, dec, isZero, mul, round, toNumber } from '../money/decimal';
import type { BuyerView, InvoiceView, LineView, PartyView, SellerView, VatSummaryView } from './invoice-view';
import { asObject, objects, path, str, type JsonObject, type JsonValue } from './json-form';
import { objectsOrText, readAddress, readAttachments } from './reader-parts';

/** Elements of FSM10 that repeat (always lists in the JSON form): the body, its goods/services, attachments. */
export const SIMPLIFIED_REPEATABLE_ELEMENTS: ReadonlySet<string> = new Set(['FatturaElettronicaBody', 'DatiBeniServizi', 'Allegati']);

export const SIMPLIFIED_FORMAT = 'FSM10';

/** Whether a JSON-form document is a simplified invoice: its format says so, or its shape does. */
export function isSimplifiedForm(root: JsonObject): boolean {
  const format = str(path(root, 'fattura_elettronica_header', 'dati_trasmissione', 'formato_trasmissione'));
  if (format !== undefined) return format.toUpperCase() === SIMPLIFIED_FORMAT;
  if (path(root, 'fattura_elettronica_header', 'cessionario_committente', 'identificativi_fiscali') !== undefined) return true;
  return objects(root.fattura_elettronica_body).some((b) => {
    const goods = path(b, 'dati_beni_servizi');
    return path(goods, 'importo') !== undefined && path(goods, 'dettaglio_linee') === undefined;
  });
}

function personName(o: JsonValue | undefined): string {
  const named = str(path(o, 'denominazione'));
  if (named) return named;
  return [str(path(o, 'nome')), str(path(o, 'cognome'))].filter(Boolean).join(' ');
}

function vatIdOf(o: JsonValue | undefined): PartyView['vatId'] {
  const id = asObject(path(o, 'id_fiscale_iva'));
  return id ? { country: str(id.id_paese) ?? '', code: str(id.id_codice) ?? '' } : undefined;
}

function readSeller(party: JsonValue | undefined): SellerView {
  return {
    vatId: vatIdOf(party),
    name: personName(party),
    codiceFiscale: str(path(party, 'codice_fiscale')),
    address: readAddress(path(party, 'sede')),
    regimeFiscale: str(path(party, 'regime_fiscale')),
  };
}

/** The recipient's ids of a simplified invoice (IdentificativiFiscali). */
export function simplifiedRecipientIds(header: JsonValue | undefined): { vatCode?: string; codiceFiscale?: string } {
  const ids = path(header, 'cessionario_committente', 'identificativi_fiscali');
  return { vatCode: str(path(ids, 'id_fiscale_iva', 'id_codice')), codiceFiscale: str(path(ids, 'codice_fiscale')) };
}

function readBuyer(header: JsonValue | undefined): BuyerView {
  const party = path(header, 'cessionario_committente');
  const ids = path(party, 'identificativi_fiscali');
  const other = path(party, 'altri_dati_identificativi');
  const transmission = path(header, 'dati_trasmissione');
  return {
    vatId: vatIdOf(ids),
    name: personName(other),
    codiceFiscale: str(path(ids, 'codice_fiscale')),
    address: readAddress(path(other, 'sede')),
    codiceDestinatario: str(path(transmission, 'codice_destinatario')),
    pec: str(path(transmission, 'pec_destinatario')),
  };
}

const HUNDRED = dec(100);
const euro = (d: Dec) => decimalToCents(d) / 100;

interface SimplifiedLine {
  line: LineView;
  gross: Dec;
  taxable: Dec;
  tax: Dec;
  rate: Dec;
}

function readGoods(goods: JsonObject, index: number): SimplifiedLine {
  const gross = parseDec(str(goods.importo)) ?? ZERO;
  const stated = parseDec(str(path(goods, 'dati_iva', 'imposta')));
  const statedRate = parseDec(str(path(goods, 'dati_iva', 'aliquota')));
  let taxable: Dec;
  if (stated !== undefined) taxable = sub(gross, stated);
  else if (statedRate !== undefined && !isZero(statedRate)) taxable = round(div(mul(gross, HUNDRED), add(HUNDRED, statedRate), 10), 2);
  else taxable = gross;
  const tax = sub(gross, taxable);
  // The rate as written, else the one the tax implies (SdI requires one of the two).
  const rate = statedRate ?? (isZero(taxable) ? ZERO : round(div(mul(tax, HUNDRED), taxable, 10), 2));
  const natura = str(goods.natura);
  return {
    gross,
    taxable,
    tax,
    rate,
    line: {
      number: index + 1,
      articleCodes: [],
      description: str(goods.descrizione) ?? '',
      quantity: undefined,
      unitPrice: euro(taxable),
      adjustments: [],
      total: euro(taxable),
      vatRate: toNumber(rate),
      ...(natura ? { natura } : {}),
    },
  };
}

/** One VAT summary per rate and natura, as an ordinary invoice's DatiRiepilogo would have them. */
function summariesOf(lines: readonly SimplifiedLine[], goods: readonly JsonObject[]): VatSummaryView[] {
  const groups = new Map<string, { rate: Dec; natura?: string; taxable: Dec; tax: Dec; reference?: string }>();
  lines.forEach((l, i) => {
    const natura = l.line.natura;
    const key = `${toNumber(l.rate)}|${natura ?? ''}`;
    const g = groups.get(key) ?? { rate: l.rate, natura, taxable: ZERO, tax: ZERO, reference: str(goods[i]?.riferimento_normativo) };
    groups.set(key, { ...g, taxable: add(g.taxable, l.taxable), tax: add(g.tax, l.tax) });
  });
  return [...groups.values()].map((g) => ({
    vatRate: toNumber(g.rate),
    ...(g.natura ? { natura: g.natura } : {}),
    taxable: euro(g.taxable),
    tax: euro(g.tax),
    ...(g.reference ? { normativeReference: g.reference } : {}),
  }));
}

export function readSimplifiedBody(header: JsonObject, body: JsonObject, bodyIndex: number, bodyCount: number): InvoiceView {
  const transmission = path(header, 'dati_trasmissione');
  const general = path(body, 'dati_generali');
  const doc = path(general, 'dati_generali_documento');
  const goods = objects(body.dati_beni_servizi);
  const lines = goods.map(readGoods);
  const documentType = str(path(doc, 'tipo_documento')) ?? '';
  const corrected = path(general, 'dati_fattura_rettificata');
  const correctedId = str(path(corrected, 'numero_fr'));
  const elements = str(path(corrected, 'elementi_rettificati'));
  return {
    format: str(path(transmission, 'formato_trasmissione')) ?? SIMPLIFIED_FORMAT,
    progressivoInvio: str(path(transmission, 'progressivo_invio')),
    documentType,
    documentTypeLabel: documentTypeLabel(documentType),
    number: str(path(doc, 'numero')) ?? '',
    date: str(path(doc, 'data')) ?? '',
    currency: str(path(doc, 'divisa')) ?? 'EUR',
    causale: [...objectsOrText(path(doc, 'causale')), ...(elements ? [`Elementi rettificati: ${elements}`] : [])],
    seller: readSeller(path(header, 'cedente_prestatore')),
    buyer: readBuyer(header),
    payments: [],
    payment: undefined,
    lines: lines.map((l) => l.line),
    vatSummary: summariesOf(lines, goods),
    totalDocument: undefined,
    total: euro(lines.reduce((sum, l) => add(sum, l.gross), ZERO)),
    relatedDocuments: correctedId ? [{ id: correctedId, date: str(path(corrected, 'data_fr')) }] : [],
    attachments: readAttachments(path(body, 'allegati')),
    bodyIndex,
    bodyCount,
  };
}
