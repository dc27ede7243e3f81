/**
 * Shop types of the settings page (document 3 §9): the stored value is the English key the POS app reads, the
 * label is Italian. Clothing and Food switch on extra product fields in the POS app; how the app stores them is
 * not part of the specification, so the back office only explains them.
 */
export const SHOP_TYPES = ['General', 'Clothing', 'Food', 'Electronics', 'Books', 'Home', 'Beauty', 'Sports'] as const;
export type ShopType = (typeof SHOP_TYPES)[number];

export const SHOP_TYPE_LABELS: Record<ShopType, string> = {
  General: 'Generale',
  Clothing: 'Abbigliamento',
  Food: 'Alimentari',
  Electronics: 'Elettronica',
  Books: 'Libri',
  Home: 'Casa e Giardino',
  Beauty: 'Bellezza e Cura',
  Sports: 'Sport',
};

/** What a type adds to the products (document 3 §9); types not listed add nothing. */
export const SHOP_TYPE_FEATURES: Partial<Record<ShopType, string>> = {
  Clothing: 'Aggiunge ai prodotti taglia, colore e materiale, e la gestione delle varianti.',
  Food: 'Aggiunge ai prodotti le date di scadenza e la tracciabilità degli allergeni.',
};

export const DEFAULT_SHOP_TYPE: ShopType = 'General';

/** A stored value read leniently ('food', ' Clothing ', the Italian label); unknown or missing → General. */
export function toShopType(value: string | undefined): ShopType {
  const text = (value ?? '').trim().toLowerCase();
  if (!text) return DEFAULT_SHOP_TYPE;
  return SHOP_TYPES.find((t) => t.toLowerCase() === text || SHOP_TYPE_LABELS[t].toLowerCase() === text) ?? DEFAULT_SHOP_TYPE;
}
