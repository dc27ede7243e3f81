/**
 * Customers (document 2 §3 and §5 'Customer validity for invoicing'): valid companies, people and a public
 * administration, and invalid ones, with every legacy field name (pIva/vatNumber, receiverCode/
 * codiceDestinatario/codice, postcode as a number).
 */
import { COLLECTIONS } from '../../src/data/collections';
import { DEMO_ACCOUNTS as A } from './accounts';
import { addDays, codiceFiscale, partitaIva, type SeedContext, type SeedDoc } from './random';

export interface DemoCustomer {
  id: string;
  /** Why it is here; not stored. */
  note: string;
  valid: boolean;
  data: Record<string, unknown>;
}

const office = (address: string, cap: string | number, city: string, province: string, nation = 'IT') => ({
  registeredOfficeAddress: address, registeredOfficeCap: cap, registeredOfficeCity: city, registeredOfficeProvince: province, nation,
});

export const OWNER_CUSTOMERS: DemoCustomer[] = [
  { id: 'cust-negozio-01', note: 'company, vatNumber + codiceDestinatario', valid: true, data: { ragioneSociale: 'Trattoria Da Gino S.r.l.', vatNumber: partitaIva('0945612015'), cf: partitaIva('0945612015'), codiceDestinatario: 'M5UXCR1', email: 'amministrazione@trattoriadagino.it', phone: '02 8899 1234', ...office('Via Lodovico il Moro 12', '20143', 'Milano', 'MI') } },
  { id: 'cust-negozio-02', note: 'company, legacy pIva + receiverCode', valid: true, data: { ragioneSociale: 'Hotel Brera S.p.A.', pIva: partitaIva('0733412015'), receiverCode: 'KRRH6B9', email: 'fatture@hotelbrera.it', ...office('Via Fiori Chiari 3', '20121', 'Milano', 'MI') } },
  { id: 'cust-negozio-03', note: 'company, legacy codice', valid: true, data: { ragioneSociale: 'Catering Navigli S.n.c.', vatNumber: partitaIva('1122334015'), codice: 'T04ZHR3', ...office('Alzaia Naviglio Grande 66', '20144', 'Milano', 'MI') } },
  { id: 'cust-negozio-04', note: 'company, 0000000 with PEC', valid: true, data: { ragioneSociale: 'Studio Associato Bellini', vatNumber: partitaIva('0588776015'), codiceDestinatario: '0000000', pec: 'studiobellini@pec.it', ...office('Corso Buenos Aires 77', '20124', 'Milano', 'MI') } },
  { id: 'cust-negozio-05', note: 'public administration, 6-character code', valid: true, data: { ragioneSociale: 'Comune di Cernusco sul Naviglio', vatNumber: partitaIva('0156892015'), cf: partitaIva('8300147015'), codiceDestinatario: 'UFY9MH', pec: 'protocollo@pec.comune.cernuscosulnaviglio.mi.it', ...office('Via Tizzoni 2', '20063', 'Cernusco sul Naviglio', 'MI') } },
  { id: 'cust-negozio-06', note: 'person with tax code only', valid: true, data: { name: 'Francesca', surname: 'Moretti', cf: codiceFiscale('MRTFNC85M52F205'), codiceDestinatario: '0000000', pec: 'francesca.moretti@pec.it', birthday: '1985-08-12', email: 'f.moretti@gmail.com', ...office('Via Vigevano 18', '20144', 'Milano', 'MI') } },
  { id: 'cust-negozio-07', note: 'company, postcode stored as a number (leading zero lost)', valid: true, data: { ragioneSociale: 'Enoteca Sarda S.r.l.', vatNumber: partitaIva('0231455090'), codiceDestinatario: 'A4707H7', ...office('Viale Umberto 45', 7100, 'Sassari', 'SS') } },
  { id: 'cust-negozio-08', note: 'invalid: 0000000 without PEC', valid: false, data: { ragioneSociale: 'Bar Centrale di Rota Mario', vatNumber: partitaIva('0677123015'), codiceDestinatario: '0000000', ...office('Piazza Duomo 1', '20122', 'Milano', 'MI') } },
  { id: 'cust-negozio-09', note: 'invalid: company without address', valid: false, data: { ragioneSociale: 'Pasticceria Marchesi', pIva: partitaIva('0899001015'), receiverCode: 'SUBM70N' } },
  { id: 'cust-negozio-10', note: 'invalid: person without surname', valid: false, data: { name: 'Giovanni', cf: codiceFiscale('BNCGNN70A01F205'), codiceDestinatario: 'W7YVJK9', ...office('Via Padova 150', '20132', 'Milano', 'MI') } },
  { id: 'cust-negozio-11', note: 'invalid: neither VAT nor tax code (Dati insufficienti)', valid: false, data: { name: 'Cliente', surname: 'Occasionale', email: 'cliente@example.com' } },
  { id: 'cust-negozio-12', note: 'invalid: lower-case province and nation', valid: false, data: { ragioneSociale: 'Gelateria Estate S.r.l.', vatNumber: partitaIva('0712398015'), codiceDestinatario: 'M5UXCR1', ...office('Via Marghera 4', '20149', 'Milano', 'mi', 'it') } },
];

const ROLES_CUSTOMERS: DemoCustomer[] = [
  { id: 'cust-ruoli-01', note: 'company', valid: true, data: { ragioneSociale: 'Osteria del Ponte S.r.l.', vatNumber: partitaIva('0612345048'), codiceDestinatario: 'M5UXCR1', ...office('Via de\u2019 Bardi 20', '50125', 'Firenze', 'FI') } },
  { id: 'cust-ruoli-02', note: 'legacy pIva + codice', valid: true, data: { ragioneSociale: 'Circolo Arci Oltrarno', pIva: partitaIva('0498765048'), codice: 'KRRH6B9', ...office('Via Romana 8', '50125', 'Firenze', 'FI') } },
  { id: 'cust-ruoli-03', note: 'invalid: missing city', valid: false, data: { name: 'Lorenzo', surname: 'Bardi', cf: codiceFiscale('BRDLNZ90C10D612'), codiceDestinatario: '0000000', pec: 'lorenzo.bardi@pec.it', registeredOfficeAddress: 'Via Maggio 2', registeredOfficeCap: '50125', registeredOfficeProvince: 'FI', nation: 'IT' } },
];

export function customerDocs({ now }: SeedContext): SeedDoc[] {
  const make = (list: DemoCustomer[], userId: string) =>
    list.map((c, i): SeedDoc => ({ collection: COLLECTIONS.customer, id: c.id, data: { ...c.data, userId, createdAt: addDays(now, -200 + i * 9) } }));
  return [...make(OWNER_CUSTOMERS, A.owner.uid), ...make(ROLES_CUSTOMERS, A.roles.uid)];
}
