import { isValidPrinterIp } from './registration';

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

/** The hardware tab's IP fields and their names, as the tab labels them. */
const HARDWARE_IPS = [
  ['printerIp', 'IP stampante principale'],
  ['secondPrinterIp', 'IP Preconto'],
  ['cashmaticServerIP', 'IP server'],
] as const;

type HardwareIps = Record<(typeof HARDWARE_IPS)[number][0], string>;

/**
 * The hardware settings as the database accepts them (firestore.rules validTechSettings): each IP that changed is
 * empty or four groups of 1 to 3 digits (document 1 §5, isValidPrinterIp), stored without spaces. An IP that did not
 * change is left as stored, so an old value never blocks an unrelated save.
 */
export function checkHardwareIps<T extends HardwareIps>(before: HardwareIps, after: T): { ok: true; settings: T } | { ok: false; error: string } {
  const settings = { ...after };
  for (const [key, label] of HARDWARE_IPS) {
    if (after[key] === before[key]) continue;
    const ip = after[key].trim();
    if (ip !== '' && !isValidPrinterIp(ip)) return { ok: false, error: `${label}: indirizzo IP non valido (quattro numeri separati da punti, es. 192.168.1.10)` };
    settings[key] = ip;
  }
  return { ok: true, settings };
}
