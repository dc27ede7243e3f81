/**
 * The 'beautified' view model of one invoice (one FatturaElettronicaBody with its header), the same for incoming
 * invoices (JSON form) and outgoing ones (XML). Amounts are numbers parsed from the decimal strings; dates stay ISO
 * 'YYYY-MM-DD'. Optional blocks absent from the document are undefined (or empty lists).
 */

export interface VatIdView {
  country: string;
  code: string;
}

export interface AddressView {
  street: string;
  streetNumber?: string;
  cap: string;
  city: string;
  province?: string;
  nation: string;
}

export interface PartyView {
  vatId?: VatIdView;
  /** Denominazione, or 'Nome Cognome' for a person. */
  name: string;
  codiceFiscale?: string;
  /** Sede. */
  address?: AddressView;
}

export interface SellerView extends PartyView {
  /** RegimeFiscale code, e.g. 'RF01'. */
  regimeFiscale?: string;
}

export interface BuyerView extends PartyView {
  codiceDestinatario?: string;
  pec?: string;
}

export interface PaymentView {
  /** TP01/TP02/TP03 and its label. */
  condition?: string;
  conditionLabel?: string;
  /** MP01–MP23 and its label ('Sconosciuto' for other codes). */
  method: string;
  methodLabel: string;
  dueDate?: string;
  amount?: number;
  iban?: string;
  beneficiary?: string;
}

export interface AdjustmentView {
  /** 'SC' discount or 'MG' markup. */
  type: string;
  percent?: number;
  /** Amount per unit. */
  amount?: number;
}

export interface ArticleCodeView {
  type: string;
  value: string;
}

export interface LineView {
  number: number;
  /** TipoCessionePrestazione: SC sconto, PR premio, AB abbuono, AC spesa accessoria; absent for ordinary lines. */
  serviceType?: string;
  /** The first CodiceArticolo value, for the outgoing 'article code or line number' column. */
  articleCode?: string;
  articleCodes: ArticleCodeView[];
  description: string;
  quantity?: number;
  unitOfMeasure?: string;
  unitPrice: number;
  adjustments: AdjustmentView[];
  /** Signed sum of the percentages (discount negative, markup positive); undefined without percentages. */
  adjustmentPercent?: number;
  total: number;
  vatRate: number;
  natura?: string;
}

export interface VatSummaryView {
  vatRate: number;
  natura?: string;
  taxable: number;
  tax: number;
  /** I, D or S, and its label. */
  esigibilita?: string;
  esigibilitaLabel?: string;
  rounding?: number;
  normativeReference?: string;
}

export interface RelatedDocumentView {
  id: string;
  date?: string;
}

export interface AttachmentView {
  name: string;
  format?: string;
  compression?: string;
  description?: string;
  /** From FormatoAttachment, or the file extension; application/octet-stream when unknown. */
  mimeType: string;
  /** Base64 without whitespace. */
  base64: string;
}

export interface InvoiceView {
  /** FormatoTrasmissione: 'FPA12' or 'FPR12'. */
  format?: string;
  /** ProgressivoInvio: the sender's progressive that names the SDI file (IT<P.IVA>_<progressive>.xml). */
  progressivoInvio?: string;
  documentType: string;
  /** Italian label; 'Sconosciuto' for unknown codes. */
  documentTypeLabel: string;
  number: string;
  date: string;
  currency: string;
  causale: string[];
  seller: SellerView;
  buyer: BuyerView;
  /** Every DettaglioPagamento of every DatiPagamento, with its block's condition. */
  payments: PaymentView[];
  /** The first of `payments`, for the compact view. */
  payment?: PaymentView;
  lines: LineView[];
  vatSummary: VatSummaryView[];
  /** ImportoTotaleDocumento as written, when present. */
  totalDocument?: number;
  /** ImportoTotaleDocumento, or Σ ImponibileImporto + Σ Imposta when it is absent. */
  total: number;
  /** DatiFattureCollegate (the invoice a credit note corrects). */
  relatedDocuments: RelatedDocumentView[];
  attachments: AttachmentView[];
  /** 1-based position of this body in the file, and how many bodies the file has (lotto). */
  bodyIndex: number;
  bodyCount: number;
}
