/**
 * One rule for the shop's and one for the customer's fiscal identity. Every legacy shape (the seed's and
 * the spec's: document 2 §3 Shop and Customer, document 3 §2.2) is read by its converter, and what the screens show
 * is what the send builds: a customer shown valid (/customers, the receipt's invoice panel) gives an XML the
 * pre-flight accepts, one shown invalid is refused at send with the same badge; the seller's ids and address in the
 * XML are the typed Shop's, whichever legacy field held them.
 */
import { describe, expect, it } from 'vitest';
import { OWNER_CUSTOMERS } from '../../scripts/seed/customers';
import { checkCustomerForInvoicing, customerRefusal } from '@/domain/fatturapa/customer-validity';
import { checkInvoiceSemantics } from '@/domain/fatturapa/validate';
import { draftXml } from '@/features/invoices/send/draft-xml';
import { normalizeCustomer } from './customer';
import { normalizeSale } from './sale';
import { normalizeShop } from './shop-doc';
import { storedCollection } from './test-seed';
import type { RawDoc } from './normalize';

const SALE = normalizeSale('s1', { userId: 'shop', method: 'Fattura', invoiceUUID: '', customerId: 'c', date: new Date(2026, 10, 20), lines: [{ name: 'Trapano', qty: 1, unitPrice: 122, vatRate: 22 }] });
const GOOD_SHOP = { ragioneSociale: 'Bottega Verdi S.r.l.', address: 'Via Paolo Sarpi 14', city: 'Milano', province: 'MI', zipCode: '20154', settings: { pIva: '00743110157' } };
const GOOD_CUSTOMER = { ragioneSociale: 'Alfa Spa', pIva: '12345678903', receiverCode: 'ABC1234', registeredOfficeAddress: 'Corso Italia 10', registeredOfficeCap: '00184', registeredOfficeCity: 'Roma', registeredOfficeProvince: 'RM', nation: 'IT' };

/** What happens at send for a draft of this shop and customer: the XML, or the problems that stop it. */
function atSend(shopRaw: RawDoc, customerRaw: RawDoc): { valid: boolean; xml?: string; problems: string[] } {
  const built = draftXml(SALE, normalizeShop('shop', shopRaw), normalizeCustomer('c', customerRaw), 'AbCdE-2026-1', new Date(2026, 10, 20));
  if (built.kind === 'problems') return { valid: false, problems: built.problems.map((p) => p.message) };
  const problems = checkInvoiceSemantics(built.xml).map((p) => p.message);
  return { valid: problems.length === 0, xml: built.xml, problems };
}

const shown = (customerRaw: RawDoc) => checkCustomerForInvoicing(normalizeCustomer('c', customerRaw)).valid;

/** Customer shapes of the spec (document 2 §3) beyond the seed's: every legacy spelling the converter reads. */
const SPEC_CUSTOMERS: { note: string; raw: RawDoc; valid: boolean }[] = [
  { note: 'vatNumber + codiceDestinatario', raw: { ...GOOD_CUSTOMER, pIva: undefined, receiverCode: undefined, vatNumber: '12345678903', codiceDestinatario: 'ABC1234' }, valid: true },
  { note: 'codice (oldest recipient code)', raw: { ...GOOD_CUSTOMER, receiverCode: undefined, codice: 'xyz9876' }, valid: true },
  { note: 'postcode stored as a number', raw: { ...GOOD_CUSTOMER, registeredOfficeCap: 184 }, valid: true },
  { note: 'address / cap / city / province / country spellings', raw: { ragioneSociale: 'Alfa Spa', pIva: '12345678903', receiverCode: 'ABC1234', address: 'Corso Italia 10', cap: '00184', city: 'Roma', province: 'RM', country: 'IT' }, valid: true },
  { note: 'empty pIva, vatNumber filled', raw: { ...GOOD_CUSTOMER, pIva: '', vatNumber: '12345678903' }, valid: true },
  { note: 'person: cf only', raw: { name: 'Mario', surname: 'Rossi', cf: 'RSSMRA80A01H501U', pec: 'mario@pec.it', registeredOfficeAddress: 'Via Po 2', registeredOfficeCap: '10121', registeredOfficeCity: 'Torino', registeredOfficeProvince: 'TO', nation: 'IT' }, valid: true },
  { note: 'person: codiceFiscale spelling', raw: { name: 'Mario', surname: 'Rossi', codiceFiscale: 'RSSMRA80A01H501U', pec: 'mario@pec.it', registeredOfficeAddress: 'Via Po 2', registeredOfficeCap: '10121', registeredOfficeCity: 'Torino', registeredOfficeProvince: 'TO', nation: 'IT' }, valid: true },
  { note: 'foreign company', raw: { ...GOOD_CUSTOMER, pIva: 'DE123456789', nation: 'DE', registeredOfficeCap: '10115', registeredOfficeProvince: 'BE', receiverCode: 'XXXXXXX' }, valid: true },
  { note: 'wrong P.IVA checksum', raw: { ...GOOD_CUSTOMER, pIva: '01234567890' }, valid: false },
  { note: '0000000 without PEC', raw: { ...GOOD_CUSTOMER, receiverCode: '0000000' }, valid: false },
  { note: 'no recipient code, no PEC', raw: { ...GOOD_CUSTOMER, receiverCode: undefined }, valid: false },
  { note: 'lower-case province', raw: { ...GOOD_CUSTOMER, registeredOfficeProvince: 'rm' }, valid: false },
  { note: 'four-digit Italian postcode as text', raw: { ...GOOD_CUSTOMER, registeredOfficeCap: '0184' }, valid: false },
  { note: 'neither P.IVA nor fiscal code', raw: { name: 'Cliente', surname: 'Occasionale' }, valid: false },
];

describe('one customer rule: validity shown = validity at send', () => {
  const seed = OWNER_CUSTOMERS;
  const storedById = new Map(storedCollection('Customer').map((d) => [d.id, d.raw]));

  it.each(seed.map((c) => [c.id, c.note, c.valid] as const))('seed %s (%s): valid = %s on screen and at send', (id, _note, valid) => {
    const raw = storedById.get(id);
    expect(raw).toBeDefined();
    if (!raw) return;
    expect(shown(raw)).toBe(valid);
    const sent = atSend(GOOD_SHOP, raw);
    expect({ valid: sent.valid, problems: sent.valid ? [] : ['…'] }).toEqual({ valid, problems: valid ? [] : ['…'] });
  });

  it.each(SPEC_CUSTOMERS.map((c) => [c.note, c.raw, c.valid] as const))('spec shape %s: valid = %s on screen and at send', (_note, raw, valid) => {
    expect(shown(raw)).toBe(valid);
    const sent = atSend(GOOD_SHOP, raw);
    expect(sent.valid, sent.problems.join(' | ')).toBe(valid);
    if (!valid) expect(sent.problems.join(' ')).toContain(checkCustomerForInvoicing(normalizeCustomer('c', raw)).badge ?? '∅');
    // The DDT deferred invoice refuses the same customers with the same words (features/ddt/deferred-invoice.ts).
    expect(customerRefusal(normalizeCustomer('c', raw)) === null).toBe(valid);
  });

  it('puts the typed customer\'s ids in the XML, whichever legacy field held them', () => {
    const xml = atSend(GOOD_SHOP, { ...GOOD_CUSTOMER, pIva: '', vatNumber: '12345678903', receiverCode: undefined, codice: 'xyz9876', registeredOfficeCap: 184 }).xml ?? '';
    const buyer = /<CessionarioCommittente>[\s\S]*<\/CessionarioCommittente>/.exec(xml)?.[0] ?? '';
    expect(buyer).toContain('<IdCodice>12345678903</IdCodice>');
    expect(xml).toContain('<CodiceDestinatario>XYZ9876</CodiceDestinatario>');
    expect(xml).toContain('<CAP>00184</CAP>');
  });
});

/** Shop shapes: the P.IVA the technician edits (settings.pIva) wins over the legacy duplicates, as on Settings. */
const SHOP_SHAPES: { note: string; raw: RawDoc; partitaIva: string; cap: string; regime: string; nation: string; cf?: string }[] = [
  { note: 'technician changed settings.pIva, vatNumber stale', raw: { ...GOOD_SHOP, vatNumber: '12345678903', pIva: '12345678903', settings: { pIva: '00743110157' } }, partitaIva: '00743110157', cap: '20154', regime: 'RF01', nation: 'IT' },
  { note: 'only top-level vatNumber (empty settings.pIva)', raw: { ...GOOD_SHOP, vatNumber: '00743110157', settings: { pIva: '' } }, partitaIva: '00743110157', cap: '20154', regime: 'RF01', nation: 'IT' },
  { note: 'only top-level pIva, no settings', raw: { ...GOOD_SHOP, pIva: '00743110157', settings: undefined }, partitaIva: '00743110157', cap: '20154', regime: 'RF01', nation: 'IT' },
  { note: 'cap instead of zipCode, regimeFiscale, nation, cf', raw: { ...GOOD_SHOP, zipCode: undefined, cap: '20100', regimeFiscale: 'rf19', nation: 'it', cf: 'rssmra80a01h501u' }, partitaIva: '00743110157', cap: '20100', regime: 'RF19', nation: 'IT', cf: 'RSSMRA80A01H501U' },
  { note: 'zip spelling, taxRegime', raw: { ...GOOD_SHOP, zipCode: undefined, zip: '20121', taxRegime: 'RF02' }, partitaIva: '00743110157', cap: '20121', regime: 'RF02', nation: 'IT' },
];

describe('one shop rule: the seller in the XML is what Settings shows', () => {
  it.each(SHOP_SHAPES.map((s) => [s.note, s] as const))('%s', (_note, shape) => {
    const shop = normalizeShop('shop', shape.raw);
    // What Settings and the technician's screen show.
    expect({ partitaIva: shop.partitaIva, settingsPIva: shop.settings.pIva, cap: shop.zipCode, regime: shop.taxRegime, nation: shop.country, cf: shop.codiceFiscale }).toEqual({
      partitaIva: shape.partitaIva, settingsPIva: shape.partitaIva, cap: shape.cap, regime: shape.regime, nation: shape.nation, cf: shape.cf,
    });
    const sent = atSend(shape.raw, GOOD_CUSTOMER);
    expect(sent.problems).toEqual([]);
    const xml = sent.xml ?? '';
    const seller = /<CedentePrestatore>[\s\S]*<\/CedentePrestatore>/.exec(xml)?.[0] ?? '';
    expect(seller).toContain(`<IdCodice>${shape.partitaIva}</IdCodice>`);
    expect(seller).toContain(`<CAP>${shape.cap}</CAP>`);
    expect(seller).toContain(`<RegimeFiscale>${shape.regime}</RegimeFiscale>`);
    expect(seller).toContain(`<Nazione>${shape.nation}</Nazione>`);
    if (shape.cf) expect(seller).toContain(`<CodiceFiscale>${shape.cf}</CodiceFiscale>`);
  });

  it('reads every seed shop with one P.IVA, the settings one', () => {
    for (const { id, raw } of storedCollection('Shop')) {
      const shop = normalizeShop(id, raw);
      expect(shop.partitaIva).toBe(shop.settings.pIva);
    }
  });
});
