/**
 * Firestore collection names. Fixed by the POS app, spelling included (DESIGN.md §5): never rename.
 */
export const COLLECTIONS = {
  user: 'User',
  shop: 'Shop',
  shopSubscription: 'ShopSubscription',
  plan: 'Plan',
  /** Older deployments kept plans in a lower-case collection; read it as a fallback (document 1 §7). */
  planFallback: 'plan',
  pack: 'Pack',
  packages: 'Packages',
  sale: 'Sale',
  invoice: 'Invoice',
  zReport: 'ZReport',
  userLog: 'UserLog',
  /** API call log (document 3 §3 'Log'). */
  apiCallLog: 'Log',
  /** SDI notification log (document 2 §3 'ApiLog'). */
  apiLog: 'ApiLog',
  announcement: 'Announcement',
  ticket: 'Ticket',
  /** Employees. The missing 'e' is the POS app's spelling. */
  employee: 'Employe',
  customer: 'Customer',
  scrap: 'Scrap',
  deviceTask: 'DeviceTask',
  /** Delivery notes (DDT): ours alone, the POS app does not know it (DESIGN.md §5). Also holds the per-year counters. */
  ddt: 'Ddt',
  /** Daily figures of 'Statistiche Vendite' per shop: ours alone, derived from Sale. */
  saleDaySummary: 'SaleDaySummary',
  /** Provider callbacks the webhook could not place: written by the functions only, read by admins. */
  providerQuarantine: 'ProviderQuarantine',
  /** The fiscal-identity registry: one document per shop's P.IVA, unique by id. Ours alone. */
  fiscalId: 'FiscalId',
  /** Which Pack ids grant each pack the rules gate (src/domain/permissions/pack-grants.ts). Ours alone. */
  packGrant: 'PackGrant',
  /** Every SDI notification of an outgoing invoice (RC, NS, MC, NE, DT, AT) and its original XML: written by the webhook only. Ours alone. */
  sdiReceipt: 'SdiReceipt',
} as const;

export type CollectionName = (typeof COLLECTIONS)[keyof typeof COLLECTIONS];
