import { describe, expect, it } from 'vitest';
import { isAnnouncementExpired, normalizeAnnouncement, toFirestoreAnnouncement } from './announcement';
import { SEED_NOW, stored, storedCollection } from './test-seed';

const ann = (id: string) => normalizeAnnouncement(id, stored('Announcement', id));

describe('Announcement converter', () => {
  it('reads the expired, the past-but-unflagged, the current and the open-ended announcement', () => {
    expect(ann('announcement-expired')).toMatchObject({ expired: true });
    const past = ann('announcement-past-unflagged');
    expect(past.expired).toBe(false);
    expect(isAnnouncementExpired(past, SEED_NOW)).toBe(true);
    expect(isAnnouncementExpired(ann('announcement-current'), SEED_NOW)).toBe(false);
    const open = ann('announcement-no-expiry');
    expect(open.expiresAt).toBeUndefined();
    expect(isAnnouncementExpired(open, SEED_NOW)).toBe(false);
  });

  it('round-trips', () => {
    for (const { id, raw } of storedCollection('Announcement')) {
      const first = normalizeAnnouncement(id, raw);
      expect(first.description).not.toBe('');
      expect(normalizeAnnouncement(id, toFirestoreAnnouncement(first))).toEqual(first);
    }
  });
});
