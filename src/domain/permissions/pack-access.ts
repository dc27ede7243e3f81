/**
 * "May this shop use this pack now?" — the one decision the app's guards and the Cloud Functions share.
 * Document 1 §4: an expired subscription denies every pack once the 15-day grace is over (subscription.ts); a pack is
 * granted when one of the subscription's packs (the plan's and the extra ones) matches its name (packs.ts). No
 * subscription (none, not found, only a renewal proposal) grants nothing.
 */
import { hasPack } from './packs';
import { subscriptionState } from './subscription';

/** What the decision reads of the Shop → ShopSubscription → Plan → Packs chain (src/data/subscription-chain.ts). */
export interface PackBundle {
  subscription: { expiringDate?: Date | undefined };
  packs: readonly { name: string }[];
}

/** The chain's outcome reduced to what grants a pack: the owned pack names and whether the grace is over. */
export interface PackGrant {
  packNames: readonly string[];
  blocked: boolean;
}

export type PackDenial = 'no-subscription' | 'blocked' | 'no-pack';
export type PackAccess = { allowed: true } | { allowed: false; reason: PackDenial; message: string };

/** The refusal's Italian text, for the screen that asked (the server's refusals carry it). */
export function packAccessMessage(pack: string, reason: PackDenial): string {
  const head = `Il pacchetto ${pack} non è attivo per questo negozio`;
  switch (reason) {
    case 'no-subscription':
      return `${head}: nessun abbonamento attivo.`;
    case 'blocked':
      return `${head}: abbonamento scaduto. Rinnovalo per riattivare i pacchetti.`;
    case 'no-pack':
      return `${head}: il pacchetto non è incluso nell'abbonamento.`;
  }
}

export function grantOf(bundle: PackBundle, now: Date): PackGrant {
  return { packNames: bundle.packs.map((p) => p.name), blocked: subscriptionState(bundle.subscription.expiringDate, now).blocked };
}

/** The decision on a grant already computed (the permission store keeps one per active shop). */
export function decidePack(grant: PackGrant | undefined, pack: string): PackAccess {
  const refuse = (reason: PackDenial): PackAccess => ({ allowed: false, reason, message: packAccessMessage(pack, reason) });
  if (!grant) return refuse('no-subscription');
  if (grant.blocked) return refuse('blocked');
  if (!hasPack(grant.packNames, pack)) return refuse('no-pack');
  return { allowed: true };
}

/** `bundle` undefined: the shop has no subscription that counts (none, not found, a proposal). */
export function packAccess(bundle: PackBundle | undefined, pack: string, now: Date): PackAccess {
  return decidePack(bundle ? grantOf(bundle, now) : undefined, pack);
}
