import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Query } from 'firebase/firestore';
import { getDocsInPages } from './firebase-pages';

/** A collection of ids in order, read the way Firestore pages it: `limit` documents after the cursor. */
const store = vi.hoisted(() => ({ ids: [] as string[], reads: [] as { after?: string; size: number }[] }));
vi.mock('firebase/firestore', () => ({
  orderBy: () => ({ kind: 'orderBy' }),
  limit: (size: number) => ({ kind: 'limit', size }),
  startAfter: (cursor: { id: string }) => ({ kind: 'startAfter', id: cursor.id }),
  query: (base: { parts?: unknown[] }, ...parts: unknown[]) => ({ parts: [...(base.parts ?? []), ...parts] }),
  getDocs: (q: { parts: { kind: string; size?: number; id?: string }[] }) => {
    const size = q.parts.find((p) => p.kind === 'limit')?.size ?? 0;
    const after = q.parts.find((p) => p.kind === 'startAfter')?.id;
    store.reads.push({ after, size });
    const from = after === undefined ? 0 : store.ids.indexOf(after) + 1;
    const docs = store.ids.slice(from, from + size).map((id) => ({ id, data: () => id }));
    return Promise.resolve({ docs });
  },
}));

const base = {} as Query<string>;
const ids = (n: number) => Array.from({ length: n }, (_, i) => `d${String(i).padStart(3, '0')}`);

describe('getDocsInPages', () => {
  beforeEach(() => {
    store.reads = [];
  });

  it('reads every document once, page after page, each page starting after the last one read', async () => {
    store.ids = ids(25);
    const pages: [number, boolean][] = [];
    const all = await getDocsInPages(base, 'date', { pageSize: 10, onPage: (docs, done) => pages.push([docs.length, done]) });
    expect(all).toEqual(store.ids);
    expect(store.reads).toEqual([{ after: undefined, size: 10 }, { after: 'd009', size: 10 }, { after: 'd019', size: 10 }]);
    expect(pages).toEqual([[10, false], [20, false], [25, true]]);
  });

  it('a last page exactly full costs one more (empty) read, and nothing is read twice', async () => {
    store.ids = ids(20);
    const all = await getDocsInPages(base, 'date', { pageSize: 10 });
    expect(all).toEqual(store.ids);
    expect(store.reads).toHaveLength(3);
  });

  it('stops between pages when aborted, with what was read so far', async () => {
    store.ids = ids(30);
    const stop = new AbortController();
    const all = await getDocsInPages(base, 'date', { pageSize: 10, signal: stop.signal, onPage: () => stop.abort() });
    expect(all).toHaveLength(10);
    expect(store.reads).toHaveLength(1);
  });
});
