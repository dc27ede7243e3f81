import { describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS as A } from '../../scripts/seed/accounts';
import { CUSTOMER_NOTIFICATION, findSdiErrors, normalizeApiLog, toFirestoreApiLog } from './api-log';
import { normalizeInvoice } from './invoice';
import { stored, storedCollection } from './test-seed';

const log = (id: string) => normalizeApiLog(id, stored('ApiLog', id));

describe('ApiLog converter', () => {
  it('reads the rejection in our shape', () => {
    const l = log('apilog-negozio-scarto-30');
    expect(l).toMatchObject({ userId: A.owner.uid, functionName: CUSTOMER_NOTIFICATION, details: { newMarking: 'rejected', message: 'Notifica di scarto' } });
    expect(l.details.errors).toEqual([{ code: '00305', description: expect.stringContaining('IdCodice') as unknown, suggestion: expect.any(String) as unknown }]);
    expect(l.timestamp).toBeInstanceOf(Date);
  });

  it("reads the rejection in the provider's shape (lista_errori.Errore with Italian keys)", () => {
    const l = log('apilog-negozio-scarto-31');
    expect(l.details.errors).toEqual([{ code: '00423', description: expect.stringContaining('PrezzoTotale') as unknown, suggestion: expect.stringContaining('Ricalcolare') as unknown }]);
    expect(l.details.message).toBe('Fattura scartata dal Sistema di Interscambio');
  });

  it('reads a body saved as JSON text', () => {
    expect(typeof (stored('ApiLog', 'apilog-negozio-scarto-33').details as Record<string, unknown>).body).toBe('string');
    const l = log('apilog-negozio-scarto-33');
    expect(l.details.errors.map((e) => e.code)).toEqual(['00311', '00404']);
  });

  it('links each rejection to a rejected outgoing invoice', () => {
    const invoices = new Map(storedCollection('Invoice').map(({ id, raw }) => [id, normalizeInvoice(id, raw)]));
    const rejections = storedCollection('ApiLog').map(({ id, raw }) => normalizeApiLog(id, raw)).filter((l) => l.details.newMarking === 'rejected');
    expect(rejections).toHaveLength(4); // three of the recent invoices, one of the accountant's demo month
    for (const r of rejections) expect(invoices.get(r.details.invoiceId ?? '')?.marking).toBe('rejected');
    expect(log('apilog-negozio-consegna-29').details).toMatchObject({ newMarking: 'delivered', errors: [] });
  });

  it('finds errors given as an array under Errore, under data.notification, or not at all', () => {
    expect(findSdiErrors({ data: { notification: { message: { lista_errori: { Errore: [{ Codice: '1', Descrizione: 'a' }, { Codice: '2', Descrizione: 'b' }] } } } } }).map((e) => e.code)).toEqual(['1', '2']);
    expect(findSdiErrors({ error_list: [{ code: 'x', description: 'y' }, { foo: 1 }] })).toEqual([{ code: 'x', description: 'y', suggestion: undefined }]);
    expect(findSdiErrors({})).toEqual([]);
    expect(normalizeApiLog('x', { details: { body: 'non json' } }).details).toMatchObject({ message: 'non json', errors: [] });
  });

  it('round-trips, and a log built in code writes our error list', () => {
    for (const { id, raw } of storedCollection('ApiLog')) {
      const first = normalizeApiLog(id, raw);
      expect(normalizeApiLog(id, toFirestoreApiLog(first))).toEqual(first);
    }
    const built = toFirestoreApiLog({ id: 'n', userId: 'u', functionName: CUSTOMER_NOTIFICATION, details: { invoiceId: 'i', newMarking: 'rejected', message: 'm', errors: [{ code: '00200', description: 'd' }], body: {} } });
    expect(built.details).toEqual({ invoiceId: 'i', newMarking: 'rejected', body: { message: 'm', errors: [{ code: '00200', description: 'd' }] } });
  });
});
