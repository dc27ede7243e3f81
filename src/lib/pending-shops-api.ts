/**
 * The one client of the pending-shops cloud function (document 1 §7 HTTP; functions/ pendingShops, with the ID token): GET returns the Google Form sheet as a
 * JSON array. A non-array answer is 'Formato dati non valido dalla Cloud Function.'; no answer, a time-out or an
 * error status is reported with its reason.
 */
import { appEnv } from '@/config/env';
import { PENDING_FORMAT_ERROR, readPendingShops, type PendingShop } from '@/domain/tech/pending-shops';
import { auth } from './firebase-app';
import { failureText, HttpFailure, requestJson } from './http';

export type PendingShopsAnswer = { kind: 'ok'; entries: PendingShop[] } | { kind: 'error'; message: string };

export const PENDING_LOAD_ERROR = 'Errore nel caricamento dei negozi pendenti';

export async function fetchPendingShops(options: { url?: string; signal?: AbortSignal; fetchImpl?: typeof fetch } = {}): Promise<PendingShopsAnswer> {
  try {
    // The pendingShops function (functions/src/pending-shops.ts) answers technicians and admins only: it reads the
    // caller from the ID token. A plain sheet endpoint ignores the header.
    const token = await auth().currentUser?.getIdToken().catch(() => undefined);
    const answer = await requestJson(options.url ?? appEnv().pendingShopsUrl, {
      headers: { Accept: 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
      timeoutMs: 20_000,
      signal: options.signal,
      fetchImpl: options.fetchImpl,
    });
    if (!answer.ok) return { kind: 'error', message: `${PENDING_LOAD_ERROR}: HTTP ${String(answer.status)}` };
    const entries = readPendingShops(answer.json);
    return entries ? { kind: 'ok', entries } : { kind: 'error', message: PENDING_FORMAT_ERROR };
  } catch (error) {
    return { kind: 'error', message: `${PENDING_LOAD_ERROR}: ${error instanceof HttpFailure ? error.message : failureText('network')}` };
  }
}
