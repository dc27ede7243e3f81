/**
 * The accountant's demo month (scripts/seed/month-package.ts) built into its package through the converters, as
 * /month-package builds it: every issued XML valid against the official XSD and stored byte for byte, the broken
 * payload listed with its reason, the rejected invoice apart, the credit note subtracted, the received invoices' original
 * XML byte for byte (and the one without it as the XML written from its JSON, with the reason), the closing short in
 * cash reported, and the written totals equal to the sums the FatturaPA reader computes from the files.
 */
import { unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { BROKEN_INVOICE_ID, monthPackageMonth, MONTH_CLOSING_SHORTFALL, RECEIVED_XML_MISSING } from '../../scripts/seed/month-package';
import { DEMO_ACCOUNTS as A } from '../../scripts/seed/accounts';
import { decodeCsvBytes, parseCsv } from '@/domain/csv/csv';
import { renderDdtPdf } from '@/domain/ddt/pdf';
import { readIncomingJson, readOutgoingXml } from '@/domain/fatturapa/reader';
import { loadFatturapaSchemas } from '@/domain/fatturapa/test-fixtures';
import { validateInvoicesXsd } from '@/domain/fatturapa/validate';
import { FILES, planPackage, writePackage, type PackageSources } from '@/domain/month-package/build';
import { FATTURAPA_SCHEMA } from '@/domain/month-package/package-test-kit';
import { reconciliationProblems, summaryFromFiles } from '@/domain/month-package/reconcile';
import { ddtPdfView } from './ddt-pdf-view';
import { normalizeDdt } from './ddt';
import { normalizeInvoice } from './invoice';
import { isInvoiceOfReceipt, normalizeSale } from './sale';
import { normalizeShop } from './shop';
import { SEED_NOW, storedCollection } from './test-seed';
import { normalizeZReport } from './z-report';

const owner = A.owner.uid;
const { year, month } = monthPackageMonth(SEED_NOW);
const start = new Date(year, month - 1, 1);
const end = new Date(year, month, 1);
const inMonth = (d: Date | undefined) => d !== undefined && d >= start && d < end;

function sources(): PackageSources {
  const shopRaw = storedCollection('Shop').find((s) => s.id === owner);
  const shop = normalizeShop(owner, shopRaw?.raw ?? {});
  const invoices = storedCollection('Invoice').map(({ id, raw }) => normalizeInvoice(id, raw)).filter((i) => i.userId === owner && inMonth(i.date));
  const pkg = (i: (typeof invoices)[number]) => ({
    id: i.id, payload: i.payload, marking: i.marking, markingRaw: i.markingRaw, fileName: i.fileName, rejection: i.marking === 'rejected' ? '00404 Fattura duplicata' : undefined,
    receivedXml: i.receivedXml, receivedXmlMissing: i.receivedXmlMissing,
  });
  const ddts = storedCollection('Ddt').map(({ id, raw }) => normalizeDdt(id, raw)).filter((d) => d.userId === owner && d.kind === 'ddt' && inMonth(d.date));
  return {
    shop: { vatNumber: shop.partitaIva ?? '', name: shop.ragioneSociale || shop.name },
    period: { kind: 'month', year, month },
    invoices: { outgoing: invoices.filter((i) => i.type === 0).map(pkg), incoming: invoices.filter((i) => i.type === 1).map(pkg) },
    ddts: ddts.map((d) => {
      const view = ddtPdfView(d, shop, true);
      return { id: d.id, number: view.number, date: d.date, counterpart: view.recipient.name, stateLabel: view.state, renderPdf: () => new Uint8Array(renderDdtPdf(view).output('arraybuffer')) };
    }),
    closings: storedCollection('ZReport').map(({ id, raw }) => normalizeZReport(id, raw)).filter((z) => z.userId === owner && inMonth(z.createdAt)),
    sales: storedCollection('Sale').map(({ id, raw }) => normalizeSale(id, raw)).filter((s) => s.userId === owner && inMonth(s.date) && !isInvoiceOfReceipt(s)).map((s) => Object.assign(s, { employeeName: 'Luca Ferrari' })),
    cutoff: 300,
    today: '2026-03-16',
    fatturapaSchema: FATTURAPA_SCHEMA,
  };
}

const csv = (bytes: Uint8Array | undefined) => parseCsv(decodeCsvBytes(bytes ?? new Uint8Array()).text).rows;

describe("the accountant's demo month", () => {
  it('builds a package that holds every kind of document and reconciles to the cent', async () => {
    const src = sources();
    const plan = planPackage(src);
    const chunks: Uint8Array[] = [];
    await writePackage(plan, { onChunk: (c) => chunks.push(c) });
    const files = unzipSync(new Uint8Array(await new Blob(chunks as BlobPart[]).arrayBuffer()));
    const names = Object.keys(files);

    const issuedXml = names.filter((n) => /^fatture-emesse\/[^/]+\.xml$/.test(n));
    expect(issuedXml).toHaveLength(4); // three invoices and the credit note; the rejected one is in scartate/
    expect(names.filter((n) => /^fatture-emesse\/scartate\/[^/]+\.xml$/.test(n))).toHaveLength(1);
    // Received: the original XML the webhook kept, byte for byte, and the one without it as the XML of its JSON.
    const receivedXml = names.filter((n) => /^fatture-ricevute\/[^/]+\.xml$/.test(n));
    expect(receivedXml).toHaveLength(3);
    for (const n of receivedXml) expect(n).toMatch(/^fatture-ricevute\/IT\d{11}_RM\d{3}\.xml$/);
    const incoming = 'invoices' in src && 'incoming' in src.invoices ? src.invoices.incoming : [];
    const kept = incoming.flatMap((i) => (i.receivedXml ? [i.receivedXml] : []));
    expect(kept).toHaveLength(2);
    const rebuilt = receivedXml.filter((n) => !kept.some((bytes) => Buffer.from(bytes).equals(Buffer.from(files[n] ?? []))));
    expect(rebuilt).toHaveLength(1);
    const withoutXml = incoming.filter((i) => !i.receivedXml).map((i) => i.payload);
    const rebuiltText = new TextDecoder().decode(files[rebuilt[0] ?? '']);
    expect(withoutXml.map((p) => readIncomingJson(p))).toEqual([readOutgoingXml(rebuiltText)]);
    expect((await validateInvoicesXsd([rebuiltText], loadFatturapaSchemas())).flat()).toEqual([]);
    expect(names.filter((n) => n.endsWith('.json'))).toEqual([]);
    expect(names.filter((n) => n.startsWith('ddt/'))).toHaveLength(2);
    const texts = issuedXml.map((n) => new TextDecoder().decode(files[n]));
    const stored = new Set('invoices' in src && 'outgoing' in src.invoices ? src.invoices.outgoing.map((i) => i.payload) : []);
    for (const t of texts) expect(stored.has(t)).toBe(true);
    expect((await validateInvoicesXsd(texts, loadFatturapaSchemas())).flat()).toEqual([]);

    expect(reconciliationProblems(files)).toEqual([]);
    const summary = summaryFromFiles(files);
    expect(summary.totals.emesse.taxableCents).toBeGreaterThan(0);
    expect(summary.totals.ricevute.taxableCents).toBeGreaterThan(0);

    const index = csv(files[FILES.indice]);
    const broken = index.find((r) => (r['Note'] ?? '').includes(BROKEN_INVOICE_ID));
    expect(broken?.['Note']).toMatch(/^Non inclusa: /);
    expect(index.filter((r) => r['File XML'] === rebuilt[0]).map((r) => r['Note'])).toEqual([`XML ricostruito dal JSON del provider (originale non disponibile: ${RECEIVED_XML_MISSING}).`]);
    expect(index.some((r) => r['Tipo'] === 'Nota di credito emessa' && (r['Imponibile'] ?? '').startsWith('-'))).toBe(true);
    expect(index.some((r) => (r['Note'] ?? '').includes('Scartata dallo SDI: 00404 Fattura duplicata'))).toBe(true);

    const closings = csv(files[FILES.chiusure]);
    expect(closings).toHaveLength(4);
    expect(closings.filter((r) => r['Esito'] === 'Differenza').map((r) => r['Differenza'])).toEqual([`-${String(MONTH_CLOSING_SHORTFALL).replace('.', ',')}`]);
    expect(csv(files[FILES.vendite])).toHaveLength(24);
  }, 60_000);
});
