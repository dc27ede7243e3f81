/**
 * A request to support prepared for the shop owner wherever the app tells them to contact support (an expired
 * subscription, a pack not in the plan): the path that opens 'Nuovo ticket' in /my-tickets already filled in, and the
 * ticket's category and text read back from that path. Pure.
 */
export type SupportRequest = { kind: 'rinnovo' } | { kind: 'pacchetto'; pack: string };

const REQUEST_PARAM = 'richiesta';
const PACK_PARAM = 'pacchetto';

export function supportRequestPath(request: SupportRequest): string {
  const params = new URLSearchParams({ [REQUEST_PARAM]: request.kind });
  if (request.kind === 'pacchetto') params.set(PACK_PARAM, request.pack);
  return `/my-tickets?${params.toString()}`;
}

/** The label of the action beside the message. */
export function supportRequestLabel(request: SupportRequest): string {
  return request.kind === 'rinnovo' ? "Chiedi il rinnovo all'assistenza" : `Chiedi il pacchetto "${request.pack}" all'assistenza`;
}

export interface PrefilledTicket {
  categorie: 'impostazioni';
  description: string;
}

/** The new ticket a path asks for, or undefined (an unknown or missing request opens nothing). */
export function prefilledTicket(search: URLSearchParams): PrefilledTicket | undefined {
  const kind = search.get(REQUEST_PARAM);
  if (kind === 'rinnovo') {
    return { categorie: 'impostazioni', description: "Vorrei rinnovare l'abbonamento del negozio: contattatemi per il rinnovo, grazie." };
  }
  const pack = search.get(PACK_PARAM)?.trim().slice(0, 60);
  if (kind === 'pacchetto' && pack) {
    return { categorie: 'impostazioni', description: `Vorrei attivare il pacchetto "${pack}" nell'abbonamento del negozio: contattatemi con la proposta, grazie.` };
  }
  return undefined;
}
