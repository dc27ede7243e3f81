/** The technician's shop page texts (document 3 §8, 'Technician shop page'), as the spec writes them. */
export const SHOP_DETAILS_MESSAGES = {
  /** 'Salva modifiche' (Informazioni Generali) and 'Salva Configurazione' (Hardware): both update the shop. */
  updated: 'Dettagli aggiornati con successo!',
  updateFailed: "Errore nell'aggiornamento del negozio",
  notSignedIn: 'Utente non autenticato',
  openApiCreated: 'Configurazione OpenAPI creata con successo!',
  openApiFailed: 'Errore nella configurazione OpenAPI',
  openApiDone: 'Configurazione OpenAPI già effettuata.',
} as const;

/** The failure with its cause, so that the technician knows what to fix (a P.IVA taken, no connection…). */
export function shopUpdateFailed(detail: string): string {
  return `${SHOP_DETAILS_MESSAGES.updateFailed}: ${detail}`;
}
