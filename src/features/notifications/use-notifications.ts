import { useCallback, useEffect, useMemo, useState } from 'react';
import type { Announcement } from '@/data/announcement';
import { subscriptionState } from '@/domain/permissions/subscription';
import {
  announcementsToFlag, buildNotifications, LICENCE_REFRESH_MS, licenceNotice, msUntilMidnight, POLL_INTERVAL_MS, TICKETS_CHANGED_EVENT, unreadCount,
} from '@/domain/notifications/notifications';
import { formatDate } from '@/lib/format';
import { nextTask, whenIdle } from '@/lib/tasks';
import { usePermissions } from '@/stores/permissions';

const readKey = (uid: string) => `notifications.read.${uid}`;

/** The SDI due counts wait this long after the shell opens: the screen reads first, the bell's line can wait. */
const SDI_DUE_FIRST_DELAY_MS = 15_000;

function loadRead(uid: string): Set<string> {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(readKey(uid)) ?? '[]');
    return new Set(Array.isArray(parsed) ? parsed.filter((x): x is string => typeof x === 'string') : []);
  } catch {
    return new Set();
  }
}

/** The bell's line of 'Scadenze SDI'; a failed count leaves it out (the dashboard says why). */
async function loadDueNotice(shopId: string): Promise<string | undefined> {
  try {
    const [{ countSdiDue }, { dueNotice }] = await Promise.all([import('@/data/sdi-due'), import('@/domain/sdi-lifecycle/due-texts')]);
    return dueNotice(await countSdiDue(shopId));
  } catch {
    return undefined;
  }
}

/** A clock that ticks hourly and at local midnight (licence notices are recomputed then). */
function useLicenceClock(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const tick = () => setNow(new Date());
    const hourly = setInterval(tick, LICENCE_REFRESH_MS);
    let midnight: ReturnType<typeof setTimeout>;
    const atMidnight = () => {
      midnight = setTimeout(() => {
        tick();
        atMidnight();
      }, msUntilMidnight(new Date()) + 1000);
    };
    atMidnight();
    return () => {
      clearInterval(hourly);
      clearTimeout(midnight);
    };
  }, []);
  return now;
}

/** The bell's notifications for a signed-in user: polled every 5 minutes; read state kept per user. */
export function useNotifications(uid: string, dueShopId?: string) {
  const [announcements, setAnnouncements] = useState<Announcement[]>([]);
  const [openTickets, setOpenTickets] = useState(0);
  const [sdiDueOf, setSdiDueOf] = useState<{ shopId: string; text: string | undefined }>();
  // A line counted for another shop (the accountant switched) is not this shop's.
  const sdiDue = sdiDueOf && sdiDueOf.shopId === dueShopId ? sdiDueOf.text : undefined;
  const [read, setRead] = useState<{ uid: string; ids: Set<string> }>(() => ({ uid, ids: loadRead(uid) }));
  const expiringDate = usePermissions((s) => s.expiringDate);
  const now = useLicenceClock();
  const readIds = read.uid === uid ? read.ids : loadRead(uid);

  useEffect(() => {
    let active = true;
    const poll = async () => {
      try {
        // The bell sits in the shell's top bar: its reads (and Firestore) load after the shell has painted.
        const { countOpenTickets, fetchAnnouncements, flagExpired } = await import('./api');
        const announcementsRead = fetchAnnouncements();
        announcementsRead.catch(() => undefined);
        await nextTask();
        const tickets = await countOpenTickets(uid);
        const list = await announcementsRead;
        if (!active) return;
        setAnnouncements(list);
        setOpenTickets(tickets);
        const stale = announcementsToFlag(list, new Date());
        if (stale.length > 0) await flagExpired(stale);
      } catch (error) {
        // The bell is secondary: a failed poll keeps the last list and tries again at the next poll.
        console.warn('Notifiche non aggiornate', error);
      }
    };
    // The first poll waits for an idle moment: the screen's own reads come first.
    const cancelFirst = whenIdle(() => void poll(), 3000);
    const timer = setInterval(() => void poll(), POLL_INTERVAL_MS);
    const onTicketsChanged = () => void poll();
    window.addEventListener(TICKETS_CHANGED_EVENT, onTicketsChanged);
    return () => {
      active = false;
      window.removeEventListener(TICKETS_CHANGED_EVENT, onTicketsChanged);
      cancelFirst();
      clearInterval(timer);
    };
  }, [uid]);

  // What is due at the SDI for the shop in use (the dashboard's 'Scadenze SDI' counts, 13 aggregations): asked well
  // after the screen's own first reads, then at every poll. Not urgent at the first paint.
  useEffect(() => {
    if (!dueShopId) return undefined;
    let active = true;
    const load = async () => {
      const text = await loadDueNotice(dueShopId);
      if (active) setSdiDueOf({ shopId: dueShopId, text });
    };
    const first = setTimeout(() => void load(), SDI_DUE_FIRST_DELAY_MS);
    const timer = setInterval(() => void load(), POLL_INTERVAL_MS);
    return () => {
      active = false;
      clearTimeout(first);
      clearInterval(timer);
    };
  }, [dueShopId]);

  const notifications = useMemo(() => {
    const licence = expiringDate ? licenceNotice({ expiringDate, ...subscriptionState(expiringDate, now) }, now, formatDate) : undefined;
    return buildNotifications({ announcements, licence, openTickets, now, ...(sdiDue ? { sdiDue } : {}) });
  }, [announcements, openTickets, sdiDue, expiringDate, now]);

  const markRead = useCallback(
    (ids: readonly string[]) => {
      const next = new Set([...readIds, ...ids]);
      // Keep only ids that still exist, so the stored set does not grow forever.
      const kept = [...next].filter((id) => notifications.some((n) => n.id === id));
      try {
        localStorage.setItem(readKey(uid), JSON.stringify(kept));
      } catch {
        // Storage blocked: the read state lasts for this page only.
      }
      setRead({ uid, ids: new Set(kept) });
    },
    [readIds, notifications, uid],
  );

  return { notifications, read: readIds, unread: unreadCount(notifications, readIds), markRead };
}
