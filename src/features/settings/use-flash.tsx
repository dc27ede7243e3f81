import { useCallback, useEffect, useRef, useState } from 'react';

export interface Flash {
  kind: 'success' | 'error';
  text: string;
}

/**
 * A status message; with `autoDismissMs` it disappears by itself (document 3 §9: the shop type manager's
 * messages last 3 seconds). A newer message replaces the older one and restarts the timer.
 */
export function useFlash(autoDismissMs?: number): [Flash | undefined, (flash: Flash | undefined) => void] {
  const [flash, setFlash] = useState<Flash | undefined>(undefined);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const show = useCallback(
    (next: Flash | undefined) => {
      clearTimeout(timer.current);
      setFlash(next);
      if (next && autoDismissMs !== undefined) timer.current = setTimeout(() => setFlash(undefined), autoDismissMs);
    },
    [autoDismissMs],
  );
  useEffect(() => () => clearTimeout(timer.current), []);
  return [flash, show];
}

export function FlashMessage({ flash }: { flash: Flash | undefined }) {
  return (
    <p role={flash?.kind === 'error' ? 'alert' : 'status'} className={flash ? `settings-flash settings-flash--${flash.kind}` : 'visually-hidden'}>
      {flash?.text ?? ''}
    </p>
  );
}
