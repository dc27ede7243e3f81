/**
 * Announcement: every signed-in user reads; admins write; anybody signed in may only flag an announcement
 * `expired: true` once its expiry has passed (the bell drops it). Ticket moved to tickets.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { allBut, expectOnly, getDoc, readRaw, setupWorld } from './fixtures.ts';

const world = setupWorld();
const hour = 60 * 60 * 1000;
const past = new Date(Date.now() - hour);
const future = new Date(Date.now() + 24 * hour);

const announcements = {
  'Announcement/live': { description: 'Nuova versione', createdAt: past, expiresAt: future, expired: false },
  'Announcement/old': { description: 'Manutenzione', createdAt: new Date(Date.now() - 48 * hour), expiresAt: past, expired: false },
};

describe('Announcement', () => {
  it('read by every signed-in user, not by the signed-out', async () => {
    await world.reset(announcements);
    await expectOnly(world, allBut('anon'), getDoc('Announcement/live'));
    await expectOnly(world, allBut('anon'), (db) => db.collection('Announcement').get());
  });

  it('created, edited and deleted by admins only', async () => {
    await expectOnly(world, ['admin'], (db, actor) => db.doc(`Announcement/new-${actor}`).set({ description: 'x', createdAt: new Date(), expired: false }));
    await expectOnly(world, ['admin'], (db) => db.doc('Announcement/live').update({ description: 'modificato' }), { before: () => world.reset(announcements) });
    await expectOnly(world, ['admin'], (db) => db.doc('Announcement/live').delete(), { before: () => world.reset(announcements) });
  });

  it('anyone signed in flags an expired announcement, and only that flag, only to true, only after expiry', async () => {
    await expectOnly(world, allBut('anon'), (db) => db.doc('Announcement/old').update({ expired: true }), { before: () => world.reset(announcements) });
    expect((await readRaw(world.env, 'Announcement/old'))?.expired).toBe(true);
    await expectOnly(world, ['admin'], (db) => db.doc('Announcement/live').update({ expired: true }), { before: () => world.reset(announcements) });
    await expectOnly(world, ['admin'], (db) => db.doc('Announcement/old').update({ expired: true, description: 'altro' }), { before: () => world.reset(announcements) });
    await expectOnly(world, ['admin'], (db) => db.doc('Announcement/old').update({ expired: 'si' }), { before: () => world.reset(announcements) });
  });
});

// Ticket has its own full rules; they are tested in tests/rules/tickets.test.ts.
