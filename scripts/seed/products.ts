/**
 * Warehouse products (Scrap, document 2 §3 and document 3 §3) in every stored variant: legacy text numbers
 * ('12,50', quantity '3'), iva vs vatRate, categories vs category, with and without the stock object, and
 * groups of products that repeat a barcode (the 'Prodotti ripetuti' tab).
 */
import { COLLECTIONS } from '../../src/data/collections';
import { DEMO_ACCOUNTS as A, SHOP_ACCOUNT_KEYS, type ShopAccountKey } from './accounts';
import { addDays, commaText, ean13, type SeedContext, type SeedDoc } from './random';

export interface CatalogItem {
  id: string;
  name: string;
  code: string;
  barcode: string;
  price: number;
  vat: number;
  category: string;
}

type Template = readonly [name: string, category: string, price: number, vat: number];

const FOOD: readonly Template[] = [
  ['Parmigiano Reggiano 24 mesi 300g', 'Formaggi', 8.9, 4], ['Mozzarella di bufala 250g', 'Formaggi', 3.8, 4],
  ['Taleggio DOP 200g', 'Formaggi', 4.2, 4], ['Prosciutto crudo di Parma 100g', 'Salumi', 4.5, 10],
  ['Salame Milano 150g', 'Salumi', 3.6, 10], ['Bresaola della Valtellina 80g', 'Salumi', 4.9, 10],
  ['Spaghetti di Gragnano 500g', 'Pasta', 2.4, 4], ['Paccheri di Gragnano 500g', 'Pasta', 2.6, 4],
  ['Riso Carnaroli 1kg', 'Dispensa', 4.3, 4], ['Olio extravergine ligure 750ml', 'Dispensa', 12.5, 4],
  ['Aceto balsamico di Modena IGP 250ml', 'Dispensa', 6.9, 22], ['Passata di pomodoro 700g', 'Dispensa', 1.8, 4],
  ['Pesto alla genovese 190g', 'Dispensa', 3.9, 10], ['Caffè macinato 250g', 'Caffè', 4.6, 22],
  ['Caffè in grani 1kg', 'Caffè', 16.9, 22], ['Biscotti al burro 400g', 'Dolci', 3.2, 10],
  ['Panettone artigianale 1kg', 'Dolci', 18, 10], ['Cioccolato fondente 70% 100g', 'Dolci', 2.9, 10],
  ["Barbera d'Asti DOCG 75cl", 'Vini', 11.5, 22], ['Franciacorta Brut 75cl', 'Vini', 24, 22],
  ['Prosecco di Valdobbiadene 75cl', 'Vini', 13.9, 22], ['Birra artigianale 33cl', 'Bevande', 3.5, 22],
  ['Acqua minerale 1,5l', 'Bevande', 0.6, 22], ['Succo di mela 1l', 'Bevande', 2.4, 22],
  ['Grissini torinesi 250g', 'Forno', 2.8, 4], ['Focaccia genovese', 'Forno', 3, 4],
  ['Taralli pugliesi 300g', 'Forno', 2.7, 10], ['Miele millefiori 500g', 'Dispensa', 7.5, 10],
  ['Confettura di albicocche 340g', 'Dispensa', 3.6, 10], ['Tè verde in foglia 100g', 'Bevande', 5.5, 10],
  ['Sacchetto regalo', 'Varie', 1, 22], ['Cesto regalo', 'Varie', 35, 22],
];

const HARDWARE: readonly Template[] = [
  ['Martello da carpentiere 500g', 'Utensili', 14.9, 22], ['Set cacciaviti 6 pezzi', 'Utensili', 12.5, 22],
  ['Nastro americano 50m', 'Consumabili', 4.2, 22], ['Viti legno 4x40 (100 pz)', 'Minuteria', 3.8, 22],
  ['Tasselli nylon 8mm (50 pz)', 'Minuteria', 2.9, 22], ['Lampadina LED E27 10W', 'Elettricità', 3.5, 22],
  ['Colla vinilica 250g', 'Consumabili', 2.6, 22], ['Guanti da lavoro', 'Protezione', 3.9, 22],
  ['Metro a nastro 5m', 'Utensili', 6.9, 22], ['Pennello 50mm', 'Vernici', 2.4, 22],
  ['Smalto bianco 750ml', 'Vernici', 11.9, 22], ['Silicone trasparente 280ml', 'Consumabili', 5.2, 22],
];

const MIXED: readonly Template[] = [
  ['Libro tascabile', 'Libri', 12, 4], ['Rivista settimanale', 'Editoria', 2.5, 4], ['Quotidiano', 'Editoria', 1.9, 4],
  ['Penna a sfera', 'Cartoleria', 1.2, 22], ['Quaderno A4 a righe', 'Cartoleria', 2.8, 22], ['Agenda 2026', 'Cartoleria', 14.9, 22],
  ['Eau de toilette 50ml', 'Profumi', 39.9, 22], ['Crema mani 75ml', 'Cura persona', 6.5, 22], ['Bagnoschiuma 500ml', 'Cura persona', 4.9, 22],
  ['Segnalibro in pelle', 'Idee regalo', 4.5, 22],
];

const TEMPLATES: Record<ShopAccountKey, readonly Template[]> = {
  owner: FOOD, roles: FOOD.slice(0, 24), branch1: FOOD.slice(0, 20), branch2: FOOD.slice(4, 26),
  fewPacks: HARDWARE, basePlan: MIXED.slice(0, 6), grace: MIXED.slice(0, 6), expired: MIXED.slice(6),
};

const CODE_PREFIX: Record<ShopAccountKey, string> = {
  owner: 'BV', roles: 'AC', branch1: 'BM', branch2: 'BB', fewPacks: 'FC', basePlan: 'ER', grace: 'LF', expired: 'PG',
};

export function shopSlug(key: ShopAccountKey): string {
  return A[key].email.split('@')[0] ?? key;
}

/** The products a shop sells, in a fixed order (shared by the Scrap documents and the sales). */
export function shopCatalog(key: ShopAccountKey): CatalogItem[] {
  const shopIndex = SHOP_ACCOUNT_KEYS.indexOf(key);
  return TEMPLATES[key].map(([name, category, price, vat], i) => ({
    id: `scrap-${shopSlug(key)}-${String(i + 1).padStart(3, '0')}`,
    name,
    code: `${CODE_PREFIX[key]}${String(i + 1).padStart(3, '0')}`,
    // Chain shops share the master's barcodes (same products); others get their own.
    barcode: ean13(`80${String(key.startsWith('branch') ? 0 : shopIndex).padStart(2, '0')}${String(i + 1).padStart(8, '0')}`),
    price,
    vat,
    category,
  }));
}

/** Four stored variants in rotation, so every legacy shape appears in every shop. */
function scrapData(item: CatalogItem, i: number, uid: string, ctx: SeedContext): Record<string, unknown> {
  const { now, rng } = ctx;
  const qty = rng.int(0, 40);
  const common = { userId: uid, name: item.name, code: item.code, barcode: item.barcode, um: 'PZ', createdAt: addDays(now, -300 + i), updatedAt: addDays(now, -rng.int(1, 60)) };
  switch (i % 4) {
    case 0: // legacy: comma text, iva, categories list, no stock
      return { ...common, price: commaText(item.price), quantity: String(qty), iva: item.vat, categories: [item.category], discount: '', changedPrice: false };
    case 1: // migrated: vatRate, category, stock, purchase price
      return {
        ...common, price: item.price.toFixed(2), quantity: String(qty), vatRate: item.vat, category: item.category, discount: '',
        purchasePrice: Math.round(item.price * 55) / 100, supplierDiscount: 0, listino2: Math.round(item.price * 95) / 100, listino3: Math.round(item.price * 90) / 100,
        stock: { qty, minQty: 3, track: true }, changedPrice: false, migrated: true, migratedAt: addDays(now, -30),
      };
    case 2: // legacy: numbers as numbers, iva as text, categories as one string
      return { ...common, price: item.price, quantity: qty, iva: String(item.vat), categories: item.category, changedPrice: i % 8 === 2 };
    default: // current shape written by the new POS app
      return { ...common, price: item.price.toFixed(2), quantity: String(qty), vatRate: item.vat, category: item.category, discount: i % 7 === 0 ? '10' : '', stock: { qty, minQty: 0, track: false }, labelsToPrint: i % 3, changedPrice: false };
  }
}

/** Groups of products repeating a barcode in the master shop (document 3 §2.3 'Prodotti ripetuti'). */
function repeatedBarcodes(catalog: CatalogItem[], uid: string, now: Date): SeedDoc[] {
  const [a, b, c] = [catalog[0], catalog[9], catalog[14]];
  if (!a || !b || !c) return [];
  const dup = (id: string, item: CatalogItem, name: string, price: string, quantity: string, extra: Record<string, unknown> = {}): SeedDoc => ({
    collection: COLLECTIONS.scrap,
    id,
    data: { userId: uid, name, code: item.code, barcode: item.barcode, price, quantity, um: 'PZ', iva: item.vat, categories: [item.category], discount: '', changedPrice: false, createdAt: addDays(now, -20), updatedAt: addDays(now, -20), ...extra },
  });
  return [
    dup('scrap-negozio-dup-01', a, 'Parmigiano Reggiano 24m 300 g', '9,20', '4'),
    dup('scrap-negozio-dup-02', b, 'Olio EVO ligure 0,75 l', '€ 12,90', '2'),
    dup('scrap-negozio-dup-03', b, 'OLIO EXTRAVERGINE LIGURE 750ML', '12.50', '1'),
    // A group whose quantities are all zero: the merge keeps the highest price.
    dup('scrap-negozio-dup-04', c, 'Caffè in grani 1 kg (vecchio)', '16,50', '0'),
  ];
}

export function productDocs(ctx: SeedContext): SeedDoc[] {
  const docs: SeedDoc[] = [];
  for (const key of SHOP_ACCOUNT_KEYS) {
    const uid = A[key].uid;
    const catalog = shopCatalog(key);
    catalog.forEach((item, i) => docs.push({ collection: COLLECTIONS.scrap, id: item.id, data: scrapData(item, i, uid, ctx) }));
    if (key === 'owner') {
      const zero = docs.find((d) => d.id === catalog[14]?.id);
      if (zero) zero.data.quantity = 0;
      docs.push(...repeatedBarcodes(catalog, uid, ctx.now));
    }
  }
  return docs;
}
