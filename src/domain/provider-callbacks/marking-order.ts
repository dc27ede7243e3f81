/**
 * Which SDI notification may set an invoice's marking when notifications arrive out of order (the provider retries
 * deliveries for hours, OPENAPI-SDI.md §3.2, so a late retry of an older notification can arrive after a newer one).
 *
 * The rule, from the SDI lifecycle of one transmitted file (OPENAPI-SDI.md §3.5):
 * 1. Stages. A file is first either discarded (NS, 'rejected') or handed on: delivered (RC) or not delivered (MC);
 *    for the PA an outcome follows a delivery — NE (EC01 / EC02) or DT after 15 days — and AT follows a missed
 *    delivery. So: stage 1 = RC, MC; stage 2 = NE, DT, AT; NS is final (stage 3): SdI sends nothing else for a
 *    discarded file, so any notification seen after an NS is a stale one (a resent invoice is a new file, with a
 *    new provider uuid and its own notifications).
 * 2. A notification of an earlier stage than the one that set the current marking never overwrites it: a late RC
 *    does not turn 'rejected' back into 'delivered', nor 'accepted-pa' into 'delivered'.
 * 3. Within one stage the later notification wins, by the notification's own `created_at` (the provider's time of
 *    the SDI receipt); when either date is missing, the one that arrives last wins.
 * Invoices marked before this rule (no stored type) are judged by their marking's stage.
 */

const TYPE_STAGE: Readonly<Record<string, number>> = { RC: 1, MC: 1, NE: 2, DT: 2, AT: 2, NS: 3 };
const MARKING_STAGE: Readonly<Record<string, number>> = {
  delivered: 1,
  'delivered-pa': 1,
  'not-delivered': 1,
  'accepted-pa': 2,
  'rejected-pa': 2,
  'deadline-terms': 2,
  rejected: 3,
};

/** What the invoice holds: its marking and, when a notification set it, that notification's type and date. */
export interface MarkingState {
  marking?: string;
  notificationType?: string;
  notifiedAt?: Date;
}

export interface IncomingNotification {
  type: string;
  createdAt?: Date;
}

function stageOf(state: MarkingState): number {
  const byType = state.notificationType ? TYPE_STAGE[state.notificationType.toUpperCase()] : undefined;
  return byType ?? MARKING_STAGE[state.marking ?? ''] ?? 0;
}

/** True when the incoming notification's marking replaces the current one (rules above). */
export function notificationSetsMarking(current: MarkingState, incoming: IncomingNotification): boolean {
  const incomingStage = TYPE_STAGE[incoming.type.toUpperCase()] ?? 0;
  const currentStage = stageOf(current);
  if (incomingStage !== currentStage) return incomingStage > currentStage;
  if (current.notifiedAt && incoming.createdAt) return incoming.createdAt.getTime() >= current.notifiedAt.getTime();
  return true;
}
