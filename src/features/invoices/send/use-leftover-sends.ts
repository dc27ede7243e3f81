/**
 * On opening /invoices: records the invoices this browser sent but could not record (unrecorded.ts), tells the user,
 * and returns the drafts still waiting for their record: they were accepted by the SdI and must not go twice.
 */
import { useEffect, useState } from 'react';
import { SEND_TEXTS } from './send-texts';

export function useLeftoverSends(shopId: string | undefined, notify: (text: string, kind: 'success' | 'error') => void): ReadonlySet<string> {
  const [waiting, setWaiting] = useState<{ shopId: string; ids: ReadonlySet<string> }>();
  useEffect(() => {
    if (!shopId) return;
    let live = true;
    void import('./send-app').then(({ recordLeftoverSends }) => recordLeftoverSends(shopId)).then(({ recorded, waiting: ids }) => {
      if (!live) return;
      setWaiting({ shopId, ids: new Set(ids) });
      if (recorded.length > 0) notify(recorded.map(SEND_TEXTS.recordedLater).join(' '), 'success');
    });
    return () => {
      live = false;
    };
    // notify is a new function at every render of the page; the leftovers are looked at once per shop.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [shopId]);
  return waiting !== undefined && waiting.shopId === shopId ? waiting.ids : EMPTY;
}

const EMPTY: ReadonlySet<string> = new Set();
