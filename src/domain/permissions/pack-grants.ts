/**
 * The index the security rules read to enforce the packs (firestore.rules `shopHasPack`): for each pack
 * the database gates, the ids of the Pack documents whose name grants it. Rules cannot list the Pack collection nor
 * compare names the way packs.ts does, so this index is derived here, with the same matching (packMatches), and
 * stored as PackGrant/{pack} = { packIds }. Written with every Pack save (developer dashboard), by the seed and by
 * scripts/backfill-pack-grants.ts; a Pack missing from it grants its pack in the app but not in the database.
 */
import { packMatches } from './packs';

/** The packs the rules gate, by their PackGrant document id (lower case, as the rules name them). */
export const GATED_PACKS = {
  fatturazione: 'Fatturazione',
  catena: 'Catena',
  statistiche: 'Statistiche',
} as const;

export type GatedPackKey = keyof typeof GATED_PACKS;

/** PackGrant/{key} documents for this catalogue of packs: every gated pack gets one, empty when no pack grants it. */
export function packGrantDocs(packs: readonly { id: string; name: string }[]): Record<GatedPackKey, { packIds: string[] }> {
  const docs = {} as Record<GatedPackKey, { packIds: string[] }>;
  for (const [key, name] of Object.entries(GATED_PACKS) as [GatedPackKey, string][]) {
    docs[key] = { packIds: packs.filter((p) => packMatches(p.name, name)).map((p) => p.id).sort() };
  }
  return docs;
}
