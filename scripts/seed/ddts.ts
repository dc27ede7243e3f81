/**
 * Demo delivery notes for the main demo shop, in every state, numbered in the current year with the
 * shop's DDT code (11) as prefix, plus the year's counter. Ferramenta Colombo (pochipacchetti@demo.it) has none,
 * so its first confirmation is number 1 of the year.
 */
import { COLLECTIONS } from '../../src/data/collections';
import { DEMO_ACCOUNTS as A } from './accounts';
import { shopCatalog } from './products';
import { addDays, partitaIva, type SeedContext, type SeedDoc } from './random';

const CODE_DDT = 11;

export function ddtDocs({ now }: SeedContext): SeedDoc[] {
  const uid = A.owner.uid;
  const year = now.getFullYear();
  const yearStart = new Date(year, 0, 1);
  const OLDEST = 41;
  // Dates within the current year and never after now, in the same order, however early in the year the seed runs:
  // on 1 January at 10:00 the notes of '40 days ago' fall between midnight and now, the older first.
  const day = (daysAgo: number, hour = 9) => {
    const d = addDays(now, -daysAgo);
    d.setHours(hour, 30, 0, 0);
    if (d >= yearStart && d <= now) return d;
    const step = (now.getTime() - yearStart.getTime()) / (OLDEST + 1);
    return new Date(yearStart.getTime() + step * (OLDEST - daysAgo) + (step / 24) * (hour - 8));
  };
  const catalog = shopCatalog('owner');
  const item = (i: number, quantity: number) => {
    const p = catalog[i % catalog.length]!;
    return { productId: p.id, code: p.code, description: p.name, um: 'PZ', quantity, unitPrice: p.price, vatRate: p.vat };
  };
  const gino = {
    ragioneSociale: 'Trattoria Da Gino S.r.l.', pIva: partitaIva('0945612015'), vatNumber: partitaIva('0945612015'), cf: partitaIva('0945612015'), codiceDestinatario: 'M5UXCR1', receiverCode: 'M5UXCR1',
    registeredOfficeAddress: 'Via Lodovico il Moro 12', registeredOfficeCap: '20143', registeredOfficeCity: 'Milano', registeredOfficeProvince: 'MI', nation: 'IT',
  };
  const brera = {
    ragioneSociale: 'Hotel Brera S.p.A.', pIva: partitaIva('0733412015'), vatNumber: partitaIva('0733412015'), codiceDestinatario: 'KRRH6B9', receiverCode: 'KRRH6B9',
    registeredOfficeAddress: 'Via Fiori Chiari 3', registeredOfficeCap: '20121', registeredOfficeCity: 'Milano', registeredOfficeProvince: 'MI', nation: 'IT',
  };
  const base = (n: number | undefined, daysAgo: number) => ({
    userId: uid, kind: 'ddt', year, date: day(daysAgo), transportStart: day(daysAgo, 10), porto: 'franco', aspetto: 'Scatole', notes: '',
    createdAt: day(daysAgo, 8), updatedAt: day(daysAgo, 10),
    ...(n === undefined ? {} : { progressive: n, number: `${CODE_DDT}/${n}`, confirmedAt: day(daysAgo, 10) }),
  });
  const docs: Record<string, Record<string, unknown>> = {
    'ddt-negozio-001': {
      ...base(1, 40), state: 'confermato', customerId: 'cust-negozio-01', recipient: gino, causale: 'Vendita', transportBy: 'mittente',
      colli: 2, peso: 8.5, lines: [item(0, 6), item(3, 2)],
    },
    'ddt-negozio-002': {
      ...base(2, 32), state: 'fatturato', customerId: 'cust-negozio-01', recipient: gino, causale: 'Vendita', transportBy: 'mittente',
      colli: 1, peso: 3, lines: [item(5, 4)], invoiceId: 'seed-deferred-negozio', invoicedAt: day(2, 12),
    },
    'ddt-negozio-003': {
      ...base(3, 25), state: 'annullato', customerId: 'cust-negozio-02', recipient: brera, causale: 'Conto visione', transportBy: 'destinatario',
      colli: 1, peso: 1.2, lines: [item(7, 1)], cancelledAt: day(24),
    },
    'ddt-negozio-004': {
      ...base(4, 14), state: 'confermato', customerId: 'cust-negozio-01', recipient: gino, causale: 'Vendita', transportBy: 'vettore',
      carrier: { name: 'Trasporti Lombardi S.r.l.', partitaIva: partitaIva('0334455096'), address: 'Via Emilia 5, 20097 San Donato Milanese (MI)' }, porto: 'assegnato',
      colli: 3, peso: 14.75, lines: [item(1, 12), item(2, 3), item(9, 1)],
      destination: { name: 'Magazzino Trattoria Da Gino', address: 'Via Giambellino 140', cap: '20146', city: 'Milano', province: 'MI', nation: 'IT' },
    },
    'ddt-negozio-005': {
      ...base(5, 6), state: 'confermato', customerId: 'cust-negozio-02', recipient: brera, causale: 'Conto deposito', transportBy: 'mittente',
      colli: 2, peso: 5, lines: [item(4, 10)],
    },
    'ddt-negozio-006': {
      ...base(undefined, 1), state: 'bozza', customerId: 'cust-negozio-02', recipient: brera, causale: 'Reso', transportBy: 'mittente',
      colli: 1, lines: [item(6, 2)], notes: 'Reso merce non conforme',
    },
  };
  return [
    ...Object.entries(docs).map(([id, data]) => ({ collection: COLLECTIONS.ddt, id, data })),
    // The counter names the note that took its last step (the rules ask it of every confirmation).
    { collection: COLLECTIONS.ddt, id: `counter-${uid}-${year}`, data: { userId: uid, kind: 'counter', year, last: 5, ddtId: 'ddt-negozio-005' } },
  ];
}
