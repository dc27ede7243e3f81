/**
 * Delivery notes (documento di trasporto, DPR 472/96): the pure rules the screens and the store share.
 * - States: Bozza -> Confermato (number assigned) -> Fatturato; Confermato -> Annullato (only before invoicing).
 * - Number: progressive per calendar year, assigned on confirmation, shown with the shop's DDT code as prefix
 *   ('11/7' = code 11, seventh note of the year).
 * - Quantities and prices are kept as entered; amounts are computed in integer cents.
 */
import { lineAmountCents } from '@/domain/money';

export type DdtState = 'bozza' | 'confermato' | 'fatturato' | 'annullato';
export const DDT_STATES: readonly DdtState[] = ['bozza', 'confermato', 'fatturato', 'annullato'];
export const DDT_STATE_LABEL: Record<DdtState, string> = {
  bozza: 'Bozza',
  confermato: 'Confermato',
  fatturato: 'Fatturato',
  annullato: 'Annullato',
};

/** The usual reasons for a transport (causale del trasporto). The form also accepts a typed one. */
export const DDT_CAUSALI = [
  'Vendita',
  'Conto visione',
  'Reso',
  'Conto deposito',
  'Conto lavorazione',
  'Omaggio',
  'Riparazione',
  'Sostituzione in garanzia',
  'Trasferimento tra sedi',
  'Comodato d’uso',
] as const;

export type DdtTransportBy = 'mittente' | 'destinatario' | 'vettore';
export const DDT_TRANSPORT_LABEL: Record<DdtTransportBy, string> = { mittente: 'Mittente', destinatario: 'Destinatario', vettore: 'Vettore' };
export type DdtPorto = 'franco' | 'assegnato';
export const DDT_PORTO_LABEL: Record<DdtPorto, string> = { franco: 'Franco', assegnato: 'Assegnato' };

export const DDT_ASPETTI = ['Scatola', 'Scatole', 'Pacco', 'Busta', 'Bancale', 'Sfuso', 'A vista', 'Cartone'] as const;

export interface DdtLineInput {
  productId?: string;
  code: string;
  description: string;
  um: string;
  quantity: number;
  /** Unit price VAT included, euro; optional (a note may travel without prices). */
  unitPrice?: number;
  vatRate?: number;
}

export interface DdtAddress {
  name: string;
  address: string;
  cap: string;
  city: string;
  province: string;
  nation: string;
}

export interface DdtCarrier {
  name: string;
  partitaIva: string;
  address: string;
}

/** The fields a draft must carry before it can be confirmed. */
export interface DdtDraftCheck {
  recipientName: string;
  causale: string;
  transportBy: DdtTransportBy;
  carrier?: DdtCarrier;
  lines: readonly DdtLineInput[];
  date: Date | undefined;
}

/** Italian messages of what stops a confirmation (empty = can be confirmed). */
export function ddtProblems(d: DdtDraftCheck): string[] {
  const problems: string[] = [];
  if (!d.recipientName.trim()) problems.push('Indica il destinatario.');
  if (!d.causale.trim()) problems.push('Indica la causale del trasporto.');
  if (!d.date) problems.push('Indica la data del documento.');
  if (d.transportBy === 'vettore' && !d.carrier?.name.trim()) problems.push('Indica la ragione sociale del vettore.');
  if (d.lines.length === 0) problems.push('Aggiungi almeno una riga.');
  d.lines.forEach((line, i) => {
    if (!line.description.trim()) problems.push(`Riga ${i + 1}: indica la descrizione.`);
    if (!(line.quantity > 0)) problems.push(`Riga ${i + 1}: la quantità deve essere maggiore di zero.`);
  });
  return problems;
}

/** The code a shop's DDT numbers carry when its settings name none (or none readable). */
export const DEFAULT_DDT_CODE = 11;

/**
 * The shop's DDT code as stored in settings.codeDdt: a whole number (a number, truncated, or digits as text), else
 * DEFAULT_DDT_CODE. The rules read it the same way (firestore.rules ddtCode) and refuse a confirmation whose printed
 * number differs, so the two must stay equal.
 */
export function ddtCodeOf(stored: unknown): number {
  if (typeof stored === 'number') return Number.isFinite(stored) ? Math.trunc(stored) : DEFAULT_DDT_CODE;
  if (typeof stored === 'string' && /^-?\d{1,9}$/.test(stored.trim())) return Number(stored.trim());
  return DEFAULT_DDT_CODE;
}

/** 'CODE/N' (code omitted when the shop's code is 0). */
export function formatDdtNumber(codeDdt: number, progressive: number): string {
  return codeDdt !== 0 ? `${codeDdt}/${progressive}` : String(progressive);
}

/**
 * Line total in cents (quantity × unit price, exact, half-up to the cent), 0 without a price. With ddtTotalCents,
 * the one DDT value: the view, the form, the PDF and the deferred invoice all use it.
 */
export function lineTotalCents(line: Pick<DdtLineInput, 'quantity' | 'unitPrice'>): number {
  if (line.unitPrice === undefined) return 0;
  return lineAmountCents(line.quantity, line.unitPrice);
}

export function ddtTotalCents(lines: readonly Pick<DdtLineInput, 'quantity' | 'unitPrice'>[]): number {
  return lines.reduce((s, l) => s + lineTotalCents(l), 0);
}

/** Which transitions a state allows (the rules enforce the same). */
export function canEdit(state: DdtState): boolean {
  return state === 'bozza';
}
export function canConfirm(state: DdtState): boolean {
  return state === 'bozza';
}
export function canCancel(state: DdtState): boolean {
  return state === 'confermato';
}
export function canInvoice(state: DdtState): boolean {
  return state === 'confermato';
}

/**
 * The stock moves of a confirmation (negative) or a cancellation (positive): one per tracked product, its lines'
 * quantities summed. `tracked` says which product ids keep stock.
 */
export function stockMoves(lines: readonly DdtLineInput[], tracked: ReadonlySet<string>, direction: 'confirm' | 'cancel'): Map<string, number> {
  const moves = new Map<string, number>();
  for (const line of lines) {
    if (!line.productId || !tracked.has(line.productId)) continue;
    const milli = Math.round(line.quantity * 1000) * (direction === 'confirm' ? -1 : 1);
    moves.set(line.productId, (moves.get(line.productId) ?? 0) + milli);
  }
  for (const [id, milli] of moves) moves.set(id, milli / 1000);
  return moves;
}

/** Adds a move to a stock quantity without floating-point noise (3 decimals, as quantities are entered). */
export function applyMove(qty: number, move: number): number {
  return Math.round(qty * 1000 + move * 1000) / 1000;
}

/** DDTs that can go into one deferred invoice: confirmed, one customer. The Italian reason when not. */
export function deferredInvoiceProblem(ddts: readonly { state: DdtState; customerId?: string; number?: string }[]): string | undefined {
  if (ddts.length === 0) return 'Seleziona almeno un DDT confermato.';
  const notConfirmed = ddts.find((d) => d.state !== 'confermato');
  if (notConfirmed) return `Il DDT ${notConfirmed.number ?? ''} non è confermato: si fatturano solo DDT confermati.`.replace('  ', ' ');
  const customers = new Set(ddts.map((d) => d.customerId ?? ''));
  if (customers.has('')) return 'Un DDT selezionato non ha un cliente in anagrafica: la fattura differita richiede il cliente.';
  if (customers.size > 1) return 'I DDT selezionati sono di clienti diversi: una fattura differita riguarda un solo cliente.';
  return undefined;
}
