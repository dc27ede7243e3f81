import { describe, expect, it } from 'vitest';
import { createCompanyApi, lookupFailureMessage } from './company-api';
import { failureText } from './http';
import { directTransport, proxyTransport, type CallProxy, type ProxyAnswer } from './provider-transport';
import { createSdiApi, sendFailureMessage } from './sdi-api';

const ok = (value: ProxyAnswer): CallProxy => () => Promise.resolve({ kind: 'ok', value });
const json = (status: number, body: unknown, headers: Record<string, string> = {}): ProxyAnswer => ({ kind: 'answer', status, body: JSON.stringify(body), headers: { 'content-type': 'application/json', ...headers } });

describe('proxyTransport: the provider answer through providerProxy, as if fetched directly', () => {
  it('sends the service, the shop, the path and the body, and gives back status, body and headers unchanged', async () => {
    const seen: unknown[] = [];
    const call: CallProxy = (data, options) => {
      seen.push({ data, timeoutMs: options.timeoutMs });
      return Promise.resolve({ kind: 'ok', value: json(302, { data: { state: 'PENDING', id: 'c1' } }, { 'retry-after': '1' }) });
    };
    const answer = await proxyTransport('company', 'shop-1', call)({ path: '/IT-aml/123', timeoutMs: 5000 });
    expect(seen).toEqual([{ data: { service: 'company', method: 'GET', path: '/IT-aml/123', shopId: 'shop-1', timeoutMs: 5000 }, timeoutMs: 35_000 }]);
    expect([answer.status, answer.ok, answer.headers.get('Retry-After'), answer.json]).toEqual([302, false, '1', { data: { state: 'PENDING', id: 'c1' } }]);
  });

  it("passes the provider's refusal through: the screens show the provider's own message", async () => {
    const sdi = createSdiApi({ transport: proxyTransport('sdi', 's', ok(json(402, { data: null, success: false, message: 'Billing error message: Insufficient Credit in Wallet: code 810', error: 611 }))) });
    const result = await sdi.sendInvoice('<xml/>');
    expect(result).toMatchObject({ kind: 'failed', status: 402, message: 'Billing error message: Insufficient Credit in Wallet: code 810' });
  });

  it('a dead provider, a provider time-out and our function unreachable give the same messages as direct mode', async () => {
    const deadDirect = createSdiApi({ baseUrl: 'http://provider', token: 't', fetchImpl: () => Promise.reject(new TypeError('fetch failed')) });
    const direct = await deadDirect.sendInvoice('<xml/>');
    const viaProxy = await createSdiApi({ transport: proxyTransport('sdi', 's', ok({ kind: 'no-answer', reason: 'network' })) }).sendInvoice('<xml/>');
    const functionDown = await createSdiApi({ transport: proxyTransport('sdi', 's', () => Promise.resolve({ kind: 'error', message: 'x', reason: 'network' })) }).sendInvoice('<xml/>');
    expect(direct).toEqual({ kind: 'error', reason: failureText('network') });
    expect(viaProxy).toEqual(direct);
    expect(functionDown).toEqual(direct);
    expect(sendFailureMessage(viaProxy as Exclude<typeof viaProxy, { kind: 'sent' }>)).toBe('Invio fallito: il servizio non è raggiungibile (rete assente o server spento)');

    const timeout = await createCompanyApi({ transport: proxyTransport('company', 's', ok({ kind: 'no-answer', reason: 'timeout' })) }).lookup('123');
    expect(timeout).toEqual({ kind: 'error', reason: failureText('timeout') });
    expect(lookupFailureMessage(timeout as Exclude<typeof timeout, { kind: 'found' }>)).toBe('Errore nella ricerca: il servizio non ha risposto in tempo');
    const callTimeout = await createCompanyApi({ transport: proxyTransport('company', 's', () => Promise.resolve({ kind: 'error', message: 'x', reason: 'timeout' })) }).lookup('123');
    expect(callTimeout).toEqual(timeout);
  });

  it("an unreadable provider body is 'malformed' as in direct mode", async () => {
    const result = await createSdiApi({ transport: proxyTransport('sdi', 's', ok({ kind: 'answer', status: 200, body: '<html>', headers: {} })) }).sendInvoice('<xml/>');
    expect(result).toEqual({ kind: 'error', reason: failureText('malformed') });
  });

  it("the proxy's own refusal (pre-flight, rights) is a failed answer carrying its Italian message", async () => {
    const refused: CallProxy = () => Promise.resolve({ kind: 'failed', status: 'FAILED_PRECONDITION', message: 'La fattura non supera i controlli FatturaPA: …' });
    const result = await createSdiApi({ transport: proxyTransport('sdi', 's', refused) }).sendInvoice('<xml/>');
    expect(result).toMatchObject({ kind: 'failed', status: 422, message: 'La fattura non supera i controlli FatturaPA: …' });
    const denied: CallProxy = () => Promise.resolve({ kind: 'failed', status: 'PERMISSION_DENIED', message: 'Non hai accesso a questo negozio.' });
    const setup = await createSdiApi({ transport: proxyTransport('sdi', 's', denied) }).configureShop({ fiscalId: 'IT01234567890', name: 'N', email: 'e@x.it', callbackUrl: 'http://cb' });
    expect(setup).toEqual({ kind: 'failed', step: 'registry', detail: 'Business registry error: Forbidden (Non hai accesso a questo negozio.)' });
  });

  it("the proxy's per-shop limit (RESOURCE_EXHAUSTED) shows its Italian message on every screen that calls the provider", async () => {
    const message = 'Troppe richieste al provider per questo negozio: riprova tra un minuto.';
    const exhausted: CallProxy = () => Promise.resolve({ kind: 'failed', status: 'RESOURCE_EXHAUSTED', message });
    const sdi = createSdiApi({ transport: proxyTransport('sdi', 's', exhausted) });
    const sent = await sdi.sendInvoice('<xml/>');
    expect(sent).toMatchObject({ kind: 'failed', status: 429, message });
    expect(sendFailureMessage(sent as Exclude<typeof sent, { kind: 'sent' }>)).toBe(`Invio fallito: ${message}`);
    expect(await sdi.findSent('12', '01234567890')).toMatchObject({ kind: 'failed', status: 429, message });
    const setup = await sdi.configureShop({ fiscalId: '01234567890', name: 'N', email: 'e@x.it', callbackUrl: 'http://cb' });
    expect(setup).toEqual({ kind: 'failed', step: 'registry', detail: `Business registry error: Too Many Requests (${message})` });
    const lookup = await createCompanyApi({ transport: proxyTransport('company', 's', exhausted) }).lookup('01234567890');
    expect(lookup).toEqual({ kind: 'error', reason: message });
    expect(lookupFailureMessage(lookup as Exclude<typeof lookup, { kind: 'found' }>)).toBe(`Errore nella ricerca: ${message}`);
    const daily = 'Troppe richieste al provider per questo negozio: riprova domani.';
    const tomorrow = await createCompanyApi({ transport: proxyTransport('company', 's', () => Promise.resolve({ kind: 'failed', status: 'RESOURCE_EXHAUSTED', message: daily })) }).lookup('01234567890');
    expect(lookupFailureMessage(tomorrow as Exclude<typeof tomorrow, { kind: 'found' }>)).toBe(`Errore nella ricerca: ${daily}`);
  });

  it('an aborted call is aborted, without calling the function when already aborted', async () => {
    let calls = 0;
    const controller = new AbortController();
    controller.abort();
    const result = await createSdiApi({ transport: proxyTransport('sdi', 's', () => (calls++, Promise.resolve({ kind: 'error', message: 'x', reason: 'aborted' }))) }).sendInvoice('<xml/>', controller.signal);
    expect([result, calls]).toEqual([{ kind: 'error', reason: failureText('aborted') }, 0]);
  });
});

describe('directTransport (VITE_PROVIDER_MODE=direct)', () => {
  it('calls the provider itself with the bearer token', async () => {
    const seen: { url: string; auth: string | undefined }[] = [];
    const fetchImpl = ((url: string, init: RequestInit) => {
      seen.push({ url, auth: (init.headers as Record<string, string>).Authorization });
      return Promise.resolve(new Response(JSON.stringify({ data: { uuid: 'u1' }, success: true, message: '', error: null }), { status: 200 }));
    }) as typeof fetch;
    const sdi = createSdiApi({ transport: directTransport({ baseUrl: 'https://sdi.example/', token: 'tok', fetchImpl }) });
    expect(await sdi.sendInvoice('<xml/>')).toEqual({ kind: 'sent', uuid: 'u1' });
    expect(seen).toEqual([{ url: 'https://sdi.example/invoices', auth: 'Bearer tok' }]);
  });
});
