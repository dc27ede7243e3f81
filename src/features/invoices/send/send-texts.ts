/**
 * The send's texts, apart from the send itself: the /invoices screen shows them without loading the FatturaPA
 * engine, which comes with the first send (use-send-drafts.ts).
 */
import { SEND_INVALID_ANSWER } from '@/lib/sdi-api';

/** Spec texts (document 2 §8). */
export const SEND_TEXTS = {
  numberUpdateFailed: 'Errore durante aggiornamento numero fattura',
  noUser: 'Errore: User ID non trovato',
  invalidAnswer: SEND_INVALID_ANSWER,
  sending: 'Invio in corso...',
  sent: (number: string) => `Fattura inviata: ${number}`,
  failed: (message: string) => `Invio fallito: ${message}`,
  noLongerDraft: 'La bozza non è più da inviare: è già stata inviata (o è in invio) in un\'altra scheda, oppure è stata unita o eliminata.',
  unrecorded: (number: string, uuid: string, reason: string) =>
    `La fattura ${number} è stata accettata dallo SdI (uuid ${uuid}) ma non è stata ancora salvata: ${reason}. Non inviarla di nuovo: il salvataggio viene ritentato da questo browser alla prossima apertura di Fatture.`,
  recordedLater: (number: string) => `Fattura ${number}: invio allo SdI registrato.`,
} as const;

/** The alerts about the user's shop when a send starts (document 2 §8). */
export const SHOP_TEXTS = {
  notFound: 'Nessuno shop trovato per questo utente!',
  loadFailed: (reason: string) => `Errore nel recupero dello shop: ${reason}`,
} as const;
