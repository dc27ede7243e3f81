/**
 * What may be done to a sent or received invoice, by its SDI outcome (document 2 §4.1, §4.2, §4.4, §4.5): the screens
 * offer exactly these actions and say why one is not offered. The database's twin is in firestore.rules
 * (markingKey, revertibleMarking, mayBePaid): keep the two equal.
 *
 * - An invoice the SDI rejected (NS) counts as never issued: it goes back to a draft, never to 'paid'.
 * - One still only sent (no outcome yet) may still go back to a draft; it is not paid yet.
 * - One the SDI delivered — to the buyer (RC), to the buyer's tax drawer (MC, 'consegnata per canale secondario':
 *   issued all the same, the usual outcome of an invoice to a private buyer) — or that a PA accepted (NE EC01) or let
 *   lapse (DT) is a legal document: never a draft again (a credit note corrects it), and it may be marked paid.
 * - One a PA refused (NE EC02) was delivered and refused: neither draft nor paid; a credit note cancels it.
 * - A received (supplier) invoice may always be marked paid.
 */

/** The marking compared as the rules compare it: case, spaces, '-' and '_' ignored ('Not_Delivered' = 'not-delivered'). */
export function markingKey(marking: string | undefined): string {
  return (marking ?? '').toLowerCase().replace(/[-_ ]+/g, '');
}

const REVERTIBLE = new Set(['rejected', 'sent']);
const ISSUED = new Set(['delivered', 'notdelivered', 'acceptedpa', 'deadlineterms']);

export interface ActionSubject {
  /** 0 outgoing, 1 received. */
  type: 0 | 1;
  /** The stored marking as written (the converter's markingRaw): PA outcomes have no label of their own. */
  markingRaw?: string;
  reverted: boolean;
}

export type ActionVerdict = { ok: true } | { ok: false; reason: string };

const OK: ActionVerdict = { ok: true };

export const ACTION_REASONS = {
  revertIssued: 'Non si riporta in bozza: la fattura è stata consegnata dallo SDI ed è emessa. Per correggerla crea una nota di credito.',
  revertRefusedPa: 'Non si riporta in bozza: la pubblica amministrazione l’ha rifiutata dopo la consegna. Per annullarla crea una nota di credito.',
  revertPaid: 'Non si riporta in bozza: la fattura è già segnata come pagata.',
  revertDone: 'Già riportata in bozza: la trovi nella sezione Bozze.',
  revertUnknown: 'Non si riporta in bozza: lo stato SDI della fattura non è noto.',
  paidRejected: 'Non si segna come pagata: lo SDI l’ha scartata, quindi non è mai stata emessa.',
  paidSent: 'Si potrà segnare come pagata quando lo SDI l’avrà consegnata.',
  paidRefusedPa: 'Non si segna come pagata: la pubblica amministrazione l’ha rifiutata.',
  paidUnknown: 'Non si segna come pagata: lo stato SDI della fattura non è noto.',
} as const;

/** 'Riporta in bozza' (§4.4): outgoing, rejected or still only sent, not yet reverted. */
export function revertVerdict(invoice: ActionSubject): ActionVerdict {
  if (invoice.type !== 0) return { ok: false, reason: ACTION_REASONS.revertUnknown };
  const key = markingKey(invoice.markingRaw);
  if (REVERTIBLE.has(key)) return invoice.reverted ? { ok: false, reason: ACTION_REASONS.revertDone } : OK;
  if (ISSUED.has(key)) return { ok: false, reason: ACTION_REASONS.revertIssued };
  if (key === 'rejectedpa') return { ok: false, reason: ACTION_REASONS.revertRefusedPa };
  if (key === 'paid') return { ok: false, reason: ACTION_REASONS.revertPaid };
  return { ok: false, reason: ACTION_REASONS.revertUnknown };
}

/**
 * 'Segna come pagata' (§4.2): a received invoice, or an outgoing one the SDI delivered (see above). `undefined` when
 * the invoice is already paid (nothing to offer, nothing to explain).
 */
export function paidVerdict(invoice: ActionSubject): ActionVerdict | undefined {
  const key = markingKey(invoice.markingRaw);
  if (key === 'paid') return undefined;
  if (invoice.type === 1 || ISSUED.has(key)) return OK;
  if (key === 'rejected') return { ok: false, reason: ACTION_REASONS.paidRejected };
  if (key === 'sent') return { ok: false, reason: ACTION_REASONS.paidSent };
  if (key === 'rejectedpa') return { ok: false, reason: ACTION_REASONS.paidRefusedPa };
  return { ok: false, reason: ACTION_REASONS.paidUnknown };
}
