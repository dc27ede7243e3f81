/**
 * Outgoing invoices (Invoice type 0, XML payload) with every marking, their Sale documents, versions reissued
 * after a rejection ('-R1'), credit notes (TD04, 'Nota di Credito'), drafts (Sale with invoiceUUID ''), merged
 * ('grouped'), deleted and permanently deleted drafts, and the ApiLog rejections (document 2 §3–§4).
 */
import { COLLECTIONS } from '../../src/data/collections';
import { DEMO_ACCOUNTS as A, type ShopAccountKey } from './accounts';
import { OWNER_CUSTOMERS, type DemoCustomer } from './customers';
import { computeInvoice, renderXml, type FpDocument } from './fatturapa-template';
import { customerCode, customerParty, draftItem, invoiceNumber, saleLine, shopParty, type Issued, type Picked } from './invoice-common';
import { shopCatalog, type CatalogItem } from './products';
import { addDays, addMinutes, daysAgoAt, isoDate, round2, type SeedContext, type SeedDoc } from './random';
import { apiLogDocs } from './api-logs';

interface OutSpec {
  key: string;
  n: number | string;
  cust: number;
  marking: string;
  days: number;
  reverted?: boolean;
  /** Reissue of this invoice (number gets its base + the suffix). */
  reissueOf?: string;
  /** Credit note correcting this invoice. */
  creditFor?: string;
}

const OUTGOING: OutSpec[] = [
  { key: 'i28', n: 28, cust: 0, marking: 'paid', days: 80 },
  { key: 'i29', n: 29, cust: 1, marking: 'delivered', days: 70 },
  { key: 'A', n: 30, cust: 2, marking: 'rejected', days: 62, reverted: true },
  { key: 'B', n: 'R1', cust: 2, marking: 'delivered', days: 60, reissueOf: 'A' },
  { key: 'C', n: 31, cust: 3, marking: 'rejected', days: 40, reverted: true },
  { key: 'i32', n: 32, cust: 4, marking: 'delivered', days: 35 },
  { key: 'i33', n: 33, cust: 0, marking: 'rejected', days: 20 },
  { key: 'D', n: 34, cust: 1, marking: 'delivered', days: 18 },
  { key: 'i35', n: 35, cust: 5, marking: 'not-delivered', days: 15 },
  { key: 'i36', n: 36, cust: 6, marking: 'received', days: 10 },
  { key: 'i37', n: 37, cust: 0, marking: 'sent', days: 3 },
  { key: 'i38', n: 38, cust: 2, marking: 'sent', days: 1 },
  { key: 'F', n: 39, cust: 3, marking: 'delivered', days: 25 },
  { key: 'i40', n: 40, cust: 1, marking: 'paid', days: 45 },
  { key: 'i41', n: 41, cust: 0, marking: 'delivered', days: 5 },
  { key: 'E', n: 'NC-1', cust: 1, marking: 'delivered', days: 12, creditFor: 'D' },
];

function customer(i: number): DemoCustomer {
  const c = OWNER_CUSTOMERS[i];
  if (!c) throw new Error(`no demo customer ${i}`);
  return c;
}

function pickItems({ rng }: SeedContext, catalog: CatalogItem[]): Picked[] {
  const n = rng.int(1, 4);
  return Array.from({ length: n }, () => ({ item: rng.pick(catalog), qty: rng.int(1, 10) }));
}

function fpDoc(key: ShopAccountKey, c: DemoCustomer, picked: Picked[], number: string, date: Date, progressivo: number, related?: Issued): FpDocument {
  const code = customerCode(c);
  const pa = code.length === 6;
  return {
    formato: pa ? 'FPA12' : 'FPR12',
    progressivo: `S${String(progressivo).padStart(5, '0')}`,
    codiceDestinatario: code,
    pecDestinatario: code === '0000000' && typeof c.data.pec === 'string' ? c.data.pec : undefined,
    seller: shopParty(key),
    buyer: customerParty(c),
    tipo: related ? 'TD04' : 'TD01',
    data: isoDate(date),
    numero: number,
    related: related && { numero: related.number, data: isoDate(related.date) },
    lines: picked.map((p) => saleLine(p.item, p.qty)),
    payment: { condizioni: 'TP02', modalita: pa ? 'MP23' : 'MP05', scadenza: isoDate(addDays(date, pa ? 30 : 7)), iban: pa ? undefined : 'IT60X0542811101000000123456' },
  };
}

function saleFields(key: ShopAccountKey, c: DemoCustomer, picked: Picked[], date: Date, total: number): Record<string, unknown> {
  const pa = customerCode(c).length === 6;
  return {
    userId: A[key].uid, customerId: c.id, shopId: A[key].uid, date, createdAt: date, updatedAt: date,
    items: picked.map((p) => draftItem(p.item, p.qty)), total, price: total,
    condizioniPagamento: 'TP02', paymentMethod: pa ? 'MP23' : 'MP05', dueDate: isoDate(addDays(date, pa ? 30 : 7)),
  };
}

const grossTotal = (picked: Picked[]) => round2(picked.reduce((s, p) => s + p.item.price * p.qty, 0));

export function outgoingDocs(ctx: SeedContext): { docs: SeedDoc[]; issued: Map<string, Issued> } {
  const { now, rng } = ctx;
  const key: ShopAccountKey = 'owner';
  const uid = A[key].uid;
  const catalog = shopCatalog(key);
  const docs: SeedDoc[] = [];
  const issued = new Map<string, Issued>();
  const SEEDED_NOTIFICATION: Record<string, string> = { delivered: 'RC', rejected: 'NS', 'not-delivered': 'MC', paid: 'RC' };
  OUTGOING.forEach((spec, i) => {
    const c = customer(spec.cust);
    const date = daysAgoAt(now, spec.days, 10, 30);
    const base = spec.reissueOf ? issued.get(spec.reissueOf) : undefined;
    const related = spec.creditFor ? issued.get(spec.creditFor) : undefined;
    const picked = base?.picked ?? related?.picked ?? pickItems(ctx, catalog);
    const number = base ? `${base.number}-${spec.n}` : invoiceNumber(key, date.getFullYear(), spec.n);
    const doc = fpDoc(key, c, picked, number, date, i + 1, related);
    const xml = renderXml(doc);
    const total = computeInvoice(doc).totale;
    const uuid = rng.uuid();
    const inv: Issued = { uuid, number, date, picked, customer: c, xml, total };
    issued.set(spec.key, inv);
    docs.push({
      collection: COLLECTIONS.invoice,
      id: uuid,
      data: {
        uuid, userId: uid, type: 0, status: 'sent', payload: xml, marking: spec.marking, newInvoice: false, createdAt: date, date, total,
        ...(spec.reverted ? { reverted: true } : {}),
        ...(base ? { originalInvoiceUUID: base.uuid } : related ? { originalInvoiceUUID: related.uuid } : {}),
        // What the webhook records with an SDI outcome: the notification and its time (the deadlines count from it).
        ...(SEEDED_NOTIFICATION[spec.marking] ? { markingNotification: SEEDED_NOTIFICATION[spec.marking], markingNotifiedAt: addMinutes(date, 90) } : {}),
      },
    });
    if (spec.key === 'A' || spec.key === 'C') return; // their Sale became the reissue (B) / the '-R1' draft
    docs.push({
      collection: COLLECTIONS.sale,
      id: `inv-negozio-${number.split('-').slice(2).join('-').toLowerCase()}`,
      data: {
        ...saleFields(key, c, picked, date, total), method: related ? 'Nota di Credito' : 'Fattura', invoiceUUID: uuid, invoiceNumber: number,
        invoicePayload: xml, ...(base ? { originalInvoiceUUID: base.uuid } : related ? { originalInvoiceUUID: related.uuid } : {}),
      },
    });
  });
  return { docs, issued };
}

function draftDocs(ctx: SeedContext, issued: Map<string, Issued>): SeedDoc[] {
  const { now } = ctx;
  const key: ShopAccountKey = 'owner';
  const catalog = shopCatalog(key);
  const year = now.getFullYear();
  const draft = (id: string, n: number | string, cust: number, days: number, extra: Record<string, unknown> = {}, picked = pickItems(ctx, catalog)): SeedDoc => {
    const c = customer(cust);
    const date = daysAgoAt(now, days, 11, 15);
    return {
      collection: COLLECTIONS.sale,
      id,
      data: { ...saleFields(key, c, picked, date, grossTotal(picked)), method: 'Fattura', invoiceUUID: '', invoiceNumber: typeof n === 'number' ? invoiceNumber(key, year, n) : n, deleted: false, ...extra },
    };
  };
  const withPayload = (d: SeedDoc, c: DemoCustomer, picked: Picked[], progressivo: number, related?: Issued): SeedDoc => {
    const doc = fpDoc(key, c, picked, String(d.data.invoiceNumber), d.data.date as Date, progressivo, related);
    d.data.invoicePayload = renderXml(doc);
    return d;
  };
  const groupedPicked = pickItems(ctx, catalog);
  const survivorPicked = [...pickItems(ctx, catalog), ...groupedPicked];
  const c42 = pickItems(ctx, catalog);
  const docs = [
    withPayload(draft('draft-negozio-42', 42, 0, 2, {}, c42), customer(0), c42, 101),
    draft('draft-negozio-43', 43, 0, 1),
    draft('draft-negozio-44', 44, 1, 4, { updatedAt: daysAgoAt(now, 1, 9, 0) }, survivorPicked),
    draft('draft-negozio-45', 45, 1, 6, { invoiceUUID: 'grouped', invoiceGrouped: 'draft-negozio-44' }, groupedPicked),
    draft('draft-negozio-46', 46, 4, 3, { paymentMethod: 'MP23', customer: { ...customer(4).data, id: customer(4).id } }),
    draft('draft-negozio-47', 47, 7, 2, { customer: customer(7).id }),
    draft('draft-negozio-25', 25, 0, 30, { deleted: true, deletedAt: addDays(now, -20), permanentlyDeleted: true, permanentlyDeletedAt: addDays(now, -10) }),
    draft('draft-negozio-26', 26, 2, 15, { deleted: true, deletedAt: addDays(now, -6) }),
    draft('draft-negozio-27', 27, 6, 9, { deleted: true, deletedAt: addDays(now, -2) }),
  ];
  // Legacy due-date field name on the PA draft.
  const pa = docs[4];
  if (pa) {
    pa.data.dataScadenzaPagamento = pa.data.dueDate;
    delete pa.data.dueDate;
  }
  const noId = docs[5];
  if (noId) delete noId.data.customerId;
  // A draft written by the POS app: legacy indexed lines and a purely numeric number.
  const posPicked = pickItems(ctx, catalog);
  const posDraft = draft('draft-negozio-48', '48', 5, 0, {}, posPicked);
  delete posDraft.data.items;
  posDraft.data.scrapCount = posPicked.length;
  posPicked.forEach((p, i) => Object.assign(posDraft.data, { [`scrapName${i}`]: p.item.name, [`scrapPrice${i}`]: p.item.price, [`scrapQuantity${i}`]: p.qty, [`scrapIva${i}`]: p.item.vat, [`scrapCode${i}`]: p.item.code }));
  docs.push(posDraft);
  const c = issued.get('C');
  if (c) {
    docs.push(draft('draft-negozio-31-r1', `${c.number}-R1`, 3, 1, { originalInvoiceUUID: c.uuid, createdAt: c.date }, c.picked));
  }
  const f = issued.get('F');
  if (f) {
    const nc = draft('draft-negozio-nc-2', invoiceNumber(key, year, 'NC-2'), 3, 0, { method: 'Nota di Credito', originalInvoiceUUID: f.uuid }, f.picked);
    docs.push(withPayload(nc, f.customer, f.picked, 102, f));
  }
  return docs;
}

export function outgoingInvoiceDocs(ctx: SeedContext): SeedDoc[] {
  const { docs, issued } = outgoingDocs(ctx);
  return [...docs, ...draftDocs(ctx, issued), ...apiLogDocs(ctx, issued)];
}

export type { Issued };
