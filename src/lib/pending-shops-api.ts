/**
 * The one client of the pending-shops cloud function (document 1 §7 HTTP; functions/ pendingShops, with the ID
 * token): GET returns the form entries this caller may see as a JSON array, without the titolare's PIN; GET
 * ?entry=<pendingShopKey> returns that one entry with its PIN, only to a technician who may register it (the
 * provider stub plays the same contract). A non-array list is 'Formato dati non valido dalla Cloud
 * Function.'; no answer, a time-out or an error status is reported with its reason.
 */
import { appEnv } from '@/config/env';
import { PENDING_FORMAT_ERROR, pendingShopKey, readPendingShops, type PendingShop } from '@/domain/tech/pending-shops';
import { auth } from './firebase-app';
import { failureText, HttpFailure, requestJson } from './http';

export type PendingShopsAnswer = { kind: 'ok'; entries: PendingShop[] } | { kind: 'error'; message: string };

export const PENDING_LOAD_ERROR = 'Errore nel caricamento dei negozi pendenti';

type Options = { url?: string; signal?: AbortSignal; fetchImpl?: typeof fetch };

// The pendingShops function (functions/src/pending-shops.ts) answers technicians and admins only: it reads the
// caller (level, email) from the ID token.
async function getPending(url: string, options: Options) {
  const token = await auth().currentUser?.getIdToken().catch(() => undefined);
  return requestJson(url, {
    headers: { Accept: 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    timeoutMs: 20_000,
    signal: options.signal,
    fetchImpl: options.fetchImpl,
  });
}

export const PENDING_PIN_ERROR = 'PIN del titolare non disponibile: inseriscilo nel passo Dipendenti';

export type PendingEntryAnswer = { kind: 'ok'; entry: PendingShop } | { kind: 'error'; message: string };

/** The entry with the titolare's PIN, asked when the technician opens it for registration. */
export async function fetchPendingShopEntry(entry: PendingShop, options: Options = {}): Promise<PendingEntryAnswer> {
  try {
    const base = options.url ?? appEnv().pendingShopsUrl;
    const url = `${base}${base.includes('?') ? '&' : '?'}entry=${encodeURIComponent(pendingShopKey(entry))}`;
    const answer = await getPending(url, options);
    if (!answer.ok) return { kind: 'error', message: `${PENDING_PIN_ERROR} (HTTP ${String(answer.status)})` };
    const [read] = readPendingShops([answer.json]) ?? [];
    return read && pendingShopKey(read) === pendingShopKey(entry) ? { kind: 'ok', entry: read } : { kind: 'error', message: PENDING_PIN_ERROR };
  } catch (error) {
    return { kind: 'error', message: `${PENDING_PIN_ERROR} (${error instanceof HttpFailure ? error.message : failureText('network')})` };
  }
}

export async function fetchPendingShops(options: Options = {}): Promise<PendingShopsAnswer> {
  try {
    const answer = await getPending(options.url ?? appEnv().pendingShopsUrl, options);
    if (!answer.ok) return { kind: 'error', message: `${PENDING_LOAD_ERROR}: HTTP ${String(answer.status)}` };
    const entries = readPendingShops(answer.json);
    return entries ? { kind: 'ok', entries } : { kind: 'error', message: PENDING_FORMAT_ERROR };
  } catch (error) {
    return { kind: 'error', message: `${PENDING_LOAD_ERROR}: ${error instanceof HttpFailure ? error.message : failureText('network')}` };
  }
}
