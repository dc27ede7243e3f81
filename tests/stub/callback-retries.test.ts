/**
 * The stub delivers the provider's callbacks as the provider does (OPENAPI-SDI.md §3.2): a delivery the webhook does
 * not answer 200 — the webhook answers a quarantined one 503 — is kept and delivered again by
 * POST /__stub/retry-callbacks (the stand-in for the provider's timer), until it gets a 200 or the attempts run out.
 */
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_CALLBACK_ATTEMPTS } from '../../scripts/provider-stub/callbacks.ts';
import { postJson, setupStub } from './helpers.ts';

const answers: number[] = [];
const received: string[] = [];
let webhook: http.Server;
let port = 0;

beforeAll(async () => {
  webhook = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => {
      received.push(body);
      res.writeHead(answers.shift() ?? 200, { 'Content-Type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => webhook.listen(0, '127.0.0.1', resolve));
  port = (webhook.address() as { port: number }).port;
});

afterAll(() => new Promise<void>((resolve) => webhook.close(() => resolve())));

const stub = setupStub({ webhook: { get url() { return `http://127.0.0.1:${String(port)}/sdiCallback`; }, authHeader: 'segreto' } });

const invoice = {
  fattura_elettronica_header: {
    dati_trasmissione: { codice_destinatario: 'JKKZDGR', formato_trasmissione: 'FPR12' },
    cedente_prestatore: { dati_anagrafici: { id_fiscale_iva: { id_paese: 'IT', id_codice: '07352910637' }, anagrafica: { denominazione: 'ESPOSITO ELETTRONICA S.R.L.' } } },
    cessionario_committente: { dati_anagrafici: { id_fiscale_iva: { id_paese: 'IT', id_codice: '09999999999' } } },
  },
  fattura_elettronica_body: [{ dati_generali: { dati_generali_documento: { tipo_documento: 'TD01', data: '2026-06-01', numero: 'R-1' } } }],
};

const retry = async () => ((await (await fetch(`${stub().url}/__stub/retry-callbacks`, { method: 'POST' })).json()) as { delivered: { status: number | null }[] }).delivered;

describe('callback retries', () => {
  it('keeps a delivery answered 503 and delivers it again on POST /__stub/retry-callbacks until a 200', async () => {
    answers.push(503, 503);
    received.length = 0;
    expect((await postJson(stub().url, '/simulate/supplier-invoice', invoice)).status).toBe(200);
    expect(stub().state.retryCallbacks).toHaveLength(1);
    expect((await retry()).map((d) => d.status)).toEqual([503]);
    expect((await retry()).map((d) => d.status)).toEqual([200]);
    expect(await retry()).toEqual([]);
    expect(received).toHaveLength(3);
    expect(new Set(received).size).toBe(1);
  });

  it('gives up after the provider\'s number of attempts', async () => {
    answers.push(...Array.from({ length: MAX_CALLBACK_ATTEMPTS + 2 }, () => 503));
    expect((await postJson(stub().url, '/simulate/supplier-invoice', invoice)).status).toBe(200);
    for (let i = 1; i < MAX_CALLBACK_ATTEMPTS; i += 1) expect(await retry()).toHaveLength(1);
    expect(await retry()).toEqual([]);
    answers.length = 0;
  });
});
