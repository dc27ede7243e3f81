// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { buildLogEntry } from './activity-log';
import { useSession } from './session';

const NOW = new Date('2026-11-22T10:00:00Z');

describe('buildLogEntry', () => {
  beforeEach(() => {
    sessionStorage.clear();
    useSession.getState().signedOut();
  });

  it('writes nothing without a signed-in user', () => {
    expect(buildLogEntry({ action: 'login_success', module: 'auth' }, NOW)).toBeUndefined();
  });

  it('keys a shop user’s entries to the active shop and stamps the active employee on every later entry', () => {
    const session = useSession.getState();
    session.signedIn('owner-uid', 'negozio@demo.it');
    useSession.getState().profileLoaded({ level: 'shop', levelRaw: 'shop', shops: [], displayName: undefined });
    useSession.getState().setActiveEmployee({ employeeId: 'e1', employeeName: 'Giulia Rossi', employeeRole: 'Cassiere' });
    const entry = buildLogEntry({ action: 'product_update', module: 'warehouse', details: { name: 'Caffè', password: 'x' } }, NOW);
    expect(entry).toMatchObject({
      userId: 'owner-uid',
      actorId: 'owner-uid',
      action: 'product_update',
      module: 'warehouse',
      timestamp: NOW,
      details: { name: 'Caffè' },
      employee: { employeeId: 'e1', employeeName: 'Giulia Rossi', employeeRole: 'Cassiere' },
    });
    expect(entry?.details).not.toHaveProperty('password');
    expect(entry?.metadata.userAgent?.length ?? 0).toBeLessThanOrEqual(200);
    expect(entry?.metadata.sessionId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('keys an accountant’s entries to the shop they work on, and others’ to their own id', () => {
    useSession.getState().signedIn('acc-uid', 'commercialista@demo.it');
    useSession.getState().profileLoaded({ level: 'accountant', levelRaw: 'accountant', shops: [{ shopId: 'shop-1', role: 'accountant' }], displayName: undefined });
    useSession.getState().setActiveShop('shop-1', 'accountant');
    expect(buildLogEntry({ action: 'file_upload', module: 'general' }, NOW)?.userId).toBe('shop-1');

    useSession.getState().signedOut();
    useSession.getState().signedIn('tech-uid', 'tecnico@demo.it');
    useSession.getState().profileLoaded({ level: 'tech', levelRaw: 'tech', shops: [], displayName: undefined });
    expect(buildLogEntry({ action: 'file_upload', module: 'general' }, NOW)).toMatchObject({ userId: 'tech-uid', actorId: 'tech-uid' });
  });

  it('names the active employee only in the log of the shop it belongs to (the rules refuse another shop)', () => {
    useSession.getState().signedIn('owner-uid', 'negozio@demo.it');
    useSession.getState().profileLoaded({ level: 'shop', levelRaw: 'shop', shops: [], displayName: undefined });
    useSession.getState().setActiveEmployee({ employeeId: 'e1', employeeName: 'Giulia Rossi', employeeRole: 'Cassiere' });
    expect(buildLogEntry({ action: 'file_upload', module: 'general' }, NOW)?.employee?.employeeId).toBe('e1');
    // an entry about another log key (a subject) carries no employee of this shop
    expect(buildLogEntry({ action: 'file_upload', module: 'general', subject: 'other-shop' }, NOW)).not.toHaveProperty('employee');

    useSession.getState().signedOut();
    useSession.getState().signedIn('tech-uid', 'tecnico@demo.it');
    useSession.getState().profileLoaded({ level: 'tech', levelRaw: 'tech', shops: [], displayName: undefined });
    useSession.getState().setActiveEmployee({ employeeId: 'e1', employeeName: 'Giulia Rossi', employeeRole: 'Cassiere' });
    expect(buildLogEntry({ action: 'file_upload', module: 'general' }, NOW)).not.toHaveProperty('employee');
  });
});
