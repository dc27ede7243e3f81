/**
 * Pending shop form entries (document 1 §3 'Pending shop form entry', §6, §7): the Google Form sheet the
 * pending-shops cloud function returns. Read leniently (any missing part reads as ''), filtered for a technician,
 * and turned into the registration wizard's prefill.
 */
export interface PendingShop {
  contatti: { emailIscrizione: string; emailTecnico: string; emailInstallatore: string };
  datiLocale: { nome: string; indirizzo: string; citta: string; provincia: string; cap: string; telefono: string };
  datiFiscaliLocale: { partitaIva: string };
  titolare: { codiceFiscale: string; nome: string; cognome: string; cellulare: string; pin: string };
  timestamp: string;
}

export const PENDING_FORMAT_ERROR = 'Formato dati non valido dalla Cloud Function.';
export const PENDING_EMPTY = 'Nessun negozio pendente dal Google Form.';

const rec = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : '');

function readPart<K extends string>(value: unknown, keys: readonly K[]): Record<K, string> {
  const source = rec(value);
  return Object.fromEntries(keys.map((k) => [k, text(source[k])])) as Record<K, string>;
}

/** The function's answer: an array of entries, or undefined when it is not an array (PENDING_FORMAT_ERROR). */
export function readPendingShops(json: unknown): PendingShop[] | undefined {
  if (!Array.isArray(json)) return undefined;
  return (json as unknown[]).filter((item) => typeof item === 'object' && item !== null).map((item) => {
    const entry = rec(item);
    return {
      contatti: readPart(entry.contatti, ['emailIscrizione', 'emailTecnico', 'emailInstallatore']),
      datiLocale: readPart(entry.datiLocale, ['nome', 'indirizzo', 'citta', 'provincia', 'cap', 'telefono']),
      datiFiscaliLocale: readPart(entry.datiFiscaliLocale, ['partitaIva']),
      titolare: readPart(entry.titolare, ['codiceFiscale', 'nome', 'cognome', 'cellulare', 'pin']),
      timestamp: text(entry.timestamp),
    };
  });
}

/** Shown only when the form names no technician or names this one (document 1 §6); emails compared case-insensitively. */
export function pendingShopsForTech(entries: readonly PendingShop[], techEmail: string | undefined): PendingShop[] {
  const me = (techEmail ?? '').trim().toLowerCase();
  return entries.filter((e) => {
    const named = e.contatti.emailTecnico.trim().toLowerCase();
    return named === '' || (me !== '' && named === me);
  });
}

/** A stable key for lists and the wizard's state (the sheet has no id). */
export function pendingShopKey(entry: PendingShop): string {
  return `${entry.timestamp}|${entry.contatti.emailIscrizione}|${entry.datiLocale.nome}`;
}

/**
 * The server's contract (functions/src/pending-shops.ts, and the provider stub that plays it):
 * - the list: what the caller may see (admins every entry; a technician pendingShopsForTech with the email of the
 *   caller's ID token), each entry WITHOUT the titolare's PIN — the PIN becomes the owner's employee PIN at
 *   registration, and a list is read by everyone who opens the dashboard;
 * - one entry, with its PIN (GET ?entry=<pendingShopKey>): only to a technician who may register it, i.e. the
 *   technician the entry names, or any technician for an entry that names none (the form left it open to whoever
 *   registers it: document 1 §6). Admins do not register shops (/register-shop is the technicians' route).
 */
export type ListedPendingShop = Omit<PendingShop, 'titolare'> & { titolare: Omit<PendingShop['titolare'], 'pin'> };

export function withoutOwnerPin(entry: PendingShop): ListedPendingShop {
  const { pin: _pin, ...titolare } = entry.titolare;
  return { ...entry, titolare };
}

export function pendingShopsForCaller(entries: readonly PendingShop[], caller: { email: string | undefined; admin: boolean }): ListedPendingShop[] {
  return (caller.admin ? [...entries] : pendingShopsForTech(entries, caller.email)).map(withoutOwnerPin);
}

/** The entry `key` with its PIN, when this technician may register it; undefined otherwise (the server answers 404). */
export function pendingEntryForRegistration(entries: readonly PendingShop[], key: string, techEmail: string | undefined): PendingShop | undefined {
  return pendingShopsForTech(entries, techEmail).find((e) => pendingShopKey(e) === key);
}
