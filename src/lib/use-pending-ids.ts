/**
 * Ids of documents this screen saved without a connection, for screens whose list is not a live
 * listener (a live one has them in `sync.pendingIds`). An id is marked when its save comes back 'queued' and
 * unmarked when the server has confirmed every write queued until then (`waitForPendingWrites`, which waits
 * across a lost connection).
 */
import { waitForPendingWrites } from 'firebase/firestore';
import { useCallback, useEffect, useRef, useState } from 'react';
import { db } from './firebase';
import type { SaveOutcome } from './firebase-writes';

export function usePendingIds(): { pendingIds: ReadonlySet<string>; track: (id: string, outcome: SaveOutcome) => void } {
  const [pendingIds, setPendingIds] = useState<ReadonlySet<string>>(() => new Set());
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);
  const track = useCallback((id: string, outcome: SaveOutcome) => {
    if (outcome !== 'queued') return;
    setPendingIds((ids) => new Set(ids).add(id));
    waitForPendingWrites(db()).then(
      () => {
        if (!mounted.current) return;
        setPendingIds((ids) => {
          const next = new Set(ids);
          next.delete(id);
          return next;
        });
      },
      // The instance was shut down (logout): the screen is gone with it.
      () => undefined,
    );
  }, []);
  return { pendingIds, track };
}
