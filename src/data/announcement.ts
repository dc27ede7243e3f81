/**
 * Announcement (document 1 §3, document 3 §3): a notice for every user, optionally with an expiry.
 */
import { doc, serverTimestamp, setDoc, Timestamp } from 'firebase/firestore';
import { COLLECTIONS } from './collections';
import { makeConverter, typedCollection, typedDoc } from './converter';
import { compact, toBool, toDate, toStr, type RawDoc } from './normalize';

export interface Announcement {
  id: string;
  description: string;
  createdAt?: Date;
  expiresAt?: Date;
  /** The stored flag; an announcement past expiresAt may not be flagged yet (see isAnnouncementExpired). */
  expired: boolean;
}

export function normalizeAnnouncement(id: string, raw: RawDoc): Announcement {
  return {
    id,
    description: toStr(raw.description).trim(),
    createdAt: toDate(raw.createdAt),
    expiresAt: toDate(raw.expiresAt),
    expired: toBool(raw.expired),
  };
}

/** Flagged expired, or its expiry time has passed. */
export function isAnnouncementExpired(a: Pick<Announcement, 'expired' | 'expiresAt'>, now: Date): boolean {
  return a.expired || (a.expiresAt !== undefined && a.expiresAt.getTime() <= now.getTime());
}

export function toFirestoreAnnouncement(a: Announcement): RawDoc {
  return compact({ description: a.description, createdAt: a.createdAt, expiresAt: a.expiresAt, expired: a.expired });
}

export const announcementConverter = makeConverter('Announcement', normalizeAnnouncement, toFirestoreAnnouncement);
export const announcementsCol = () => typedCollection(COLLECTIONS.announcement, announcementConverter);
export const announcementDoc = (id: string) => typedDoc(COLLECTIONS.announcement, id, announcementConverter);

/** A new announcement, not expired, with the server's clock and the expiry when given; resolves with its id. */
export async function addAnnouncement(description: string, expiresAt: Date | undefined): Promise<string> {
  const data: RawDoc = { description, expired: false, createdAt: serverTimestamp() };
  if (expiresAt) data.expiresAt = Timestamp.fromDate(expiresAt);
  const ref = doc(announcementsCol()).withConverter(null);
  await setDoc(ref, data);
  return ref.id;
}
