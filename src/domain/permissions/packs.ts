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

/**
 * The alert when a route's pack is refused (document 3 §2.1, §6), by the reason decidePack gave: an expired shop
 * owns its packs, so it is told the subscription expired rather than that the pack is missing.
 */
export function packDeniedMessage(requested: string, reason: 'no-subscription' | 'blocked' | 'no-pack'): string {
  if (reason === 'blocked') {
    return `Accesso negato: l'abbonamento di questo negozio è scaduto e il pacchetto "${requested}" è disattivato. Contatta il supporto per rinnovarlo.`;
  }
  if (normalizePackName(requested) === 'catena') {
    return 'Funzionalità non disponibile... è necessario il pacchetto "Catena" nel tuo abbonamento. Contatta il supporto per maggiori informazioni.';
  }
  return `Accesso negato: il tuo account non include il pacchetto "${requested}".`;
}
