/**
 * The technician dashboard's pending shops (document 1 §6, §7 HTTP) when the form's sheet is reachable only from the
 * server: GET with the caller's Firebase ID token (Authorization: Bearer …). The sheet is read from
 * PENDING_SHOPS_SOURCE_URL (with the secret PENDING_SHOPS_SOURCE_AUTH as its Authorization unless it is 'none').
 * The filter and the PIN rule are applied here, with the app's own pure functions
 * (src/domain/tech/pending-shops.ts), not left to the browser:
 * - GET: the entries the caller may see — a technician those naming no technician or naming the email of the
 *   caller's ID token (case-insensitive), an admin all of them — each without titolare.pin;
 * - GET ?entry=<pendingShopKey>: that one entry with its PIN, only to a technician who may register it (named by
 *   the entry, or the entry names nobody); 404 otherwise (whether it exists for somebody else is not told), 403 to
 *   admins (they do not register shops). Each PIN handed out is logged (uid, entry key).
 * Anyone else 401/403; a source that does not answer an array → 502.
 *
 * The e-mail counts only when the token says it is verified (email_verified): Firebase Auth lets an account carry an
 * address it never proved (a sign-up, an e-mail changed by the client), so an unverified address naming another
 * technician would otherwise open that technician's entries and PINs. Such a caller is a technician without an
 * address: the entries naming nobody, as for every technician; its level still comes from its User document.
 */
import type { Auth } from 'firebase-admin/auth';
import type { Firestore } from 'firebase-admin/firestore';
import { pendingEntryForRegistration, pendingShopsForCaller, readPendingShops, type PendingShop } from '@/domain/tech/pending-shops';
import { SERVER_COLLECTIONS } from './collections';

export interface PendingRequest {
  method: string;
  header(name: string): string | undefined;
  /** A query parameter (first value), if given. */
  query?(name: string): string | undefined;
}

export async function handlePendingShops(auth: Auth, db: Firestore, req: PendingRequest, source: { url: string; authorization: string }, fetchImpl: typeof fetch = fetch): Promise<{ status: number; body: unknown }> {
  if (req.method !== 'GET') return { status: 405, body: { error: 'method not allowed' } };
  const token = /^Bearer\s+(\S+)$/i.exec(req.header('authorization') ?? '')?.[1];
  if (!token) return { status: 401, body: { error: 'unauthenticated' } };
  let caller: { uid: string; email: string | undefined };
  try {
    const decoded = await auth.verifyIdToken(token);
    caller = { uid: decoded.uid, email: decoded.email_verified === true ? decoded.email : undefined };
    if (decoded.email && decoded.email_verified !== true) console.info(JSON.stringify({ message: 'pendingShops: email non verificata, ignorata', uid: decoded.uid }));
  } catch {
    return { status: 401, body: { error: 'unauthenticated' } };
  }
  const level: unknown = (await db.collection(SERVER_COLLECTIONS.user).doc(caller.uid).get()).get('level');
  if (level !== 'tech' && level !== 'admin') return { status: 403, body: { error: 'forbidden' } };
  const entryKey = req.query?.('entry');
  if (entryKey !== undefined && level !== 'tech') return { status: 403, body: { error: 'il PIN del titolare va solo al tecnico che registra il negozio' } };
  if (!source.url) return { status: 503, body: { error: 'PENDING_SHOPS_SOURCE_URL non configurato' } };
  let entries: PendingShop[] | undefined;
  try {
    const res = await fetchImpl(source.url, { headers: { Accept: 'application/json', ...(source.authorization && source.authorization !== 'none' ? { Authorization: source.authorization } : {}) }, signal: AbortSignal.timeout(15_000) });
    const json: unknown = await res.json();
    entries = res.ok ? readPendingShops(json) : undefined;
    if (!entries) return { status: 502, body: { error: `sorgente: HTTP ${String(res.status)}` } };
  } catch {
    return { status: 502, body: { error: 'sorgente non raggiungibile' } };
  }
  if (entryKey === undefined) return { status: 200, body: pendingShopsForCaller(entries, { email: caller.email, admin: level === 'admin' }) };
  const entry = pendingEntryForRegistration(entries, entryKey, caller.email);
  if (!entry) return { status: 404, body: { error: 'negozio pendente non trovato' } };
  console.info(JSON.stringify({ message: 'pendingShops: PIN del titolare consegnato', uid: caller.uid, entry: entryKey }));
  return { status: 200, body: entry };
}
