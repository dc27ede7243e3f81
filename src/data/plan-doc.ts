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
