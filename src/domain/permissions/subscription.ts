import { differenceInCalendarDays } from 'date-fns';

/** Subscription state (document 1 §4, §9): expiry, 0–7 day warning, 15-day grace, tier label. */
export const WARNING_DAYS = 7;
export const GRACE_DAYS = 15;
const DAY_MS = 86_400_000;

export interface SubscriptionState {
  /** The expiry has passed (`expiringDate` before now). */
  expired: boolean;
  /** Expired and the 15-day grace is over: every pack is denied. */
  blocked: boolean;
  /** Whole days until expiry (0 on the last day), undefined when expired or no expiry. */
  daysLeft: number | undefined;
  /** 0–7 days left. */
  warning: boolean;
  /** Expired but still within the grace period. */
  inGrace: boolean;
  /** Days left of grace (1..15) while in grace. */
  graceDaysLeft: number | undefined;
}

export function subscriptionState(expiringDate: Date | undefined, now: Date): SubscriptionState {
  if (!expiringDate) {
    return { expired: false, blocked: false, daysLeft: undefined, warning: false, inGrace: false, graceDaysLeft: undefined };
  }
  const diff = expiringDate.getTime() - now.getTime();
  if (diff >= 0) {
    // Calendar days, as the user reads the expiry date: expiring on the 27th seen on the 22nd is 5 days.
    const daysLeft = differenceInCalendarDays(expiringDate, now);
    return { expired: false, blocked: false, daysLeft, warning: daysLeft <= WARNING_DAYS, inGrace: false, graceDaysLeft: undefined };
  }
  const graceEnd = expiringDate.getTime() + GRACE_DAYS * DAY_MS;
  const inGrace = now.getTime() < graceEnd;
  return {
    expired: true,
    blocked: !inGrace,
    daysLeft: undefined,
    warning: false,
    inGrace,
    graceDaysLeft: inGrace ? Math.ceil((graceEnd - now.getTime()) / DAY_MS) : undefined,
  };
}

export type TierLabel = 'Premium' | 'Plus' | 'Standard' | 'Free' | 'Custom';
const TIERS: TierLabel[] = ['Premium', 'Plus', 'Standard', 'Free'];

export function tierFromPrice(price: number | undefined): TierLabel | undefined {
  if (price === undefined || !Number.isFinite(price)) return undefined;
  if (price >= 45) return 'Premium';
  if (price >= 34) return 'Plus';
  if (price >= 25) return 'Standard';
  if (price === 0) return 'Free';
  return undefined;
}

function tierFromText(text: string | undefined): TierLabel | undefined {
  if (!text) return undefined;
  const lower = text.toLowerCase();
  return TIERS.find((tier) => lower.includes(tier.toLowerCase()));
}

export interface TierInput {
  tier?: string | undefined;
  slug?: string | undefined;
  name?: string | undefined;
  price?: number | undefined;
  /** Prices of the packs owned beyond the plan, used when the plan says nothing. */
  packPrices?: readonly number[] | undefined;
}

/**
 * Tier label from plan tier, slug, name, price, then owned packs (document 1 §4/§9): the first source that
 * names a tier wins; the packs' total price goes through the same thresholds; otherwise 'Custom'.
 */
export function tierLabel(input: TierInput): TierLabel {
  const fromPacks = input.packPrices && input.packPrices.length > 0 ? tierFromPrice(input.packPrices.reduce((a, b) => a + b, 0)) : undefined;
  return tierFromText(input.tier) ?? tierFromText(input.slug) ?? tierFromText(input.name) ?? tierFromPrice(input.price) ?? fromPacks ?? 'Custom';
}

/** The Base plan has no back-office access (document 1 §4, §6). */
export function isBasePlan(plan: { name?: string | undefined; slug?: string | undefined; tier?: string | undefined }): boolean {
  return [plan.name, plan.slug, plan.tier].some((value) => typeof value === 'string' && value.trim().toLowerCase() === 'base');
}

export const BASE_PLAN_ALERT =
  'Accesso non consentito: il tuo abbonamento è sul piano "Base" che non permette l\'accesso all\'area backoffice. Contatta il supporto o esegui l\'upgrade per sbloccare l\'accesso.';
