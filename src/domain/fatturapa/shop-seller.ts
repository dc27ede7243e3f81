/** Maps a stored Shop (document 2 §3, legacy shapes included) onto the builder's SellerInput. */
import { DEFAULT_REGIME_FISCALE } from './codes';
import type { SellerInput } from './types';

/** A Shop document as stored; values may be numbers or null in old documents. */
export interface ShopRecord {
  name?: unknown;
  ragioneSociale?: unknown;
  vatNumber?: unknown;
  codiceFiscale?: unknown;
  address?: unknown;
  city?: unknown;
  province?: unknown;
  zipCode?: unknown;
  country?: unknown;
  taxRegime?: unknown;
  settings?: { pIva?: unknown } | null;
}

function text(value: unknown): string {
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return '';
}

/** Shop → seller: VAT number from vatNumber, else settings.pIva; regime RF01 when none. */
export function shopToSellerInput(shop: ShopRecord): SellerInput {
  const seller: SellerInput = {
    partitaIva: text(shop.vatNumber) || text(shop.settings?.pIva),
    address: text(shop.address),
    cap: text(shop.zipCode),
    city: text(shop.city),
    regimeFiscale: text(shop.taxRegime).toUpperCase() || DEFAULT_REGIME_FISCALE,
  };
  const optional = {
    ragioneSociale: text(shop.ragioneSociale),
    name: text(shop.name),
    codiceFiscale: text(shop.codiceFiscale),
    province: text(shop.province),
    nation: text(shop.country),
  };
  for (const [key, value] of Object.entries(optional)) if (value !== '') Object.assign(seller, { [key]: value });
  return seller;
}
