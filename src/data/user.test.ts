import { describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../../scripts/seed/accounts';
import { SEED_NOW, stored, storedCollection } from './test-seed';
import { normalizeUser, toFirestoreUser, toUserLevel } from './user';

describe('User converter', () => {
  it('reads every seeded account with its level', () => {
    const users = storedCollection('User').map(({ id, raw }) => normalizeUser(id, raw));
    expect(users).toHaveLength(Object.keys(DEMO_ACCOUNTS).length);
    for (const account of Object.values(DEMO_ACCOUNTS)) {
      const user = users.find((u) => u.id === account.uid);
      expect(user).toMatchObject({ userId: account.uid, email: account.email, level: account.level, name: account.name, displayName: account.name });
      expect(user?.createdAt).toBeInstanceOf(Date);
      expect(user!.createdAt!.getTime()).toBeLessThan(SEED_NOW.getTime());
    }
  });

  it('reads the accountant shop links', () => {
    const a = normalizeUser(DEMO_ACCOUNTS.accountant.uid, stored('User', DEMO_ACCOUNTS.accountant.uid));
    expect(a.shops).toEqual([
      { shopId: DEMO_ACCOUNTS.owner.uid, role: 'accountant' },
      { shopId: DEMO_ACCOUNTS.roles.uid, role: 'accountant' },
    ]);
    expect(normalizeUser(DEMO_ACCOUNTS.owner.uid, stored('User', DEMO_ACCOUNTS.owner.uid)).shops).toEqual([]);
  });

  it('reads legacy shop lists (plain ids, {id}, duplicates) and a missing userId', () => {
    const u = normalizeUser('uid1', { email: 'a@b.it', level: 'accountant', shops: ['s1', { id: 's2', role: 'commercialista' }, { shopId: 's1' }, 42, null] });
    expect(u.userId).toBe('uid1');
    expect(u.shops).toEqual([
      { shopId: 's1', role: 'accountant' },
      { shopId: 's2', role: 'commercialista' },
      { shopId: '42', role: 'accountant' },
    ]);
  });

  it('maps level case-insensitively and keeps unknown ones as null with the raw text', () => {
    expect(toUserLevel('Admin')).toBe('admin');
    expect(toUserLevel('shopregister')).toBe('shopRegister');
    const u = normalizeUser('x', { level: 'superuser' });
    expect(u.level).toBeNull();
    expect(u.levelRaw).toBe('superuser');
    expect(normalizeUser('x', {}).level).toBeNull();
  });

  it('round-trips every seeded document', () => {
    for (const { id, raw } of storedCollection('User')) {
      const first = normalizeUser(id, raw);
      expect(normalizeUser(id, toFirestoreUser(first))).toEqual(first);
    }
  });
});
