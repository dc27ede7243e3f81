/**
 * Incoming supplier invoices (Invoice type 1): JSON payload text in the snake_case form of
 * fatturapa/JSON-MAPPING.md, some with a PDF attachment, with the normalised product list, read/paid and
 * warehouse flags (document 2 §3, §4.2). Article codes are the shop's barcodes, so the warehouse import matches.
 */
import { COLLECTIONS } from '../../src/data/collections';
import { DEMO_ACCOUNTS as A, type ShopAccountKey } from './accounts';
import { computeInvoice, renderJson, tinyPdfBase64, type FpDocument, type FpLine, type FpParty } from './fatturapa-template';
import { shopParty } from './invoice-common';
import { shopCatalog } from './products';
import { addDays, addMinutes, daysAgoAt, isoDate, partitaIva, type SeedContext, type SeedDoc } from './random';

interface Supplier {
  party: FpParty;
  /** Indexes in the buyer shop's catalog, and extra products the shop does not stock yet. */
  catalog: number[];
  extra: [name: string, netPrice: number, vat: number][];
}

const supplier = (denominazione: string, first10: string, indirizzo: string, cap: string, comune: string, provincia: string): FpParty => ({
  denominazione, partitaIva: partitaIva(first10), indirizzo, cap, comune, provincia, nazione: 'IT',
});

const FOOD_SUPPLIERS: Supplier[] = [
  { party: supplier('Caseificio Val Taleggio S.r.l.', '0212345016', 'Via Roma 12', '24010', 'Taleggio', 'BG'), catalog: [0, 1, 2], extra: [['Gorgonzola dolce DOP 250g', 2.35, 4]] },
  { party: supplier('Oleificio Ligure S.p.A.', '0098765008', 'Via Aurelia 140', '18100', 'Imperia', 'IM'), catalog: [9, 12], extra: [['Olive taggiasche in olio 180g', 3.1, 4]] },
  { party: supplier('Distribuzione Bevande Lombarde S.r.l.', '0334455096', 'Viale Italia 560', '20099', 'Sesto San Giovanni', 'MI'), catalog: [18, 19, 20, 21, 22], extra: [] },
  { party: supplier('Pastificio Artigiano Gragnano S.r.l.', '0455667063', 'Via Roma 88', '80054', 'Gragnano', 'NA'), catalog: [6, 7], extra: [['Fusilli di Gragnano 500g', 1.15, 4]] },
  { party: supplier("Cartotecnica Brianza S.n.c. di Sala & C.", '0566778096', 'Via Matteotti 7', '20851', 'Lissone', 'MB'), catalog: [30], extra: [['Sacchetti carta kraft (100 pz)', 9.8, 22], ['Carta regalo rotolo 50m', 6.4, 22]] },
];

const HARDWARE_SUPPLIER: Supplier = {
  party: supplier('Utensileria Piemontese S.r.l.', '0677889001', 'Strada del Drosso 30', '10135', 'Torino', 'TO'), catalog: [0, 1, 2, 3, 5], extra: [['Chiave inglese regolabile 250mm', 7.9, 22]],
};

interface InSpec {
  supplier: Supplier;
  days: number;
  marking: 'received' | 'paid';
  flags?: Record<string, unknown>;
  pdf?: boolean;
  /** Stored as an object instead of JSON text (an older writer): the converter turns it back into text. */
  objectPayload?: boolean;
}

function fs(i: number): Supplier {
  const s = FOOD_SUPPLIERS[i % FOOD_SUPPLIERS.length];
  if (!s) throw new Error('no supplier');
  return s;
}

function specs(key: ShopAccountKey, now: Date): InSpec[] {
  if (key === 'fewPacks') return [{ supplier: HARDWARE_SUPPLIER, days: 12, marking: 'received', pdf: true }];
  if (key === 'roles') return [0, 2, 3].map((s, i) => ({ supplier: fs(s), days: 60 - i * 25, marking: i === 0 ? 'paid' : 'received', flags: { newInvoice: i === 2 } }));
  if (key === 'branch1') return [{ supplier: fs(2), days: 20, marking: 'received' }];
  const days = [85, 78, 70, 64, 55, 47, 40, 33, 26, 18, 9, 2, 1];
  return days.map((d, i): InSpec => ({
    supplier: fs(i),
    days: d,
    marking: d > 40 && i % 2 === 0 ? 'paid' : 'received',
    pdf: i % 3 === 0,
    objectPayload: i === 4,
    flags: {
      newInvoice: d <= 10,
      ...(i === 1 || i === 3 || i === 5 ? { addedToWarehouse: true } : {}),
      ...(i === 6 ? { addedToWarehouse: true, addedToWarehouseManually: true, manualWarehouseMarkDate: addDays(now, -30) } : {}),
      ...(i === 0 || i === 7 ? { customerAlreadyExist: true } : {}),
    },
  }));
}

function lines({ rng }: SeedContext, key: ShopAccountKey, s: Supplier): FpLine[] {
  const catalog = shopCatalog(key);
  const out: FpLine[] = [];
  for (const idx of s.catalog) {
    const item = catalog[idx];
    if (!item || (out.length > 0 && rng.chance(0.3))) continue;
    out.push({
      descrizione: item.name.toUpperCase(),
      quantita: rng.pick([6, 12, 24, 36]),
      prezzoUnitario: Math.round((item.price * 0.55 * 10000) / (1 + item.vat / 100)) / 10000,
      aliquota: item.vat,
      codiceArticolo: { tipo: 'EAN', valore: item.barcode },
      unitaMisura: 'PZ',
      scontoPercentuale: rng.chance(0.2) ? 5 : undefined,
    });
  }
  for (const [name, price, vat] of s.extra) out.push({ descrizione: name, quantita: rng.pick([4, 10, 20]), prezzoUnitario: price, aliquota: vat, unitaMisura: 'PZ' });
  return out;
}

function shopIncoming(ctx: SeedContext, key: ShopAccountKey, startProgressivo: number): SeedDoc[] {
  const { now, rng } = ctx;
  return specs(key, now).map((spec, i): SeedDoc => {
    const date = daysAgoAt(now, spec.days, 8, 0);
    const numero = `${rng.int(100, 999)}/${date.getFullYear() % 100}`;
    const doc: FpDocument = {
      formato: 'FPR12', progressivo: `R${String(startProgressivo + i).padStart(5, '0')}`, codiceDestinatario: 'JKKZDGR',
      seller: spec.supplier.party, buyer: shopParty(key), tipo: 'TD01', data: isoDate(date), numero,
      lines: lines(ctx, key, spec.supplier),
      payment: { condizioni: 'TP02', modalita: 'MP05', scadenza: isoDate(addDays(date, 30)), iban: 'IT02L1234512345123456789012' },
    };
    if (spec.pdf) {
      doc.allegato = { nome: `Fattura_${numero.replace('/', '-')}.pdf`, base64: tinyPdfBase64([spec.supplier.party.denominazione ?? '', `Fattura n. ${numero} del ${doc.data}`, `Cliente: ${doc.buyer.denominazione ?? ''}`]) };
    }
    const computed = computeInvoice(doc);
    const json = renderJson(doc);
    const uuid = rng.uuid();
    return {
      collection: COLLECTIONS.invoice,
      id: uuid,
      data: {
        uuid, userId: A[key].uid, type: 1, status: 'received', payload: spec.objectPayload ? json : JSON.stringify(json),
        marking: spec.marking, newInvoice: false, createdAt: addMinutes(date, 75), date, total: computed.totale,
        items: computed.lines.map((l) => ({ code: l.codiceArticolo?.valore ?? '', description: l.descrizione, quantity: l.quantita, um: l.unitaMisura ?? 'PZ', unitPrice: l.prezzoUnitario, iva: l.aliquota, totalPrice: l.prezzoTotale })),
        ...spec.flags,
      },
    };
  });
}

export function incomingInvoiceDocs(ctx: SeedContext): SeedDoc[] {
  return [...shopIncoming(ctx, 'owner', 1), ...shopIncoming(ctx, 'roles', 101), ...shopIncoming(ctx, 'fewPacks', 201), ...shopIncoming(ctx, 'branch1', 301)];
}
