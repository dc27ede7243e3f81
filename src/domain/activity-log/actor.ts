/**
 * Who wrote an activity-log line: the viewer shows the account behind `actorId` next to the
 * employee the line names, since the employee is chosen on the device while the account is what signed the write.
 * The account is resolved to what the viewer may read (its own User document, the accountants of its shop, every
 * account for admins); otherwise the line says which account it was by its uid.
 */

/** The actorId of the lines the provider webhook writes (functions/src/collections.ts WEBHOOK_ACTOR). */
export const WEBHOOK_ACTOR = 'provider-webhook';

export const ACTOR_LABELS = {
  unknown: '—',
  self: 'Tu',
  shopAccount: 'Account del negozio',
  webhook: 'Sistema (fatturazione elettronica)',
  account: (uid: string) => `Account ${uid}`,
} as const;

export interface ActorContext {
  /** The signed-in account looking at the log. */
  viewerUid: string | undefined;
  /** The log key: the shop (its owner's uid) or the account whose own log it is. */
  logKey: string;
  /** Readable labels (display name or email) of the accounts resolved so far, by uid. */
  accounts: ReadonlyMap<string, string | undefined>;
}

export function actorLabel(actorId: string | undefined, context: ActorContext): string {
  const id = actorId?.trim();
  if (!id) return ACTOR_LABELS.unknown;
  if (id === context.viewerUid) return ACTOR_LABELS.self;
  if (id === WEBHOOK_ACTOR) return ACTOR_LABELS.webhook;
  const known = context.accounts.get(id);
  if (known) return known;
  if (id === context.logKey) return ACTOR_LABELS.shopAccount;
  return ACTOR_LABELS.account(id);
}

/** The accounts of these lines still to look up: each once, never oneself or the webhook. */
export function actorsToResolve(actorIds: readonly (string | undefined)[], context: Pick<ActorContext, 'viewerUid' | 'accounts'>): string[] {
  const out = new Set<string>();
  for (const raw of actorIds) {
    const id = raw?.trim();
    if (id && id !== context.viewerUid && id !== WEBHOOK_ACTOR && !context.accounts.has(id)) out.add(id);
  }
  return [...out];
}
