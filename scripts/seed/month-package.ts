/**
 * The accountant's demo month: a calendar month of the main demo shop (negozio@demo.it) that makes its
 * 'Pacchetto del mese' worth opening. It is the month five months before the seed's: older than every other
 * seeded document (sales, invoices and DDTs reach 90 days back at most), so no other screen's figures or spec
 * change with it, and /month-package shows it alone when that month is chosen.
 *
 * It holds: four issued invoices (two rates, one to a public administration) and a credit note, one invoice
 * rejected by the SDI (with its ApiLog reason), one issued invoice whose stored payload is broken (the package
 * lists it with the reason), three supplier invoices (JSON as the provider delivers them, one with its PDF; two with
 * the original XML the webhook keeps, one whose download failed, so the package shows the XML it writes from the
 * JSON and the reason), two DDTs invoiced later, and four days of counter sales with their closings, the third
 * 12,50 € short in cash.
 */
import { COLLECTIONS } from '../../src/data/collections';
import { MAX_XML_ATTEMPTS } from '../../src/domain/provider-callbacks/received-xml';
import { DEMO_ACCOUNTS as A } from './accounts';
import { OWNER_CUSTOMERS, type DemoCustomer } from './customers';
import { computeInvoice, renderJson, renderXml, tinyPdfBase64, type FpDocument, type FpLine } from './fatturapa-template';
import { customerCode, customerParty, invoiceNumber, saleLine, shopParty } from './invoice-common';
import { shopCatalog, type CatalogItem } from './products';
import { newFields, type Line } from './sales';
import { addDays, addMinutes, isoDate, partitaIva, round2, type SeedContext, type SeedDoc } from './random';

/** The demo month: five calendar months before `now`'s. */
export function monthPackageMonth(now: Date): { year: number; month: number } {
  const first = new Date(now.getFullYear(), now.getMonth() - 5, 1);
  return { year: first.getFullYear(), month: first.getMonth() + 1 };
}

/** The id of the issued invoice whose payload is broken (the package lists it with its reason). */
export const BROKEN_INVOICE_ID = 'mese-fattura-illeggibile';
/** The stored payload of that invoice: an XML cut short (a write interrupted by an old app version). */
export const BROKEN_PAYLOAD = '<?xml version="1.0" encoding="UTF-8"?>\n<p:FatturaElettronica versione="FPR12" xmlns:p="http://ivaservizi.agenziaentrate.gov.it/docs/xsd/fatture/v1.2"><FatturaElettronicaHeader><DatiTrasmissione>';
/** The supplier invoice of the month without its original XML (the provider could not be reached: XML written from its JSON). */
export const RECEIVED_WITHOUT_XML_ID = 'mese-fattura-ricevuta-2';
/** Why that invoice has no XML, as the webhook records it (src/domain/provider-callbacks/received-xml.ts). */
export const RECEIVED_XML_MISSING = `il provider non è raggiungibile (rete assente o server spento); tentativi esauriti (${MAX_XML_ATTEMPTS})`;
/** The cash shortfall of the month's third closing. */
export const MONTH_CLOSING_SHORTFALL = 12.5;

interface IssuedSpec {
  id: string;
  n: string;
  cust: number;
  day: number;
  marking: string;
  items: [index: number, qty: number][];
  creditFor?: string;
}

const ISSUED: IssuedSpec[] = [
  { id: 'mese-fattura-1', n: 'M1', cust: 0, day: 3, marking: 'delivered', items: [[0, 4], [30, 2]] },
  { id: 'mese-fattura-2', n: 'M2', cust: 1, day: 7, marking: 'paid', items: [[5, 10], [18, 6]] },
  { id: 'mese-fattura-3', n: 'M3', cust: 2, day: 12, marking: 'rejected', items: [[9, 3]] },
  { id: 'mese-fattura-4', n: 'M4', cust: 0, day: 14, marking: 'delivered', items: [[2, 5], [20, 12]] },
  { id: 'mese-nota-credito-1', n: 'M-NC1', cust: 1, day: 18, marking: 'delivered', items: [[18, 2]], creditFor: 'mese-fattura-2' },
];

function customer(i: number): DemoCustomer {
  const c = OWNER_CUSTOMERS[i];
  if (!c) throw new Error(`no demo customer ${i}`);
  return c;
}

function item(catalog: CatalogItem[], i: number): CatalogItem {
  const it = catalog[i % catalog.length];
  if (!it) throw new Error('empty catalog');
  return it;
}

export function monthPackageDocs({ now }: SeedContext): SeedDoc[] {
  const uid = A.owner.uid;
  const { year, month } = monthPackageMonth(now);
  const at = (day: number, hour: number, minute = 0) => new Date(year, month - 1, day, hour, minute);
  const catalog = shopCatalog('owner');
  const docs: SeedDoc[] = [];
  const issued = new Map<string, { number: string; date: Date }>();

  ISSUED.forEach((spec, i) => {
    const c = customer(spec.cust);
    const date = at(spec.day, 10, 30);
    const number = invoiceNumber('owner', year, spec.n);
    const related = spec.creditFor ? issued.get(spec.creditFor) : undefined;
    const pa = customerCode(c).length === 6;
    const doc: FpDocument = {
      formato: pa ? 'FPA12' : 'FPR12', progressivo: `M${String(i + 1).padStart(4, '0')}`, codiceDestinatario: customerCode(c),
      pecDestinatario: customerCode(c) === '0000000' && typeof c.data.pec === 'string' ? c.data.pec : undefined,
      seller: shopParty('owner'), buyer: customerParty(c), tipo: related ? 'TD04' : 'TD01', data: isoDate(date), numero: number,
      related: related && { numero: related.number, data: isoDate(related.date) },
      lines: spec.items.map(([index, qty]) => saleLine(item(catalog, index), qty)),
      payment: { condizioni: 'TP02', modalita: pa ? 'MP23' : 'MP05', scadenza: isoDate(addDays(date, 30)), iban: pa ? undefined : 'IT60X0542811101000000123456' },
    };
    issued.set(spec.id, { number, date });
    const xml = renderXml(doc);
    docs.push({
      collection: COLLECTIONS.invoice,
      id: spec.id,
      data: {
        uuid: spec.id, userId: uid, type: 0, status: 'sent', payload: xml, marking: spec.marking, newInvoice: false, createdAt: date, date, total: computeInvoice(doc).totale,
        ...(spec.marking === 'rejected' ? { reverted: true } : {}),
        ...(spec.creditFor ? { originalInvoiceUUID: spec.creditFor } : {}),
      },
    });
    if (spec.marking === 'rejected') {
      docs.push({
        collection: COLLECTIONS.apiLog,
        id: `apilog-${spec.id}`,
        data: {
          userId: uid, functionName: 'customer-notification', timestamp: addMinutes(date, 95),
          details: { invoiceId: spec.id, newMarking: 'rejected', body: { message: 'Notifica di scarto', errors: [{ code: '00404', description: 'Fattura duplicata', suggestion: 'Usare un nuovo numero.' }] } },
        },
      });
    }
  });
  docs.push({
    collection: COLLECTIONS.invoice,
    id: BROKEN_INVOICE_ID,
    data: { uuid: BROKEN_INVOICE_ID, userId: uid, type: 0, status: 'sent', payload: BROKEN_PAYLOAD, marking: 'delivered', newInvoice: false, createdAt: at(20, 9), date: at(20, 9), total: 48.8 },
  });

  // Supplier invoices, in the provider's JSON (one with the supplier's PDF attached), with the original XML the
  // webhook downloads and keeps (receivedXml, the same document as the JSON), except the second: its download failed.
  const cheese = { denominazione: 'Caseificio Val Taleggio S.r.l.', partitaIva: partitaIva('0212345016'), indirizzo: 'Via Roma 12', cap: '24010', comune: 'Taleggio', provincia: 'BG', nazione: 'IT' };
  const oil = { denominazione: 'Oleificio Ligure S.p.A.', partitaIva: partitaIva('0098765008'), indirizzo: 'Via Aurelia 140', cap: '18100', comune: 'Imperia', provincia: 'IM', nazione: 'IT' };
  const supplierInvoices: { supplier: typeof cheese; lines: FpLine[] }[] = [
    { supplier: cheese, lines: [{ descrizione: 'TALEGGIO DOP KG', quantita: 6, prezzoUnitario: 9.8, aliquota: 4, unitaMisura: 'KG' }, { descrizione: 'Sacchetti carta kraft (100 pz)', quantita: 2, prezzoUnitario: 9.8, aliquota: 22, unitaMisura: 'PZ' }] },
    { supplier: cheese, lines: [{ descrizione: 'GORGONZOLA DOLCE DOP 250G', quantita: 24, prezzoUnitario: 2.35, aliquota: 4, unitaMisura: 'PZ' }] },
    { supplier: oil, lines: [{ descrizione: 'OLIO EXTRAVERGINE TAGGIASCO 0,75L', quantita: 12, prezzoUnitario: 8.45, aliquota: 4, unitaMisura: 'PZ' }, { descrizione: 'Latta regalo serigrafata', quantita: 12, prezzoUnitario: 1.9, aliquota: 22, unitaMisura: 'PZ' }] },
  ];
  supplierInvoices.forEach(({ supplier, lines }, i) => {
    const date = at(5 + i * 11, 8);
    const numero = `${410 + i}/${year % 100}`;
    const progressivo = `RM${String(i + 1).padStart(3, '0')}`;
    const doc: FpDocument = {
      formato: 'FPR12', progressivo, codiceDestinatario: 'JKKZDGR', seller: supplier, buyer: shopParty('owner'),
      tipo: 'TD01', data: isoDate(date), numero, lines, payment: { condizioni: 'TP02', modalita: 'MP05', scadenza: isoDate(addDays(date, 30)), iban: 'IT02L1234512345123456789012' },
    };
    if (i === 0) doc.allegato = { nome: `Fattura_${numero.replace('/', '-')}.pdf`, base64: tinyPdfBase64([supplier.denominazione, `Fattura n. ${numero} del ${doc.data}`]) };
    const computed = computeInvoice(doc);
    const id = `mese-fattura-ricevuta-${i + 1}`;
    const checkedAt = addMinutes(date, 76);
    docs.push({
      collection: COLLECTIONS.invoice,
      id,
      data: {
        uuid: id, userId: uid, type: 1, status: 'received', payload: JSON.stringify(renderJson(doc)), marking: i === 0 ? 'paid' : 'received', newInvoice: false,
        createdAt: addMinutes(date, 75), date, total: computed.totale, addedToWarehouse: true, fileName: `IT${supplier.partitaIva}_${progressivo}.xml`,
        items: computed.lines.map((l) => ({ code: '', description: l.descrizione, quantity: l.quantita, um: l.unitaMisura ?? 'PZ', unitPrice: l.prezzoUnitario, iva: l.aliquota, totalPrice: l.prezzoTotale })),
        ...(id === RECEIVED_WITHOUT_XML_ID
          ? { receivedXmlMissing: RECEIVED_XML_MISSING, receivedXmlRetry: false, receivedXmlAttempts: MAX_XML_ATTEMPTS, receivedXmlCheckedAt: checkedAt }
          : { receivedXml: new TextEncoder().encode(renderXml(doc)), receivedXmlRetry: false, receivedXmlAttempts: 1, receivedXmlCheckedAt: checkedAt }),
      },
    });
  });

  // Two DDTs of the month, invoiced afterwards (numbers of their own, far from the year's 11/1…).
  const gino = customer(0).data;
  [[90, 4], [91, 13]].forEach(([progressive, day], i) => {
    const date = at(day ?? 1, 9, 30);
    docs.push({
      collection: COLLECTIONS.ddt,
      id: `mese-ddt-${i + 1}`,
      data: {
        userId: uid, kind: 'ddt', year, date, transportStart: addMinutes(date, 30), porto: 'franco', aspetto: 'Scatole', notes: '', createdAt: addMinutes(date, -60), updatedAt: addMinutes(date, 30),
        progressive, number: `11/${progressive}`, confirmedAt: addMinutes(date, 30), state: 'fatturato', invoiceId: 'mese-fattura-4', invoicedAt: at(14, 12),
        customerId: 'cust-negozio-01', recipient: gino, causale: 'Vendita', transportBy: 'mittente', colli: 1 + i, peso: 4 + i,
        lines: [item(catalog, 2 + i)].map((p) => ({ productId: p.id, code: p.code, description: p.name, um: 'PZ', quantity: 5, unitPrice: p.price, vatRate: p.vat })),
      },
    });
  });

  // Four days of counter sales and their closings; the third closing is short in cash.
  const methods = ['contanti', 'Bancomat', 'contanti', 'bancomat', 'Contanti', 'Satispay'];
  let closingNumber = 900;
  [6, 7, 8, 9].forEach((day, d) => {
    const totals = { total: 0, cash: 0, card: 0, invoice: 0, receipts: 0, voids: 0 };
    for (let s = 0; s < 6; s++) {
      const lines: Line[] = [item(catalog, d * 6 + s), item(catalog, d * 6 + s + 11)].map((it, k) => ({ item: it, qty: 1 + ((s + k) % 2), discount: 0, total: round2(it.price * (1 + ((s + k) % 2))) }));
      const price = round2(lines.reduce((sum, l) => sum + l.total, 0));
      const method = methods[s % methods.length] ?? 'contanti';
      const isVoid = d === 1 && s === 5;
      const date = at(day, 9 + s, 10 + d);
      docs.push({
        collection: COLLECTIONS.sale,
        id: `mese-vendita-${day}-${s + 1}`,
        data: { userId: uid, date, method, isVoid, employeeId: s % 2 === 0 ? 'emp-negozio-luca' : 'emp-negozio-sara', ...newFields(lines, method, price), price },
      });
      if (isVoid) {
        totals.voids += 1;
        continue;
      }
      totals.total += price;
      totals.receipts += 1;
      if (method.toLowerCase() === 'contanti') totals.cash += price;
      else if (method.toLowerCase() === 'bancomat') totals.card += price;
    }
    const short = d === 2 ? MONTH_CLOSING_SHORTFALL : 0;
    closingNumber += 1;
    docs.push({
      collection: COLLECTIONS.zReport,
      id: `z-mese-${isoDate(at(day, 12))}`,
      data: {
        userId: uid, createdAt: at(day, 20, 15), number: closingNumber, total: round2(totals.total - short), cashTotal: round2(totals.cash - short), cardTotal: round2(totals.card),
        invoiceTotal: 0, receiptsCount: totals.receipts, voidCount: totals.voids, deviceId: 'A1B2C3D4-4F1C-9A7E-2B8D5E6F7A10',
      },
    });
  });
  return docs;
}
