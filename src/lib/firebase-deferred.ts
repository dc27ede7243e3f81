/**
 * Live reads for the signed-in shell's chrome (top bar), which paints before the Firestore SDK has arrived
 * (the SDK is not in the shell's static graph). The listener starts once the SDK and the reference,
 * both loaded with `import()`, are there; until then the state is 'loading', as for any live read.
 */
import type { DocumentReference } from 'firebase/firestore';
import { italianError } from './firebase-errors';
import type * as FirebaseListen from './firebase-listen';
import { useKeyedListener, type Loadable } from './live-state';

type ListenModule = typeof FirebaseListen;
let listenModule: Promise<ListenModule> | undefined;

/** One fetch of the listener module (and the SDK) for every caller; a failed fetch is tried again next time. */
function loadListen(): Promise<ListenModule> {
  listenModule ??= import('./firebase-listen').catch((error: unknown) => {
    listenModule = undefined;
    throw error;
  });
  return listenModule;
}

/**
 * Live document whose reference comes from a lazily loaded data module; `null` = nothing to read (stays
 * loading). `loadRef` must be stable for a given `key` (useMemo/useCallback on what the key names).
 */
export function useDeferredLiveDocument<T>(loadRef: (() => Promise<DocumentReference<T>>) | null, key: string): Loadable<T | undefined> {
  return useKeyedListener<T | undefined>(key, loadRef !== null, (set) => {
    if (!loadRef) return () => undefined;
    let stop: (() => void) | undefined;
    let stopped = false;
    Promise.all([loadListen(), loadRef()])
      .then(([{ listenToDocument }, ref]) => {
        if (!stopped) stop = listenToDocument(ref, set);
      })
      .catch((error: unknown) => {
        // The chunk could not be fetched (offline, or a deploy replaced it): an error state, not a spinner forever.
        if (!stopped) set({ status: 'error', data: undefined, error: italianError(error) });
      });
    return () => {
      stopped = true;
      stop?.();
    };
  });
}
