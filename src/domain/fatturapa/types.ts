/**
 * Builder input types: what the invoice builder needs from a draft (Sale), a Shop and a Customer.
 * Framework-free; the data layer's converters map Firestore documents (with their legacy field names) onto these.
 *
 * Amounts are plain numbers in euro (e.g. 12.5); the builder converts them to exact decimals itself.
 * Dates are ISO calendar dates 'YYYY-MM-DD' (local date, no time zone).
 */
import type { Esigibilita, Natura, PaymentCondition, PaymentMethod } from './codes';

/** An ISO calendar date, 'YYYY-MM-DD'. */
export type IsoDate = string;

/**
 * A discount (SC) or markup (MG) on one line. Give either a percentage of the unit price or an amount per unit.
 * `amountPerUnit` is VAT-included (like the line's gross price); the builder converts it to the net amount.
 */
export interface LineAdjustmentInput {
  kind: 'discount' | 'markup';
  percent?: number;
  amountPerUnit?: number;
}

export interface InvoiceLineInput {
  description: string;
  /** May have decimals (e.g. 1.5 kg). Must be > 0. */
  quantity: number;
  /** Unit price including VAT, as sold in the shop. The net unit price is gross / (1 + vatRate / 100). */
  grossUnitPrice: number;
  /** VAT percentage, e.g. 22, 10, 4, 0. */
  vatRate: number;
  /** Required when vatRate is 0 (a specific code: never the generic N2/N3/N6). */
  natura?: Natura;
  adjustment?: LineAdjustmentInput;
  /** Article code (CodiceArticolo, type 'INTERNO'). */
  code?: string;
  /** Unit of measure, e.g. 'PZ'. */
  unitOfMeasure?: string;
}

/** The original invoice a credit note (TD04) corrects. */
export interface RelatedDocumentInput {
  number: string;
  date: IsoDate;
}

/** A delivery note a deferred invoice (TD24) covers: one DatiDDT block each. */
export interface DdtReferenceInput {
  /** The note's number as printed (NumeroDDT, at most 20 characters). */
  number: string;
  date: IsoDate;
  /** The invoice lines (1-based NumeroLinea) that come from this note; empty = the whole invoice. */
  lineNumbers?: number[];
}

/** TD01 invoice, TD04 credit note, TD24 deferred invoice (fattura differita, art. 21 c. 4 lett. a DPR 633/72). */
export type DraftDocumentType = 'TD01' | 'TD04' | 'TD24';

export interface InvoiceDraftInput {
  /** Already formatted number, e.g. 'ABCDE-2026-7' (see numbering.ts). */
  number: string;
  date: IsoDate;
  /** Defaults to date + 7 days. */
  dueDate?: IsoDate;
  /** Defaults to TD01. */
  documentType?: DraftDocumentType;
  /** Required for TD04. */
  relatedInvoice?: RelatedDocumentInput;
  /** Required for TD24 (at least one): the delivery notes the invoice covers. */
  ddts?: DdtReferenceInput[];
  /** Defaults to TP01 (document 2 §9). */
  paymentCondition?: PaymentCondition;
  /** Defaults to MP23 for a public administration (6-character recipient code), MP01 otherwise. */
  paymentMethod?: PaymentMethod;
  /** Defaults to 'S' for a public administration or with MP23, 'I' otherwise. */
  esigibilita?: Esigibilita;
  /** PA extras (DatiOrdineAcquisto), optional: codice identificativo gara. */
  cig?: string;
  /** Codice unico di progetto. */
  cup?: string;
  codiceCommessa?: string;
  /** Purchase order number for DatiOrdineAcquisto/IdDocumento; 'ND' (non disponibile) when CIG/CUP/commessa come without it. */
  purchaseOrderNumber?: string;
  /** Free text (Causale), optional. */
  causale?: string;
  /**
   * The gross prices are what the customer already paid (an invoice for a receipt): the document totals exactly their
   * sum (paid-total.ts). Otherwise net prices are gross / (1 + rate) line by line, as a credit note must reproduce.
   */
  pricesPaid?: boolean;
  lines: InvoiceLineInput[];
}

export interface AddressInput {
  address: string;
  /** Postcode; 5 digits in Italy. Foreign addresses without one get '00000'. */
  cap: string;
  city: string;
  /** 2-letter province (Italy only); uppercased by the builder. */
  province?: string;
  /** ISO 3166 alpha-2; defaults to 'IT'; uppercased by the builder. */
  nation?: string;
}

/** The seller (cedente/prestatore), from the Shop. */
export interface SellerInput extends AddressInput {
  /** Shop ragioneSociale; preferred over `name` as Denominazione. */
  ragioneSociale?: string;
  /** Shop name, used when there is no ragioneSociale. */
  name?: string;
  /** 11 digits for Italy (Shop vatNumber / settings.pIva). */
  partitaIva: string;
  codiceFiscale?: string;
  /** Defaults to RF01. */
  regimeFiscale?: string;
}

/** The buyer (cessionario/committente), from the Customer. */
export interface BuyerInput extends AddressInput {
  /** Company name; when present the buyer is written as Denominazione. */
  ragioneSociale?: string;
  /** First name of a person (Nome). */
  name?: string;
  /** Last name of a person (Cognome). */
  surname?: string;
  partitaIva?: string;
  codiceFiscale?: string;
  /** Certified e-mail, written as PECDestinatario when the recipient code is '0000000'. */
  pec?: string;
  /** 7 characters (private), 6 (public administration), empty → '0000000'. */
  codiceDestinatario?: string;
}

export interface BuildInvoiceInput {
  draft: InvoiceDraftInput;
  seller: SellerInput;
  buyer: BuyerInput;
}
