// The app's Company client (src/lib/company-api.ts) against the stub: every answer the provider gives, the
// failures included, ends in the form's data or in the right Italian message.
import { describe, expect, it } from 'vitest';
import { createCompanyApi, lookupFailureMessage, type CompanyLookup } from '../../src/lib/company-api';
import { DEFAULT_TOKEN } from '../../scripts/provider-stub/server.ts';
import { postJson, setupStub } from './helpers';

const stub = setupStub();
const client = (token = DEFAULT_TOKEN, requestTimeoutMs = 5000) => createCompanyApi({ baseUrl: stub().url, token, requestTimeoutMs });
const message = (result: CompanyLookup) => (result.kind === 'found' ? 'found' : lookupFailureMessage(result));

describe('company lookup client', () => {
  it('fills every field of the form from a complete answer', async () => {
    const result = await client().lookup('04821730159');
    expect(result).toEqual({
      kind: 'found',
      company: {
        ragioneSociale: 'FERRAMENTA COLOMBO S.R.L.', partitaIva: '04821730159', codiceFiscale: '04821730159', address: 'VIA PADOVA 112', cap: '20127',
        city: 'MILANO', province: 'MI', nation: 'IT', name: 'LUCA', surname: 'COLOMBO', birthday: '1990-09-30',
      },
    });
  });

  it('takes the first manager who is a person when managers[0] is a company', async () => {
    const result = await client().lookup('05930260483');
    expect(result.kind === 'found' && [result.company.name, result.company.surname, result.company.birthday]).toEqual(['FRANCESCA', 'RICCI', '1975-12-15']);
  });

  it('leaves the person empty when no manager is listed', async () => {
    const result = await client().lookup('01526880156');
    expect(result.kind === 'found' && [result.company.ragioneSociale, result.company.name]).toEqual(['RICCI HOLDING S.R.L.', '']);
  });

  it('maps each failure to its message', async () => {
    expect(message(await client().lookup('06499030234'))).toBe('Nessun dato trovato per questa P.IVA.');
    expect(message(await client().lookup('03771450289'))).toBe('Risposta API incompleta');
    expect(message(await client().lookup('12345678903'))).toBe('API non disponibile o P.IVA non trovata');
    expect(message(await client().lookup('04821730158'))).toBe('API non disponibile o P.IVA non trovata');
    expect(message(await client('wrong-token').lookup('04821730159'))).toBe('API non disponibile o P.IVA non trovata');
  });

  it('reports provider outages, dropped connections, unreadable answers and time-outs', async () => {
    const fail = (mode: string) => postJson(stub().url, '/__stub/fail', { route: 'GET /IT-aml/{vat}', mode, times: 1 });
    await fail('http500');
    expect(message(await client().lookup('04821730159'))).toBe('API non disponibile o P.IVA non trovata');
    await fail('http402');
    expect(message(await client().lookup('04821730159'))).toBe('API non disponibile o P.IVA non trovata');
    await fail('network');
    expect(message(await client().lookup('04821730159'))).toBe('Errore nella ricerca: il servizio non è raggiungibile (rete assente o server spento)');
    await fail('malformed');
    expect(message(await client().lookup('04821730159'))).toBe('Errore nella ricerca: il servizio ha dato una risposta non leggibile');
    await fail('timeout');
    expect(message(await client(DEFAULT_TOKEN, 500).lookup('04821730159'))).toBe('Errore nella ricerca: il servizio non ha risposto in tempo');
  });

  it('follows the slow path: 302 to IT-check_id, polls while PENDING, then fills the form', async () => {
    let pendings = 0;
    const result = await client().lookup('02841750967', { onPending: () => (pendings += 1) });
    expect(result.kind === 'found' && result.company.ragioneSociale).toBe('OTTICA LONGO S.R.L.');
    expect(pendings).toBe(2);
  });

  it('stops when the user cancels', async () => {
    const controller = new AbortController();
    const pending = client().lookup('02841750967', { signal: controller.signal, onPending: () => controller.abort() });
    expect(message(await pending)).toBe('Errore nella ricerca: richiesta annullata');
  });
});
