/**
 * The warehouse list (/warehouse): search by name, code or barcode, filters (category, low stock, changed price),
 * sort on the table's columns, and the product form's checks. Pure; the products are any object with the fields
 * below (data/scrap's Scrap fits).
 */
import { centsToEuro } from '../money/money';
import { parseCentsText, parseNumberText } from '../numbers/parse-number';

export interface ProductLike {
  id: string;
  name: string;
  code: string;
  barcode: string;
  price: number;
  vatRate?: number;
  stock: { qty: number; minQty: number; track: boolean };
  category?: string;
  changedPrice: boolean;
  listino2?: number;
  listino3?: number;
}

export interface ProductFilters {
  search: string;
  /** '' = every category; NO_CATEGORY = products without one. */
  category: string;
  lowStock: boolean;
  changedPrice: boolean;
}

export const NO_CATEGORY = '__none__';
export const EMPTY_FILTERS: ProductFilters = { search: '', category: '', lowStock: false, changedPrice: false };

/** Low stock: tracked and qty <= minQty. */
export function isLowStock(p: ProductLike): boolean {
  return p.stock.track && p.stock.qty <= p.stock.minQty;
}

const fold = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

/** The text a product is searched on (computed once per product, not per keystroke). */
export function searchKey(p: ProductLike): string {
  return fold(`${p.name}\u0000${p.code}\u0000${p.barcode}`);
}

// Products are immutable values (a change makes a new object), so a key computed once per object stays true.
const keyCache = new WeakMap<ProductLike, string>();

/** searchKey(), computed once per product object and remembered: typing never normalises 20,000 names again. */
export function cachedSearchKey(p: ProductLike): string {
  let key = keyCache.get(p);
  if (key === undefined) {
    key = searchKey(p);
    keyCache.set(p, key);
  }
  return key;
}

/**
 * Products matching the filters, in the order given (filter a sorted list and it stays sorted). Every word of the
 * search must appear in the name, code or barcode ('parm 24' finds 'Parmigiano Reggiano 24 mesi'). `keys` are
 * searchKey()s in the same order, when precomputed; otherwise each product's cached key is used.
 */
export function filterProducts<P extends ProductLike>(products: readonly P[], filters: ProductFilters, keys?: readonly string[]): P[] {
  const words = fold(filters.search).split(/\s+/).filter(Boolean);
  const out: P[] = [];
  for (let i = 0; i < products.length; i++) {
    const p = products[i]!;
    if (filters.category === NO_CATEGORY ? p.category : filters.category && p.category !== filters.category) continue;
    if (filters.lowStock && !isLowStock(p)) continue;
    if (filters.changedPrice && !p.changedPrice) continue;
    if (words.length > 0) {
      const key = keys?.[i] ?? cachedSearchKey(p);
      if (!words.every((w) => key.includes(w))) continue;
    }
    out.push(p);
  }
  return out;
}

export function categoriesOf(products: readonly ProductLike[]): string[] {
  const set = new Set<string>();
  for (const p of products) if (p.category) set.add(p.category);
  return [...set].sort((a, b) => collator.compare(a, b));
}

export type SortKey = 'name' | 'code' | 'barcode' | 'price' | 'vatRate' | 'qty' | 'category';
export type SortDir = 'asc' | 'desc';
export interface ProductSort {
  key: SortKey;
  dir: SortDir;
}

export const SORT_LABELS: Record<SortKey, string> = {
  name: 'Nome',
  code: 'Codice',
  barcode: 'Codice a barre',
  price: 'Prezzo',
  vatRate: 'IVA',
  qty: 'Quantità',
  category: 'Categoria',
};

const collator = new Intl.Collator('it', { numeric: true, sensitivity: 'base' });

function value(p: ProductLike, key: SortKey): string | number | undefined {
  switch (key) {
    case 'price':
      return p.price;
    case 'vatRate':
      return p.vatRate;
    case 'qty':
      return p.stock.qty;
    case 'category':
      return p.category || undefined;
    default:
      return p[key] || undefined;
  }
}

type TextKey = 'name' | 'code' | 'barcode' | 'category';
const isTextKey = (key: SortKey): key is TextKey => key === 'name' || key === 'code' || key === 'barcode' || key === 'category';

/**
 * Each product's place in a text column's order, equal texts sharing it; computed once per list and column. Sorting
 * 20,000 products compared texts with the collator ~300,000 times, on every click of a header (the names break every
 * tie, and the copies of a product share its price): 0.5 s of a slowed laptop's main thread. A list is a new array
 * whenever a product changes, so a rank never outlives the products it was computed for.
 */
const ranks = new WeakMap<readonly ProductLike[], Map<TextKey, Map<ProductLike, number>>>();

function rankOf(products: readonly ProductLike[], key: TextKey): Map<ProductLike, number> {
  let byKey = ranks.get(products);
  if (!byKey) {
    byKey = new Map();
    ranks.set(products, byKey);
  }
  let rank = byKey.get(key);
  if (!rank) {
    const text = (p: ProductLike) => String(value(p, key) ?? '');
    const ordered = [...products].sort((a, b) => collator.compare(text(a), text(b)));
    rank = new Map();
    let place = 0;
    for (let i = 0; i < ordered.length; i++) {
      const p = ordered[i]!;
      if (i > 0 && collator.compare(text(ordered[i - 1]!), text(p)) !== 0) place = i;
      rank.set(p, place);
    }
    byKey.set(key, rank);
  }
  return rank;
}

/** Sorted copy; empty values always last, ties by name. */
export function sortProducts<P extends ProductLike>(products: readonly P[], sort: ProductSort): P[] {
  const sign = sort.dir === 'asc' ? 1 : -1;
  const names = rankOf(products, 'name');
  const column = isTextKey(sort.key) ? rankOf(products, sort.key) : undefined;
  const rows = products.map((p) => ({ p, v: value(p, sort.key), at: column?.get(p) ?? 0, name: names.get(p) ?? 0 }));
  rows.sort((a, b) => {
    if (a.v === undefined || b.v === undefined) {
      if (a.v !== b.v) return a.v === undefined ? 1 : -1;
    } else {
      const c = column ? a.at - b.at : (a.v as number) - (b.v as number);
      if (c !== 0) return sign * c;
    }
    return a.name - b.name;
  });
  return rows.map((r) => r.p);
}

// ---------------------------------------------------------------------------------------------------------------
// The product form
// ---------------------------------------------------------------------------------------------------------------

export interface ProductFormValues {
  name: string;
  code: string;
  barcode: string;
  price: string;
  vatRate: string;
  quantity: string;
  minQty: string;
  track: boolean;
  um: string;
  category: string;
  purchasePrice: string;
  listino2: string;
  listino3: string;
}

export type ProductFormField = keyof ProductFormValues;

/** The checked values, ready to be written. */
export interface ProductValues {
  name: string;
  code: string;
  barcode: string;
  price: number;
  vatRate: number;
  quantity: number;
  minQty: number;
  track: boolean;
  um: string;
  category?: string;
  purchasePrice?: number;
  listino2?: number;
  listino3?: number;
}

export const VAT_RATES = [22, 10, 5, 4, 0] as const;

export function emptyProductForm(): ProductFormValues {
  return { name: '', code: '', barcode: '', price: '', vatRate: '22', quantity: '0', minQty: '0', track: true, um: 'PZ', category: '', purchasePrice: '', listino2: '', listino3: '' };
}

const text = (n: number | undefined) => (n === undefined ? '' : String(n).replace('.', ','));

export function productFormOf(p: ProductLike & { um?: string; purchasePrice?: number }): ProductFormValues {
  return {
    name: p.name,
    code: p.code,
    barcode: p.barcode,
    price: text(p.price),
    vatRate: p.vatRate === undefined ? '22' : String(p.vatRate),
    quantity: text(p.stock.qty),
    minQty: text(p.stock.minQty),
    track: p.stock.track,
    um: p.um ?? 'PZ',
    category: p.category ?? '',
    purchasePrice: text(p.purchasePrice),
    listino2: text(p.listino2),
    listino3: text(p.listino3),
  };
}

export interface ProductCheck {
  errors: Partial<Record<ProductFormField, string>>;
  /** Not blocking: a barcode or code another product already has. */
  warnings: Partial<Record<ProductFormField, string>>;
  values?: ProductValues;
}

/** Checks the form; `others` are the shop's other products (for the duplicate warnings). */
export function checkProductForm(v: ProductFormValues, others: readonly ProductLike[] = []): ProductCheck {
  const errors: ProductCheck['errors'] = {};
  const warnings: ProductCheck['warnings'] = {};
  const name = v.name.trim();
  if (!name) errors.name = 'Il nome del prodotto è obbligatorio.';
  const money = (field: ProductFormField, label: string, raw: string, required: boolean): number | undefined => {
    if (!raw.trim()) {
      if (required) errors[field] = 'Campo obbligatorio.';
      return undefined;
    }
    const parsed = parseCentsText(raw, { field: label });
    if (!parsed.ok) {
      errors[field] = parsed.error;
      return undefined;
    }
    return centsToEuro(parsed.cents);
  };
  const amount = (field: ProductFormField, label: string, raw: string, allowNegative: boolean): number | undefined => {
    const parsed = parseNumberText(raw.trim() || '0', { field: label, allowNegative });
    if (!parsed.ok) errors[field] = parsed.error;
    return parsed.ok ? parsed.value : undefined;
  };
  const price = money('price', 'Prezzo', v.price, true);
  const purchasePrice = money('purchasePrice', 'Prezzo di acquisto', v.purchasePrice, false);
  const listino2 = money('listino2', 'Listino 2', v.listino2, false);
  const listino3 = money('listino3', 'Listino 3', v.listino3, false);
  const vatParsed = parseNumberText(v.vatRate, { field: 'IVA %' });
  const vat = vatParsed.ok ? vatParsed.value : undefined;
  if (!vatParsed.ok) errors.vatRate = vatParsed.error;
  else if (vatParsed.value > 100) errors.vatRate = "Inserisci un'aliquota IVA tra 0 e 100.";
  const quantity = amount('quantity', 'Quantità', v.quantity, true);
  const minQty = amount('minQty', 'Scorta minima', v.minQty, false);
  const barcode = v.barcode.trim();
  const code = v.code.trim();
  if (barcode && !/^[0-9A-Za-z\-.]+$/.test(barcode)) errors.barcode = 'Il codice a barre può contenere solo lettere, cifre, punto e trattino.';
  const sameBarcode = barcode ? others.find((o) => o.barcode === barcode) : undefined;
  if (sameBarcode) warnings.barcode = `Codice a barre già usato da «${sameBarcode.name}»: verrà mostrato tra i prodotti ripetuti.`;
  const sameCode = code ? others.find((o) => o.code.toLowerCase() === code.toLowerCase()) : undefined;
  if (sameCode) warnings.code = `Codice già usato da «${sameCode.name}».`;
  if (Object.keys(errors).length > 0) return { errors, warnings };
  return {
    errors,
    warnings,
    values: {
      name,
      code,
      barcode,
      price: price ?? 0,
      vatRate: vat ?? 22,
      quantity: quantity ?? 0,
      minQty: minQty ?? 0,
      track: v.track,
      um: v.um.trim() || 'PZ',
      category: v.category.trim() || undefined,
      purchasePrice,
      listino2,
      listino3,
    },
  };
}
