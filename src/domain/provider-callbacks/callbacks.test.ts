import { describe, expect, it } from 'vitest';
import { invoiceXmlToJsonForm } from '../fatturapa/reader';
import { loadRealworld, loadSample } from '../fatturapa/test-fixtures';
import { xmlBytesToText } from '../fatturapa/xml-bytes';
import { eventKey, markingFor, normalizeFiscalId, parseCallback, readErrors } from './callbacks';

const payload = () => JSON.parse(loadSample('FPR01', 'json')) as Record<string, unknown>;

describe('parseCallback: supplier-invoice', () => {
  it('reads the documented shape: uuid, recipient ids, total, lines', () => {
    const result = parseCallback({ event: 'supplier-invoice', data: { invoice: { uuid: 'u-1', created_at: '2024-02-02T11:47:44+00:00', filename: 'IT1_1.xml', file_id: 622, payload: payload() } } });
    expect(result.ok).toBe(true);
    if (!result.ok || result.callback.kind !== 'supplier-invoice') throw new Error('kind');
    const cb = result.callback;
    expect(cb.uuid).toBe('u-1');
    expect(cb.createdAt?.toISOString()).toBe('2024-02-02T11:47:44.000Z');
    expect(cb.recipientIds).toEqual(['09876543210']);
    expect(cb.number).toBe('123');
    expect(cb.date).toBe('2014-12-18');
    expect(cb.total).toBeGreaterThan(0);
    expect(cb.items.length).toBeGreaterThan(0);
    expect(cb.items[0]?.description).not.toBe('');
    expect(cb.payload.fattura_elettronica_header).toBeDefined();
  });

  it('accepts the older shape without the payload level and a VAT number as a number with IT prefix', () => {
    const p = payload();
    const header = p.fattura_elettronica_header as Record<string, Record<string, Record<string, unknown>>>;
    header.cessionario_committente!.dati_anagrafici!.id_fiscale_iva = { id_paese: 'IT', id_codice: 12345678901 };
    const result = parseCallback({ event: 'supplier-invoice', data: { invoice: { uuid: 'u-2', ...p } } });
    if (!result.ok || result.callback.kind !== 'supplier-invoice') throw new Error('kind');
    expect(result.callback.recipientIds).toEqual(['12345678901', '09876543210']);
    expect(result.callback.payload.uuid).toBeUndefined();
  });

  it('reads a simplified invoice (FSM10): recipient from IdentificativiFiscali, supplier, total, its line', () => {
    const fsm = invoiceXmlToJsonForm(xmlBytesToText(loadRealworld('oca__l10n_it_fatturapa_in__IT02780790107_11009.xml')));
    const result = parseCallback({ event: 'supplier-invoice', data: { invoice: { uuid: 'u-fsm', filename: 'IT02780790107_11009.xml', payload: fsm } } });
    if (!result.ok || result.callback.kind !== 'supplier-invoice') throw new Error(result.ok ? 'kind' : result.reason);
    expect(result.callback).toMatchObject({ recipientIds: ['05979361218'], supplierName: 'Mario Rossi', number: '16', date: '2022-07-16', total: 272.23 });
    expect(result.callback.items).toEqual([{ description: 'Provvigioni II trimestre 2022', quantity: 1, unitPrice: 272.23, iva: 0, totalPrice: 272.23 }]);
  });

  it('refuses, naming the file, a payload that reads as no invoice (no supplier, no lines)', () => {
    const empty = { fattura_elettronica_header: { dati_trasmissione: { formato_trasmissione: 'FPR12' } }, fattura_elettronica_body: [{ dati_generali: { dati_generali_documento: { numero: '1' } } }] };
    expect(parseCallback({ event: 'supplier-invoice', data: { invoice: { uuid: 'u-e', filename: 'IT1_x.xml', payload: empty } } })).toEqual({
      ok: false,
      reason: 'Il file «IT1_x.xml» non contiene i dati della fattura: mancano il fornitore e le righe.',
    });
  });

  it('refuses a body without uuid or payload, or with a payload that is not an invoice', () => {
    expect(parseCallback({ event: 'supplier-invoice', data: { invoice: { payload: payload() } } }).ok).toBe(false);
    expect(parseCallback({ event: 'supplier-invoice', data: { invoice: { uuid: 'x' } } }).ok).toBe(false);
    expect(parseCallback({ event: 'supplier-invoice', data: { invoice: { uuid: 'x', payload: { foo: 1 } } } }).ok).toBe(false);
  });
});

describe('parseCallback: customer-notification', () => {
  const ns = {
    event: 'customer-notification',
    data: {
      notification: {
        uuid: 'n-1',
        invoice_uuid: 'inv-1',
        type: 'NS',
        message: { identificativo_sdi: '111', lista_errori: { Errore: { Codice: '00305', Descrizione: 'IdCodice non valido' } } },
      },
      invoice: { fattura_elettronica_header: {} },
    },
  };

  it('maps NS to rejected and reads a single Errore', () => {
    const result = parseCallback(ns);
    if (!result.ok || result.callback.kind !== 'customer-notification') throw new Error('kind');
    expect(result.callback).toMatchObject({ uuid: 'n-1', invoiceUuid: 'inv-1', type: 'NS', marking: 'rejected', errors: [{ code: '00305', description: 'IdCodice non valido' }] });
    expect(result.callback.notification.invoice).toBeUndefined();
  });

  it('finds the invoice uuid inside the notification (schema shape)', () => {
    const result = parseCallback({ event: 'customer-notification', data: { notification: { uuid: 'n-2', type: 'rc', invoice: { uuid: 'inv-2' } } } });
    if (!result.ok || result.callback.kind !== 'customer-notification') throw new Error('kind');
    expect(result.callback).toMatchObject({ invoiceUuid: 'inv-2', type: 'RC', marking: 'delivered', errors: [] });
  });

  it('refuses a notification without uuid, type or invoice', () => {
    expect(parseCallback({ event: 'customer-notification', data: { notification: { type: 'RC', invoice_uuid: 'i' } } }).ok).toBe(false);
    expect(parseCallback({ event: 'customer-notification', data: { notification: { uuid: 'n', invoice_uuid: 'i' } } }).ok).toBe(false);
    expect(parseCallback({ event: 'customer-notification', data: { notification: { uuid: 'n', type: 'RC' } } }).ok).toBe(false);
  });
});

describe('parseCallback: envelope', () => {
  it('refuses what is not an envelope', () => {
    for (const body of [null, 'x', [], {}, { event: 'supplier-invoice' }, { data: {} }, { event: '', data: {} }]) expect(parseCallback(body).ok).toBe(false);
  });
  it('acknowledges other events without acting', () => {
    expect(parseCallback({ event: 'legal-storage-receipt', data: { uuid: 'x' } })).toEqual({ ok: true, callback: { kind: 'ignored', event: 'legal-storage-receipt', uuid: 'x' } });
  });
});

describe('markingFor', () => {
  it('maps every SDI type of OPENAPI-SDI.md §3.5', () => {
    expect(['NS', 'RC', 'MC', 'AT', 'DT', 'MT', 'EC', 'SE'].map((t) => markingFor(t))).toEqual(['rejected', 'delivered', 'not-delivered', 'not-delivered', 'deadline-terms', undefined, undefined, undefined]);
    expect(markingFor('NE', { esito_committente: { esito: 'EC01' } })).toBe('accepted-pa');
    expect(markingFor('NE', { esito_committente: { esito: 'EC02' } })).toBe('rejected-pa');
    expect(markingFor('NE', {})).toBeUndefined();
  });
});

describe('readErrors, normalizeFiscalId, eventKey', () => {
  it('reads Errore as a list, with Suggerimento', () => {
    expect(readErrors({ lista_errori: { Errore: [{ Codice: '1', Descrizione: 'a', Suggerimento: 's' }, { Codice: 2, Descrizione: 'b' }, {}] } })).toEqual([
      { code: '1', description: 'a', suggestion: 's' },
      { code: '2', description: 'b' },
    ]);
    expect(readErrors(undefined)).toEqual([]);
  });
  it('drops the IT prefix of an 11-digit VAT number only', () => {
    expect(normalizeFiscalId(' it 01234567890')).toBe('01234567890');
    expect(normalizeFiscalId('RSSMRA80A01H501U')).toBe('RSSMRA80A01H501U');
    expect(normalizeFiscalId('  ')).toBeUndefined();
  });
  it('is one key per event and uuid, safe as a document id', () => {
    expect(eventKey({ kind: 'customer-notification', uuid: 'a/b', invoiceUuid: 'i', type: 'RC', errors: [], notification: {} })).toBe('customer-notification_a-b');
  });
});
