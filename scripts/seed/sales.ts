/**
 * Three months of POS sales per shop (document 1 §3, document 2 §3 and §4.7, document 3 §3), and the daily
 * Z-reports that close them. Older sales use the legacy indexed shape (scrapName{i}...), some with numbers as
 * text; recent ones the new lines[] shape, some marked migrated. Every payment method, voided and preconto
 * sales, automatic and manual POS answers, Cashmatic answers.
 */
import { COLLECTIONS } from '../../src/data/collections';
import { businessDay, businessDayStart, cutoffMinutes, DEFAULT_BUSINESS_DAY_CUTOFF, nextDay } from '../../src/domain/zreport/business-day';
import { DEMO_ACCOUNTS as A, SHOP_ACCOUNT_KEYS, type ShopAccountKey } from './accounts';
import { EMPLOYEES } from './people';
import { shopCatalog, shopSlug, type CatalogItem } from './products';
import { addDays, addMinutes, commaText, daysAgoAt, Rng, round2, type SeedContext, type SeedDoc } from './random';

export const DEFAULT_OWNER_SALES = 1500;

const SALES_PER_SHOP: Record<Exclude<ShopAccountKey, 'owner'>, number> = {
  roles: 400, fewPacks: 200, branch1: 250, branch2: 250, grace: 120, expired: 60, basePlan: 60,
};

const METHODS = [
  ['contanti', 40], ['Contanti', 2], ['bancomat', 18], ['Bancomat', 24], ['fatture', 5], ['preconto', 6], ['Fattura', 2],
] as const;

export interface Line {
  item: CatalogItem;
  qty: number;
  discount: number;
  total: number;
}

type Shape = 'legacy' | 'legacy-text' | 'lines' | 'lines-migrated';

function saleDates({ now, rng }: SeedContext, count: number): Date[] {
  const dates: Date[] = [];
  const today = Math.min(8, count);
  for (let k = 1; k <= today; k++) dates.push(addMinutes(now, -k * 7));
  for (let j = today; j < count; j++) {
    let d = daysAgoAt(now, rng.int(1, 90), rng.int(9, 19), rng.int(0, 59));
    if (d.getDay() === 0) d = addDays(d, -1); // closed on Sunday
    dates.push(d);
  }
  return dates.sort((a, b) => a.getTime() - b.getTime());
}

function shapeFor({ now, rng }: SeedContext, date: Date): Shape {
  const ageDays = (now.getTime() - date.getTime()) / 86_400_000;
  if (ageDays > 45) return rng.chance(0.2) ? 'legacy-text' : 'legacy';
  if (ageDays > 30) return rng.chance(0.5) ? 'lines-migrated' : 'legacy';
  return rng.chance(0.7) ? 'lines' : 'legacy';
}

function buildLines({ rng }: SeedContext, catalog: CatalogItem[]): Line[] {
  const n = rng.weighted([[1, 35], [2, 30], [3, 20], [4, 10], [5, 5]] as const);
  const lines: Line[] = [];
  for (let i = 0; i < n; i++) {
    const item = rng.pick(catalog);
    const qty = item.category === 'Formaggi' && rng.chance(0.15) ? 0.5 : rng.weighted([[1, 70], [2, 22], [3, 8]] as const);
    const discount = rng.chance(0.08) ? 10 : 0;
    lines.push({ item, qty, discount, total: round2(item.price * qty * (1 - discount / 100)) });
  }
  return lines;
}

function legacyFields(lines: Line[], asText: boolean): Record<string, unknown> {
  const out: Record<string, unknown> = { scrapCount: asText ? String(lines.length) : lines.length };
  lines.forEach((l, i) => {
    out[`scrapName${i}`] = l.item.name;
    out[`scrapPrice${i}`] = asText ? commaText(l.item.price) : l.item.price;
    out[`scrapQuantity${i}`] = asText ? String(l.qty).replace('.', ',') : l.qty;
    out[`scrapIva${i}`] = asText ? String(l.item.vat) : l.item.vat;
    out[`scrapCategory${i}`] = l.item.category;
    out[`scrapCode${i}`] = l.item.code;
    if (l.discount > 0) out[`scrapDiscount${i}`] = asText ? String(l.discount) : l.discount;
  });
  return out;
}

export function newFields(lines: Line[], method: string, price: number): Record<string, unknown> {
  const byRate = new Map<number, { gross: number; net: number; vat: number }>();
  const stored = lines.map((l, i) => {
    const net = round2(l.total / (1 + l.item.vat / 100));
    const vat = round2(l.total - net);
    const row = byRate.get(l.item.vat) ?? { gross: 0, net: 0, vat: 0 };
    byRate.set(l.item.vat, { gross: round2(row.gross + l.total), net: round2(row.net + net), vat: round2(row.vat + vat) });
    return {
      lineId: `L${i + 1}`, productRef: l.item.id,
      productSnapshot: { barcode: l.item.barcode, code: l.item.code, name: l.item.name, unitOfMeasure: 'pz', vatRate: l.item.vat },
      qty: l.qty, unitPrice: l.item.price, lineDiscount: l.discount, gross: l.total, net, vat, changedPrice: false, loyaltyEligible: true,
      scrapName: l.item.name, scrapPrice: l.item.price, scrapQuantity: l.qty, scrapIva: l.item.vat, scrapCategory: l.item.category, scrapCode: l.item.code,
      total: l.total,
    };
  });
  const taxBreakdown = [...byRate.entries()].map(([vatRate, t]) => ({ vatRate, ...t }));
  const sum = (k: 'gross' | 'net' | 'vat') => round2(taxBreakdown.reduce((s, t) => s + t[k], 0));
  return {
    lines: stored,
    payment: { method, currency: 'EUR', breakdown: [{ method, amount: price }] },
    totals: { gross: sum('gross'), net: sum('net'), vat: sum('vat') },
    taxBreakdown,
  };
}

const MANUAL_REASONS = ['POS non raggiungibile', 'Terminale scarico', 'Pagamento con terminale di cortesia'];

/** Card-terminal answer: automatic (msgCode 'A'), or one of the manual markers of document 2 §4.7. */
function posFields({ rng }: SeedContext, price: number, tid: string): Record<string, unknown> {
  const kind = rng.weighted([['auto', 68], ['manual-flag', 10], ['manual-b', 6], ['manual-acquirer', 5], ['declined-m', 2], ['none', 9]] as const);
  const amount = Math.round(price * 100);
  switch (kind) {
    case 'auto':
      return { posAnswer: { msgCode: 'A', acquirer: rng.pick(['NEXI', 'WORLDLINE', 'AMEX']), authCode: rng.digits(6), approved: true, terminalId: tid, amount } };
    case 'manual-flag':
      return {
        isManualBancomatSale: true, manualSaleReason: rng.pick(MANUAL_REASONS),
        posAnswer: { msgCode: 'B', acquirer: 'MANUAL_BANCOMAT', authCode: 'MANUAL_BANCOMAT', approved: true },
      };
    case 'manual-b':
      return { posAnswer: { msgCode: 'B', acquirer: 'NEXI', authCode: rng.digits(6), approved: true, terminalId: tid } };
    case 'manual-acquirer':
      return { manualSaleReason: rng.pick(MANUAL_REASONS), posAnswer: { msgCode: '', acquirer: 'MANUAL_BANCOMAT', authCode: '', approved: true } };
    case 'declined-m':
      return { posAnswer: { msgCode: 'M', acquirer: 'NEXI', authCode: '', approved: false, terminalId: tid } };
    default:
      return {};
  }
}

interface DayTotals {
  date: Date;
  total: number;
  cash: number;
  card: number;
  invoice: number;
  receipts: number;
  voids: number;
}

/**
 * The daily closings: one per day with sales, matching the sales. For the main demo shop and the accountant's
 * single-shop branch (commercialista.uno@demo.it), three days to
 * reconcile on /zreport: the last day before today has sales but no closing (the POS never stored it), the day
 * before it a closing 5 euro short in cash, and a closed day (no sales) with a zero closing. The main demo shop
 * (negozio@demo.it) also closed the day before the short day late, the next day at 00:40 Rome time: /zreport
 * shows it reconciled on its business day.
 */
export const ZREPORT_CASH_SHORTFALL = 5;
const RECONCILE_DEMO_SHOPS: readonly ShopAccountKey[] = ['owner', 'branch1'];
/** Minutes after midnight (Rome) of the late closing of the main demo shop. */
export const LATE_CLOSING_MINUTES = 40;

/**
 * The demo shops keep the default cut-off: their days, 'today' included, are business days in Rome (between midnight
 * and 05:00 the current day is still the previous calendar day), as /zreport shows them whenever the seed runs.
 */
const SEED_CUTOFF = cutoffMinutes(DEFAULT_BUSINESS_DAY_CUTOFF) ?? 0;
const seedDay = (date: Date) => businessDay(date, SEED_CUTOFF);

function zReports(key: ShopAccountKey, days: Map<string, DayTotals>, now: Date): SeedDoc[] {
  const today = seedDay(now);
  const docs: SeedDoc[] = [];
  let number = 1200;
  const closedDays = [...days.keys()].filter((d) => d !== today).sort();
  const demo = RECONCILE_DEMO_SHOPS.includes(key);
  const missingDay = demo ? closedDays.at(-1) : undefined;
  const shortDay = demo ? closedDays.at(-2) : undefined;
  const entries = [...days.entries()];
  let zeroDay: string | undefined;
  if (shortDay) {
    // The nearest day before the short day without sales (a Sunday): a zero closing.
    for (let back = 1; back <= 14; back++) {
      const date = addDays(days.get(shortDay)?.date ?? now, -back);
      if (!days.has(seedDay(date))) {
        zeroDay = seedDay(date);
        entries.push([zeroDay, { date, total: 0, cash: 0, card: 0, invoice: 0, receipts: 0, voids: 0 }]);
        break;
      }
    }
  }
  // The closing made after midnight: on calendar days it lands on the next day, which must not be one of the days the
  // reconciliation demo is about (the short, missing or zero day), or the seeded -5,00 € would stop being exactly that
  // whenever the three latest closed days are consecutive (a seed run from Thursday to Monday).
  const lateDay = key === 'owner'
    ? closedDays.slice(0, -2).reverse().find((day) => ![shortDay, missingDay, zeroDay].includes(nextDay(day)))
    : undefined;
  for (const [day, t] of entries.sort(([a], [b]) => a.localeCompare(b))) {
    if (day === today) continue; // not closed yet
    number += 1;
    if (day === missingDay) continue; // the printer closed, the POS never stored the closing
    const short = day === shortDay ? ZREPORT_CASH_SHORTFALL : 0;
    let createdAt = new Date(t.date);
    createdAt.setHours(20, 15, 0, 0);
    // Closed after midnight: 00:40 of the next calendar day in Rome, whatever the seeding machine's zone.
    if (day === lateDay) createdAt = businessDayStart(nextDay(day), LATE_CLOSING_MINUTES);
    const data: Record<string, unknown> = {
      userId: A[key].uid, createdAt, number, total: round2(t.total - short), cashTotal: round2(t.cash - short), cardTotal: round2(t.card),
      invoiceTotal: round2(t.invoice), receiptsCount: t.receipts, voidCount: t.voids,
    };
    if (key === 'owner') data.deviceId = 'A1B2C3D4-4F1C-9A7E-2B8D5E6F7A10';
    docs.push({ collection: COLLECTIONS.zReport, id: `z-${shopSlug(key)}-${day}`, data });
  }
  return docs;
}

function shopSales(ctx: SeedContext, key: ShopAccountKey, count: number): SeedDoc[] {
  const { rng } = ctx;
  const uid = A[key].uid;
  const catalog = shopCatalog(key);
  const employees = ((EMPLOYEES as Partial<Record<ShopAccountKey, readonly { id: string }[]>>)[key] ?? []).map((e) => e.id);
  const days = new Map<string, DayTotals>();
  const docs = saleDates(ctx, count).map((date, n): SeedDoc => {
    const lines = buildLines(ctx, catalog);
    const discounts = rng.chance(0.05) ? 1 : 0;
    const price = round2(lines.reduce((s, l) => s + l.total, 0) - discounts);
    const method = rng.weighted(METHODS);
    const isVoid = rng.chance(0.03);
    const shape = shapeFor(ctx, date);
    const data: Record<string, unknown> = { userId: uid, date, method, isVoid };
    if (employees.length > 0 && rng.chance(0.85)) data.employeeId = rng.pick(employees);
    if (shape === 'legacy' || shape === 'legacy-text') {
      Object.assign(data, legacyFields(lines, shape === 'legacy-text'));
      data.price = shape === 'legacy-text' ? commaText(price) : price;
      if (n % 50 === 7) delete data.scrapCount; // some old documents lack the counter
    } else {
      Object.assign(data, newFields(lines, method, price));
      data.price = price;
      if (shape === 'lines-migrated') Object.assign(data, { migrated: true, migratedAt: addDays(ctx.now, -30) });
    }
    if (discounts > 0) data.discounts = shape === 'legacy-text' ? commaText(discounts) : discounts;
    if (rng.chance(0.3)) data.fidelityPointsEarned = Math.floor(price);
    const lower = method.toLowerCase();
    if (lower === 'bancomat') Object.assign(data, posFields(ctx, price, key === 'owner' ? '30471234' : '30479999'));
    if (lower === 'contanti' && key === 'owner' && rng.chance(0.3)) {
      const inserted = Math.ceil(price / 5) * 5;
      data.cashmaticAnswer = { transactionId: `CM-${rng.digits(8)}`, requested: price, inserted, dispensed: round2(inserted - price), notDispensed: 0, operationPercentage: 100 };
    }
    if (method === 'fatture' && rng.chance(0.5)) data.customerName = rng.pick(['Trattoria Da Gino S.r.l.', 'Hotel Brera S.p.A.', 'Catering Navigli S.n.c.']);
    const day = seedDay(date);
    const t = days.get(day) ?? { date, total: 0, cash: 0, card: 0, invoice: 0, receipts: 0, voids: 0 };
    if (isVoid) t.voids += 1;
    else if (lower !== 'preconto') {
      t.total += price;
      t.receipts += 1;
      if (lower === 'contanti') t.cash += price;
      else if (lower === 'bancomat') t.card += price;
      else t.invoice += price;
    }
    days.set(day, t);
    return { collection: COLLECTIONS.sale, id: `sale-${shopSlug(key)}-${String(n + 1).padStart(6, '0')}`, data };
  });
  return [...docs, ...zReports(key, days, ctx.now)];
}

export function salesDocs(ctx: SeedContext, ownerSales = DEFAULT_OWNER_SALES): SeedDoc[] {
  // One stream per shop, drawn in a fixed order: the owner's size knob never changes the other shops' data.
  const seeds = SHOP_ACCOUNT_KEYS.map(() => Math.floor(ctx.rng.next() * 2 ** 31));
  return SHOP_ACCOUNT_KEYS.flatMap((key, i) =>
    shopSales({ now: ctx.now, rng: new Rng(seeds[i] ?? i) }, key, key === 'owner' ? ownerSales : SALES_PER_SHOP[key]),
  );
}
