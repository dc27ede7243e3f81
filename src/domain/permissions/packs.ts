/**
 * Pack matching (document 1 §6): a pack matches when its name equals or contains the requested name.
 * Matching ignores case and accents because the stored names vary ('fatturazione', 'Fatturazione').
 * 'Statistiche' is also granted by the 'analisi' pack: document 1 lists 'analisi' among the packs while
 * document 3 gates /statistics on 'Statistiche'; both name the same feature.
 */
const ALIASES: Record<string, string[]> = {
  statistiche: ['analisi'],
};

export function normalizePackName(name: string): string {
  return name.normalize('NFD').replace(/\p{Diacritic}/gu, '').trim().toLowerCase();
}

export function packMatches(ownedPackName: string, requested: string): boolean {
  const owned = normalizePackName(ownedPackName);
  const wanted = normalizePackName(requested);
  if (wanted === '') return false;
  const names = [wanted, ...(ALIASES[wanted] ?? [])];
  return names.some((name) => owned === name || owned.includes(name));
}

export function hasPack(ownedPackNames: readonly string[], requested: string): boolean {
  return ownedPackNames.some((owned) => packMatches(owned, requested));
}

/** The alert when a route's pack is missing (document 3 §2.1, §6). */
export function packDeniedMessage(requested: string, expired: boolean): string {
  if (normalizePackName(requested) === 'catena' && !expired) {
    return 'Funzionalità non disponibile... è necessario il pacchetto "Catena" nel tuo abbonamento. Contatta il supporto per maggiori informazioni.';
  }
  const base = `Accesso negato: il tuo account non include il pacchetto "${requested}".`;
  return expired ? `${base} L'abbonamento è scaduto: rinnovalo per riattivare i pacchetti.` : base;
}
