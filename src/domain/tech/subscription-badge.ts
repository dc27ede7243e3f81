/**
 * The subscription-expiry badge of a shop on the technician dashboard (document 1 §2, §4, §9): built on the one
 * subscription-state rule (expired before now, warning at 0–7 days, 15 days of grace).
 */
import { format } from 'date-fns';
import { subscriptionState } from '@/domain/permissions/subscription';
import { countOf } from '@/domain/numbers/format-count';

export type BadgeTone = 'ok' | 'warning' | 'expired' | 'none';

export interface SubscriptionBadge {
  tone: BadgeTone;
  text: string;
}

export const NO_SUBSCRIPTION = 'Nessuna sottoscrizione';

export function subscriptionBadge(expiringDate: Date | undefined | null, hasSubscription: boolean, now: Date): SubscriptionBadge {
  if (!hasSubscription) return { tone: 'none', text: NO_SUBSCRIPTION };
  if (!expiringDate) return { tone: 'ok', text: 'Scadenza non indicata' };
  const state = subscriptionState(expiringDate, now);
  const date = format(expiringDate, 'dd/MM/yyyy');
  if (state.expired) return { tone: 'expired', text: state.inGrace ? `Scaduto il ${date} (tolleranza: ${countOf(state.graceDaysLeft ?? 0, 'giorno', 'giorni')})` : `Scaduto il ${date}` };
  if (state.warning) return { tone: 'warning', text: state.daysLeft === 0 ? `Scade oggi (${date})` : `Scade tra ${countOf(state.daysLeft ?? 0, 'giorno', 'giorni')} (${date})` };
  return { tone: 'ok', text: `Attivo fino al ${date}` };
}
