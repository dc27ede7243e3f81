/**
 * Pack (document 1 §3, document 3 §3): a feature pack ('fatturazione', 'Catena', 'Statistiche'...).
 */
import { COLLECTIONS } from './collections';
import { makeConverter, typedCollection, typedDoc } from './converter';
import { compact, toNumber, toOptStr, toStr, type RawDoc } from './normalize';

export interface Pack {
  id: string;
  name: string;
  price: number;
  description?: string;
}

export function normalizePack(id: string, raw: RawDoc): Pack {
  return { id, name: toStr(raw.name).trim(), price: toNumber(raw.price, 0), description: toOptStr(raw.description) };
}

export function toFirestorePack(pack: Pack): RawDoc {
  return compact({ name: pack.name, price: pack.price, description: pack.description });
}

export const packConverter = makeConverter('Pack', normalizePack, toFirestorePack);
export const packsCol = () => typedCollection(COLLECTIONS.pack, packConverter);
export const packDoc = (id: string) => typedDoc(COLLECTIONS.pack, id, packConverter);
