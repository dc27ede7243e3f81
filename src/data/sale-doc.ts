/**
 * Sale (document 1 §3, document 2 §3, document 3 §3): the stored shape and its reading, without Firebase imports (the
 * functions build the day summaries from the same fields). POS sales, and also invoice drafts and credit notes
 * (method 'Fattura' / 'Nota di Credito' with an invoiceUUID that is '' while a draft).
 */
import { normalizeCustomer, toFirestoreCustomer, type Customer } from './customer-doc';
import {
  compact, isRecord, pick, toBool, toDate, toId, toIsoDate, toNumber, toOptStr, toRecordList, toStr, type RawDoc,
} from './normalize';
import { centsToEuro, toCents } from '@/domain/money/money';
import { EXACT_SPELLINGS, paymentFamily, type PaymentFamily } from '@/domain/sales/payment-family';
import { readSaleLines, writeSaleLines, type SaleLine, type SaleLineSource } from './sale-lines';

export type { SaleLine, SaleLineSource } from './sale-lines';

/** The payment family of a sale ('Fattura' and 'fatture ' are one family, etc.: domain/sales/payment-family.ts). */
export type SaleMethodKind = PaymentFamily;

export interface PosAnswer {
  msgCode?: string;
  acquirer?: string;
  authCode?: string;
  approved: boolean;
  /** Any other field the terminal sent (terminal id, amount, POS type...). */
  extra: RawDoc;
}

export interface CashmaticAnswer {
  transactionId?: string;
  requested?: number;
  inserted?: number;
  dispensed?: number;
  notDispensed?: number;
  operationPercentage?: number;
}

export interface SalePayment {
  method: string;
  currency: string;
  breakdown: { method: string; amount: number }[];
}

export interface SaleTotals {
  gross: number;
  net: number;
  vat: number;
}

export interface TaxBreakdownRow extends SaleTotals {
  vatRate: number;
}

export interface Sale {
  id: string;
  userId: string;
  employeeId?: string;
  date?: Date;
  /** Sale total in euro (price, else totals.gross, else total, else the sum of the lines). */
  price: number;
  /** The stored method text ('Bancomat', 'contanti', 'Nota di Credito'...); screens show it through methodLabel. */
  method: string;
  methodKind: SaleMethodKind;
  isVoid: boolean;
  /** name or customerName. */
  customerName?: string;
  type?: string;
  lines: SaleLine[];
  lineSource: SaleLineSource;
  discounts?: number;
  surcharges?: number;
  fidelityPointsEarned?: number;
  posAnswer?: PosAnswer;
  isManualBancomatSale: boolean;
  manualSaleReason?: string;
  cashmaticAnswer?: CashmaticAnswer;
  payment?: SalePayment;
  totals?: SaleTotals;
  taxBreakdown?: TaxBreakdownRow[];
  migrated: boolean;
  migratedAt?: Date;
  // Invoice-draft fields (document 2 §3). invoiceUUID: undefined = not an invoice, '' = draft, 'grouped' = merged.
  invoiceUUID?: string;
  invoiceGrouped?: string;
  invoiceNumber?: string;
  originalInvoiceUUID?: string;
  /** A correction of an invoice the SDI rejected: the NS's time, from which its 5-day resend window runs. */
  rejectedAt?: Date;
  /** invoicePayload, or the draft's payload: e-invoice XML. */
  invoicePayload?: string;
  customerId?: string;
  /** The customer stored inside the draft, when it is an object. */
  customer?: Customer;
  shopId?: string;
  createdAt?: Date;
  updatedAt?: Date;
  deleted: boolean;
  deletedAt?: Date;
  permanentlyDeleted: boolean;
  permanentlyDeletedAt?: Date;
  total?: number;
  /** dueDate or dataScadenzaPagamento, as 'YYYY-MM-DD'. */
  dueDate?: string;
  condizioniPagamento?: string;
  paymentMethod?: string;
  /** Draft terms set in 'Modifica Bozza' (document 2 §5): collectability I/D/S and the PA purchase references. */
  esigibilita?: string;
  cig?: string;
  cup?: string;
  codiceCommessa?: string;
  /** Causale (free text of the e-invoice), e.g. the reference to the receipt an invoice was made from. */
  causale?: string;
  /**
   * An invoice made in the back office for a POS sale (the receipt): the sale's id. Its amount was already taken
   * at the till, so revenue figures leave it out; the document carries `total` and no `price` for the same reason.
   */
  sourceSaleId?: string;
}

/**
 * The exact stored spellings of the revenue families, for the `in` filters of aggregation queries (a query matches
 * exact values only); every other spelling is read and classified by the rule (domain/sales/payment-family.ts).
 */
export const SALE_METHOD_SPELLINGS = EXACT_SPELLINGS;

/** The payment family of a stored method (the one rule: domain/sales/payment-family.ts). */
export const saleMethodKind = paymentFamily;

const POS_KEYS = new Set(['msgCode', 'acquirer', 'authCode', 'approved']);

function readPosAnswer(value: unknown): PosAnswer | undefined {
  if (!isRecord(value)) return undefined;
  const extra: RawDoc = {};
  for (const [k, v] of Object.entries(value)) if (!POS_KEYS.has(k)) extra[k] = v;
  return {
    msgCode: toOptStr(value.msgCode),
    acquirer: toOptStr(value.acquirer),
    authCode: toOptStr(value.authCode),
    approved: toBool(value.approved),
    extra,
  };
}

function readCashmatic(value: unknown): CashmaticAnswer | undefined {
  if (!isRecord(value)) return undefined;
  return {
    transactionId: toOptStr(value.transactionId),
    requested: toNumber(value.requested),
    inserted: toNumber(value.inserted),
    dispensed: toNumber(value.dispensed),
    notDispensed: toNumber(value.notDispensed),
    operationPercentage: toNumber(value.operationPercentage),
  };
}

function readTotals(value: unknown): SaleTotals | undefined {
  if (!isRecord(value)) return undefined;
  return { gross: toNumber(value.gross, 0), net: toNumber(value.net, 0), vat: toNumber(value.vat, 0) };
}

function readPayment(value: unknown): SalePayment | undefined {
  if (!isRecord(value)) return undefined;
  return {
    method: toStr(value.method).trim(),
    currency: toOptStr(value.currency) ?? 'EUR',
    breakdown: toRecordList(value.breakdown).map((b) => ({ method: toStr(b.method).trim(), amount: toNumber(b.amount, 0) })),
  };
}

/** Keeps '' (a draft) apart from a missing field. */
function toPresentStr(value: unknown): string | undefined {
  return value === undefined || value === null ? undefined : toStr(value).trim();
}

export function normalizeSale(id: string, raw: RawDoc): Sale {
  const { lines, lineSource } = readSaleLines(raw);
  const payment = readPayment(raw.payment);
  const totals = readTotals(raw.totals);
  const method = toStr(pick(raw, 'method') ?? payment?.method).trim();
  const customerRaw = raw.customer;
  const customer = isRecord(customerRaw) ? normalizeCustomer(toId(customerRaw) ?? toStr(raw.customerId), customerRaw) : undefined;
  const total = toNumber(raw.total);
  return {
    id,
    userId: toStr(raw.userId).trim(),
    employeeId: toId(pick(raw, 'employeeId', 'employee'), ['employeeId', 'id']),
    date: toDate(pick(raw, 'date', 'createdAt')),
    price: toNumber(raw.price) ?? totals?.gross ?? total ?? centsToEuro(lines.reduce((sum, l) => sum + (toCents(l.total) ?? 0), 0)),
    method,
    methodKind: saleMethodKind(method),
    isVoid: toBool(raw.isVoid),
    customerName: toOptStr(pick(raw, 'customerName', 'name')),
    type: toOptStr(raw.type),
    lines,
    lineSource,
    discounts: toNumber(raw.discounts),
    surcharges: toNumber(raw.surcharges),
    fidelityPointsEarned: toNumber(raw.fidelityPointsEarned),
    posAnswer: readPosAnswer(raw.posAnswer),
    isManualBancomatSale: toBool(raw.isManualBancomatSale),
    manualSaleReason: toOptStr(raw.manualSaleReason),
    cashmaticAnswer: readCashmatic(raw.cashmaticAnswer),
    payment,
    totals,
    taxBreakdown: Array.isArray(raw.taxBreakdown)
      ? toRecordList(raw.taxBreakdown).map((r) => ({ vatRate: toNumber(r.vatRate, 0), ...(readTotals(r) as SaleTotals) }))
      : undefined,
    migrated: toBool(raw.migrated),
    migratedAt: toDate(raw.migratedAt),
    invoiceUUID: toPresentStr(raw.invoiceUUID),
    invoiceGrouped: toOptStr(raw.invoiceGrouped),
    invoiceNumber: toOptStr(raw.invoiceNumber),
    originalInvoiceUUID: toOptStr(raw.originalInvoiceUUID),
    rejectedAt: toDate(raw.rejectedAt),
    invoicePayload: toOptStr(pick(raw, 'invoicePayload', 'payload')),
    customerId: toOptStr(raw.customerId) ?? (typeof customerRaw === 'string' ? toOptStr(customerRaw) : customer?.id || undefined),
    customer,
    shopId: toOptStr(raw.shopId),
    createdAt: toDate(raw.createdAt),
    updatedAt: toDate(raw.updatedAt),
    deleted: toBool(raw.deleted),
    deletedAt: toDate(raw.deletedAt),
    permanentlyDeleted: toBool(raw.permanentlyDeleted),
    permanentlyDeletedAt: toDate(raw.permanentlyDeletedAt),
    total,
    dueDate: toIsoDate(pick(raw, 'dueDate', 'dataScadenzaPagamento')),
    condizioniPagamento: toOptStr(raw.condizioniPagamento),
    paymentMethod: toOptStr(raw.paymentMethod),
    esigibilita: toOptStr(raw.esigibilita),
    cig: toOptStr(raw.cig),
    cup: toOptStr(raw.cup),
    codiceCommessa: toOptStr(raw.codiceCommessa),
    causale: toOptStr(raw.causale),
    sourceSaleId: toOptStr(raw.sourceSaleId),
  };
}

export function toFirestoreSale(s: Sale): RawDoc {
  const posAnswer = s.posAnswer && { ...s.posAnswer.extra, msgCode: s.posAnswer.msgCode, acquirer: s.posAnswer.acquirer, authCode: s.posAnswer.authCode, approved: s.posAnswer.approved };
  return compact({
    userId: s.userId,
    employeeId: s.employeeId,
    date: s.date,
    price: s.price,
    method: s.method,
    isVoid: s.isVoid,
    customerName: s.customerName,
    type: s.type,
    ...writeSaleLines(s.lines, s.lineSource),
    discounts: s.discounts,
    surcharges: s.surcharges,
    fidelityPointsEarned: s.fidelityPointsEarned,
    posAnswer,
    isManualBancomatSale: s.isManualBancomatSale || undefined,
    manualSaleReason: s.manualSaleReason,
    cashmaticAnswer: s.cashmaticAnswer,
    payment: s.payment,
    totals: s.totals,
    taxBreakdown: s.taxBreakdown,
    migrated: s.migrated || undefined,
    migratedAt: s.migratedAt,
    invoiceUUID: s.invoiceUUID,
    invoiceGrouped: s.invoiceGrouped,
    invoiceNumber: s.invoiceNumber,
    originalInvoiceUUID: s.originalInvoiceUUID,
    rejectedAt: s.rejectedAt,
    invoicePayload: s.invoicePayload,
    customerId: s.customerId,
    customer: s.customer && toFirestoreCustomer(s.customer),
    shopId: s.shopId,
    createdAt: s.createdAt,
    updatedAt: s.updatedAt,
    // Invoice documents always carry the flag, so equality queries on it match; POS sales only when set.
    deleted: s.invoiceUUID !== undefined || s.deleted ? s.deleted : undefined,
    deletedAt: s.deletedAt,
    permanentlyDeleted: s.permanentlyDeleted || undefined,
    permanentlyDeletedAt: s.permanentlyDeletedAt,
    total: s.total,
    dueDate: s.dueDate,
    condizioniPagamento: s.condizioniPagamento,
    paymentMethod: s.paymentMethod,
    esigibilita: s.esigibilita,
    cig: s.cig,
    cup: s.cup,
    codiceCommessa: s.codiceCommessa,
    causale: s.causale,
    sourceSaleId: s.sourceSaleId,
  });
}

/** An invoice made for a receipt: not a sale of its own (its money is the receipt's). */
export function isInvoiceOfReceipt(s: Pick<Sale, 'sourceSaleId'>): boolean {
  return s.sourceSaleId !== undefined;
}

/** True when the stored document is a draft: an empty invoiceUUID (document 2 §3). */
export function isDraftSale(s: Pick<Sale, 'invoiceUUID'>): boolean {
  return s.invoiceUUID === '';
}

/**
 * A sale read for the statistics' daily summaries: the clean Sale, and the stored fields that
 * Firestore's count()/sum() aggregations look at, as stored (method, isVoid, price: text, missing and all), so a
 * summary's check is computed exactly as the aggregations will answer it. Read-only.
 */
export interface CheckedSale {
  sale: Sale;
  stored: { method: unknown; isVoid: unknown; price: unknown };
}

/** A stored sale as the summaries read it (see CheckedSale). */
export function readCheckedSale(id: string, raw: RawDoc): CheckedSale {
  return { sale: normalizeSale(id, raw), stored: { method: raw.method, isVoid: raw.isVoid, price: raw.price } };
}
