/**
 * The technician dashboard's pending shops (document 1 §7 HTTP) when the form's sheet is reachable only from the
 * server: GET with the caller's Firebase ID token (Authorization: Bearer …); technicians and admins get the sheet's
 * JSON array as the source answers it (PENDING_SHOPS_SOURCE_URL, with the secret PENDING_SHOPS_SOURCE_AUTH as its
 * Authorization unless it is 'none'); anyone else 401/403; a source that does not answer an array → 502.
 */
import type { Auth } from 'firebase-admin/auth';
import type { Firestore } from 'firebase-admin/firestore';
import { SERVER_COLLECTIONS } from './collections';

export interface PendingRequest {
  method: string;
  header(name: string): string | undefined;
}

export async function handlePendingShops(auth: Auth, db: Firestore, req: PendingRequest, source: { url: string; authorization: string }, fetchImpl: typeof fetch = fetch): Promise<{ status: number; body: unknown }> {
  if (req.method !== 'GET') return { status: 405, body: { error: 'method not allowed' } };
  const token = /^Bearer\s+(\S+)$/i.exec(req.header('authorization') ?? '')?.[1];
  if (!token) return { status: 401, body: { error: 'unauthenticated' } };
  let uid: string;
  try {
    uid = (await auth.verifyIdToken(token)).uid;
  } catch {
    return { status: 401, body: { error: 'unauthenticated' } };
  }
  const level: unknown = (await db.collection(SERVER_COLLECTIONS.user).doc(uid).get()).get('level');
  if (level !== 'tech' && level !== 'admin') return { status: 403, body: { error: 'forbidden' } };
  if (!source.url) return { status: 503, body: { error: 'PENDING_SHOPS_SOURCE_URL non configurato' } };
  try {
    const res = await fetchImpl(source.url, { headers: { Accept: 'application/json', ...(source.authorization && source.authorization !== 'none' ? { Authorization: source.authorization } : {}) }, signal: AbortSignal.timeout(15_000) });
    const json: unknown = await res.json();
    if (!res.ok || !Array.isArray(json)) return { status: 502, body: { error: `sorgente: HTTP ${String(res.status)}` } };
    return { status: 200, body: json };
  } catch {
    return { status: 502, body: { error: 'sorgente non raggiungibile' } };
  }
}
