/** Collection names the functions write: the app's (fixed by the POS app) and those only the server has. */
import { COLLECTIONS } from '@/data/collections';

export const SERVER_COLLECTIONS = {
  shop: COLLECTIONS.shop,
  invoice: COLLECTIONS.invoice,
  apiLog: COLLECTIONS.apiLog,
  userLog: COLLECTIONS.userLog,
  employee: COLLECTIONS.employee,
  user: COLLECTIONS.user,
  fiscalId: COLLECTIONS.fiscalId,
  /** One document per processed callback (event + provider uuid): the idempotency record. Server only. */
  providerEvent: 'ProviderEvent',
  /** Callbacks that could not be placed (unknown recipient, unknown invoice): read by admins. */
  quarantine: COLLECTIONS.providerQuarantine,
  /** Failed PIN checks per employee (checkEmployeePin): server only. */
  pinAttempt: 'PinAttempt',
  /** The provider proxy's call counters per shop and minute / day (proxy-quota.ts): server only. */
  proxyQuota: 'ProxyQuota',
  /** What the SDI received: the XML the proxy forwarded and the provider accepted, per provider uuid (sdi-record.ts). Server only. */
  sdiSubmission: 'SdiSubmission',
  /** A send the proxy is forwarding, kept until findSent can record a lost answer (sdi-record.ts). Server only. */
  sdiAttempt: 'SdiAttempt',
} as const;

/** The actorId of the UserLog entries the webhook writes. */
export const WEBHOOK_ACTOR = 'provider-webhook';
