/** The SDI's receipts by their type, as the invoice's detail names them (the SDI's own Italian names). */
export const NOTIFICATION_TYPE_LABELS = {
  RC: 'Ricevuta di consegna',
  NS: 'Notifica di scarto',
  MC: 'Notifica di mancata consegna',
  NE: 'Notifica di esito',
  DT: 'Notifica di decorrenza termini',
  AT: 'Attestazione di avvenuta trasmissione con impossibilità di recapito',
} as const;
