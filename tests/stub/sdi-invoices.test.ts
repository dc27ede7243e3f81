import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { startProviderStub } from '../../scripts/provider-stub/server.ts';
import { buildInvoiceXml } from '../../src/domain/fatturapa/builder';
import { input } from '../../src/domain/fatturapa/builder-test-kit';
import { readIncomingJson, readOutgoingXml } from '../../src/domain/fatturapa/reader';
import { loadFatturapaSchemas, loadSample } from '../../src/domain/fatturapa/test-fixtures';
import { validateInvoicesXsd } from '../../src/domain/fatturapa/validate';
import { call, control, envelope, invoiceXml, postJson, postXml, setupStub } from './helpers.ts';

const stub = setupStub();
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

async function sendInvoice(xml = invoiceXml(), path = '/invoices'): Promise<string> {
  const response = await postXml(stub().url, xml, path);
  expect(response.status).toBe(200);
  const body = await envelope(response);
  return (body.data as { uuid: string }).uuid;
}

describe('POST /invoices', () => {
  it('queues a well-formed FatturaPA and answers 200 with the envelope and a uuid', async () => {
    const response = await postXml(stub().url, invoiceXml());
    expect(response.status).toBe(200);
    const body = await envelope(response);
    expect(body).toEqual({ data: { uuid: expect.stringMatching(UUID) as unknown }, success: true, message: '', error: null });
  });

  it('derives the uuid from the body: same sequence of sends gives the same uuids, a re-send gets a new one', async () => {
    const first = await sendInvoice();
    const second = await sendInvoice();
    const other = await sendInvoice(invoiceXml({ numero: '13' }));
    expect(new Set([first, second, other]).size).toBe(3);
    const fresh = await startProviderStub({ port: 0 });
    try {
      const again = await postXml(fresh.url, invoiceXml());
      expect(((await envelope(again)).data as { uuid: string }).uuid).toBe(first);
    } finally {
      await fresh.close();
    }
    stub().state.reset();
    expect(await sendInvoice()).toBe(first);
  });

  it.each([
    ['plain text', 'not xml at all'],
    ['JSON instead of XML', JSON.stringify({ fattura_elettronica_header: {} })],
    ['an empty body', ''],
    ['an unclosed element', '<p:FatturaElettronica><FatturaElettronicaHeader></p:FatturaElettronica>'],
    ['well-formed XML that is not a FatturaPA', '<?xml version="1.0"?><Ordine><Numero>1</Numero></Ordine>'],
  ])('answers 422 / "802" for %s', async (_label, body) => {
    const response = await postXml(stub().url, body);
    expect(response.status).toBe(422);
    expect(await envelope(response)).toEqual({ data: null, success: false, message: 'Parsing error: malformed XML', error: '802' });
    expect(stub().state.invoices.size).toBe(0);
  });

  it('answers 400 / 230 with the exact validator message when codice_destinatario is blank', async () => {
    const response = await postXml(stub().url, invoiceXml({ codiceDestinatario: '' }));
    expect(response.status).toBe(400);
    expect(await envelope(response)).toEqual({
      data: null,
      success: false,
      message: 'An error occurred: fattura_elettronica_header.dati_trasmissione.codice_destinatario: This value should not be blank.',
      error: 230,
    });
  });

  it('answers 400 / 230 naming the blank field for the supplier VAT and the document number', async () => {
    const noVat = await envelope(await postXml(stub().url, invoiceXml({ supplierVat: ' ' })));
    expect(noVat.message).toBe('An error occurred: fattura_elettronica_header.cedente_prestatore.dati_anagrafici.id_fiscale_iva.id_codice: This value should not be blank.');
    const noNumber = await envelope(await postXml(stub().url, invoiceXml({ numero: '' })));
    expect(noNumber.message).toBe('An error occurred: fattura_elettronica_body[0].dati_generali.dati_generali_documento.numero: This value should not be blank.');
  });

  it('validates against the official XSD: a schema violation gets 400 / 230 with the line and xmllint message, nothing is queued', async () => {
    const invalid = invoiceXml().replace('<AliquotaIVA>22.00</AliquotaIVA><ImponibileImporto>', '<AliquotaIVA>22</AliquotaIVA><ImponibileImporto>');
    const response = await postXml(stub().url, invalid);
    expect(response.status).toBe(400);
    const body = await envelope(response);
    expect(body).toMatchObject({ data: null, success: false, error: 230 });
    expect(body.message).toMatch(/^An error occurred: line \d+: .*AliquotaIVA/);
    const noDivisa = await envelope(await postXml(stub().url, invoiceXml().replace('<Divisa>EUR</Divisa>', '')));
    expect(noDivisa.message).toMatch(/^An error occurred: line \d+: .*Divisa/);
    expect(stub().state.invoices.size).toBe(0);
  });

  it('accepts what the engine builds, on every variant', async () => {
    const xml = buildInvoiceXml(input({ number: 'ABCDE-2026-7' }));
    for (const path of ['/invoices', '/invoices_signature']) expect((await postXml(stub().url, xml, path)).status).toBe(200);
  });

  it('an injected failure takes precedence over the schema check (the handler does not run)', async () => {
    const response = await postXml(stub().url, invoiceXml().replace('<Divisa>EUR</Divisa>', ''), '/invoices', { 'X-Stub-Fail': 'http500' });
    expect(response.status).toBe(500);
  });

  it('stores the variants with their signature / legal-storage flags', async () => {
    const signed = await sendInvoice(invoiceXml(), '/invoices_signature');
    const stored = await sendInvoice(invoiceXml(), '/invoices_signature_legal_storage');
    const legal = await sendInvoice(invoiceXml(), '/invoices_legal_storage');
    const read = async (uuid: string) => (await envelope(await call(stub().url, `/invoices/${uuid}`))).data as Record<string, unknown>;
    expect(await read(signed)).toMatchObject({ signed: true, preserved_document: null });
    expect(await read(stored)).toMatchObject({ signed: true, preserved_document: { status: 'to_be_stored' } });
    expect(await read(legal)).toMatchObject({ signed: false, preserved_document: { status: 'to_be_stored' } });
  });
});

describe('GET /invoices, /invoices/{uuid}, /invoices_download, /invoices_notifications', () => {
  it('reads back a sent invoice as Invoice-read, marked "sent"', async () => {
    const xml = invoiceXml({ codiceDestinatario: 'UFY9MH', formato: 'FPA12' });
    const uuid = await sendInvoice(xml);
    const body = await envelope(await call(stub().url, `/invoices/${uuid}`));
    expect(body.success).toBe(true);
    expect(body.data).toMatchObject({
      uuid,
      type: 0,
      created_at: '2026-06-15T10:30:00+00:00',
      payload: xml,
      marking: 'sent',
      notifications: [],
      to_pa: true,
      transmission_format: 'FPA12',
      sender: { business_vat_number_code: '04821730159', business_name: 'FERRAMENTA COLOMBO S.R.L.', head_office_address_zip_code: '20127' },
      recipient: { business_vat_number_code: '02684190370', head_office_address_city: 'BOLOGNA' },
    });
  });

  it('answers 404 / 230 for an unknown uuid on every per-invoice read', async () => {
    for (const path of ['/invoices/nope', '/invoices_notifications/nope']) {
      const response = await call(stub().url, path);
      expect(response.status).toBe(404);
      expect(await envelope(response)).toEqual({ data: null, success: false, message: 'Invalid identifier value or configuration.', error: 230 });
    }
    const download = await call(stub().url, '/invoices_download/nope');
    expect(download.status).toBe(404);
    expect((await envelope(download)).error).toBe(231);
  });

  it('lists by type (0 by default) with sender, recipient, marking and number filters, and rejects a bad type', async () => {
    const a = await sendInvoice(invoiceXml({ numero: '1' }));
    const b = await sendInvoice(invoiceXml({ numero: '2', supplierVat: '09173640583' }));
    const uuids = async (query: string) => ((await envelope(await call(stub().url, `/invoices${query}`))).data as { uuid: string }[]).map((i) => i.uuid);
    expect(await uuids('')).toEqual([a, b]);
    expect(await uuids('?type=0&sender=09173640583')).toEqual([b]);
    expect(await uuids('?recipient=02684190370,99999999999')).toEqual([a, b]);
    expect(await uuids('?invoiceNumber=1')).toEqual([a]);
    expect(await uuids('?marking=delivered')).toEqual([]);
    expect(await uuids('?type=1')).toEqual([]);
    const bad = await call(stub().url, '/invoices?type=2');
    expect(bad.status).toBe(400);
    expect(await envelope(bad)).toEqual({ data: null, success: false, message: 'Invalid value for type. It must be 0 or 1.', error: 520 });
  });

  it('downloads the raw XML and refuses formats it cannot render', async () => {
    const xml = invoiceXml();
    const uuid = await sendInvoice(xml);
    const response = await call(stub().url, `/invoices_download/${uuid}`, { headers: { Accept: 'application/xml' } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/xml');
    expect(await response.text()).toBe(xml);
    const pdf = await call(stub().url, `/invoices_download/${uuid}`, { headers: { Accept: 'application/pdf' } });
    expect(pdf.status).toBe(454);
    expect((await envelope(pdf)).error).toBe(300);
  });

  it('simulates SDI notifications: marking follows the type and notifications are listed', async () => {
    const uuid = await sendInvoice();
    const ns = await postJson(stub().url, '/simulate/customer-notification', { uuid, notification: 'NS' });
    expect(ns.status).toBe(200);
    const notification = (await envelope(ns)).data as { uuid: string; type: string; message: Record<string, unknown> };
    expect(notification.type).toBe('NS');
    expect(notification.message.lista_errori).toEqual({ Errore: { Codice: '00404', Descrizione: 'Fattura duplicata' } });
    const read = (await envelope(await call(stub().url, `/invoices/${uuid}`))).data as { marking: string; notifications: string[] };
    expect(read).toMatchObject({ marking: 'rejected', notifications: [notification.uuid] });
    const list = (await envelope(await call(stub().url, `/invoices_notifications/${uuid}`))).data as { invoice_uuid: string }[];
    expect(list).toEqual([expect.objectContaining({ uuid: notification.uuid, invoice_uuid: uuid, type: 'NS' })]);
    await postJson(stub().url, '/simulate/customer-notification', { uuid, notification: 'RC' });
    expect(stub().state.invoices.get(uuid)?.marking).toBe('delivered');
    const bad = await postJson(stub().url, '/simulate/customer-notification', { uuid, notification: 'XX' });
    expect(bad.status).toBe(400);
  });

  it("serves each notification's original SDI receipt as XML by the notification's uuid", async () => {
    const uuid = await sendInvoice();
    const ns = (await envelope(await postJson(stub().url, '/simulate/customer-notification', { uuid, notification: 'NS', errors: [{ Codice: '00305', Descrizione: 'IdCodice <cessionario> non valido' }] }))).data as { uuid: string };
    const rc = (await envelope(await postJson(stub().url, '/simulate/customer-notification', { uuid, notification: 'RC' }))).data as { uuid: string };
    const xml = async (id: string) => call(stub().url, `/invoices_notifications/${id}`, { headers: { Accept: 'application/xml' } });
    const scarto = await xml(ns.uuid);
    expect(scarto.status).toBe(200);
    expect(scarto.headers.get('content-type')).toMatch(/application\/xml/);
    const scartoText = await scarto.text();
    expect(scartoText).toContain('<ns3:NotificaScarto xmlns:ns3="http://www.fatturapa.gov.it/sdi/messaggi/v1.0"');
    expect(scartoText).toContain('<Errore><Codice>00305</Codice><Descrizione>IdCodice &lt;cessionario&gt; non valido</Descrizione></Errore>');
    expect(await (await xml(rc.uuid)).text()).toMatch(/^<\?xml[^>]*\?><ns3:RicevutaConsegna [^>]*>.*<\/ns3:RicevutaConsegna>$/);
    // The invoice's uuid is not a notification's: as XML it is unknown; as JSON it is the list.
    expect((await xml(uuid)).status).toBe(404);
    expect(((await envelope(await call(stub().url, `/invoices_notifications/${uuid}`))).data as unknown[]).length).toBe(2);
  });

  it('maps NE to accepted-pa / rejected-pa and RC on a PA invoice to delivered-pa', async () => {
    const uuid = await sendInvoice(invoiceXml({ codiceDestinatario: 'UFY9MH', formato: 'FPA12' }));
    await postJson(stub().url, '/simulate/customer-notification', { uuid, notification: 'RC' });
    expect(stub().state.invoices.get(uuid)?.marking).toBe('delivered-pa');
    await postJson(stub().url, '/simulate/customer-notification', { uuid, notification: 'NE', esito: 'EC02' });
    expect(stub().state.invoices.get(uuid)?.marking).toBe('rejected-pa');
  });

  it('simulates a supplier invoice, listed with type=1 and marked received', async () => {
    const payload = {
      fattura_elettronica_header: {
        dati_trasmissione: { codice_destinatario: 'JKKZDGR', formato_trasmissione: 'FPR12' },
        cedente_prestatore: { dati_anagrafici: { id_fiscale_iva: { id_paese: 'IT', id_codice: '07352910637' }, anagrafica: { denominazione: 'ESPOSITO ELETTRONICA S.R.L.' } } },
        cessionario_committente: { dati_anagrafici: { id_fiscale_iva: { id_paese: 'IT', id_codice: '04821730159' } } },
      },
      fattura_elettronica_body: [{ dati_generali: { dati_generali_documento: { tipo_documento: 'TD01', data: '2026-06-01', numero: 'A-77' } } }],
    };
    const response = await postJson(stub().url, '/simulate/supplier-invoice', payload);
    expect(response.status).toBe(200);
    const list = (await envelope(await call(stub().url, '/invoices?type=1'))).data as Record<string, unknown>[];
    expect(list).toEqual([expect.objectContaining({ type: 1, marking: 'received', payload, sender: expect.objectContaining({ business_name: 'ESPOSITO ELETTRONICA S.R.L.' }) as unknown })]);
  });

  it('downloads a simulated supplier invoice as the FatturaPA XML equivalent of the JSON it delivered', async () => {
    const payload = JSON.parse(loadSample('FPR02', 'json')) as Record<string, unknown>;
    const response = await postJson(stub().url, '/simulate/supplier-invoice', payload);
    const { uuid } = (await envelope(response)).data as { uuid: string };
    const download = await call(stub().url, `/invoices_download/${uuid}`, { headers: { Accept: 'application/xml' } });
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe('application/xml');
    const xml = await download.text();
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<p:FatturaElettronica versione="FPR12"/);
    // The same invoice for the app's reader, and valid against the official XSD.
    expect(readOutgoingXml(xml)).toEqual(readIncomingJson(payload));
    expect((await validateInvoicesXsd([xml], loadFatturapaSchemas())).flat()).toEqual([]);
    expect(stub().state.invoices.get(uuid)?.downloaded).toBe(true);
    // The callback carried the SDI file name the download is known by.
    expect(((stub().state.invoices.get(uuid)?.sdi_file_name) ?? '')).toMatch(/^IT10442360961_[0-9A-F]{5}\.xml$/);
  });

  it('takes a supplier file as the SDI delivered it (signed or simplified): the callback carries its JSON, the raw download its bytes', async () => {
    const dir = path.resolve(import.meta.dirname, '../../src/domain/fatturapa/__fixtures__/realworld');
    const p7mName = 'oca__l10n_it_fatturapa_in__IT01234567890_FPR03.xml.p7m';
    const p7m = readFileSync(path.join(dir, p7mName));
    const signed = await postJson(stub().url, '/simulate/supplier-invoice-file', { file_name: p7mName, file_base64: p7m.toString('base64') });
    expect(signed.status).toBe(200);
    const { uuid } = (await envelope(signed)).data as { uuid: string };
    const stored = stub().state.invoices.get(uuid);
    expect(stored).toMatchObject({ type: 1, signed: true, sdi_file_name: expect.stringMatching(/\.xml\.p7m$/) as unknown, recipient: expect.objectContaining({ business_fiscal_code: '03533590174' }) as unknown });
    expect(readIncomingJson(stored?.payload as Record<string, unknown>).map((v) => v.total)).toEqual([30.5, 2440]);
    const raw = await call(stub().url, `/invoices_download/${uuid}`, { headers: { Accept: 'application/octet-stream' } });
    expect(raw.headers.get('content-type')).toBe('application/octet-stream');
    expect(Buffer.from(await raw.arrayBuffer()).equals(p7m)).toBe(true);
    const xml = await (await call(stub().url, `/invoices_download/${uuid}`, { headers: { Accept: 'application/xml' } })).text();
    expect(xml).toContain('<FatturaElettronicaHeader>');
    // The read answer is the contract's Invoice-read: the kept file is not one of its fields.
    expect(Object.keys(((await envelope(await call(stub().url, `/invoices/${uuid}`))).data ?? {}))).not.toContain('rawFile');

    const fsm = readFileSync(path.join(dir, 'oca__l10n_it_fatturapa_in__IT02780790107_11009.xml'));
    const simplified = await postJson(stub().url, '/simulate/supplier-invoice-file', { file_name: 'IT02780790107_11009.xml', file_base64: fsm.toString('base64') });
    const fsmInvoice = stub().state.invoices.get(((await envelope(simplified)).data as { uuid: string }).uuid);
    expect(fsmInvoice).toMatchObject({ signed: false, transmission_format: 'FSM10', sender: expect.objectContaining({ business_vat_number_code: '02780790107', business_name: 'Mario Rossi' }) as unknown, recipient: expect.objectContaining({ business_vat_number_code: '05979361218', business_name: 'ROSSI SPA' }) as unknown });

    // What the SDI would never have accepted is refused, never stored as an empty invoice.
    expect((await postJson(stub().url, '/simulate/supplier-invoice-file', { file_name: 'x.xml.p7m', file_base64: Buffer.from('not a signed file').toString('base64') })).status).toBe(422);
    expect((await postJson(stub().url, '/simulate/supplier-invoice-file', { file_name: 'x.xml' })).status).toBe(400);
  });

  it('fails a supplier invoice download on demand, and answers 500 for a JSON the schema cannot hold', async () => {
    const payload = JSON.parse(loadSample('FPR01', 'json')) as Record<string, unknown>;
    const { uuid } = (await envelope(await postJson(stub().url, '/simulate/supplier-invoice', payload))).data as { uuid: string };
    expect((await control(stub().url, 'POST', '/fail', { route: 'GET /invoices_download/{uuid}', mode: 'http503', times: 1 })).status).toBe(200);
    const failed = await call(stub().url, `/invoices_download/${uuid}`, { headers: { Accept: 'application/xml' } });
    expect(failed.status).toBe(503);
    expect((await call(stub().url, `/invoices_download/${uuid}`, { headers: { Accept: 'application/xml' } })).status).toBe(200);
    expect((await call(stub().url, `/invoices_download/${uuid}`, { headers: { Accept: 'text/html' } })).status).toBe(454);

    const odd = { ...payload, fattura_elettronica_extra: { a: '1' } };
    const { uuid: oddUuid } = (await envelope(await postJson(stub().url, '/simulate/supplier-invoice', odd))).data as { uuid: string };
    const refused = await call(stub().url, `/invoices_download/${oddUuid}`, { headers: { Accept: 'application/xml' } });
    expect(refused.status).toBe(500);
    expect((await envelope(refused)).message).toMatch(/^Cannot render the invoice as XML: .*fattura_elettronica_extra/);
  });
});
