/**
 * A one-time read of a query that can be large, in pages one after another (the cursor being the last document):
 * the warehouse's whole catalogue, the sales of a month of cash closings.
 *
 * Why pages: each document of an answer is one message on the browser's Listen channel, and the Firestore emulator
 * (development and tests) aborts the channel, without telling the browser, when more than 10,000 wait to be read —
 * one answer of 14,000 sales never completes there (see lib/firebase-ranges.ts for live lists). A page per round
 * trip also lets a screen show what has arrived. Production reads the same documents, billed the same.
 */
import { getDocs, limit, orderBy, query, startAfter, type FieldPath, type Query, type QueryDocumentSnapshot } from 'firebase/firestore';

/** Documents per page: half the emulator's limit, and few round trips (each one a scan there). */
export const PAGE_SIZE = 5000;
/** A breath between pages, so the screen can paint what arrived. */
export const PAGE_PAUSE_MS = 10;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface PagesOptions<T, U> {
  pageSize?: number;
  /** The documents so far after each page, and whether it was the last. */
  onPage?: (docs: U[], done: boolean) => void;
  /** Stops between pages: what was read so far is returned. */
  signal?: AbortSignal;
  /**
   * What to keep of each document (undefined: leave it out), taken page by page: a large read then holds only what
   * its screen needs, never every converted document at once.
   */
  select?: (doc: T) => U | undefined;
}

/**
 * The pages of `q` ordered by `order` (a field of its range filter, or documentId()), one round trip each, the next
 * one asked for when the caller takes it. `q` must not carry its own orderBy or limit.
 */
export async function* queryPages<T>(q: Query<T>, order: string | FieldPath, pageSize = PAGE_SIZE): AsyncGenerator<QueryDocumentSnapshot<T>[]> {
  let cursor: QueryDocumentSnapshot<T> | undefined;
  for (;;) {
    const base = query(q, orderBy(order), limit(pageSize));
    const { docs } = await getDocs(cursor ? query(base, startAfter(cursor)) : base);
    if (docs.length > 0) yield docs;
    if (docs.length < pageSize) return;
    cursor = docs[docs.length - 1];
  }
}

/** Every document of `q` ordered by `order`, read with queryPages, a short pause between pages. */
export async function getDocsInPages<T, U = T>(q: Query<T>, order: string | FieldPath, options: PagesOptions<T, U> = {}): Promise<U[]> {
  const size = options.pageSize ?? PAGE_SIZE;
  const select = options.select ?? ((doc: T) => doc as unknown as U);
  const all: U[] = [];
  for await (const docs of queryPages(q, order, size)) {
    if (options.signal?.aborted) return all;
    for (const d of docs) {
      const kept = select(d.data());
      if (kept !== undefined) all.push(kept);
    }
    const done = docs.length < size;
    options.onPage?.([...all], done);
    if (done) return all;
    await pause(PAGE_PAUSE_MS);
    if (options.signal?.aborted) return all;
  }
  options.onPage?.([...all], true);
  return all;
}
