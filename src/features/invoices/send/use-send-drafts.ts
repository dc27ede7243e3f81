/**
 * Per-draft send states for the drafts list (document 2 §4.3, §9): 'Invio in corso...' while sending; a sent draft
 * shows its state, turns `fading` at 400 ms and is cleared at 1.2 s (the live drafts list drops it meanwhile); a
 * failed one keeps status, message and raw body (the error panel, 'Riprova') until it is sent again or dismissed;
 * pre-flight problems stay until the next attempt.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { Sale } from '@/data/sale';
import type { SendResult, SendState } from './send-drafts';

export const SENT_FADE_MS = 400;
export const SENT_CLEAR_MS = 1200;

export type DraftSendView = Exclude<SendState, { kind: 'sent' }> | (Extract<SendState, { kind: 'sent' }> & { fading: boolean });

type Sender = (shopId: string, drafts: readonly Sale[], onState: (saleId: string, state: SendState) => void) => Promise<SendResult[]>;

export function useSendDrafts(send?: Sender) {
  const [states, setStates] = useState<Record<string, DraftSendView>>({});
  const timers = useRef(new Set<ReturnType<typeof setTimeout>>());
  const mounted = useRef(true);

  useEffect(() => {
    mounted.current = true;
    const pending = timers.current;
    return () => {
      mounted.current = false;
      for (const t of pending) clearTimeout(t);
      pending.clear();
    };
  }, []);

  const later = useCallback((ms: number, action: () => void) => {
    const t = setTimeout(() => {
      timers.current.delete(t);
      if (mounted.current) action();
    }, ms);
    timers.current.add(t);
  }, []);

  const clear = useCallback((saleId: string) => {
    setStates((s) => {
      if (!(saleId in s)) return s;
      const { [saleId]: _gone, ...rest } = s;
      return rest;
    });
  }, []);

  const onState = useCallback(
    (saleId: string, state: SendState) => {
      if (!mounted.current) return;
      if (state !== 'sending' && state.kind === 'sent') {
        setStates((s) => ({ ...s, [saleId]: { ...state, fading: false } }));
        later(SENT_FADE_MS, () => setStates((s) => {
          const current = s[saleId];
          return current !== undefined && current !== 'sending' && current.kind === 'sent' ? { ...s, [saleId]: { ...current, fading: true } } : s;
        }));
        later(SENT_CLEAR_MS, () => setStates((s) => {
          const current = s[saleId];
          if (current === undefined || current === 'sending' || current.kind !== 'sent') return s;
          const { [saleId]: _gone, ...rest } = s;
          return rest;
        }));
        return;
      }
      setStates((s) => ({ ...s, [saleId]: state }));
    },
    [later],
  );

  const sendNow = useCallback(
    (shopId: string, drafts: readonly Sale[]): Promise<SendResult[]> => {
      // The FatturaPA engine, the pre-flight and the provider client come with the first send, not with the screen.
      if (send) return send(shopId, drafts, onState);
      return import('./send-app').then(({ sendDrafts }) => sendDrafts(shopId, drafts, onState));
    },
    [send, onState],
  );

  const isSending = useCallback((saleId: string) => states[saleId] === 'sending', [states]);

  return { states, send: sendNow, clear, isSending };
}
