import { useEffect, useState } from 'react';
import { readAccountLabel } from '@/data/user-log';
import { actorLabel, actorsToResolve } from '@/domain/activity-log/actor';
import { useSession } from '@/stores/session';

/**
 * The label of each line's writer, for the lines on screen: the accounts not yet known are read
 * once each (the User documents the viewer may read); what cannot be read stays named by its uid.
 */
export function useActorLabels(logKey: string, actorIds: readonly (string | undefined)[]): (actorId: string | undefined) => string {
  const viewerUid = useSession((s) => s.uid);
  const [accounts, setAccounts] = useState<ReadonlyMap<string, string | undefined>>(() => new Map());
  const missing = actorsToResolve(actorIds, { viewerUid, accounts });
  const key = missing.join('|');

  useEffect(() => {
    if (key === '') return;
    let live = true;
    const ids = key.split('|');
    void Promise.all(ids.map(async (id) => [id, await readAccountLabel(id)] as const)).then((found) => {
      if (!live) return;
      setAccounts((previous) => new Map([...previous, ...found]));
    });
    return () => {
      live = false;
    };
  }, [key]);

  return (actorId) => actorLabel(actorId, { viewerUid, logKey, accounts });
}
