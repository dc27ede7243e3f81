/**
 * Pack (document 1 §3, document 3 §3): a feature pack ('fatturazione', 'Catena', 'Statistiche'...).
 */
import { documentId, getDocs, query, where, type WriteBatch } from 'firebase/firestore';
import { COLLECTIONS } from './collections';
import { makeConverter, typedCollection, typedDoc } from './converter';
import { normalizePack, PACK_CHUNK, packIdChunks, toFirestorePack, type Pack } from './pack-doc';

export { normalizePack, PACK_CHUNK, toFirestorePack, type Pack };

export const packConverter = makeConverter('Pack', normalizePack, toFirestorePack);
export const packsCol = () => typedCollection(COLLECTIONS.pack, packConverter);
export const packDoc = (id: string) => typedDoc(COLLECTIONS.pack, id, packConverter);

/**
 * The Pack documents of these ids, read in chunks of 10 with one `in` query each (document 3 §7), in the ids' order;
 * an id with no document is left out.
 */
export async function loadPacksByIds(ids: readonly string[]): Promise<Pack[]> {
  const chunks = packIdChunks(ids);
  const found = (await Promise.all(chunks.map(async (chunk) => (await getDocs(query(packsCol(), where(documentId(), 'in', chunk)))).docs.map((d) => d.data())))).flat();
  const byId = new Map(found.map((p) => [p.id, p]));
  return chunks.flat().flatMap((id) => byId.get(id) ?? []);
}

export interface PackFields {
  name: string;
  price: number;
  description: string;
}

/**
 * In a batch: pack `id`'s catalogue fields, the pack created when `create` (its id taken beforehand, so the batch can
 * also rebuild the grants with it). Only these fields, in stored names.
 */
export function savePackFieldsInBatch(batch: WriteBatch, id: string, fields: PackFields, create: boolean): void {
  const ref = packDoc(id).withConverter(null);
  const data = { name: fields.name, price: fields.price, description: fields.description };
  if (create) batch.set(ref, data);
  else batch.update(ref, data);
}
