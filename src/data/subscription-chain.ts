/**
 * The permission chain Shop → ShopSubscription → Plan → Packs (document 1 §8) as one pure walk over a reader, so the
 * app (Firebase client, subscription-bundle.ts) and the Cloud Functions (firebase-admin, functions/src/pack-guard.ts)
 * read the same documents with the same normalisation and the same legacy rules:
 * - the shop by its id (the owner's uid), else the one whose userId is it;
 * - a renewal proposal (status 'proposed') is not a subscription: it grants nothing;
 * - the plan from `Plan`, else the lower-case `plan` of older deployments; its packs from includedPacks or packs;
 * - a read that fails is readFailed, never 'not found': a shop offline is not told it has no subscription (a read
 *   the rules refuse is 'not found': the document is not there for this user);
 * - the packs are the plan's plus the subscription's, read by id in chunks of 10 (document 3 §9). An entry that is
 *   the id of no Pack document is read as a pack name (older records list names: 'fatturazione'), and counts only
 *   when a Pack document has that name (case and accents ignored), so a stray id grants nothing.
 * No Firebase import here.
 */
import { normalizePackName } from '@/domain/permissions/packs';
import { PERMISSION_ERRORS, type ChainError } from '@/domain/permissions/permission-errors';
import { packIdChunks, type Pack } from './pack-doc';
import { findPlan, type Plan } from './plan-doc';
import type { ShopSubscription } from './shop-subscription-doc';

export interface ChainReader<S extends { subscriptionId?: string | undefined }> {
  /** The shop of this owner (by id, else by userId); undefined when none. */
  shop(shopId: string): Promise<S | undefined>;
  subscription(id: string): Promise<ShopSubscription | undefined>;
  /** The plan from `Plan` (legacy: false) or from the lower-case `plan` (legacy: true). */
  plan(id: string, legacy: boolean): Promise<Plan | undefined>;
  /** The Pack documents among these ids (at most 10). */
  packsByIds(ids: string[]): Promise<Pack[]>;
  /** The whole Pack collection (a few dozen documents): read only for entries that are no pack's id. */
  allPacks(): Promise<Pack[]>;
}

export interface ChainBundle<S> {
  shop: S;
  subscription: ShopSubscription;
  plan: (Plan & { packIds: string[] }) | undefined;
  packs: { id: string; name: string; price: number }[];
}

export type ChainResult<S> = { ok: true; bundle: ChainBundle<S> } | { ok: false; error: ChainError };

export { PERMISSION_ERRORS, type ChainError };

async function loadPacks<S extends { subscriptionId?: string | undefined }>(reader: ChainReader<S>, entries: string[]): Promise<Pack[]> {
  const byId = (await Promise.all(packIdChunks(entries).map((chunk) => reader.packsByIds(chunk)))).flat();
  const found = new Set(byId.map((p) => p.id));
  const names = new Set(entries.filter((e) => !found.has(e)).map(normalizePackName).filter((n) => n !== ''));
  if (names.size === 0) return byId;
  const byName = (await reader.allPacks()).filter((p) => !found.has(p.id) && names.has(normalizePackName(p.name)));
  return [...byId, ...byName];
}

/**
 * A read the rules refused is a document that is not there for this user (another shop's, or one that does not
 * exist: the rules cannot check the owner of nothing), as the spec words it; any other failure (network, server)
 * is readFailed. Firestore's client names the refusal 'permission-denied'.
 */
function failedRead(error: unknown, notThere: ChainError): ChainError {
  return (error as { code?: unknown } | null)?.code === 'permission-denied' ? notThere : PERMISSION_ERRORS.readFailed;
}

export async function resolveSubscriptionChain<S extends { subscriptionId?: string | undefined }>(shopId: string, reader: ChainReader<S>): Promise<ChainResult<S>> {
  if (!shopId) return { ok: false, error: PERMISSION_ERRORS.noUserId };
  let shop: S | undefined;
  try {
    shop = await reader.shop(shopId);
  } catch (error) {
    return { ok: false, error: failedRead(error, PERMISSION_ERRORS.noShop) };
  }
  if (!shop) return { ok: false, error: PERMISSION_ERRORS.noShop };
  if (!shop.subscriptionId) return { ok: false, error: PERMISSION_ERRORS.noSubscriptionId };
  let subscription: ShopSubscription | undefined;
  try {
    subscription = await reader.subscription(shop.subscriptionId);
  } catch (error) {
    return { ok: false, error: failedRead(error, PERMISSION_ERRORS.subscriptionNotFound) };
  }
  if (!subscription) return { ok: false, error: PERMISSION_ERRORS.subscriptionNotFound };
  // A renewal proposal is not a subscription until an admin approves it: it grants nothing.
  if (subscription.status === 'proposed') return { ok: false, error: PERMISSION_ERRORS.noSubscriptionId };
  try {
    const plan = await findPlan((id, legacy) => reader.plan(id, legacy), subscription.plan);
    const entries = [...new Set([...(plan?.includedPacks ?? []), ...subscription.packs])];
    const packs = (await loadPacks(reader, entries)).map((p) => ({ id: p.id, name: p.name, price: p.price }));
    return { ok: true, bundle: { shop, subscription, plan: plan ? { ...plan, packIds: plan.includedPacks } : undefined, packs } };
  } catch {
    return { ok: false, error: PERMISSION_ERRORS.packs };
  }
}
