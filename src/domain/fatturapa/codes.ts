/**
 * FatturaPA code tables (schema 1.2.3) with their Italian labels.
 *
 * Labels follow the official XSD documentation strings, except where document 2 of the spec gives its own
 * wording (TD01 'Fattura', TD04 'Nota di Credito', the capitalised payment-method labels of §9).
 */

/** Standard FatturaPA namespace (both 1.2.2 and 1.2.3 use it). */
export const FATTURAPA_NAMESPACE = 'http://ivaservizi.agenziaentrate.gov.it/docs/xsd/fatture/v1.2';
export const XMLDSIG_NAMESPACE = 'http://www.w3.org/2000/09/xmldsig#';
export const XSI_NAMESPACE = 'http://www.w3.org/2001/XMLSchema-instance';

/** Transmission formats: FPA12 public administration, FPR12 private parties. */
export const TRANSMISSION_FORMATS = ['FPA12', 'FPR12'] as const;
export type TransmissionFormat = (typeof TRANSMISSION_FORMATS)[number];

/** Recipient code used when the buyer has none (delivery via PEC or the reserved area). */
export const DEFAULT_CODICE_DESTINATARIO = '0000000';
/** Length of a public-administration recipient code (codice univoco ufficio). */
export const PA_CODICE_DESTINATARIO_LENGTH = 6;
export const DEFAULT_REGIME_FISCALE = 'RF01';
export const DEFAULT_CURRENCY = 'EUR';
export const DEFAULT_VAT_RATE = 22;
export const DEFAULT_UNIT_OF_MEASURE = 'PZ';
/** Default due date offset from the document date, in days. */
export const DEFAULT_DUE_DAYS = 7;

export const DOCUMENT_TYPE_LABELS = {
  TD01: 'Fattura',
  TD02: 'Acconto / anticipo su fattura',
  TD03: 'Acconto / anticipo su parcella',
  TD04: 'Nota di Credito',
  TD05: 'Nota di Debito',
  TD06: 'Parcella',
  TD16: 'Integrazione fattura reverse charge interno',
  TD17: "Integrazione/autofattura per acquisto servizi dall'estero",
  TD18: 'Integrazione per acquisto di beni intracomunitari',
  TD19: 'Integrazione/autofattura per acquisto di beni ex art.17 c.2 DPR 633/72',
  TD20: 'Autofattura per regolarizzazione e integrazione delle fatture',
  TD21: 'Autofattura per splafonamento',
  TD22: 'Estrazione beni da Deposito IVA',
  TD23: "Estrazione beni da Deposito IVA con versamento dell'IVA",
  TD24: 'Fattura differita (art.21, comma 4, lett. a DPR 633/72)',
  TD25: 'Fattura differita (art.21, comma 4, lett. b DPR 633/72)',
  TD26: 'Cessione di beni ammortizzabili e per passaggi interni',
  TD27: 'Fattura per autoconsumo o per cessioni gratuite senza rivalsa',
  TD28: 'Acquisti da San Marino con IVA (fattura cartacea)',
  TD29: 'Comunicazione per omessa o irregolare fatturazione',
} as const;
export type DocumentType = keyof typeof DOCUMENT_TYPE_LABELS;

/** The types of the simplified invoice (FatturaElettronicaSemplificata, FSM10): read, never issued by us. */
export const SIMPLIFIED_DOCUMENT_TYPE_LABELS: Readonly<Record<string, string>> = {
  TD07: 'Fattura semplificata',
  TD08: 'Nota di Credito semplificata',
  TD09: 'Nota di Debito semplificata',
};
export const UNKNOWN_LABEL = 'Sconosciuto';

export function isDocumentType(code: string): code is DocumentType {
  return Object.prototype.hasOwnProperty.call(DOCUMENT_TYPE_LABELS, code);
}

/** Italian label of a TipoDocumento code; 'Sconosciuto' for anything else. */
export function documentTypeLabel(code: string | null | undefined): string {
  const c = (code ?? '').trim().toUpperCase();
  return isDocumentType(c) ? DOCUMENT_TYPE_LABELS[c] : (SIMPLIFIED_DOCUMENT_TYPE_LABELS[c] ?? UNKNOWN_LABEL);
}

/** Payment methods MP01–MP23 with the labels of document 2 §9. */
export const PAYMENT_METHOD_LABELS = {
  MP01: 'Contanti',
  MP02: 'Assegno',
  MP03: 'Assegno circolare',
  MP04: 'Contanti presso Tesoreria',
  MP05: 'Bonifico',
  MP06: 'Vaglia cambiario',
  MP07: 'Bollettino bancario',
  MP08: 'Carta di pagamento',
  MP09: 'RID',
  MP10: 'RID utenze',
  MP11: 'RID veloce',
  MP12: 'RIBA',
  MP13: 'MAV',
  MP14: 'Quietanza erario',
  MP15: 'Giroconto su conti di contabilità speciale',
  MP16: 'Domiciliazione bancaria',
  MP17: 'Domiciliazione postale',
  MP18: 'Bollettino di c/c postale',
  MP19: 'SEPA Direct Debit',
  MP20: 'SEPA Direct Debit CORE',
  MP21: 'SEPA Direct Debit B2B',
  MP22: 'Trattenuta su somme già riscosse',
  MP23: 'PagoPA',
} as const;
export type PaymentMethod = keyof typeof PAYMENT_METHOD_LABELS;
export const DEFAULT_PAYMENT_METHOD: PaymentMethod = 'MP01';
export const PA_PAYMENT_METHOD: PaymentMethod = 'MP23';

export function isPaymentMethod(code: string): code is PaymentMethod {
  return Object.prototype.hasOwnProperty.call(PAYMENT_METHOD_LABELS, code);
}

/** Italian label of a ModalitaPagamento code; 'Sconosciuto' for anything else. */
export function paymentMethodLabel(code: string | null | undefined): string {
  const c = (code ?? '').trim().toUpperCase();
  return isPaymentMethod(c) ? PAYMENT_METHOD_LABELS[c] : UNKNOWN_LABEL;
}

export const PAYMENT_CONDITION_LABELS = {
  TP01: 'pagamento a rate',
  TP02: 'pagamento completo',
  TP03: 'anticipo',
} as const;
export type PaymentCondition = keyof typeof PAYMENT_CONDITION_LABELS;
/** Document 2 §9: TP01 is the default. */
export const DEFAULT_PAYMENT_CONDITION: PaymentCondition = 'TP01';

export function isPaymentCondition(code: string): code is PaymentCondition {
  return Object.prototype.hasOwnProperty.call(PAYMENT_CONDITION_LABELS, code);
}

export function paymentConditionLabel(code: string | null | undefined): string {
  const c = (code ?? '').trim().toUpperCase();
  return isPaymentCondition(c) ? PAYMENT_CONDITION_LABELS[c] : UNKNOWN_LABEL;
}

/** Natura codes SdI accepts (the generic N2, N3, N6 are refused with 00445). */
export const NATURA_LABELS = {
  N1: 'Escluse ex art. 15 del D.P.R. 633/1972',
  'N2.1': 'Non soggette ad IVA ai sensi degli artt. da 7 a 7-septies del DPR 633/72',
  'N2.2': 'Non soggette - altri casi',
  'N3.1': 'Non imponibili - esportazioni',
  'N3.2': 'Non imponibili - cessioni intracomunitarie',
  'N3.3': 'Non imponibili - cessioni verso San Marino',
  'N3.4': "Non imponibili - operazioni assimilate alle cessioni all'esportazione",
  'N3.5': "Non imponibili - a seguito di dichiarazioni d'intento",
  'N3.6': 'Non imponibili - altre operazioni che non concorrono alla formazione del plafond',
  N4: 'Esenti',
  N5: 'Regime del margine/IVA non esposta in fattura',
  'N6.1': 'Inversione contabile - cessione di rottami e altri materiali di recupero',
  'N6.2': 'Inversione contabile - cessione di oro e argento puro',
  'N6.3': 'Inversione contabile - subappalto nel settore edile',
  'N6.4': 'Inversione contabile - cessione di fabbricati',
  'N6.5': 'Inversione contabile - cessione di telefoni cellulari',
  'N6.6': 'Inversione contabile - cessione di prodotti elettronici',
  'N6.7': 'Inversione contabile - prestazioni comparto edile e settori connessi',
  'N6.8': 'Inversione contabile - operazioni settore energetico',
  'N6.9': 'Inversione contabile - altri casi',
  N7: 'IVA assolta in altro stato UE',
} as const;
export type Natura = keyof typeof NATURA_LABELS;
export const NATURA_CODES = Object.keys(NATURA_LABELS) as Natura[];
/** Generic codes still present in the XSD but refused by SdI (00445). */
export const GENERIC_NATURA_CODES = ['N2', 'N3', 'N6'] as const;

export function isNatura(code: string): code is Natura {
  return Object.prototype.hasOwnProperty.call(NATURA_LABELS, code);
}

export function naturaLabel(code: string | null | undefined): string {
  const c = (code ?? '').trim().toUpperCase();
  return isNatura(c) ? NATURA_LABELS[c] : UNKNOWN_LABEL;
}

export const ESIGIBILITA_LABELS = {
  I: 'esigibilità immediata',
  D: 'esigibilità differita',
  S: 'scissione dei pagamenti',
} as const;
export type Esigibilita = keyof typeof ESIGIBILITA_LABELS;

export function isEsigibilita(code: string): code is Esigibilita {
  return Object.prototype.hasOwnProperty.call(ESIGIBILITA_LABELS, code);
}

/** Invoice marking values (document 2 §4.1) with their Italian labels. */
export const MARKING_LABELS = {
  delivered: 'consegnata',
  sent: 'inviata',
  rejected: 'rifiutata',
  paid: 'pagata',
  received: 'ricevuta',
  'not-delivered': 'consegnata per canale secondario',
} as const;
export type Marking = keyof typeof MARKING_LABELS;

export function isMarking(value: string): value is Marking {
  return Object.prototype.hasOwnProperty.call(MARKING_LABELS, value);
}

export function markingLabel(value: string | null | undefined): string {
  const v = (value ?? '').trim();
  return isMarking(v) ? MARKING_LABELS[v] : UNKNOWN_LABEL;
}
