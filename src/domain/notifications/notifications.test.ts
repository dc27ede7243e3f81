import { describe, expect, it } from 'vitest';
import { announcementsToFlag, buildNotifications, licenceNotice, msUntilMidnight, unreadCount, type LicenceInput } from './notifications';

const now = new Date(2026, 10, 23, 10, 0);
const day = 24 * 60 * 60 * 1000;
const fmt = (d: Date) => d.toISOString().slice(0, 10);
const base: LicenceInput = { expiringDate: new Date(now.getTime() + 5 * day), daysLeft: 5, warning: true, inGrace: false, graceDaysLeft: undefined, blocked: false, expired: false };

describe('licence notices', () => {
  it('warning, grace with days left, expired, none', () => {
    expect(licenceNotice(base, now, fmt)?.text).toContain('scade tra 5 giorni');
    expect(licenceNotice({ ...base, daysLeft: 0 }, now, fmt)?.text).toContain('scade oggi');
    expect(licenceNotice({ ...base, warning: false, expired: true, inGrace: true, graceDaysLeft: 1 }, now, fmt)?.text).toContain('resta 1 giorno di tolleranza');
    expect(licenceNotice({ ...base, warning: false, expired: true, blocked: true }, now, fmt)?.tone).toBe('error');
    expect(licenceNotice({ ...base, warning: false, daysLeft: 30 }, now, fmt)).toBeUndefined();
    expect(licenceNotice(undefined, now, fmt)).toBeUndefined();
  });

  it('a new day gives a new (unread) notice id', () => {
    expect(licenceNotice(base, now, fmt)?.id).not.toBe(licenceNotice(base, new Date(now.getTime() + day), fmt)?.id);
  });
});

describe('buildNotifications', () => {
  const announcements = [
    { id: 'old', description: 'vecchio', createdAt: new Date(now.getTime() - 10 * day), expired: false },
    { id: 'new', description: 'nuovo', createdAt: new Date(now.getTime() - day), expired: false },
    { id: 'flagged', description: 'x', createdAt: new Date(now.getTime() - day), expired: true },
    { id: 'past', description: 'y', createdAt: new Date(now.getTime() - 5 * day), expiresAt: new Date(now.getTime() - 1000), expired: false },
  ];

  it('announcements first and newest first, then licence and tickets; expired ones dropped', () => {
    const list = buildNotifications({ announcements, licence: licenceNotice(base, now, fmt), openTickets: 2, now });
    expect(list.map((n) => n.kind)).toEqual(['announcement', 'announcement', 'licence', 'tickets']);
    expect(list.slice(0, 2).map((n) => n.text)).toEqual(['nuovo', 'vecchio']);
    expect(list[3]?.text).toBe('Hai 2 ticket non letti in lavorazione.');
  });

  it('no ticket notice without open unread tickets; unread counts what is not read', () => {
    const list = buildNotifications({ announcements, licence: undefined, openTickets: 0, now });
    expect(list).toHaveLength(2);
    expect(unreadCount(list, new Set(['announcement:new']))).toBe(1);
  });

  it('flags only announcements past their expiry that are not flagged yet', () => {
    expect(announcementsToFlag(announcements, now)).toEqual(['past']);
  });
});

it('msUntilMidnight', () => {
  expect(msUntilMidnight(new Date(2026, 10, 23, 23, 0))).toBe(60 * 60 * 1000);
});
