/**
 * Plan (document 1 §3, document 3 §3). The stored shape and its reading; no Firebase import, so
 * the Cloud Functions read plans exactly as the app does (plan.ts holds the converter and references).
 */
import { compact, pick, toIdList, toNumber, toOptStr, toStr, type RawDoc } from './normalize';

export interface Plan {
  id: string;
  name: string;
  /** Monthly price in euro. */
  price: number;
  tier?: string;
  slug?: string;
  /** Pack ids, read from includedPacks or the legacy packs. */
  includedPacks: string[];
  description?: string;
}

export function normalizePlan(id: string, raw: RawDoc): Plan {
  return {
    id,
    name: toStr(raw.name).trim(),
    price: toNumber(raw.price, 0),
    tier: toOptStr(raw.tier),
    slug: toOptStr(raw.slug),
    includedPacks: toIdList(pick(raw, 'includedPacks', 'packs')),
    description: toOptStr(raw.description),
  };
}

/** One plan document by id, from `Plan` (legacy: false) or the lower-case `plan` (legacy: true); undefined when absent. */
export type PlanRead = (id: string, legacy: boolean) => Promise<Plan | undefined>;

/**
 * The plan by id: `Plan`, else the lower-case `plan` of older deployments (document 1 §7); no id, no plan. A read that
 * fails rejects (never 'no plan'). The one rule for the permission chain (subscription-chain.ts, app and functions)
 * and for the technician's Abbonamento tab (plan.ts loadPlan).
 */
export async function findPlan(read: PlanRead, planId: string): Promise<Plan | undefined> {
  if (!planId) return undefined;
  return (await read(planId, false)) ?? (await read(planId, true));
}

/** Writes the pack list under both names: document 1 reads includedPacks, the admin screens write packs. */
export function toFirestorePlan(plan: Plan): RawDoc {
  return compact({
    name: plan.name,
    price: plan.price,
    tier: plan.tier,
    slug: plan.slug,
    includedPacks: plan.includedPacks,
    packs: plan.includedPacks,
    description: plan.description,
  });
}
