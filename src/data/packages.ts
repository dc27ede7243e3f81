/**
 * Packages (document 3 §3): packages associated with one shop (shown on the technician's subscription tab).
 */
import { COLLECTIONS } from './collections';
import { makeConverter, typedCollection, typedDoc } from './converter';
import { compact, toOptStr, toStr, type RawDoc } from './normalize';

export interface ShopPackage {
  id: string;
  shopId: string;
  name: string;
  description?: string;
}

export function normalizePackages(id: string, raw: RawDoc): ShopPackage {
  return { id, shopId: toStr(raw.shopId).trim(), name: toStr(raw.name).trim(), description: toOptStr(raw.description) };
}

export function toFirestorePackages(p: ShopPackage): RawDoc {
  return compact({ shopId: p.shopId, name: p.name, description: p.description });
}

export const packagesConverter = makeConverter('Packages', normalizePackages, toFirestorePackages);
export const packagesCol = () => typedCollection(COLLECTIONS.packages, packagesConverter);
export const packagesDoc = (id: string) => typedDoc(COLLECTIONS.packages, id, packagesConverter);
