import { afterEach, describe, expect, it, vi } from 'vitest';
import { confirmedTransaction, confirmedWrite, errorCode, italianError, isOffline } from './firebase-errors';

const never = () => new Promise<never>(() => undefined);
const failure = async (promise: Promise<unknown>) => promise.then(() => undefined, (error: unknown) => error);

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('confirmedWrite', () => {
  it('passes the confirmed value and the server refusal through', async () => {
    await expect(confirmedWrite(Promise.resolve(7))).resolves.toBe(7);
    const refused = await failure(confirmedWrite(Promise.reject(Object.assign(new Error('x'), { code: 'permission-denied' }))));
    expect(italianError(refused)).toBe('Non hai i permessi per questa operazione.');
  });

  it('a write the server never confirms is said in Italian after the time limit, not before', async () => {
    vi.useFakeTimers();
    let settled: unknown = 'pending';
    void failure(confirmedWrite(never(), 1_000)).then((error) => (settled = error));
    await vi.advanceTimersByTimeAsync(999);
    expect(settled).toBe('pending');
    await vi.advanceTimersByTimeAsync(1);
    expect(errorCode(settled)).toBe('write-unconfirmed');
    expect(italianError(settled)).toBe('Il server non ha confermato il salvataggio: controlla la connessione e riprova.');
  });
});

describe('confirmedTransaction', () => {
  it('with the browser offline refuses at once in Italian and never starts the transaction', async () => {
    vi.stubGlobal('navigator', { onLine: false });
    expect(isOffline()).toBe(true);
    const run = vi.fn(never);
    const error = await failure(confirmedTransaction(run));
    expect(run).not.toHaveBeenCalled();
    expect(errorCode(error)).toBe('unavailable');
    expect(italianError(error)).toBe('Servizio momentaneamente non raggiungibile. Controlla la connessione e riprova.');
  });

  it('online runs the transaction once and waits for it, at most the time limit', async () => {
    vi.stubGlobal('navigator', { onLine: true });
    const run = vi.fn(() => Promise.resolve('committed'));
    await expect(confirmedTransaction(run)).resolves.toBe('committed');
    expect(run).toHaveBeenCalledTimes(1);
    vi.useFakeTimers();
    const late = failure(confirmedTransaction(never, 500));
    await vi.advanceTimersByTimeAsync(500);
    expect(errorCode(await late)).toBe('write-unconfirmed');
  });
});
