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

  it('an early value shows at once and is replaced by the final answer; an early value of a superseded request never shows', async () => {
    const finals = [deferred<number>(), deferred<number>()];
    const earlies: ((v: number) => void)[] = [];
    const { result, rerender } = renderHook(({ k }) => useLatestAnswer(k, (early) => (earlies.push(early), finals[earlies.length - 1]!.promise), 0, () => 'errore'), { initialProps: { k: 'a' } });
    act(() => earlies[0]!(10));
    expect(result.current).toMatchObject({ loading: false, settling: true, value: 10 });
    await act(async () => {
      finals[0]!.resolve(11);
      await finals[0]!.promise;
    });
    expect(result.current).toMatchObject({ loading: false, settling: false, value: 11 });
    // A late early value of the same request changes nothing once it is settled.
    act(() => earlies[0]!(12));
    expect(result.current).toMatchObject({ settling: false, value: 11 });

    rerender({ k: 'b' });
    expect(result.current).toMatchObject({ loading: true, settling: false, value: 0 });
    act(() => earlies[0]!(13));
    expect(result.current).toMatchObject({ loading: true, value: 0 });
    act(() => earlies[1]!(20));
    expect(result.current).toMatchObject({ loading: false, settling: true, value: 20 });
  });

  it('a failure after an early value gives the empty value and the error, not the early figures', async () => {
    const failing = deferred<number>();
    const { result } = renderHook(() => useLatestAnswer('a', (early) => (early(5), failing.promise), 0, (e) => `Errore: ${(e as Error).message}`));
    expect(result.current).toMatchObject({ settling: true, value: 5 });
    await act(async () => {
      failing.reject(new Error('rete assente'));
      await failing.promise.catch(() => undefined);
    });
    expect(result.current).toMatchObject({ loading: false, settling: false, value: 0, error: 'Errore: rete assente' });
  });
});
