import { describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS as A } from '../../scripts/seed/accounts';
import { checkInvoiceSemantics, validateInvoicesXsd } from '@/domain/fatturapa/validate';
import { loadFatturapaSchemas } from '@/domain/fatturapa/test-fixtures';
import { readIncomingJson, readOutgoingXml } from '@/domain/fatturapa/reader';
import { normalizeInvoice, payloadKind, RECEIVED_XML_FIELDS, receivedXmlPending, receivedXmlUpdate, toFirestoreInvoice, toMarking } from './invoice';
import { storedCollection } from './test-seed';

// The accountant's demo month (seed/month-package.ts) is checked apart: it holds one deliberately broken payload.
const invoices = storedCollection('Invoice').map(({ id, raw }) => ({ id, raw, inv: normalizeInvoice(id, raw) })).filter((i) => !i.id.startsWith('mese-'));
const outgoing = invoices.filter((i) => i.inv.type === 0);
const incoming = invoices.filter((i) => i.inv.type === 1);

describe('Invoice converter', () => {
  it('reads outgoing invoices with XML payloads and every marking', () => {
    expect(outgoing.length).toBeGreaterThan(10);
    for (const { id, inv } of outgoing) {
      expect(inv.uuid).toBe(id);
      expect(inv.payloadKind).toBe('xml');
      expect(inv.userId).toBe(A.owner.uid);
      expect(inv.total).toBeGreaterThan(0);
    }
    const markings = new Set(outgoing.map((o) => o.inv.marking));
    expect([...markings].sort()).toEqual(['delivered', 'not-delivered', 'paid', 'received', 'rejected', 'sent']);
    expect(outgoing.filter((o) => o.inv.reverted).map((o) => o.inv.marking)).toEqual(['rejected', 'rejected']);
    const reissue = outgoing.find((o) => o.inv.originalInvoiceUUID && /-R1<\/Numero>/.test(o.inv.payload));
    expect(reissue?.inv.marking).toBe('delivered');
    expect(outgoing.some((o) => o.inv.payload.includes('<TipoDocumento>TD04</TipoDocumento>'))).toBe(true);
  });

  it('reads incoming invoices with JSON payload text (or an object saved by an older writer)', () => {
    expect(incoming.length).toBeGreaterThan(10);
    for (const { raw, inv } of incoming) {
      expect(inv.payloadKind).toBe('json');
      expect(typeof inv.payload).toBe('string');
      const parsed = JSON.parse(inv.payload) as Record<string, unknown>;
      expect(Object.keys(parsed)).toEqual(['fattura_elettronica_header', 'fattura_elettronica_body']);
      expect(inv.items.length).toBeGreaterThan(0);
      expect(inv.items.every((p) => p.description !== '' && p.quantity > 0 && p.unitPrice > 0)).toBe(true);
      if (typeof raw.payload !== 'string') expect(parsed).toEqual(raw.payload);
    }
    expect(incoming.some((i) => typeof i.raw.payload !== 'string')).toBe(true);
    expect(incoming.some((i) => i.inv.newInvoice) && incoming.some((i) => !i.inv.newInvoice)).toBe(true);
    expect(new Set(incoming.map((i) => i.inv.marking))).toEqual(new Set(['received', 'paid']));
    expect(incoming.some((i) => i.inv.addedToWarehouse && !i.inv.addedToWarehouseManually)).toBe(true);
    const manual = incoming.find((i) => i.inv.addedToWarehouseManually);
    expect(manual?.inv.manualWarehouseMarkDate).toBeInstanceOf(Date);
    expect(incoming.some((i) => i.inv.customerAlreadyExist)).toBe(true);
  });

  it('flags the PDF attachments, and they are valid PDFs', () => {
    const withPdf = incoming.filter((i) => i.inv.hasAttachment);
    expect(withPdf.length).toBeGreaterThan(0);
    expect(incoming.some((i) => !i.inv.hasAttachment)).toBe(true);
    for (const { inv } of withPdf) {
      const [view] = readIncomingJson(inv.payload);
      const attachment = view?.attachments[0];
      expect(attachment?.name).toMatch(/\.pdf$/);
      const pdf = atob(attachment?.base64 ?? '');
      expect(pdf.startsWith('%PDF-1.4')).toBe(true);
      expect(pdf.trimEnd().endsWith('%%EOF')).toBe(true);
      // The xref offsets point at the objects.
      const xrefAt = Number(/startxref\n(\d+)/.exec(pdf)?.[1]);
      expect(pdf.slice(xrefAt, xrefAt + 4)).toBe('xref');
      const offsets = [...pdf.slice(xrefAt).matchAll(/^(\d{10}) 00000 n $/gm)].map((m) => Number(m[1]));
      offsets.forEach((o, i) => expect(pdf.slice(o, o + `${i + 1} 0 obj`.length)).toBe(`${i + 1} 0 obj`));
    }
  });

  it('reads marking variants and payload kinds', () => {
    expect(toMarking('Not_Delivered')).toBe('not-delivered');
    expect(toMarking('notDelivered')).toBe('not-delivered');
    expect(toMarking(' PAID ')).toBe('paid');
    expect(toMarking('quarantena')).toBeUndefined();
    const unknown = normalizeInvoice('u', { marking: 'quarantena', payload: '' });
    expect(unknown).toMatchObject({ marking: undefined, markingRaw: 'quarantena', payloadKind: 'none', type: 0 });
    expect(payloadKind('  <?xml')).toBe('xml');
    expect(payloadKind('{"a":1}')).toBe('json');
    expect(payloadKind('garbage')).toBe('unknown');
    expect(normalizeInvoice('j', { payload: '{"x":1}' }).type).toBe(1); // no type: guessed from the payload
    expect(normalizeInvoice('t', { type: '1', payload: '<x/>' }).type).toBe(1);
  });

  it("reads the webhook's marking fields (the notification type that set it and when) and writes them back under the same names", () => {
    const at = new Date('2026-06-02T10:05:00Z');
    const inv = normalizeInvoice('n', { marking: 'Rejected', markingNotification: ' ns ', markingNotifiedAt: at, payload: '<x/>' });
    expect(inv).toMatchObject({ marking: 'rejected', markingRaw: 'Rejected', markingNotification: 'NS', markingNotifiedAt: at });
    expect(toFirestoreInvoice(inv)).toMatchObject({ marking: 'rejected', markingNotification: 'NS', markingNotifiedAt: at });
    expect(normalizeInvoice('o', { marking: 'sent', payload: '<x/>' })).toMatchObject({ markingNotification: undefined, markingNotifiedAt: undefined });
  });

  it('round-trips every seeded invoice', () => {
    for (const { id, inv } of invoices) expect(normalizeInvoice(id, toFirestoreInvoice(inv))).toEqual(inv);
  });
});

describe("a received invoice's original XML (receivedXml)", () => {
  const month = storedCollection('Invoice').filter(({ id }) => id.startsWith('mese-fattura-ricevuta-')).map(({ id, raw }) => normalizeInvoice(id, raw));

  it('reads the bytes the web SDK returns, the reason and the attempts; nothing on invoices older than it', () => {
    const kept = month.filter((i) => i.receivedXml !== undefined);
    expect(kept).toHaveLength(2);
    for (const inv of kept) {
      expect(inv.receivedXml).toBeInstanceOf(Uint8Array);
      // The same document as the JSON the callback delivered.
      expect(readOutgoingXml(new TextDecoder().decode(inv.receivedXml))).toEqual(readIncomingJson(inv.payload));
      expect(inv).toMatchObject({ receivedXmlMissing: undefined, receivedXmlRetry: false, receivedXmlAttempts: 1 });
      expect(inv.receivedXmlCheckedAt).toBeInstanceOf(Date);
    }
    expect(month.find((i) => i.receivedXml === undefined)).toMatchObject({ receivedXmlMissing: expect.stringMatching(/^il provider non è raggiungibile/) as unknown, receivedXmlAttempts: 5 });
    expect(incoming[0]?.inv).toMatchObject({ receivedXml: undefined, receivedXmlMissing: undefined, receivedXmlRetry: false, receivedXmlAttempts: 0 });
  });

  it('round-trips, and the webhook writes it with the same names (pending at creation, then stored or missing)', () => {
    for (const inv of month) expect(normalizeInvoice(inv.id, toFirestoreInvoice(inv))).toEqual(inv);
    const at = new Date('2026-06-01T10:00:00Z');
    const xml = new TextEncoder().encode('<x/>');
    expect(normalizeInvoice('p', { type: 1, payload: '{}', ...receivedXmlPending(at) })).toMatchObject({ receivedXmlMissing: 'non ancora scaricato dal provider', receivedXmlRetry: true, receivedXmlAttempts: 0, receivedXmlCheckedAt: at });
    const stored = receivedXmlUpdate({ kind: 'stored', bytes: xml }, 2, at);
    expect(stored).toEqual({ receivedXml: xml, receivedXmlMissing: null, receivedXmlRetry: false, receivedXmlAttempts: 2, receivedXmlCheckedAt: at });
    expect(normalizeInvoice('s', { type: 1, ...stored })).toMatchObject({ receivedXml: xml, receivedXmlMissing: undefined, receivedXmlRetry: false });
    const missing = receivedXmlUpdate({ kind: 'missing', reason: 'il provider ha risposto 503', retry: true }, 1, at);
    expect(normalizeInvoice('m', { type: 1, ...missing })).toMatchObject({ receivedXml: undefined, receivedXmlMissing: 'il provider ha risposto 503', receivedXmlRetry: true, receivedXmlAttempts: 1, receivedXmlCheckedAt: at });
    expect([...Object.keys(stored), ...Object.keys(missing), ...Object.keys(receivedXmlPending(at))].every((k) => (RECEIVED_XML_FIELDS as readonly string[]).includes(k))).toBe(true);
  });
});

describe('Seeded FatturaPA payloads', () => {
  const xmls = [
    ...outgoing.map((o) => o.inv.payload),
    ...storedCollection('Sale').map((s) => s.raw.invoicePayload).filter((p): p is string => typeof p === 'string'),
  ];

  it('every XML is valid against the official XSD 1.2.3 and passes the semantic checks', async () => {
    expect(xmls.length).toBeGreaterThan(20);
    const problems = await validateInvoicesXsd(xmls, loadFatturapaSchemas());
    expect(problems.flat()).toEqual([]);
    expect(xmls.flatMap((x) => checkInvoiceSemantics(x))).toEqual([]);
  }, 60_000);

  it('outgoing XML and incoming JSON read into views with the stored totals', () => {
    for (const { inv } of outgoing) {
      const [view] = readOutgoingXml(inv.payload);
      expect(view?.total).toBeCloseTo(inv.total ?? NaN, 2);
    }
    for (const { inv } of incoming) {
      const [view] = readIncomingJson(inv.payload);
      expect(view?.total).toBeCloseTo(inv.total ?? NaN, 2);
      expect(view?.lines.length).toBe(inv.items.length);
    }
  });
});
