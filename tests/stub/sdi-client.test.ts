// The app's SDI client (src/lib/sdi-api.ts) against the stub: every answer of POST /invoices, failures included,
// ends in one of the kinds the send screens turn into the texts of document 2 §8.
import { describe, expect, it } from 'vitest';
import { createSdiApi, sendFailureMessage, type SdiSendResult } from '../../src/lib/sdi-api';
import { DEFAULT_TOKEN } from '../../scripts/provider-stub/server.ts';
import { control, invoiceXml, postJson, setupStub } from './helpers';

const stub = setupStub();
const client = (token = DEFAULT_TOKEN, requestTimeoutMs = 5000) => createSdiApi({ baseUrl: `${stub().url}/`, token, requestTimeoutMs });
const message = (result: SdiSendResult) => (result.kind === 'sent' ? 'sent' : sendFailureMessage(result));
const fail = (route: string, mode: string) => postJson(stub().url, '/__stub/fail', { route, mode, times: 1 });

describe('SDI client: sendInvoice', () => {
  it('sends the XML as application/xml with the bearer token and returns the uuid', async () => {
    const result = await client().sendInvoice(invoiceXml());
    expect(result.kind).toBe('sent');
    const uuid = result.kind === 'sent' ? result.uuid : '';
    expect(stub().state.invoices.get(uuid)?.marking).toBe('sent');
    const log = (await (await control(stub().url, 'GET', '/requests?route=POST%20/invoices')).json()) as { requests: { headers: Record<string, string>; body: string }[] };
    expect(log.requests[0]?.headers['content-type']).toBe('application/xml');
    expect(log.requests[0]?.headers.authorization).toBe(`Bearer ${DEFAULT_TOKEN}`);
    expect(log.requests[0]?.body).toBe(invoiceXml());
  });

  it('keeps status, message and raw body of a refused invoice', async () => {
    const result = await client().sendInvoice(invoiceXml({ codiceDestinatario: '' }));
    expect(result).toEqual({
      kind: 'failed',
      status: 400,
      message: 'An error occurred: fattura_elettronica_header.dati_trasmissione.codice_destinatario: This value should not be blank.',
      rawBody: expect.stringContaining('"error":230') as unknown,
    });
    expect(message(result)).toBe('Invio fallito: An error occurred: fattura_elettronica_header.dati_trasmissione.codice_destinatario: This value should not be blank.');
    const malformed = await client().sendInvoice('not xml');
    expect(malformed).toMatchObject({ kind: 'failed', status: 422, message: 'Parsing error: malformed XML' });
  });

  it('reports a wrong token, an empty wallet and a provider outage as failed with their status', async () => {
    expect(await client('wrong').sendInvoice(invoiceXml())).toMatchObject({ kind: 'failed', status: 401, message: 'Wrong Token' });
    await fail('POST /invoices', 'http402');
    expect(await client().sendInvoice(invoiceXml())).toMatchObject({ kind: 'failed', status: 402, message: 'Billing error message: Insufficient Credit in Wallet: code 810' });
    await fail('POST /invoices', 'http500');
    const outage = await client().sendInvoice(invoiceXml());
    expect(outage).toMatchObject({ kind: 'failed', status: 500 });
    expect(outage.kind === 'failed' && outage.rawBody).toContain('"success":false');
  });

  it('gives the spec message for an answer without a usable uuid', async () => {
    await fail('POST /invoices', 'no-uuid');
    const result = await client().sendInvoice(invoiceXml());
    expect(result).toEqual({ kind: 'invalid-answer' });
    expect(message(result)).toBe('Errore: risposta server non valida durante invio fattura');
  });

  it('reports a dropped connection, an unreadable answer and a time-out as errors', async () => {
    await fail('POST /invoices', 'network');
    expect(message(await client().sendInvoice(invoiceXml()))).toBe('Invio fallito: il servizio non è raggiungibile (rete assente o server spento)');
    await fail('POST /invoices', 'malformed');
    expect(message(await client().sendInvoice(invoiceXml()))).toBe('Invio fallito: il servizio ha dato una risposta non leggibile');
    await fail('POST /invoices', 'timeout');
    expect(message(await client(DEFAULT_TOKEN, 400).sendInvoice(invoiceXml()))).toBe('Invio fallito: il servizio non ha risposto in tempo');
  });

  it('stops when the caller aborts', async () => {
    const controller = new AbortController();
    controller.abort();
    expect(await client().sendInvoice(invoiceXml(), controller.signal)).toEqual({ kind: 'error', reason: 'richiesta annullata' });
  });
});

describe('SDI client: status and configurations', () => {
  it('reads the marking of a sent invoice, and not-found for an unknown uuid', async () => {
    const sent = await client().sendInvoice(invoiceXml());
    const uuid = sent.kind === 'sent' ? sent.uuid : '';
    await postJson(stub().url, '/simulate/customer-notification', { uuid, notification: 'NS' });
    const status = await client().invoiceStatus(uuid);
    expect(status).toMatchObject({ kind: 'ok', value: { uuid, marking: 'rejected', createdAt: '2026-06-15T10:30:00+00:00' } });
    expect(await client().invoiceStatus('nope')).toEqual({ kind: 'not-found' });
    await fail('GET /invoices/{uuid}', 'http500');
    expect(await client().invoiceStatus(uuid)).toMatchObject({ kind: 'failed', status: 500 });
    await fail('GET /invoices/{uuid}', 'malformed');
    expect(await client().invoiceStatus(uuid)).toEqual({ kind: 'error', reason: 'il servizio ha dato una risposta non leggibile' });
  });

  it('lists and reads business registry configurations', async () => {
    expect(await client().listConfigurations()).toEqual({ kind: 'ok', value: [] });
    await postJson(stub().url, '/business_registry_configurations', { fiscal_id: '04821730159', name: 'FERRAMENTA COLOMBO S.R.L.', email: 'sdi@colombo.it', apply_signature: false, apply_legal_storage: false });
    const list = await client().listConfigurations();
    expect(list).toMatchObject({ kind: 'ok', value: [{ fiscalId: '04821730159', name: 'FERRAMENTA COLOMBO S.R.L.', email: 'sdi@colombo.it', applySignature: false, applyLegalStorage: false, active: true }] });
    expect(await client().getConfiguration('IT04821730159')).toMatchObject({ kind: 'ok', value: { fiscalId: '04821730159' } });
    expect(await client().getConfiguration('09173640583')).toEqual({ kind: 'not-found' });
    await fail('GET /business_registry_configurations', 'network');
    expect((await client().listConfigurations()).kind).toBe('error');
  });
});

describe('SDI client: what a lost answer or a failed check leaves', () => {
  const setup = { fiscalId: '04821730159', name: 'Ferramenta Colombo', email: 'colombo@example.test', callbackUrl: 'https://example.test/sdiCallback' };

  it('findSent finds an invoice queued behind an unreadable answer, by number and sender', async () => {
    await fail('POST /invoices', 'malformed');
    const lost = await client().sendInvoice(invoiceXml());
    expect(lost).toMatchObject({ kind: 'error' });
    const [queued] = [...stub().state.invoices.values()];
    const found = await client().findSent(queued?.invoice_number ?? '', queued?.sender.business_vat_number_code ?? '');
    expect(found).toEqual({ kind: 'ok', value: [expect.objectContaining({ uuid: queued?.uuid, marking: 'sent' })] });
    expect(await client().findSent('NON-ESISTE-1', queued?.sender.business_vat_number_code ?? '')).toEqual({ kind: 'ok', value: [] });
  });

  it('configureShop: a failed registry check is reported as such, and nothing is created behind it', async () => {
    await fail('GET /business_registry_configurations/{fiscal_id}', 'http500');
    expect(await client().configureShop(setup)).toEqual({ kind: 'failed', step: 'registry', detail: 'Business registry error: Internal Server Error (Internal Server Error)' });
    expect(stub().state.registry.size).toBe(0);
    // A set-up whose registry call lost its answer completes on the next try, with one registry entry.
    await fail('POST /business_registry_configurations', 'malformed');
    expect(await client().configureShop(setup)).toMatchObject({ kind: 'failed', step: 'registry' });
    expect(await client().configureShop(setup)).toEqual({ kind: 'configured' });
    expect(stub().state.registry.size).toBe(1);
    expect(stub().state.apiConfigs.get('04821730159')?.callbacks.map((c) => c.event)).toEqual(['supplier-invoice', 'customer-notification']);
  });
});
