// @vitest-environment jsdom
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Sale } from '@/data/sale';
import type { SendResult, SendState } from './send-drafts';
import { SENT_CLEAR_MS, SENT_FADE_MS, useSendDrafts } from './use-send-drafts';

const drafts = [{ id: 'a' }, { id: 'b' }] as Sale[];

describe('useSendDrafts', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('shows sending, then sent (fading at 400 ms, cleared at 1.2 s); a failure stays until cleared', async () => {
    let finish: (results: SendResult[]) => void = () => undefined;
    let report: (id: string, state: SendState) => void = () => undefined;
    const sender = vi.fn((_shop: string, list: readonly Sale[], onState: (id: string, state: SendState) => void) => {
      report = onState;
      for (const d of list) onState(d.id, 'sending');
      return new Promise<SendResult[]>((resolve) => (finish = resolve));
    });
    const { result } = renderHook(() => useSendDrafts(sender));
    let pending: Promise<SendResult[]> | undefined;
    act(() => {
      pending = result.current.send('shop', drafts);
    });
    expect(result.current.states).toEqual({ a: 'sending', b: 'sending' });
    expect(result.current.isSending('a')).toBe(true);
    const failure = { kind: 'failed', status: 500, message: 'Internal Server Error', rawBody: '{}' } as const;
    act(() => {
      report('a', { kind: 'sent', number: 'N-1', uuid: 'u1' });
      report('b', failure);
      finish([]);
    });
    await act(async () => {
      await pending;
    });
    expect(result.current.states.a).toEqual({ kind: 'sent', number: 'N-1', uuid: 'u1', fading: false });
    act(() => {
      vi.advanceTimersByTime(SENT_FADE_MS);
    });
    expect(result.current.states.a).toMatchObject({ fading: true });
    act(() => {
      vi.advanceTimersByTime(SENT_CLEAR_MS - SENT_FADE_MS);
    });
    expect(result.current.states).toEqual({ b: failure });
    act(() => result.current.clear('b'));
    expect(result.current.states).toEqual({});
  });
});
