/**
 * Ticket (document 3 §3-§6): the ticket page (assist, tech, admin) reads every ticket; an owner reads only
 * their shop's; creation as §5/§9 by whoever may open a ticket for that shop; the actions modal's update (§4) by
 * assist and technicians, with a reply in the conversation; the owner marks read and replies; support marks the shop's
 * reply seen; nobody deletes. User labels for the ticket page.
 */
import firebase from 'firebase/compat/app';
import 'firebase/compat/firestore';
import { describe, expect, it } from 'vitest';
import { expectOnly, getDoc, readRaw, SHOP_A, SHOP_B, setupWorld, uidOf, writerId, type ActorName } from './fixtures.ts';

const world = setupWorld();
const serverTime = () => firebase.firestore.FieldValue.serverTimestamp();
const past = new Date(Date.now() - 3 * 24 * 60 * 60 * 1000);

const tickets = () => ({
  'Ticket/t-a': { userId: SHOP_A, shopId: SHOP_A, createdAt: past, categorie: 'cassa', type: 'assistenza base', description: 'Stampante', read: true, status: 'in corso', taken: [] },
  'Ticket/t-b': { userId: SHOP_B, createdAt: past, categorie: 'fatture', type: 'tecnico', description: 'Cassa', read: false, status: 'in corso', taken: ['assist-1'],
    logs: [{ userId: 'assist-1', userLabel: 'assist', timestamp: past, changes: { type: { from: 'assistenza base', to: 'tecnico' } } }] },
});

const newTicket = (shopId: string, extra: Record<string, unknown> = {}) => ({
  createdAt: serverTime(), userId: shopId, shopId, categorie: 'cassa', type: 'assistenza base', description: 'Non stampa', read: false, status: 'in corso', taken: [], ...extra,
});

/** The actions modal's write: status and/or type, the caller in taken, read false, one log entry appended. */
function action(actor: ActorName, over: Record<string, unknown> = {}) {
  const uid = writerId(actor);
  return {
    status: 'completato',
    taken: [uid],
    read: false,
    lastModified: serverTime(),
    logs: [{ userId: uid, userLabel: uid, timestamp: new Date(), changes: { status: { from: 'in corso', to: 'completato' } } }],
    ...over,
  };
}

describe('Ticket reads', () => {
  it('the ticket page (assist, technicians, admin) reads every ticket, ordered by createdAt', async () => {
    await world.reset(tickets());
    await expectOnly(world, ['assist', 'techA', 'techB', 'admin'], (db) => db.collection('Ticket').orderBy('createdAt', 'desc').get());
    await expectOnly(world, ['ownerB', 'assist', 'techA', 'techB', 'admin'], getDoc('Ticket/t-b'));
  });

  it("an owner reads only their own shop's tickets (document and query), accountants none", async () => {
    await world.reset(tickets());
    await expectOnly(world, ['ownerA', 'assist', 'techA', 'techB', 'admin'], getDoc('Ticket/t-a'));
    await expectOnly(world, ['ownerA', 'assist', 'techA', 'techB', 'admin'], (db) => db.collection('Ticket').where('userId', '==', SHOP_A).get());
    await expectOnly(world, ['ownerB', 'assist', 'techA', 'techB', 'admin'], (db) => db.collection('Ticket').where('userId', '==', SHOP_B).where('read', '==', false).get());
  });
});

describe('Ticket create', () => {
  it("for shop A: its owner, accountant and technician, assist, admin; not shop B's people", async () => {
    await expectOnly(world, ['ownerA', 'accountantA', 'techA', 'assist', 'admin'], (db, actor) => db.doc(`Ticket/new-${actor}`).set(newTicket(SHOP_A)));
  });

  it('for shop B: its owner, its assigned technician, assist, admin', async () => {
    await expectOnly(world, ['ownerB', 'techB', 'assist', 'admin'], (db, actor) => db.doc(`Ticket/new-${actor}`).set(newTicket(SHOP_B)));
  });

  it("the owner's own ticket waits for support (staffRead false); staffRead is a yes or no", async () => {
    await expectOnly(world, ['ownerA', 'admin'], (db, actor) => db.doc(`Ticket/own-${actor}`).set(newTicket(SHOP_A, { read: true, staffRead: false })), { actors: ['ownerA', 'ownerB', 'admin'] });
    await expectOnly(world, ['admin'], (db, actor) => db.doc(`Ticket/odd-${actor}`).set(newTicket(SHOP_A, { read: true, staffRead: 'no' })), { actors: ['ownerA', 'admin'] });
  });

  it('assist cannot open a ticket for a shop that does not exist', async () => {
    await expectOnly(world, ['admin'], (db, actor) => db.doc(`Ticket/ghost-${actor}`).set(newTicket('no-such-shop')));
  });

  it('a new ticket starts in corso, unassigned, without history, at the server time, with listed category and type', async () => {
    const actors = ['ownerA', 'assist'] as const;
    const bad: Record<string, unknown>[] = [
      { status: 'completato' },
      { taken: ['assist-1'] },
      { logs: [] },
      { createdAt: past },
      { categorie: 'varie' },
      { type: 'urgente' },
      { description: '' },
      { read: 'no' },
      { shopId: SHOP_B },
    ];
    for (const extra of bad) {
      await expectOnly(world, [], (db, actor) => db.doc(`Ticket/bad-${actor}`).set(newTicket(SHOP_A, extra)), { actors });
    }
  });
});

describe('Ticket actions (document 3 §4)', () => {
  const before = () => world.reset(tickets());

  it('assist and technicians change status/type with one log entry of their own; admins too', async () => {
    await expectOnly(world, ['assist', 'techA', 'techB', 'admin'], (db, actor) => db.doc('Ticket/t-a').update(action(actor)), { before });
    const saved = await readRaw(world.env, 'Ticket/t-a');
    expect(saved?.status).toBe('completato');
  });

  it('a second change keeps the earlier history and appends one entry', async () => {
    const prior = tickets()['Ticket/t-b'].logs;
    const entry = (uid: string) => ({ userId: uid, userLabel: uid, timestamp: new Date(), changes: { status: { from: 'in corso', to: 'annullato' } } });
    await expectOnly(world, ['assist', 'techA', 'admin'], (db, actor) => db.doc('Ticket/t-b').update({ status: 'annullato', taken: ['assist-1', ...(actor === 'assist' ? [] : [writerId(actor)])], read: false, lastModified: serverTime(), logs: [...prior, entry(writerId(actor))] }), { before, actors: ['assist', 'techA', 'admin', 'ownerB'] });
    // Dropping the earlier entry, or adding two users to taken, is refused.
    await expectOnly(world, [], (db) => db.doc('Ticket/t-b').update({ status: 'annullato', taken: ['assist-1', 'tech-a'], read: false, logs: [entry('tech-a'), entry('tech-a')] }), { before, actors: ['techA'] });
    await expectOnly(world, [], (db) => db.doc('Ticket/t-b').update({ status: 'annullato', taken: ['assist-1', 'tech-a', 'x'], read: false, logs: [...prior, entry('tech-a')] }), { before, actors: ['techA'] });
  });

  it('refused: rewriting history, someone else as author, not in taken, read left true, bad status, extra fields, client lastModified', async () => {
    const actors = ['assist', 'techA'] as const;
    const variants: ((actor: ActorName) => Record<string, unknown>)[] = [
      (a) => action(a, { logs: [] }),
      (a) => action(a, { logs: [{ userId: 'someone-else', changes: {} }] }),
      (a) => action(a, { taken: [] }),
      (a) => action(a, { read: true }),
      (a) => action(a, { status: 'chiuso' }),
      (a) => action(a, { type: 'urgente' }),
      (a) => action(a, { description: 'riscritta' }),
      (a) => action(a, { userId: SHOP_B }),
      (a) => action(a, { lastModified: past }),
    ];
    for (const variant of variants) {
      await expectOnly(world, [], (db, actor) => db.doc('Ticket/t-a').update(variant(actor)), { before, actors });
    }
  });

  it('the owner only marks their ticket read; nobody else does that, and the owner changes nothing else', async () => {
    await world.reset({ ...tickets(), 'Ticket/t-a': { ...tickets()['Ticket/t-a'], read: false } });
    await expectOnly(world, ['ownerA', 'admin'], (db) => db.doc('Ticket/t-a').update({ read: true }), { before: () => world.reset({ ...tickets(), 'Ticket/t-a': { ...tickets()['Ticket/t-a'], read: false } }) });
    await expectOnly(world, [], (db) => db.doc('Ticket/t-a').update({ status: 'annullato' }), { actors: ['ownerA', 'ownerB'] });
    await expectOnly(world, [], (db) => db.doc('Ticket/t-a').update({ read: false }), { actors: ['ownerA'] });
  });

  it('support replies in the conversation, alone or with a change; a reply over 2000 characters or dated away from now is refused', async () => {
    const reply = (actor: ActorName, message: string, at = new Date()) => {
      const uid = writerId(actor);
      return { taken: [uid], read: false, staffRead: true, logs: [{ userId: uid, userLabel: uid, timestamp: at, changes: {}, message }] };
    };
    await expectOnly(world, ['assist', 'techA', 'techB', 'admin'], (db, actor) => db.doc('Ticket/t-a').update(reply(actor, 'Provi a riavviare la cassa.')), { before });
    await expectOnly(world, ['assist', 'techA', 'admin'], (db, actor) => db.doc('Ticket/t-a').update(action(actor, { logs: [{ ...action(actor).logs[0], message: 'Risolto.' }] })), { before, actors: ['assist', 'techA', 'admin', 'ownerA', 'ownerB', 'accountantA'] });
    for (const variant of [(a: ActorName) => reply(a, 'x'.repeat(2001)), (a: ActorName) => reply(a, 'vecchia', past), (a: ActorName) => reply(a, 'tardi', new Date(Date.now() + 60 * 60 * 1000)), (a: ActorName) => ({ ...reply(a, 'ok'), staffRead: false })]) {
      await expectOnly(world, [], (db, actor) => db.doc('Ticket/t-a').update(variant(actor)), { before, actors: ['assist', 'techA'] });
    }
  });

  it("the shop replies on its own ticket: one entry of its own with the text, support's unread mark; nothing else of it", async () => {
    const prior = tickets()['Ticket/t-b'].logs;
    const shopEntry = (uid: string, extra: Record<string, unknown> = {}) => ({ userId: uid, userLabel: 'Negozio B', timestamp: new Date(), message: 'Grazie, ora funziona.', ...extra });
    const reply = (actor: ActorName) => ({ staffRead: false, logs: [...prior, shopEntry(writerId(actor))] });
    await expectOnly(world, ['ownerB', 'admin'], (db, actor) => db.doc('Ticket/t-b').update(reply(actor)), { before, actors: ['ownerA', 'ownerB', 'accountantA', 'assist', 'techA', 'admin'] });
    const saved = await readRaw(world.env, 'Ticket/t-b');
    expect(saved?.staffRead).toBe(false);
    expect(saved?.read).toBe(false);
    const refused: Record<string, unknown>[] = [
      { staffRead: false, logs: [...prior, shopEntry('shop-a')] },
      { staffRead: false, logs: [...prior, shopEntry(uidOf('ownerB'), { message: '' })] },
      { staffRead: false, logs: [...prior, shopEntry(uidOf('ownerB'), { message: 'x'.repeat(2001) })] },
      { staffRead: false, logs: [...prior, shopEntry(uidOf('ownerB'), { changes: { status: { from: 'in corso', to: 'completato' } } })] },
      { staffRead: false, logs: [shopEntry(uidOf('ownerB'))] },
      { staffRead: false, status: 'completato', logs: [...prior, shopEntry(uidOf('ownerB'))] },
      { staffRead: false, read: true, logs: [...prior, shopEntry(uidOf('ownerB'))] },
      { staffRead: true, logs: [...prior, shopEntry(uidOf('ownerB'))] },
      { logs: [...prior, shopEntry(uidOf('ownerB'))] },
    ];
    for (const update of refused) await expectOnly(world, [], (db) => db.doc('Ticket/t-b').update(update), { before, actors: ['ownerB'] });
  });

  it("support marks the shop's message seen; the shop cannot", async () => {
    const unseen = () => world.reset({ ...tickets(), 'Ticket/t-b': { ...tickets()['Ticket/t-b'], staffRead: false } });
    await expectOnly(world, ['assist', 'techA', 'admin'], (db) => db.doc('Ticket/t-b').update({ staffRead: true }), { before: unseen, actors: ['assist', 'techA', 'admin', 'ownerB', 'ownerA', 'accountantA'] });
    await expectOnly(world, [], (db) => db.doc('Ticket/t-b').update({ staffRead: false }), { before: unseen, actors: ['assist', 'techA'] });
  });

  it('nobody deletes a ticket', async () => {
    await world.reset(tickets());
    await expectOnly(world, [], (db) => db.doc('Ticket/t-a').delete());
  });
});

describe('User labels of the ticket page', () => {
  it('assist and technicians read shop owners and support staff, not accountants or registrants', async () => {
    await expectOnly(world, ['ownerA', 'techA', 'techB', 'assist', 'admin'], getDoc(`User/${uidOf('ownerA')}`));
    await expectOnly(world, ['assist', 'techA', 'techB', 'admin'], getDoc(`User/${uidOf('assist')}`));
    await expectOnly(world, ['accountantA', 'admin', 'ownerA'], getDoc(`User/${uidOf('accountantA')}`));
    await expectOnly(world, ['registrant', 'admin'], getDoc(`User/${uidOf('registrant')}`));
    await expectOnly(world, ['assist', 'techA', 'techB', 'admin'], (db) => db.collection('User').where('level', 'in', ['shop', 'assist', 'tech', 'admin']).get());
    await expectOnly(world, ['assist', 'admin'].concat() as ActorName[], (db) => db.collection('User').where('level', '==', 'shop').get(), { actors: ['assist', 'admin', 'ownerA', 'accountantA'] });
  });
});
