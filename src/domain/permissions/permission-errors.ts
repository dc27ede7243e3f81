/**
 * The messages of the permissions chain (shop → subscription → plan → packs), document 1's texts. Apart from the
 * chain's reader (data/subscription-chain.ts) so that the route guard, in the shell before any screen, shows them
 * without bringing the converters along.
 */
export const PERMISSION_ERRORS = {
  noUserId: 'UserID non disponibile...',
  noShop: "Nessun negozio trovato per l'utente.",
  noSubscriptionId: 'Nessun abbonamento associato al negozio.',
  subscriptionNotFound: 'Abbonamento non trovato.',
  packs: 'Errore nel caricamento dei pacchetti.',
  /** A read that failed (network, server): not the same as a document that is not there. */
  readFailed: "Impossibile verificare l'abbonamento del negozio: controlla la connessione e riprova.",
} as const;
export type ChainError = (typeof PERMISSION_ERRORS)[keyof typeof PERMISSION_ERRORS];
