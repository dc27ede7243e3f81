/**
 * Ddt (delivery notes) and Scrap (the stock a DDT moves). Read by the shop's readers; written by the
 * owner only; numbers taken from the per-year counter in the confirmation's transaction; confirmed notes
 * immutable except cancellation (before invoicing) and invoicing. Another shop's notes are invisible and
 * unwritable.
 */
import { describe, expect, it } from 'vitest';
import { SHOP_A, SHOP_B, expectOnly, getDoc, readRaw, setupWorld, type ActorName, type Db } from './fixtures.ts';

const world = setupWorld();
const readersA: ActorName[] = ['ownerA', 'accountantA', 'techA', 'admin'];
const readersB: ActorName[] = ['ownerB', 'techB', 'admin'];

const at = new Date('2026-11-20T10:00:00Z');
const line = { code: 'A1', description: 'Trapano', um: 'PZ', quantity: 2, productId: 'scrap-a' };
const draft = (shopId: string) => ({
  userId: shopId, kind: 'ddt', state: 'bozza', year: 2026, date: at, causale: 'Vendita', transportBy: 'mittente', porto: 'franco',
  recipient: { name: 'Mario Rossi' }, lines: [line], notes: '', aspetto: 'Scatola',
});
const confirmed = (shopId: string, n: number, extra: Record<string, unknown> = {}) => ({
  ...draft(shopId), state: 'confermato', progressive: n, number: `DDT/${n}`, confirmedAt: at, ...extra,
});
const counter = (shopId: string, last: number) => ({ userId: shopId, kind: 'counter', year: 2026, last });
const COUNTER_A = `counter-${SHOP_A}-2026`;

const docs = {
  'Ddt/draft-a': draft(SHOP_A),
  'Ddt/draft-b': draft(SHOP_B),
  'Ddt/conf-a': confirmed(SHOP_A, 1),
  'Ddt/inv-a': confirmed(SHOP_A, 2, { state: 'fatturato', invoiceId: 'sale-x', invoicedAt: at }),
  'Ddt/conf-b': confirmed(SHOP_B, 1),
  [`Ddt/${COUNTER_A}`]: counter(SHOP_A, 2),
  [`Ddt/counter-${SHOP_B}-2026`]: counter(SHOP_B, 1),
  'Sale/draft-a': { userId: SHOP_A, method: 'Fattura', invoiceUUID: '', invoiceNumber: 'owner-2026-1' },
  'Sale/draft-b': { userId: SHOP_B, method: 'Fattura', invoiceUUID: '', invoiceNumber: 'owner-2026-1' },
  'Scrap/scrap-a': { userId: SHOP_A, name: 'Trapano', price: '49.90', quantity: '10', stock: { qty: 10, minQty: 0, track: true } },
  'Scrap/scrap-b': { userId: SHOP_B, name: 'Martello', price: '9.90', quantity: '5', stock: { qty: 5, minQty: 0, track: true } },
};

/**
 * Confirms a draft the way the app does (src/features/ddt/api.ts): counter + 1 naming the note, and the note's
 * progressive and printed number in one transaction. The fixture's shops store codeDdt 'DDT', which the app reads as
 * no readable code: the default 11 (ddtCodeOf), so the number is '11/N'.
 */
function confirm(ddtPath: string, counterPath: string, shopId: string, next: (last: number) => number = (l) => l + 1, printed = (n: number) => `11/${n}`) {
  return (db: Db) =>
    db.runTransaction(async (tx) => {
      const c = await tx.get(db.doc(counterPath));
      const last = c.exists ? (c.data()?.last as number) : 0;
      const n = next(last);
      const ddtId = ddtPath.replace('Ddt/', '');
      if (c.exists) tx.update(db.doc(counterPath), { last: n, ddtId });
      else tx.set(db.doc(counterPath), { ...counter(shopId, n), ddtId });
      tx.update(db.doc(ddtPath), { state: 'confermato', progressive: n, number: printed(n), confirmedAt: at, updatedAt: at });
    });
}

describe('reading Ddt and Scrap', () => {
  it.each(['Ddt/draft-a', 'Ddt/conf-a', `Ddt/${COUNTER_A}`, 'Scrap/scrap-a'])("%s is read by shop A's readers only", async (path) => {
    await world.reset(docs);
    await expectOnly(world, readersA, getDoc(path));
  });

  it("another shop's notes and products are invisible to shop A's users", async () => {
    await world.reset(docs);
    await expectOnly(world, readersB, getDoc('Ddt/conf-b'));
    await expectOnly(world, readersB, getDoc('Scrap/scrap-b'));
  });

  it('queries filtered on the shop pass for its readers only', async () => {
    await world.reset(docs);
    await expectOnly(world, readersA, (db) => db.collection('Ddt').where('userId', '==', SHOP_A).get());
    await expectOnly(world, readersA, (db) => db.collection('Scrap').where('userId', '==', SHOP_A).get());
    await expectOnly(world, readersB, (db) => db.collection('Ddt').where('userId', '==', SHOP_B).where('year', '==', 2026).get());
    await expectOnly(world, ['admin'], (db) => db.collection('Ddt').get());
  });
});

describe('writing drafts', () => {
  it('only the owner creates a draft of their shop, never a confirmed or numbered one', async () => {
    await world.reset(docs);
    await expectOnly(world, ['ownerA'], (db, actor) => db.doc(`Ddt/new-${actor}`).set(draft(SHOP_A)));
    await expectOnly(world, [], (db, actor) => db.doc(`Ddt/conf-${actor}`).set(confirmed(SHOP_A, 9)));
    await expectOnly(world, [], (db, actor) => db.doc(`Ddt/num-${actor}`).set({ ...draft(SHOP_A), number: 'DDT/9' }));
    await expectOnly(world, ['ownerB'], (db, actor) => db.doc(`Ddt/newb-${actor}`).set(draft(SHOP_B)));
  });

  it('only the owner edits and deletes a draft, and cannot move it to another shop or number it by hand', async () => {
    const before = () => world.reset(docs);
    await expectOnly(world, ['ownerA'], (db) => db.doc('Ddt/draft-a').update({ causale: 'Reso', updatedAt: at }), { before });
    await expectOnly(world, [], (db) => db.doc('Ddt/draft-a').update({ userId: SHOP_B }), { before });
    await expectOnly(world, [], (db) => db.doc('Ddt/draft-a').update({ number: 'DDT/1' }), { before });
    await expectOnly(world, ['ownerA'], (db) => db.doc('Ddt/draft-a').delete(), { before });
    await expectOnly(world, ['ownerB'], (db) => db.doc('Ddt/draft-b').delete(), { before });
  });
});

describe('confirming', () => {
  it('the owner confirms with the next number of the counter, in one transaction', async () => {
    await expectOnly(world, ['ownerA'], confirm('Ddt/draft-a', `Ddt/${COUNTER_A}`, SHOP_A), { before: () => world.reset(docs) });
    await world.reset(docs);
    await confirm('Ddt/draft-a', `Ddt/${COUNTER_A}`, SHOP_A)(world.db('ownerA'));
    const snap = await world.db('ownerA').doc('Ddt/draft-a').get();
    expect(snap.data()).toMatchObject({ state: 'confermato', progressive: 3, number: '11/3' });
  });

  it('the first note of a year creates the counter at 1', async () => {
    await world.reset({ ...docs, [`Ddt/${COUNTER_A}`]: null });
    await confirm('Ddt/draft-a', `Ddt/${COUNTER_A}`, SHOP_A)(world.db('ownerA'));
    expect((await world.db('ownerA').doc(`Ddt/${COUNTER_A}`).get()).data()).toMatchObject({ last: 1 });
  });

  it('a number that is not the counter plus one, or without moving the counter, is refused', async () => {
    const before = () => world.reset(docs);
    await expectOnly(world, [], confirm('Ddt/draft-a', `Ddt/${COUNTER_A}`, SHOP_A, (l) => l), { before });
    await expectOnly(world, [], confirm('Ddt/draft-a', `Ddt/${COUNTER_A}`, SHOP_A, (l) => l + 2), { before });
    await expectOnly(world, [], (db) => db.doc('Ddt/draft-a').update({ state: 'confermato', progressive: 3, number: 'DDT/3' }), { before });
    await expectOnly(world, [], (db) => db.doc(`Ddt/${COUNTER_A}`).update({ last: 1 }), { before });
    // The counter never moves on its own, nor naming a note that is not confirmed with that number.
    await expectOnly(world, [], (db) => db.doc(`Ddt/${COUNTER_A}`).update({ last: 3 }), { before });
    await expectOnly(world, [], (db) => db.doc(`Ddt/${COUNTER_A}`).update({ last: 3, ddtId: 'draft-a' }), { before });
    await expectOnly(world, [], (db) => db.doc(`Ddt/${COUNTER_A}`).update({ last: 3, ddtId: 'conf-a' }), { before });
    await expectOnly(world, [], (db) => db.doc(`Ddt/${COUNTER_A}`).delete(), { before });
    await expectOnly(world, [], (db, actor) => db.doc(`Ddt/counter-${SHOP_A}-2027`).set({ ...counter(SHOP_A, 1), year: 2027, note: actor }), { before });
  });

  it("nobody confirms another shop's draft", async () => {
    await expectOnly(world, [], confirm('Ddt/draft-b', `Ddt/${COUNTER_A}`, SHOP_A), { before: () => world.reset(docs), actors: ['ownerA', 'accountantA', 'techA', 'admin'] });
  });
});

describe('one number per DDT (one counter step, one note; the number as the app prints it)', () => {
  const before = () => world.reset({ ...docs, 'Ddt/draft-a2': draft(SHOP_A) });

  /** Two drafts confirmed in ONE batch with ONE counter step: both would carry progressive 3. */
  function confirmTwo(named: string | undefined, numbers: [string, string] = ['11/3', '11/3']) {
    return (db: Db) => {
      const batch = db.batch();
      // undefined: the counter step as the app wrote it before the counter named its note (the attack as reported)
      batch.update(db.doc(`Ddt/${COUNTER_A}`), named === undefined ? { last: 3 } : { last: 3, ddtId: named });
      batch.update(db.doc('Ddt/draft-a'), { state: 'confermato', progressive: 3, number: numbers[0], confirmedAt: at, updatedAt: at });
      batch.update(db.doc('Ddt/draft-a2'), { state: 'confermato', progressive: 3, number: numbers[1], confirmedAt: at, updatedAt: at });
      return batch.commit();
    };
  }

  it('two drafts confirmed in one batch with one counter step are refused, whichever the counter names', async () => {
    for (const named of [undefined, 'draft-a', 'draft-a2', '']) await expectOnly(world, [], confirmTwo(named), { before });
    await expectOnly(world, [], confirmTwo('draft-a', ['11/3', '11/4']), { before });
  });

  it('the same two drafts confirmed one after the other get 3 and 4 (the owner only)', async () => {
    const both = async (db: Db) => {
      await confirm('Ddt/draft-a', `Ddt/${COUNTER_A}`, SHOP_A)(db);
      await confirm('Ddt/draft-a2', `Ddt/${COUNTER_A}`, SHOP_A)(db);
    };
    await expectOnly(world, ['ownerA'], both, { before });
    await before();
    await both(world.db('ownerA'));
    expect((await readRaw(world.env, 'Ddt/draft-a'))?.number).toBe('11/3');
    expect((await readRaw(world.env, 'Ddt/draft-a2'))?.number).toBe('11/4');
    expect(await readRaw(world.env, `Ddt/${COUNTER_A}`)).toMatchObject({ last: 4, ddtId: 'draft-a2' });
  });

  it("a note takes the counter of its own date's year (Rome time), never another year's", async () => {
    const COUNTER_2025 = `counter-${SHOP_A}-2025`;
    const otherYear = () => world.reset({ ...docs, 'Ddt/draft-y': { ...draft(SHOP_A), year: 2025 }, [`Ddt/${COUNTER_2025}`]: { ...counter(SHOP_A, 5), year: 2025 } });
    // Dated 20/11/2026 but filed under 2025: it would print 11/6 of 2025 for a note of 2026.
    await expectOnly(world, [], confirm('Ddt/draft-y', `Ddt/${COUNTER_2025}`, SHOP_A), { before: otherYear });
    // Corrected to its date's year, the same draft is numbered by the owner in 2026.
    const fixed = (db: Db) => db.doc('Ddt/draft-y').update({ year: 2026 }).then(() => confirm('Ddt/draft-y', `Ddt/${COUNTER_A}`, SHOP_A)(db));
    await expectOnly(world, ['ownerA'], fixed, { before: otherYear });

    // 1 January 2027 at 00:30 in Rome is still 2026 in UTC: the note is of 2027 and opens that year's counter.
    const newYear = new Date('2026-12-31T23:30:00Z');
    const firstOf = (year: number) => (db: Db) => db.runTransaction(async (tx) => {
      await tx.get(db.doc(`Ddt/counter-${SHOP_A}-${String(year)}`));
      tx.set(db.doc(`Ddt/counter-${SHOP_A}-${String(year)}`), { userId: SHOP_A, kind: 'counter', year, last: 1, ddtId: 'draft-ny' });
      tx.update(db.doc('Ddt/draft-ny'), { state: 'confermato', progressive: 1, number: '11/1', confirmedAt: at, updatedAt: at });
    });
    const atNewYear = (year: number) => () => world.reset({ ...docs, 'Ddt/draft-ny': { ...draft(SHOP_A), year, date: newYear } });
    await expectOnly(world, ['ownerA'], firstOf(2027), { before: atNewYear(2027) });
    // A note dated in the middle of 2026 cannot open 2027's counter.
    await expectOnly(world, [], firstOf(2027), { before: () => world.reset({ ...docs, 'Ddt/draft-ny': { ...draft(SHOP_A), year: 2027 } }) });
  });

  it("the printed number is the shop's code and the progressive: no free text, no number already used", async () => {
    // As reported: progressive 3 printed as 'DDT/1', a number already used, with the counter step of before.
    const reported = (db: Db) => db.runTransaction(async (tx) => {
      await tx.get(db.doc(`Ddt/${COUNTER_A}`));
      tx.update(db.doc(`Ddt/${COUNTER_A}`), { last: 3 });
      tx.update(db.doc('Ddt/draft-a'), { state: 'confermato', progressive: 3, number: 'DDT/1', confirmedAt: at, updatedAt: at });
    });
    await expectOnly(world, [], reported, { before });
    for (const printed of [() => 'DDT/1', () => '11/1', (n: number) => `DDT/${n}`, (n: number) => String(n), (n: number) => `11/${n} `, (n: number) => `011/${n}`]) {
      await expectOnly(world, [], confirm('Ddt/draft-a', `Ddt/${COUNTER_A}`, SHOP_A, (l) => l + 1, printed), { before, actors: ['ownerA'] });
    }
  });

  it.each([
    [7, '7/3'], [0, '3'], ['12', '12/3'], [' 5 ', '5/3'], [11.9, '11/3'], [null, '11/3'],
  ] as const)('with codeDdt %j the note reads %s', async (code, expected) => {
    const shopA = (await readRaw(world.env, `Shop/${SHOP_A}`)) ?? {};
    const withCode = () => world.reset({
      ...docs,
      [`Shop/${SHOP_A}`]: { ...shopA, settings: { ...(shopA.settings as Record<string, unknown>), codeDdt: code } },
    });
    await expectOnly(world, ['ownerA'], confirm('Ddt/draft-a', `Ddt/${COUNTER_A}`, SHOP_A, (l) => l + 1, () => expected), { before: withCode, actors: ['ownerA', 'ownerB', 'admin'] });
    await expectOnly(world, [], confirm('Ddt/draft-a', `Ddt/${COUNTER_A}`, SHOP_A, (l) => l + 1, () => `DDT/3`), { before: withCode, actors: ['ownerA'] });
  });
});

describe('confirmed notes', () => {
  it('are immutable and cannot be deleted', async () => {
    const before = () => world.reset(docs);
    await expectOnly(world, [], (db) => db.doc('Ddt/conf-a').update({ causale: 'Omaggio' }), { before });
    await expectOnly(world, [], (db) => db.doc('Ddt/conf-a').update({ state: 'bozza' }), { before });
    await expectOnly(world, [], (db) => db.doc('Ddt/conf-a').delete(), { before });
  });

  it('are cancelled by the owner only, and only before invoicing', async () => {
    const before = () => world.reset(docs);
    await expectOnly(world, ['ownerA'], (db) => db.doc('Ddt/conf-a').update({ state: 'annullato', cancelledAt: at, updatedAt: at }), { before });
    await expectOnly(world, [], (db) => db.doc('Ddt/inv-a').update({ state: 'annullato', cancelledAt: at }), { before });
    await expectOnly(world, [], (db) => db.doc('Ddt/conf-a').update({ state: 'annullato', causale: 'Reso' }), { before });
  });

  it('are invoiced by the owner only, into an invoice draft of the same shop', async () => {
    const before = () => world.reset(docs);
    await expectOnly(world, ['ownerA'], (db) => db.doc('Ddt/conf-a').update({ state: 'fatturato', invoiceId: 'draft-a', invoiceNumber: '12', invoicedAt: at }), { before });
    await expectOnly(world, [], (db) => db.doc('Ddt/conf-a').update({ state: 'fatturato', invoiceId: 'draft-b', invoicedAt: at }), { before });
    await expectOnly(world, [], (db) => db.doc('Ddt/conf-a').update({ state: 'fatturato', invoiceId: 'missing', invoicedAt: at }), { before });
    await expectOnly(world, [], (db) => db.doc('Ddt/conf-a').update({ state: 'fatturato' }), { before });
    await expectOnly(world, [], (db) => db.doc('Ddt/inv-a').update({ state: 'confermato' }), { before });
    await expectOnly(world, ['ownerB'], (db) => db.doc('Ddt/conf-b').update({ state: 'fatturato', invoiceId: 'draft-b', invoicedAt: at }), { before });
  });

  it('are invoiced together with a new draft in one transaction', async () => {
    await world.reset(docs);
    const db = world.db('ownerA');
    await db.runTransaction(async (tx) => {
      await tx.get(db.doc('Ddt/conf-a'));
      tx.set(db.doc('Sale/td24-a'), { userId: SHOP_A, method: 'Fattura', invoiceUUID: '', invoiceNumber: 'owner-2026-2', type: 'TD24' });
      tx.update(db.doc('Ddt/conf-a'), { state: 'fatturato', invoiceId: 'td24-a', invoiceNumber: 'owner-2026-2', invoicedAt: at });
    });
    expect((await db.doc('Ddt/conf-a').get()).data()).toMatchObject({ state: 'fatturato', invoiceId: 'td24-a' });
  });
});

describe('Scrap stock', () => {
  it("the owner (and admins) move a product's stock, never to another shop (full Scrap rules: scrap.test.ts)", async () => {
    const before = () => world.reset(docs);
    await expectOnly(world, ['ownerA', 'admin'], (db) => db.doc('Scrap/scrap-a').update({ 'stock.qty': 8, quantity: '8' }), { before });
    await expectOnly(world, ['ownerB', 'admin'], (db) => db.doc('Scrap/scrap-b').update({ 'stock.qty': 4 }), { before });
    await expectOnly(world, [], (db) => db.doc('Scrap/scrap-a').update({ userId: SHOP_B }), { before });
  });
});

describe('Sale invoice drafts', () => {
  it('only the owner creates an invoice draft of their shop, never a sale or an issued invoice', async () => {
    await world.reset(docs);
    const draftOf = (shopId: string) => ({ userId: shopId, method: 'Fattura', invoiceUUID: '', invoiceNumber: 'x-2026-9', type: 'TD24' });
    await expectOnly(world, ['ownerA'], (db, actor) => db.doc(`Sale/new-${actor}`).set(draftOf(SHOP_A)));
    await expectOnly(world, ['ownerB'], (db, actor) => db.doc(`Sale/newb-${actor}`).set(draftOf(SHOP_B)));
    await expectOnly(world, [], (db, actor) => db.doc(`Sale/sent-${actor}`).set({ ...draftOf(SHOP_A), invoiceUUID: 'abc' }));
    await expectOnly(world, [], (db, actor) => db.doc(`Sale/pos-${actor}`).set({ ...draftOf(SHOP_A), method: 'contanti' }));
    // Draft edits are the invoices issue's (tests/rules/invoices.test.ts): the owner only.
    await expectOnly(world, ['ownerA'], (db) => db.doc('Sale/draft-a').update({ invoiceNumber: 'y' }));
    await expectOnly(world, [], (db) => db.doc('Sale/draft-a').delete());
  });
});
