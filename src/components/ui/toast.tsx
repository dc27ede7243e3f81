import { useCallback, useEffect, useRef, useState } from 'react';

/** Toasts stay 6 seconds (document 2 §9). */
export const TOAST_MS = 6000;

export type ToastKind = 'success' | 'error' | 'info';
/** What a screen hands its panels to show a toast: `useToast().show`. */
export type Notify = (text: string, kind?: ToastKind) => void;
export interface ToastMessage {
  id: number;
  kind: ToastKind;
  text: string;
}

/** One toast at a time per screen; a new one replaces the old and restarts the 6 s. */
export function useToast(durationMs = TOAST_MS) {
  const [toast, setToast] = useState<ToastMessage | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const nextId = useRef(0);
  const dismiss = useCallback(() => setToast(null), []);
  const show = useCallback(
    (text: string, kind: ToastKind = 'info') => {
      clearTimeout(timer.current);
      nextId.current += 1;
      setToast({ id: nextId.current, kind, text });
      timer.current = setTimeout(() => setToast(null), durationMs);
    },
    [durationMs],
  );
  useEffect(() => () => clearTimeout(timer.current), []);
  return { toast, show, dismiss };
}

/** Errors are announced assertively, the rest politely; the close button keeps it keyboard-dismissable. */
export function Toast({ toast, onDismiss }: { toast: ToastMessage | null; onDismiss: () => void }) {
  return (
    <div className="toast-region" aria-live={toast?.kind === 'error' ? 'assertive' : 'polite'} role={toast?.kind === 'error' ? 'alert' : 'status'}>
      {toast ? (
        <div className={`toast toast--${toast.kind}`} key={toast.id} data-testid="toast">
          <span>{toast.text}</span>
          <button type="button" className="icon-button" aria-label="Chiudi messaggio" onClick={onDismiss}>
            ×
          </button>
        </div>
      ) : null}
    </div>
  );
}
