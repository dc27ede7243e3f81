/**
 * The notification list of the bell (document 1 §4, §9): announcements first, then newest first; licence
 * notices (warning, grace with days left, expired) computed from the subscription; a ticket notice while the
 * user has unread, unfinished tickets. Read state is a set of ids kept per user.
 */
export const POLL_INTERVAL_MS = 5 * 60 * 1000;
export const LICENCE_REFRESH_MS = 60 * 60 * 1000;
export const NO_NOTIFICATIONS = 'Nessuna notifica';

export type NotificationKind = 'announcement' | 'licence' | 'tickets' | 'sdi-due';

export interface AppNotification {
  id: string;
  kind: NotificationKind;
  text: string;
  date: Date;
  tone: 'info' | 'warning' | 'error';
}

export interface AnnouncementInput {
  id: string;
  description: string;
  createdAt?: Date;
  expiresAt?: Date;
  expired: boolean;
}

export interface LicenceInput {
  expiringDate: Date | undefined;
  daysLeft: number | undefined;
  warning: boolean;
  inGrace: boolean;
  graceDaysLeft: number | undefined;
  blocked: boolean;
  expired: boolean;
}

const dayText = (n: number) => (n === 1 ? '1 giorno' : `${n} giorni`);

function isoDay(date: Date): string {
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
}

/** The licence notice, if any. Its id changes with the state and the day, so a new day's notice is unread. */
export function licenceNotice(licence: LicenceInput | undefined, now: Date, formatDate: (d: Date) => string): AppNotification | undefined {
  if (!licence?.expiringDate) return undefined;
  const date = formatDate(licence.expiringDate);
  const id = (state: string) => `licence:${state}:${isoDay(now)}`;
  if (licence.blocked) {
    return { id: id('expired'), kind: 'licence', tone: 'error', date: now, text: `Abbonamento scaduto il ${date}: i pacchetti sono disattivati.` };
  }
  if (licence.inGrace) {
    const n = licence.graceDaysLeft ?? 0;
    return { id: id('grace'), kind: 'licence', tone: 'error', date: now, text: `Abbonamento scaduto il ${date}: ${n === 1 ? 'resta' : 'restano'} ${dayText(n)} di tolleranza.` };
  }
  if (licence.warning) {
    const n = licence.daysLeft ?? 0;
    return {
      id: id('warning'),
      kind: 'licence',
      tone: 'warning',
      date: now,
      text: n === 0 ? `Il tuo abbonamento scade oggi (${date}).` : `Il tuo abbonamento scade tra ${dayText(n)} (${date}).`,
    };
  }
  return undefined;
}

/** Announcements past their expiry that are not flagged yet: the bell flags them `expired: true`. */
export function announcementsToFlag(announcements: readonly AnnouncementInput[], now: Date): string[] {
  return announcements.filter((a) => !a.expired && a.expiresAt !== undefined && a.expiresAt.getTime() <= now.getTime()).map((a) => a.id);
}

export function buildNotifications(input: {
  announcements: readonly AnnouncementInput[];
  licence: AppNotification | undefined;
  openTickets: number;
  /** 'Scadenze SDI' in one line (src/domain/sdi-lifecycle/due-texts.ts dueNotice), when anything is due. */
  sdiDue?: string;
  now: Date;
}): AppNotification[] {
  const live = input.announcements
    .filter((a) => !a.expired && (a.expiresAt === undefined || a.expiresAt.getTime() > input.now.getTime()))
    .map((a): AppNotification => ({ id: `announcement:${a.id}`, kind: 'announcement', tone: 'info', text: a.description, date: a.createdAt ?? input.now }));
  const others: AppNotification[] = [];
  if (input.licence) others.push(input.licence);
  if (input.openTickets > 0) {
    others.push({
      id: `tickets:${input.openTickets}`,
      kind: 'tickets',
      tone: 'info',
      date: input.now,
      text: input.openTickets === 1 ? 'Hai 1 ticket non letto in lavorazione.' : `Hai ${input.openTickets} ticket non letti in lavorazione.`,
    });
  }
  if (input.sdiDue) {
    // The id carries the text and the day: a changed count, or a new day, is unread again.
    others.push({ id: `sdi-due:${isoDay(input.now)}:${input.sdiDue}`, kind: 'sdi-due', tone: 'warning', date: input.now, text: input.sdiDue });
  }
  const newestFirst = (a: AppNotification, b: AppNotification) => b.date.getTime() - a.date.getTime();
  return [...live.sort(newestFirst), ...others.sort(newestFirst)];
}

export function unreadCount(notifications: readonly AppNotification[], read: ReadonlySet<string>): number {
  return notifications.filter((n) => !read.has(n.id)).length;
}

/** Milliseconds until the next local midnight (licence notices are recomputed then, and hourly). */
export function msUntilMidnight(now: Date): number {
  const midnight = new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1);
  return midnight.getTime() - now.getTime();
}

/**
 * Sent (as a window event) by a screen that has just seen the user's tickets change — /my-tickets marking one read
 * or receiving a reply live — so the bell counts again at once instead of at its next 5-minute poll.
 */
export const TICKETS_CHANGED_EVENT = 'bo:tickets-changed';
