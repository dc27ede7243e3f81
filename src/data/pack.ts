/**
 * Pack (document 1 §3, document 3 §3): a feature pack ('fatturazione', 'Catena', 'Statistiche'...).
 */
import { COLLECTIONS } from './collections';
import { makeConverter, typedCollection, typedDoc } from './converter';
import { normalizePack, toFirestorePack, type Pack } from './pack-doc';

export { normalizePack, toFirestorePack, type Pack };

export const packConverter = makeConverter('Pack', normalizePack, toFirestorePack);
export const packsCol = () => typedCollection(COLLECTIONS.pack, packConverter);
export const packDoc = (id: string) => typedDoc(COLLECTIONS.pack, id, packConverter);
