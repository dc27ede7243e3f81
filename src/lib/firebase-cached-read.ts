/**
 * A one-time read of a query through a listener that stops at the server's first answer. With the
 * persistent cache, the next visit's read of the same query resumes from the browser's copy and the server sends, and
 * bills, only what changed since; a `getDocs` pays every document at every visit. For reads that a screen repeats
 * unchanged (the month package's invoices, DDTs and closings of a period).
 *
 * Offline it is refused at once ('unavailable', as getDocs would fail): a period's documents from the cache alone could
 * be an incomplete set, and a package or a total must never be built from that.
 */
import { onSnapshot, type Query } from 'firebase/firestore';
import { refuseIfOffline } from './firebase-errors';

export function readThroughCache<T>(q: Query<T>): Promise<T[]> {
  refuseIfOffline();
  return new Promise((resolve, reject) => {
    let done = false;
    const unsubscribe = onSnapshot(
      q,
      { includeMetadataChanges: true },
      (snapshot) => {
        // The cache's copy first (not yet confirmed), then the server's answer: only the latter is the query's result.
        if (done || snapshot.metadata.fromCache) return;
        done = true;
        unsubscribe();
        resolve(snapshot.docs.map((d) => d.data()));
      },
      (error) => {
        if (done) return;
        done = true;
        reject(error);
      },
    );
  });
}
