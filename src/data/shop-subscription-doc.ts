/**
 * ShopSubscription (document 1 §3, document 3 §3): a shop's plan, extra packs and validity period, or a renewal
 * proposal awaiting approval (status 'proposed'). The stored shape and its reading, without Firebase imports so the
 * Cloud Functions share it (shop-subscription.ts holds the converter and references).
 */
import { compact, pick, toDate, toId, toIdList, toNumber, toOptStr, toStr, type RawDoc } from './normalize';

export type SubscriptionStatus = 'active' | 'proposed';

export interface ShopSubscription {
  id: string;
  shopId?: string;
  userId?: string;
  /** Plan id. */
  plan: string;
  /** Pack ids. */
  packs: string[];
  /** Read from startingDate, or the legacy startDate. */
  startingDate?: Date;
  expiringDate?: Date;
  price?: number;
  /** Missing status means active (older records have none). */
  status: SubscriptionStatus;
  proposedStartingDate?: Date;
  proposedExpiringDate?: Date;
  proposedPrice: number | null;
  createdBy?: string;
  createdAt?: Date;
  updatedBy?: string;
  updatedAt?: Date;
  approvedAt?: Date;
  approvedBy?: string;
}

export function normalizeShopSubscription(id: string, raw: RawDoc): ShopSubscription {
  return {
    id,
    shopId: toOptStr(raw.shopId),
    userId: toOptStr(raw.userId),
    plan: toId(pick(raw, 'plan', 'planId')) ?? '',
    packs: toIdList(pick(raw, 'packs', 'packIds')),
    startingDate: toDate(pick(raw, 'startingDate', 'startDate')),
    expiringDate: toDate(pick(raw, 'expiringDate', 'expiryDate', 'endDate')),
    price: toNumber(raw.price),
    status: toStr(raw.status).trim().toLowerCase() === 'proposed' ? 'proposed' : 'active',
    proposedStartingDate: toDate(raw.proposedStartingDate),
    proposedExpiringDate: toDate(raw.proposedExpiringDate),
    proposedPrice: toNumber(raw.proposedPrice) ?? null,
    createdBy: toOptStr(raw.createdBy),
    createdAt: toDate(raw.createdAt),
    updatedBy: toOptStr(raw.updatedBy),
    updatedAt: toDate(raw.updatedAt),
    approvedAt: toDate(raw.approvedAt),
    approvedBy: toOptStr(raw.approvedBy),
  };
}

export function toFirestoreShopSubscription(s: ShopSubscription): RawDoc {
  const { id: _id, ...fields } = s;
  return compact({ ...fields });
}
