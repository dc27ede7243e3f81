/**
 * Calls our Cloud Functions' callables (functions/src/index.ts) over the callable protocol with a plain fetch:
 * POST {data} with the signed-in user's ID token, answer {result} or {error: {status, message}}. No
 * firebase/functions SDK in the bundle for a handful of calls. The base URL is VITE_FUNCTIONS_URL (default: the
 * europe-west1 functions of the project, or the local Functions emulator).
 */
import { appEnv } from '@/config/env';
import { auth } from './firebase-app';

/** 'error': no answer; `reason` says whether the time limit passed ('timeout') or the call was aborted or lost. */
export type CallableAnswer<T> = { kind: 'ok'; value: T } | { kind: 'failed'; status: string; message: string } | { kind: 'error'; message: string; reason?: 'timeout' | 'aborted' | 'network' };

export const CALLABLE_UNREACHABLE = 'Servizio non raggiungibile. Controlla la connessione e riprova.';

export async function callFunction<T>(name: string, data: unknown, options: { signal?: AbortSignal; timeoutMs?: number } = {}): Promise<CallableAnswer<T>> {
  const user = auth().currentUser;
  if (!user) return { kind: 'failed', status: 'UNAUTHENTICATED', message: 'Accesso richiesto.' };
  const limit = AbortSignal.timeout(options.timeoutMs ?? 30_000);
  try {
    const token = await user.getIdToken();
    const signals = [limit, ...(options.signal ? [options.signal] : [])];
    const response = await fetch(`${appEnv().functionsUrl}/${name}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
      body: JSON.stringify({ data: data ?? null }),
      signal: AbortSignal.any(signals),
    });
    const json = (await response.json().catch(() => undefined)) as { result?: T; error?: { status?: string; message?: string } } | undefined;
    if (response.ok && json && 'result' in json) return { kind: 'ok', value: json.result as T };
    return { kind: 'failed', status: json?.error?.status ?? `HTTP ${String(response.status)}`, message: json?.error?.message ?? `HTTP ${String(response.status)}` };
  } catch {
    const reason = options.signal?.aborted ? 'aborted' : limit.aborted ? 'timeout' : 'network';
    return { kind: 'error', message: CALLABLE_UNREACHABLE, reason };
  }
}
