/**
 * The one state machine of an outgoing invoice at the SDI (OPENAPI-SDI.md §3.5), and what is due in each state.
 *
 * A draft is sent; the SDI either rejects the file (NS) or hands it on: delivered to the buyer (RC) or not delivered
 * (MC: the invoice is issued all the same and waits in the buyer's reserved area of the Agenzia delle Entrate). For
 * the PA a delivery is followed by the buyer's outcome (NE with EC01 accepted / EC02 refused) or, after 15 days
 * without one, by DT; a missed delivery is followed by AT. A rejected invoice counts as never issued: it is
 * corrected and resent as a new file, whose notifications belong to that new file, so nothing follows 'reinviata'.
 *
 * Only these moves are valid. This agrees with marking-order.ts, which decides on stored markings: every move here
 * goes to a later stage, so a notification that rule ignores (an earlier stage after a later one, anything after
 * an NS) is refused here too; this machine is stricter, as it also refuses moves the SDI never makes (RC after MC).
 */
import { markingKey } from '../invoices/invoice-actions';
import { daysLeft, deferredDeadline, immediateDeadline, resendDeadline, type Deadline } from './deadlines';

export type LifecycleState =
  | 'bozza'
  | 'inviata'
  | 'consegnata'
  | 'mancata-consegna'
  | 'scartata'
  | 'reinviata'
  | 'accettata'
  | 'rifiutata'
  | 'decorrenza-termini'
  | 'impossibile-recapito';

export const LIFECYCLE_LABELS: Readonly<Record<LifecycleState, string>> = {
  bozza: 'Bozza',
  inviata: 'Inviata allo SDI',
  consegnata: 'Consegnata',
  'mancata-consegna': 'Mancata consegna: nel cassetto fiscale del cliente',
  scartata: 'Scartata dallo SDI',
  reinviata: 'Corretta e reinviata',
  accettata: 'Accettata dalla PA',
  rifiutata: 'Rifiutata dalla PA',
  'decorrenza-termini': 'Decorrenza termini',
  'impossibile-recapito': 'Impossibilità di recapito',
};

export type SdiNotificationType = 'RC' | 'NS' | 'MC' | 'NE' | 'DT' | 'AT';

export interface LifecycleEvent {
  type: 'sent' | SdiNotificationType | 'resent';
  at: Date;
  /** The PA's outcome, NE only: EC01 accepted, EC02 refused. */
  outcome?: 'EC01' | 'EC02';
}

export interface Transition {
  from: LifecycleState;
  to: LifecycleState;
  event: LifecycleEvent;
}

/** The state each event leads to, from each state it may happen in. NE is resolved by its outcome. */
const MOVES: Readonly<Partial<Record<LifecycleState, Readonly<Partial<Record<string, LifecycleState>>>>>> = {
  bozza: { sent: 'inviata' },
  inviata: { RC: 'consegnata', MC: 'mancata-consegna', NS: 'scartata' },
  consegnata: { 'NE:EC01': 'accettata', 'NE:EC02': 'rifiutata', DT: 'decorrenza-termini' },
  'mancata-consegna': { AT: 'impossibile-recapito' },
  scartata: { resent: 'reinviata' },
};

function moveKey(event: LifecycleEvent): string {
  return event.type === 'NE' ? `NE:${event.outcome ?? ''}` : event.type;
}

/**
 * Apply one event: the new state, or undefined when the event is not a valid move from `state` (RC after NS, a
 * second NS, NE without an outcome, anything after 'reinviata'). Never throws.
 */
export function nextState(state: LifecycleState, event: LifecycleEvent): LifecycleState | undefined {
  const moves = MOVES[state];
  const key = moveKey(event);
  return moves && Object.prototype.hasOwnProperty.call(moves, key) ? moves[key] : undefined;
}

/**
 * Fold the events from 'bozza' in the order of their `at` (events at the same time keep their given order): the
 * final state, the moves that applied, and the events that were not valid where they came.
 */
export function runLifecycle(events: readonly LifecycleEvent[]): { state: LifecycleState; transitions: Transition[]; ignored: LifecycleEvent[] } {
  const ordered = [...events].sort((a, b) => a.at.getTime() - b.at.getTime());
  let state: LifecycleState = 'bozza';
  const transitions: Transition[] = [];
  const ignored: LifecycleEvent[] = [];
  for (const event of ordered) {
    const to = nextState(state, event);
    if (to === undefined) {
      ignored.push(event);
      continue;
    }
    transitions.push({ from: state, to, event });
    state = to;
  }
  return { state, transitions, ignored };
}

/**
 * The stored markings (compared by markingKey) and their state. 'delivered-pa' is the provider's RC to a PA. 'paid'
 * replaces the marking of an issued invoice (invoice-actions.ts), so which outcome it had is lost: it reads as
 * delivered. AT stores 'not-delivered', the same as MC, so a stored invoice never reads as 'impossibile-recapito'.
 */
const STATE_OF_MARKING: Readonly<Record<string, LifecycleState>> = {
  sent: 'inviata',
  delivered: 'consegnata',
  deliveredpa: 'consegnata',
  paid: 'consegnata',
  notdelivered: 'mancata-consegna',
  rejected: 'scartata',
  acceptedpa: 'accettata',
  rejectedpa: 'rifiutata',
  deadlineterms: 'decorrenza-termini',
};

/**
 * The state of a stored outgoing invoice. A draft is 'bozza'. 'reverted' is set by 'Riporta in bozza', offered only
 * for a rejected invoice (then corrected and resent: 'reinviata') or one still only sent (back to a draft: 'bozza');
 * on any other marking it is ignored. A marking the machine does not know (the provider's 'waiting', 'quarantena',
 * none yet) reads as 'inviata': the invoice is with the provider and has no SDI outcome.
 */
export function stateOfInvoice(input: { draft: boolean; markingRaw?: string; reverted?: boolean }): LifecycleState {
  if (input.draft) return 'bozza';
  const key = markingKey(input.markingRaw);
  const state = Object.prototype.hasOwnProperty.call(STATE_OF_MARKING, key) ? STATE_OF_MARKING[key] : undefined;
  if (input.reverted && state === 'scartata') return 'reinviata';
  if (input.reverted && state === 'inviata') return 'bozza';
  return state ?? 'inviata';
}

export type DueItem = { kind: 'send'; deadline: Deadline } | { kind: 'resend'; deadline: Deadline } | { kind: 'tell-buyer' };

/**
 * What is due for an invoice in `state`: a draft is sent within the immediate deadline from its operation day, or
 * the deferred one from its DDT's day when `deferred`; a rejected invoice is resent within 5 days of the NS; for a
 * missed delivery the shop must tell the buyer the invoice is in their reserved area (no legal day count) until
 * `buyerTold`. Nothing otherwise, nor when the date a deadline counts from is missing.
 */
export function dueOf(input: { state: LifecycleState; operationDay?: Date; deferred?: boolean; rejectedAt?: Date; buyerTold?: boolean }): DueItem | undefined {
  switch (input.state) {
    case 'bozza':
      if (!input.operationDay) return undefined;
      return { kind: 'send', deadline: input.deferred ? deferredDeadline(input.operationDay) : immediateDeadline(input.operationDay) };
    case 'scartata':
      return input.rejectedAt ? { kind: 'resend', deadline: resendDeadline(input.rejectedAt) } : undefined;
    case 'mancata-consegna':
      return input.buyerTold ? undefined : { kind: 'tell-buyer' };
    default:
      return undefined;
  }
}

export const RESEND_POLICY_MESSAGES = {
  keep: 'Entro i 5 giorni dallo scarto: la fattura corretta mantiene numero e data.',
  renumber: 'Sono passati più di 5 giorni dallo scarto: la fattura corretta avrà un nuovo numero (con il suffisso -R).',
} as const;

/**
 * 'Correggi e reinvia': within the resend window (resendDeadline, moved like it) the corrected invoice keeps its
 * number and date, as the Agency allows for a file the SDI rejected; after it the invoice is a new one, with the
 * next '-R{n}' number of document 2 §4.4.
 */
export function resendPolicy(rejectedAt: Date, now: Date): { keepNumberAndDate: boolean; message: string } {
  const keepNumberAndDate = daysLeft(resendDeadline(rejectedAt), now) >= 0;
  return { keepNumberAndDate, message: keepNumberAndDate ? RESEND_POLICY_MESSAGES.keep : RESEND_POLICY_MESSAGES.renumber };
}
