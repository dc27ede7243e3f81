/**
 * Pack (document 1 §3, document 3 §3): a feature pack ('fatturazione', 'Catena', 'Statistiche'...): the stored shape and its
 * reading, without Firebase imports so the Cloud Functions share it (pack.ts holds the converter and references).
 */
import { compact, toNumber, toOptStr, toStr, type RawDoc } from './normalize';

/** Pack documents are read by id in chunks of 10 (document 3 §7, §9): one `in` query per chunk. */
export const PACK_CHUNK = 10;

/** The distinct, non-empty ids in chunks of PACK_CHUNK, in their order. */
export function packIdChunks(ids: readonly string[]): string[][] {
  const unique = [...new Set(ids.filter((id) => id !== ''))];
  const chunks: string[][] = [];
  for (let i = 0; i < unique.length; i += PACK_CHUNK) chunks.push(unique.slice(i, i + PACK_CHUNK));
  return chunks;
}

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
