import { describe, expect, it } from 'vitest';
import { COMPANIES, NO_CONTENT_VAT, SLOW_VAT, isValidPartitaIva } from '../../scripts/provider-stub/company-fixtures.ts';
import { DEMO_TECH_EMAIL, OTHER_TECH_EMAIL, PENDING_SHOPS, stubIdToken } from '../../scripts/provider-stub/pending-shops.ts';
import { pendingShopKey, readPendingShops } from '../../src/domain/tech/pending-shops.ts';
import { call, envelope, setupStub } from './helpers.ts';

const stub = setupStub();

/** Independent check of the codice fiscale control character (odd/even tables of DM 23/12/1976). */
function isValidCodiceFiscale(cf: string): boolean {
  const odd = [1, 0, 5, 7, 9, 13, 15, 17, 19, 21, 2, 4, 18, 20, 11, 3, 6, 8, 12, 14, 16, 10, 22, 25, 24, 23];
  const value = (c: string) => (/\d/.test(c) ? Number(c) : c.charCodeAt(0) - 65);
  let sum = 0;
  for (let i = 0; i < 15; i += 1) sum += i % 2 === 0 ? (odd[value(cf[i] ?? '0')] ?? 0) : value(cf[i] ?? '0');
  return String.fromCharCode(65 + (sum % 26)) === cf[15];
}

type Company = {
  companyDetails: { vatCode: string; taxCode: string; companyName: string };
  address?: { streetName: string; zipCode: string; town: string; province: { code: string }; country: { code: string } };
  managers: { name?: string; surname?: string; birthDate?: string; companyName?: string; isLegalRepresentative: boolean }[];
};

describe('GET /IT-aml/{vat}', () => {
  it('answers a known company with the fields the app reads', async () => {
    const response = await call(stub().url, '/IT-aml/04821730159');
    expect(response.status).toBe(200);
    const body = await envelope(response);
    expect(body).toMatchObject({ success: true, error: null });
    const data = body.data as Company;
    expect(data.companyDetails).toMatchObject({ vatCode: '04821730159', taxCode: '04821730159', companyName: 'FERRAMENTA COLOMBO S.R.L.' });
    expect(data.address).toMatchObject({ streetName: 'VIA PADOVA 112', zipCode: '20127', town: 'MILANO', province: { code: 'MI' }, country: { code: 'IT' } });
    expect(data.managers[0]).toMatchObject({ name: 'LUCA', surname: 'COLOMBO', birthDate: '1990-09-30T00:00:00', isLegalRepresentative: true, age: 35 });
  });

  it('answers every fixture company, each with a valid Partita IVA', async () => {
    expect(COMPANIES.length).toBeGreaterThanOrEqual(8);
    for (const company of COMPANIES) {
      expect(isValidPartitaIva(company.vatCode), company.vatCode).toBe(true);
      if (company.vatCode === SLOW_VAT) continue;
      const data = (await envelope(await call(stub().url, `/IT-aml/${company.vatCode}`))).data as Company;
      expect(data.companyDetails.companyName).toBe(company.companyName);
    }
  });

  it('answers the slow company through 302 to IT-check_id, PENDING twice, then the data', async () => {
    const first = await call(stub().url, `/IT-aml/${SLOW_VAT}`, { redirect: 'manual' });
    expect(first.status).toBe(302);
    expect(first.headers.get('Retry-After')).toBe('1');
    const location = first.headers.get('Location') ?? '';
    const id = ((await envelope(first)).data as { state: string; id: string }).id;
    expect(location).toBe(`/IT-check_id/${id}`);
    expect((await envelope(await call(stub().url, location))).data).toEqual({ state: 'PENDING', id });
    expect((await envelope(await call(stub().url, location))).data).toEqual({ state: 'PENDING', id });
    const data = (await envelope(await call(stub().url, location))).data as Company;
    expect(data.companyDetails.companyName).toBe('OTTICA LONGO S.R.L.');
    expect((await call(stub().url, '/IT-check_id/unknown')).status).toBe(404);
  });

  it('can put a company first in managers[], as the official example does', async () => {
    const data = (await envelope(await call(stub().url, '/IT-aml/05930260483'))).data as Company;
    expect(data.managers[0]).toMatchObject({ companyName: 'RICCI HOLDING S.R.L.' });
    expect(data.managers[0]?.name).toBeUndefined();
    expect(data.managers[1]).toMatchObject({ name: 'FRANCESCA', surname: 'RICCI' });
  });

  it('has one incomplete answer without address and one company without managers', async () => {
    const incomplete = (await envelope(await call(stub().url, '/IT-aml/03771450289'))).data as Company;
    expect(incomplete.companyDetails.companyName).toBe('GALLO ABBIGLIAMENTO S.R.L.');
    expect(incomplete).not.toHaveProperty('address');
    const holding = (await envelope(await call(stub().url, '/IT-aml/01526880156'))).data as Company;
    expect(holding.managers).toEqual([]);
  });

  it('answers 404 for an unknown valid VAT, 204 for the nothing-found VAT, 406 / 215 for an invalid one, 400 / 214 for none', async () => {
    const unknown = await call(stub().url, '/IT-aml/12345678903');
    expect(isValidPartitaIva('12345678903')).toBe(true);
    expect(unknown.status).toBe(404);
    expect(await envelope(unknown)).toMatchObject({ data: null, success: false, error: 404 });
    const empty = await call(stub().url, `/IT-aml/${NO_CONTENT_VAT}`);
    expect(empty.status).toBe(204);
    expect(await empty.text()).toBe('');
    for (const bad of ['04821730158', 'IT04821730159', 'abc']) {
      const response = await call(stub().url, `/IT-aml/${bad}`);
      expect(response.status, bad).toBe(406);
      expect(await envelope(response)).toEqual({ data: null, success: false, message: 'cf/piva not valid', error: 215 });
    }
    const none = await call(stub().url, '/IT-aml/');
    expect([none.status, (await envelope(none)).error]).toEqual([400, 214]);
  });
});

describe('GET /pendingShops', () => {
  it('the sheet (what the function reads) is a bare JSON array without a token', async () => {
    const response = await call(stub().url, '/pendingShops/sheet', { auth: false });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual(PENDING_SHOPS);
  });

  it('plays the function: the caller\'s entries without PINs, one entry with its PIN to a technician who may register it', async () => {
    const as = (email: string, query = '') => call(stub().url, `/pendingShops${query}`, { auth: false, headers: { Authorization: `Bearer ${stubIdToken(email)}` } });
    expect((await call(stub().url, '/pendingShops', { auth: false })).status).toBe(401);
    expect((await call(stub().url, '/pendingShops', { auth: false, headers: { Authorization: 'Bearer stub-token' } })).status).toBe(401);
    const list = (await (await as('Tecnico@Demo.it')).json()) as { datiLocale: { nome: string }; titolare: Record<string, unknown> }[];
    expect(list.map((e) => e.datiLocale.nome)).toEqual(['Ferramenta Colombo', 'Esposito Elettronica', 'Panificio Romano', 'Tabaccheria Marino']);
    for (const e of list) expect(e.titolare).not.toHaveProperty('pin');
    const sheet = readPendingShops(PENDING_SHOPS) ?? [];
    const key = (nome: string) => `?entry=${encodeURIComponent(pendingShopKey(sheet.find((e) => e.datiLocale.nome === nome)!))}`;
    const own = await as(DEMO_TECH_EMAIL, key('Esposito Elettronica'));
    expect([own.status, ((await own.json()) as { titolare: { pin: string } }).titolare.pin]).toEqual([200, '0420']);
    expect((await as(OTHER_TECH_EMAIL, key('Esposito Elettronica'))).status).toBe(404);
    expect((await as(OTHER_TECH_EMAIL, key('Ferramenta Colombo'))).status).toBe(200);
    expect((await as(DEMO_TECH_EMAIL, '?entry=nessuna')).status).toBe(404);
    // As the function: an address the token does not say is verified names nobody.
    const unverified = (query = '') => call(stub().url, `/pendingShops${query}`, { auth: false, headers: { Authorization: `Bearer ${stubIdToken(DEMO_TECH_EMAIL, 'stub-tech', false)}` } });
    expect(((await (await unverified()).json()) as { datiLocale: { nome: string } }[]).map((e) => e.datiLocale.nome)).toEqual(['Ferramenta Colombo', 'Tabaccheria Marino']);
    expect((await unverified(key('Esposito Elettronica'))).status).toBe(404);
  });

  it('has exactly the fields of the pending shop form entry', () => {
    for (const entry of PENDING_SHOPS) {
      expect(Object.keys(entry).sort()).toEqual(['contatti', 'datiFiscaliLocale', 'datiLocale', 'timestamp', 'titolare']);
      expect(Object.keys(entry.contatti).sort()).toEqual(['emailInstallatore', 'emailIscrizione', 'emailTecnico']);
      expect(Object.keys(entry.datiLocale).sort()).toEqual(['cap', 'citta', 'indirizzo', 'nome', 'provincia', 'telefono']);
      expect(Object.keys(entry.datiFiscaliLocale)).toEqual(['partitaIva']);
      expect(Object.keys(entry.titolare).sort()).toEqual(['cellulare', 'codiceFiscale', 'cognome', 'nome', 'pin']);
      expect(Number.isNaN(Date.parse(entry.timestamp))).toBe(false);
      expect(isValidPartitaIva(entry.datiFiscaliLocale.partitaIva)).toBe(true);
      expect(isValidCodiceFiscale(entry.titolare.codiceFiscale), entry.titolare.codiceFiscale).toBe(true);
      expect(entry.titolare.pin).toMatch(/^\d{4}$/);
    }
  });

  it('has entries naming no technician, the demo technician and another technician', () => {
    const techs = PENDING_SHOPS.map((entry) => entry.contatti.emailTecnico);
    expect(techs).toContain('');
    expect(techs).toContain('tecnico@demo.it');
    expect(techs.some((email) => email !== '' && email !== 'tecnico@demo.it')).toBe(true);
  });

  it('checks the codice fiscale of every fixture manager too', () => {
    for (const company of COMPANIES) for (const manager of company.managers) {
      expect(isValidCodiceFiscale(manager.taxCode) || isValidPartitaIva(manager.taxCode), manager.taxCode).toBe(true);
    }
  });
});
