/**
 * The shop's fiscal identity → the builder's SellerInput. It takes the Shop as its converter reads it
 * (src/data/shop-doc.ts normalizeShop): which legacy spelling gives the P.IVA (settings.pIva, else pIva / vatNumber),
 * the fiscal code, the CAP (zipCode / cap / zip), the regime and the nation is decided there once, so the invoice
 * carries exactly what Settings and the technician's screen show. Never call it with a raw Firestore document.
 */
import { DEFAULT_REGIME_FISCALE } from './codes';
import type { SellerInput } from './types';

/** The fields of the typed Shop the seller is built from (structurally a subset of data/shop-doc.ts Shop). */
export interface SellerIdentity {
  name: string;
  ragioneSociale?: string;
  partitaIva: string;
  codiceFiscale?: string;
  address: string;
  city: string;
  province: string;
  zipCode: string;
  country: string;
  taxRegime: string;
}

/** Shop → seller: regime RF01 when none; empty optional values left out. */
export function shopToSellerInput(shop: SellerIdentity): SellerInput {
  const seller: SellerInput = {
    partitaIva: shop.partitaIva.trim(),
    address: shop.address.trim(),
    cap: shop.zipCode.trim(),
    city: shop.city.trim(),
    regimeFiscale: shop.taxRegime.trim().toUpperCase() || DEFAULT_REGIME_FISCALE,
  };
  const optional = {
    ragioneSociale: shop.ragioneSociale?.trim() ?? '',
    name: shop.name.trim(),
    codiceFiscale: shop.codiceFiscale?.trim() ?? '',
    province: shop.province.trim(),
    nation: shop.country.trim(),
  };
  for (const [key, value] of Object.entries(optional)) if (value !== '') Object.assign(seller, { [key]: value });
  return seller;
}
