/**
 * Chain and group membership (document 3 §4, §5, §9).
 */
export const CHAIN_MESSAGES = {
  codeRequired: 'Inserisci un codice negozio valido.',
  ownShop: 'Non puoi impostare il tuo stesso negozio come capogruppo.',
  notFound: 'Negozio non trovato. Verifica il codice inserito.',
  joined: 'Negozio unito al gruppo con successo!',
  left: 'Sei uscito dal gruppo con successo.',
  // The spec does not give this text (document 3 §8: "a become-master success message (text not shown)").
  becameMaster: 'Ora sei capogruppo: comunica il codice negozio ai negozi da aggiungere al gruppo.',
  confirmLeave: 'Sei sicuro di voler uscire dal gruppo? Questa azione rimuoverà la relazione con il negozio capogruppo.',
  confirmMaster: 'Vuoi diventare capogruppo? Potrai gestire più negozi e visualizzare statistiche aggregate.',
  copied: '✓ Copiato!',
  copyFailed: 'Impossibile copiare il codice negli appunti.',
} as const;

/** Document 3 §9: the defaults a shop gets when it becomes master. */
export const CHAIN_MASTER_DEFAULTS = { allowMemberDataAccess: true, shareInventory: false } as const;

export const COPY_FEEDBACK_MS = 2000;

/** Client-side checks of a join code, in the spec's order; the existence check needs the database. */
export function joinCodeError(code: string, ownShopId: string): string | undefined {
  const trimmed = code.trim();
  if (!trimmed) return CHAIN_MESSAGES.codeRequired;
  if (trimmed === ownShopId) return CHAIN_MESSAGES.ownShop;
  // A Firestore document id cannot contain '/': such a code cannot name a shop.
  if (trimmed.includes('/')) return CHAIN_MESSAGES.notFound;
  return undefined;
}

/** Become master is offered only to a shop that is not master and has no parent (document 3 §4). */
export function canBecomeMaster(shop: { isChainMaster: boolean; shopGroup: string | null }): boolean {
  return !shop.isChainMaster && shop.shopGroup === null;
}

/** A master cannot join a group; a member leaves before joining another one. */
export function canJoinGroup(shop: { isChainMaster: boolean; shopGroup: string | null }): boolean {
  return !shop.isChainMaster && shop.shopGroup === null;
}
