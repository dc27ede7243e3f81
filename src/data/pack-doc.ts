/**
 * Pack (document 1 §3, document 3 §3): a feature pack ('fatturazione', 'Catena', 'Statistiche'...): the stored shape and its
 * reading, without Firebase imports so the Cloud Functions share it (pack.ts holds the converter and references).
 */
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
