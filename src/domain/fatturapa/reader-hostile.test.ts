/**
 * Hostile invoice payloads: incoming invoices arrive from outside (the provider's callback), outgoing
 * XML may be edited by hand. Whatever arrives, the reader answers with a view or an InvoiceReadError in Italian:
 * never a TypeError, never an entity expansion, never a hang.
 */
import { describe, expect, it } from 'vitest';
import { InvoiceReadError, readIncomingJson, readOutgoingXml } from './reader';
import { loadSample } from './test-fixtures';

function readError(read: () => unknown): string {
  try {
    read();
  } catch (error) {
    if (error instanceof InvoiceReadError) return error.message;
    throw error;
  }
  return 'nessun errore';
}

describe('hostile incoming JSON', () => {
  it('malformed text or a non-invoice is refused in Italian', () => {
    expect(readError(() => readIncomingJson('{"fattura_elettronica_header": '))).toBe('Il contenuto della fattura non è un JSON valido.');
    expect(readError(() => readIncomingJson('[1,2,3]'))).toBe('Il contenuto non è una fattura elettronica (manca fattura_elettronica_header).');
    expect(readError(() => readIncomingJson('null'))).toBe('Il contenuto non è una fattura elettronica (manca fattura_elettronica_header).');
  });

  it('wrong types in every place are read as missing, not thrown', () => {
    const weird = {
      fattura_elettronica_header: { cedente_prestatore: 42, cessionario_committente: ['x'], dati_trasmissione: 'testo' },
      fattura_elettronica_body: [
        { dati_generali: { dati_generali_documento: { numero: { a: 1 }, data: 7, importo_totale_documento: 'molto' } }, dati_beni_servizi: { dettaglio_linee: 'nessuna', dati_riepilogo: [null, 3] } },
        'non un corpo',
        null,
      ],
    };
    const views = readIncomingJson(JSON.stringify(weird));
    expect(views.length).toBeGreaterThanOrEqual(1);
    for (const view of views) {
      expect(typeof view.number).toBe('string');
      expect(Array.isArray(view.lines)).toBe(true);
    }
  });

  it('a 20 MB payload is read whole (a hang would hit the test timeout)', () => {
    const header = { cedente_prestatore: { dati_anagrafici: { anagrafica: { denominazione: 'Fornitore' } } } };
    const body = { dati_generali: { dati_generali_documento: { numero: '1', data: '2026-11-01' } }, dati_beni_servizi: { dettaglio_linee: [{ numero_linea: 1, descrizione: 'x'.repeat(20 * 1024 * 1024), prezzo_totale: '1.00' }] } };
    const [view] = readIncomingJson(JSON.stringify({ fattura_elettronica_header: header, fattura_elettronica_body: body }));
    expect(view?.lines[0]?.description.length).toBe(20 * 1024 * 1024);
  });
});

describe('hostile outgoing XML', () => {
  it('entity tricks (billion laughs, external entities) are refused, never expanded', () => {
    const laughs = `<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">]><FatturaElettronica>&lol2;</FatturaElettronica>`;
    expect(readError(() => readOutgoingXml(laughs))).toMatch(/^Il file XML della fattura non è leggibile: Dichiarazione DOCTYPE o costrutto non ammesso/);
    const external = `<?xml version="1.0"?><!DOCTYPE x [<!ENTITY xxe SYSTEM "file:///etc/passwd">]><FatturaElettronica>&xxe;</FatturaElettronica>`;
    expect(readError(() => readOutgoingXml(external))).toMatch(/DOCTYPE/);
    expect(readError(() => readOutgoingXml('<FatturaElettronica>&xxe;</FatturaElettronica>'))).toMatch(/^Il file XML della fattura non è leggibile/);
  });

  it('malformed XML and a foreign root are refused in Italian', () => {
    expect(readError(() => readOutgoingXml('<FatturaElettronica><a></FatturaElettronica>'))).toMatch(/^Il file XML della fattura non è leggibile/);
    expect(readError(() => readOutgoingXml('<html><body/></html>'))).toBe('Il file non è una fattura elettronica (elemento radice html).');
    expect(readError(() => readOutgoingXml(''))).toMatch(/^Il file XML della fattura non è leggibile/);
  });

  it('a real invoice padded to 20 MB is read whole', () => {
    const sample = loadSample('FPR01');
    const padded = sample.replace('</Descrizione>', `${'y'.repeat(20 * 1024 * 1024)}</Descrizione>`);
    const [view] = readOutgoingXml(padded);
    expect(view?.lines[0]?.description.length).toBeGreaterThan(20 * 1024 * 1024);
  });
});
