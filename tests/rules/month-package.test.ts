/**
 * The reads of the accountant's month package (src/features/month-package/api.ts), exactly as the screen
 * asks them: the period's invoices by type and date, the rejections' ApiLog, the DDTs of the year, the closings and
 * the sales of the period (and their count). The shop's readers (owner, its accountant, its technician, admins)
 * get them; every other caller, the accountant of another shop included, gets PERMISSION_DENIED.
 */
import { describe, it } from 'vitest';
import { SHOP_A, SHOP_B, expectOnly, setupWorld, type ActorName, type Db } from './fixtures.ts';

const world = setupWorld();
const readersA: ActorName[] = ['ownerA', 'accountantA', 'techA', 'admin'];
const readersB: ActorName[] = ['ownerB', 'techB', 'admin'];
const at = new Date('2026-06-10T10:00:00Z');
const start = new Date('2026-06-01T00:00:00Z');
const end = new Date('2026-07-01T00:00:00Z');

const perShop = (shop: string, tag: string) => ({
  [`Invoice/out-${tag}`]: { uuid: `out-${tag}`, userId: shop, type: 0, status: 'sent', marking: 'rejected', payload: '<xml/>', newInvoice: false, createdAt: at, date: at },
  [`Invoice/in-${tag}`]: { uuid: `in-${tag}`, userId: shop, type: 1, status: 'received', marking: 'received', payload: '{}', newInvoice: false, createdAt: at, date: at },
  [`ApiLog/log-${tag}`]: { userId: shop, functionName: 'customer-notification', details: { invoiceId: `out-${tag}`, newMarking: 'rejected' }, timestamp: at },
  [`Ddt/ddt-${tag}`]: { userId: shop, kind: 'ddt', year: 2026, state: 'confermato', progressive: 1, number: '11/1', date: at },
  [`ZReport/z-${tag}`]: { userId: shop, createdAt: at, total: 10 },
  [`Sale/s-${tag}`]: { userId: shop, method: 'contanti', price: 10, date: at },
});
const docs = { ...perShop(SHOP_A, 'a'), ...perShop(SHOP_B, 'b') };

const reads: Record<string, (shop: string) => (db: Db) => Promise<unknown>> = {
  'issued invoices of the period': (shop) => (db) => db.collection('Invoice').where('userId', '==', shop).where('type', '==', 0).where('date', '>=', start).where('date', '<', end).get(),
  'received invoices of the period': (shop) => (db) => db.collection('Invoice').where('userId', '==', shop).where('type', '==', 1).where('date', '>=', start).where('date', '<', end).get(),
  "a rejection's reason": (shop) => (db) =>
    db.collection('ApiLog').where('userId', '==', shop).where('functionName', '==', 'customer-notification').where('details.invoiceId', '==', shop === SHOP_A ? 'out-a' : 'out-b')
      .where('details.newMarking', '==', 'rejected').orderBy('timestamp', 'desc').limit(1).get(),
  'DDTs of the year': (shop) => (db) => db.collection('Ddt').where('userId', '==', shop).where('year', '==', 2026).get(),
  'closings of the period': (shop) => (db) => db.collection('ZReport').where('userId', '==', shop).where('createdAt', '>=', start).where('createdAt', '<', end).get(),
  'sales of the period': (shop) => (db) => db.collection('Sale').where('userId', '==', shop).where('date', '>=', start).where('date', '<', end).get(),
};

describe("the month package's reads", () => {
  it.each(Object.keys(reads))("%s: shop A's readers only, every other caller denied", async (name) => {
    await world.reset(docs);
    const read = reads[name];
    if (!read) throw new Error(name);
    await expectOnly(world, readersA, read(SHOP_A));
  });

  it.each(Object.keys(reads))("%s of shop B: shop A's accountant gets nothing", async (name) => {
    await world.reset(docs);
    const read = reads[name];
    if (!read) throw new Error(name);
    await expectOnly(world, readersB, read(SHOP_B));
  });
});
