// @vitest-environment jsdom
import { act, renderHook } from '@testing-library/react';
import type { DocumentReference } from 'firebase/firestore';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useDeferredLiveDocument } from './firebase-deferred';
import type { Loadable } from './live-state';

const listeners: { ref: unknown; set: (value: Loadable<unknown>) => void; stopped: boolean }[] = [];
vi.mock('./firebase-listen', () => ({
  listenToDocument: (ref: unknown, set: (value: Loadable<unknown>) => void) => {
    const entry = { ref, set, stopped: false };
    listeners.push(entry);
    return () => {
      entry.stopped = true;
    };
  },
}));


function deferredRef(name: string) {
  let resolve!: (ref: DocumentReference<string>) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<DocumentReference<string>>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { load: () => promise, resolve: () => resolve({ id: name } as unknown as DocumentReference<string>), reject };
}

/** Lets the dynamic import and the loader's promise settle. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

afterEach(() => {
  listeners.length = 0;
});

describe('useDeferredLiveDocument', () => {
  it('stays loading until the reference has loaded, then shows the live value', async () => {
    const ref = deferredRef('shop-1');
    const { result } = renderHook(() => useDeferredLiveDocument(ref.load, 'shop-1'));
    expect(result.current.status).toBe('loading');
    await act(async () => {
      ref.resolve();
      await settle();
    });
    expect(listeners).toHaveLength(1);
    act(() => listeners[0]?.set({ status: 'ready', data: 'Negozio', error: undefined }));
    expect(result.current).toMatchObject({ status: 'ready', data: 'Negozio' });
  });

  it('never starts a listener for a key left before its reference loaded, and stops the current one', async () => {
    const first = deferredRef('a');
    const second = deferredRef('b');
    const { result, rerender, unmount } = renderHook(({ load, key }) => useDeferredLiveDocument(load, key), { initialProps: { load: first.load, key: 'a' } });
    rerender({ load: second.load, key: 'b' });
    await act(async () => {
      first.resolve();
      second.resolve();
      await settle();
    });
    await vi.waitFor(() => expect(listeners.map((l) => (l.ref as { id: string }).id)).toEqual(['b']));
    act(() => listeners[0]?.set({ status: 'ready', data: 'B', error: undefined }));
    expect(result.current.data).toBe('B');
    unmount();
    expect(listeners[0]?.stopped).toBe(true);
  });

  it('a module that cannot be fetched is an error, not an endless spinner', async () => {
    const ref = deferredRef('x');
    const { result } = renderHook(() => useDeferredLiveDocument(ref.load, 'x'));
    await act(async () => {
      ref.reject(new Error('Failed to fetch dynamically imported module'));
      await settle();
    });
    expect(result.current).toMatchObject({ status: 'error', error: 'Failed to fetch dynamically imported module' });
  });

  it('no loader: nothing is read and the state stays loading', () => {
    const { result } = renderHook(() => useDeferredLiveDocument(null, ''));
    expect(result.current.status).toBe('loading');
    expect(listeners).toHaveLength(0);
  });
});
