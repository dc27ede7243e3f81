/**
 * The proxy's rate limit. Every provider call costs credit on the one account all shops share (reads
 * included, OPENAPI-SDI.md §2), so calls are counted per shop — whoever makes them: an admin acting for a shop counts
 * on that shop — per minute and per day, Italian time, in `ProxyQuota` (server only: firestore.rules denies every
 * client), and a call past either limit is refused before the provider is called. The counters are taken in a
 * transaction, so concurrent calls cannot both take the last unit. A refused call takes nothing.
 *
 * ProxyQuota/{shopId}_{yyyyMMddHHmm} and ProxyQuota/{shopId}_{yyyyMMdd}: { shopId, window, count, expireAt }.
 * `expireAt` is there for a Firestore TTL policy (README): the counters are useless once their window has passed.
 */
import type { DocumentSnapshot, Firestore } from 'firebase-admin/firestore';
import { HttpsError } from 'firebase-functions/v2/https';
import { SERVER_COLLECTIONS } from './collections';

export interface ProxyLimits {
  perMinute: number;
  perDay: number;
}

/** Far above what a shop does by hand (a send, its status, a lookup), far below what a runaway script would cost. */
export const PROXY_LIMITS: ProxyLimits = { perMinute: 30, perDay: 1000 };

export const QUOTA_MESSAGES = {
  minute: 'Troppe richieste al provider per questo negozio: riprova tra un minuto.',
  day: 'Troppe richieste al provider per questo negozio: riprova domani.',
} as const;

const romeClock = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Rome', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });

/** The ids of the shop's counters for the minute and the day of `at` (Europe/Rome). */
export function quotaDocIds(shopId: string, at: Date): { minute: string; day: string } {
  const parts: Record<string, string> = {};
  for (const part of romeClock.formatToParts(at)) parts[part.type] = part.value;
  const day = `${parts.year ?? ''}${parts.month ?? ''}${parts.day ?? ''}`;
  return { minute: `${shopId}_${day}${parts.hour ?? ''}${parts.minute ?? ''}`, day: `${shopId}_${day}` };
}

function countOf(snapshot: DocumentSnapshot): number {
  const value: unknown = snapshot.get('count');
  return typeof value === 'number' && Number.isFinite(value) ? value : 0;
}

/** Takes one call of the shop's minute and day, or refuses ('resource-exhausted', Italian message). */
export async function takeProxyQuota(db: Firestore, shopId: string, limits: ProxyLimits, now = new Date()): Promise<void> {
  const ids = quotaDocIds(shopId, now);
  const col = db.collection(SERVER_COLLECTIONS.proxyQuota);
  const minuteRef = col.doc(ids.minute);
  const dayRef = col.doc(ids.day);
  await db.runTransaction(async (tx) => {
    const [minute, day] = await tx.getAll(minuteRef, dayRef);
    const minuteCount = minute ? countOf(minute) : 0;
    const dayCount = day ? countOf(day) : 0;
    if (dayCount >= limits.perDay) throw new HttpsError('resource-exhausted', QUOTA_MESSAGES.day);
    if (minuteCount >= limits.perMinute) throw new HttpsError('resource-exhausted', QUOTA_MESSAGES.minute);
    tx.set(minuteRef, { shopId, window: 'minute', count: minuteCount + 1, expireAt: new Date(now.getTime() + 2 * 60_000) });
    tx.set(dayRef, { shopId, window: 'day', count: dayCount + 1, expireAt: new Date(now.getTime() + 2 * 86_400_000) });
  });
}
