import { useEffect } from 'react';
import { ConnectionNotice } from '@/components/ui/connection-notice';
import { COLLECTIONS } from '@/data/collections';
import { useConnection } from '@/stores/connection';
import { useSession } from '@/stores/session';
import { untilFirstScreen } from '@/lib/first-screen';

/**
 * Says when the page cannot reach the database (network gone, or Firestore unreachable) and while the writes kept
 * meanwhile are being confirmed; nothing once all is well. The one watcher of the page (it feeds the store that open
 * dialogs read too); it and the SDK are loaded after the first paint, as the rest of the shell's Firestore reads.
 */
export function ConnectionBanner() {
  const uid = useSession((s) => s.uid);
  const setState = useConnection((s) => s.setState);
  useEffect(() => {
    if (!uid) return;
    let stop: (() => void) | undefined;
    let cancelled = false;
    Promise.all([import('@/lib/firebase-connection'), untilFirstScreen()])
      .then(([{ watchConnection }]) => {
        if (!cancelled) stop = watchConnection({ collection: COLLECTIONS.user, uid }, setState);
      })
      .catch(() => undefined);
    return () => {
      cancelled = true;
      stop?.();
      setState('online');
    };
  }, [uid, setState]);
  return <ConnectionNotice testId="connection-banner" />;
}
