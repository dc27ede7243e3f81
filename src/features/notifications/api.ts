/**
 * The bell's reads (document 1 §7): every announcement (a small collection), and the count of the user's
 * unread tickets that are not finished — an aggregation: unread minus unread finished, so tickets with no
 * status (read as 'in corso') are counted.
 */
import { count, getAggregateFromServer, getDocs, query, updateDoc, where } from 'firebase/firestore';
import { announcementDoc, announcementsCol, type Announcement } from '@/data/announcement';
import { ticketsCol } from '@/data/ticket';
import { confirmedWrite } from '@/lib/firebase-errors';
import { startInTurn } from '@/lib/tasks';

const FINISHED_TICKET_STATUSES = ['completato', 'annullato'];

export async function fetchAnnouncements(): Promise<Announcement[]> {
  return (await getDocs(announcementsCol())).docs.map((d) => d.data());
}

/** Flags announcements whose expiry has passed (the only change the rules allow to non-admins). */
export async function flagExpired(ids: readonly string[]): Promise<void> {
  await Promise.all(ids.map((id) => confirmedWrite(updateDoc(announcementDoc(id), { expired: true }))));
}

export async function countOpenTickets(uid: string): Promise<number> {
  const tickets = ticketsCol();
  const unread = query(tickets, where('userId', '==', uid), where('read', '==', false));
  const finished = query(tickets, where('userId', '==', uid), where('read', '==', false), where('status', 'in', FINISHED_TICKET_STATUSES));
  const [all, done] = await startInTurn([() => getAggregateFromServer(unread, { n: count() }), () => getAggregateFromServer(finished, { n: count() })]);
  return Math.max(0, all.data().n - done.data().n);
}
