/**
 * The one rule for the payment family of a sale and for what counts as takings. Used by the
 * dashboard, the chain dashboard, the statistics and their day summaries, the Z-report, the sales list's filter and
 * the CSV exports, so that every screen puts the same sale in the same family.
 *
 * Family: the stored method, trimmed and lower-cased ('Contanti ', 'CONTANTI', 'cash' are contanti; 'BancoMat',
 * 'carta', 'POS', 'card' are bancomat; 'Fattura', 'fatture' are fatture); 'preconto', 'nota di credito'; anything
 * else (Satispay, buoni, an empty method) is 'altro'.
 *
 * Takings (what was rung up at the till and paid): a POS sale that is
 * - not voided (`isVoid`), not deleted;
 * - not a document of the back office's invoicing, i.e. without `invoiceUUID` (drafts — trashed ones included, such
 *   as a DDT deferred invoice put in the trash —, issued invoices, merged drafts, credit notes) and without
 *   `sourceSaleId` (an invoice made for a receipt: its money is the receipt's, already counted). A back-office
 *   invoice is shown and counted in /invoices; a POS sale paid by invoice at the till is a POS sale of family
 *   'fatture' and counts. This also keeps the figures stable: a document never gains or loses `invoiceUUID`, so a
 *   draft issued or trashed afterwards does not change a closed day;
 * - not a pre-bill (preconto) or a credit note.
 * Revenue, as the dashboard, the chain and the statistics show it (document 3 §9: "payment methods counted:
 * contanti, bancomat, fatture"), is the takings of those three families; the Z-report also shows the 'altro'
 * takings, since the fiscal printer's closing includes them.
 */

export type PaymentFamily = 'contanti' | 'bancomat' | 'fatture' | 'preconto' | 'nota-di-credito' | 'altro';
/** The families of the revenue figures (dashboard, chain, statistics). */
export type RevenueFamily = 'contanti' | 'bancomat' | 'fatture';
export const REVENUE_FAMILIES: readonly RevenueFamily[] = ['contanti', 'bancomat', 'fatture'];
/** The families of the takings (the Z-report): the revenue families and the other methods. */
export type TakingsFamily = RevenueFamily | 'altro';

export const PAYMENT_FAMILY_LABEL: Record<PaymentFamily, string> = {
  contanti: 'Contanti',
  bancomat: 'Bancomat',
  fatture: 'Fatture',
  preconto: 'Preconto',
  'nota-di-credito': 'Nota di credito',
  altro: 'Altri metodi',
};

const ALIASES: Readonly<Record<string, PaymentFamily>> = {
  contanti: 'contanti',
  cash: 'contanti',
  bancomat: 'bancomat',
  carta: 'bancomat',
  pos: 'bancomat',
  card: 'bancomat',
  fattura: 'fatture',
  fatture: 'fatture',
  preconto: 'preconto',
  'nota di credito': 'nota-di-credito',
  'nota-di-credito': 'nota-di-credito',
  notadicredito: 'nota-di-credito',
};

/** The family of a stored method text, any spacing around it and any letter case. */
export function paymentFamily(method: string): PaymentFamily {
  return ALIASES[method.trim().toLowerCase()] ?? 'altro';
}

/**
 * A sale's method as a person reads it: one spelling per family ('contanti', 'Contanti ', 'cash' all read
 * 'Contanti'), the stored text trimmed for the other methods ('Satispay'), 'N/D' when none was stored. Exports keep
 * the stored text; only the screens show this.
 */
export function methodLabel(method: string): string {
  const family = paymentFamily(method);
  if (family !== 'altro') return PAYMENT_FAMILY_LABEL[family];
  return method.trim() || 'N/D';
}

/** The fields of a Sale the takings rule reads (the Sale converter's clean type satisfies it). */
export interface TakingsDoc {
  method: string;
  isVoid: boolean;
  deleted?: boolean;
  invoiceUUID?: string;
  sourceSaleId?: string;
}

/** True for the back office's invoice documents (drafts, trash, issued, merged, credit notes, receipt invoices). */
export function isBackOfficeInvoice(doc: Pick<TakingsDoc, 'invoiceUUID' | 'sourceSaleId'>): boolean {
  return doc.invoiceUUID !== undefined || doc.sourceSaleId !== undefined;
}

/** The family a document counts in as takings, or null when it is not takings (see the module comment). */
export function takingsFamily(doc: TakingsDoc): TakingsFamily | null {
  if (isBackOfficeInvoice(doc) || doc.isVoid || doc.deleted === true) return null;
  const family = paymentFamily(doc.method);
  return family === 'preconto' || family === 'nota-di-credito' ? null : family;
}

/** The revenue family of a document (dashboard, chain, statistics), or null. */
export function revenueFamily(doc: TakingsDoc): RevenueFamily | null {
  const family = takingsFamily(doc);
  return family === 'altro' ? null : family;
}

/**
 * The stored spellings that aggregation queries match exactly (a query matches exact values only): the spellings
 * the specification names (document 1 §3, document 2 §3, the migration's default) and 'carta'. Ten at most, so that
 * one `not-in` query finds every sale spelled otherwise ('Contanti ', 'BancoMat', 'Satispay'...), which the screens
 * then read and classify with the rule (exactSpellingCorrections).
 */
export const EXACT_SPELLINGS: Readonly<Record<RevenueFamily, readonly string[]>> = {
  contanti: ['contanti', 'Contanti'],
  bancomat: ['bancomat', 'Bancomat', 'carta', 'Carta'],
  fatture: ['fatture', 'Fattura'],
};
/** Every exactly matched spelling, revenue or not: the `not-in` list of the query of the other spellings (≤ 10). */
export const EXACT_METHODS: readonly string[] = [...EXACT_SPELLINGS.contanti, ...EXACT_SPELLINGS.bancomat, ...EXACT_SPELLINGS.fatture, 'preconto', 'Nota di Credito'];
