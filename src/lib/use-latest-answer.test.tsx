// @vitest-environment jsdom
import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useLatestAnswer } from './use-latest-answer';

function deferred<T>() {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('useLatestAnswer', () => {
  it("drops the answer of a superseded request, even when it arrives last", async () => {
    const first = deferred<number>();
    const second = deferred<number>();
    const calls = [first, second];
    const { result, rerender } = renderHook(({ k }) => useLatestAnswer(k, () => calls.shift()!.promise, 0, () => 'errore'), { initialProps: { k: 'a' } });
    rerender({ k: 'b' });
    await act(async () => {
      second.resolve(2);
      await second.promise;
    });
    expect(result.current).toMatchObject({ loading: false, value: 2 });
    await act(async () => {
      first.resolve(1);
      await first.promise;
    });
    expect(result.current).toMatchObject({ loading: false, value: 2, ignored: 1 });
  });

  it('a failure gives the empty value and the error text', async () => {
    const failing = deferred<number>();
    const { result } = renderHook(() => useLatestAnswer('a', () => failing.promise, 0, (e) => `Errore: ${(e as Error).message}`));
    expect(result.current.loading).toBe(true);
    await act(async () => {
      failing.reject(new Error('rete assente'));
      await failing.promise.catch(() => undefined);
    });
    expect(result.current).toMatchObject({ loading: false, value: 0, error: 'Errore: rete assente' });
  });
});
