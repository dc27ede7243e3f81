/**
 * Renewal proposal of the technician's Abbonamento tab (document 3 §2.2, §4, §5): pack card states, the plan's
 * preselection, validation, the recommended price and which record a proposal writes.
 */
import { centsToEuro } from '../money/money';
import { parseCentsText } from '../numbers/parse-number';
import { subscriptionPrice, type PlanPrice } from './registration';

/** Packs a proposal may add beyond its plan's: the rules' limit (firestore.rules proposalPacksExist). */
export const MAX_EXTRA_PACKS = 3;

export type PackState = 'Incluso' | 'Selezionato' | 'Mancante' | null;

/**
 * Incluso: in the chosen plan. Selezionato: chosen beyond the plan. Mancante: in the current subscription and
 * deselected. null: not chosen.
 */
export function packState(packId: string, planPacks: readonly string[], selected: readonly string[], currentPacks: readonly string[]): PackState {
  if (planPacks.includes(packId)) return 'Incluso';
  if (selected.includes(packId)) return 'Selezionato';
  if (currentPacks.includes(packId)) return 'Mancante';
  return null;
}

/** Choosing a plan preselects the packs included in it. */
export function preselectPacks(plan: { includedPacks: readonly string[] } | undefined): string[] {
  return [...(plan?.includedPacks ?? [])];
}

/** The packs a proposal stores: the plan's included ones and those chosen beyond it, without repeats. */
export function proposalPacks(planPacks: readonly string[], selected: readonly string[]): string[] {
  return [...new Set([...planPacks, ...selected])];
}

/** Plan price plus the selected packs not included in the plan, two decimals (null without a plan). */
export function recommendedPrice(plan: PlanPrice | undefined, selected: readonly string[], packPrices: ReadonlyMap<string, number>): number | null {
  return plan ? subscriptionPrice(plan, selected, packPrices) : null;
}

export const PROPOSAL_TEXTS = {
  noPlan: 'Seleziona un piano',
  noDates: 'Inserisci date proposte',
  badPrice: 'Il prezzo proposto deve essere un numero maggiore o uguale a 0.',
  // Not in the spec: the database accepts a proposal's expiry only after its start, and at most 3 packs beyond the
  // plan (firestore.rules validProposalValues: each extra pack costs one exists() within the 10 reads of a request).
  badDates: 'La data di scadenza proposta deve essere successiva alla data di inizio.',
  tooManyExtras: `Puoi proporre al massimo ${MAX_EXTRA_PACKS} pacchetti oltre a quelli inclusi nel piano.`,
  updated: 'Proposta aggiornata con successo',
  created: 'Proposta di rinnovo inviata con successo',
  failed: "Errore nell'invio della proposta",
} as const;

export interface ProposalDraft {
  planId: string;
  start: string;
  end: string;
  price: string;
  /** Packs chosen beyond the plan's included ones. */
  extraPacks?: number;
}

/** The first rule a draft breaks (a plan, then both dates in order, then the price, then the extra packs), or null. */
export function proposalError(draft: ProposalDraft): string | null {
  if (!draft.planId) return PROPOSAL_TEXTS.noPlan;
  if (!draft.start || !draft.end) return PROPOSAL_TEXTS.noDates;
  // yyyy-mm-dd inputs: the text order is the date order.
  if (draft.end <= draft.start) return PROPOSAL_TEXTS.badDates;
  if (draft.price.trim() !== '' && proposedPrice(draft.price) === null) return PROPOSAL_TEXTS.badPrice;
  if ((draft.extraPacks ?? 0) > MAX_EXTRA_PACKS) return PROPOSAL_TEXTS.tooManyExtras;
  return null;
}

/** The proposed price: null when empty (document 3 §5), else a number >= 0 with two decimals (null if invalid). */
export function proposedPrice(text: string): number | null {
  if (text.trim() === '') return null;
  const parsed = parseCentsText(text, { field: 'Prezzo proposto' });
  return parsed.ok ? centsToEuro(parsed.cents) : null;
}

/** Where a proposal goes (document 3 §4): the pending proposal, else one found by shop, else a new record. */
export function proposalTarget(pendingId: string | undefined, foundId: string | undefined): { kind: 'update'; id: string } | { kind: 'create' } {
  const id = pendingId ?? foundId;
  return id ? { kind: 'update', id } : { kind: 'create' };
}
