/**
 * Test-only: the reference half of a mocked 'firebase/firestore' whose reads answer per path (a document
 * 'Invoice/x', a query on 'Customer'), so the data layer's typed references and converters run as in the app.
 * Used inside a vi.mock factory; never import it from application code.
 */
export interface PathRef {
  path: string;
  withConverter: () => PathRef;
}

export const pathRef = (path: string): PathRef => {
  const r: PathRef = { path, withConverter: () => r };
  return r;
};

/** doc(db, ...segments), doc(collection) with a new id, collection, query and where: references that are their path. */
export function pathReferences() {
  let ids = 0;
  return {
    doc: (first: unknown, ...segments: string[]) => (segments.length === 0 ? pathRef(`${(first as PathRef).path}/new-${String(++ids)}`) : pathRef(segments.join('/'))),
    collection: (_db: unknown, path: string) => pathRef(path),
    query: (r: PathRef) => r,
    where: () => ({}),
  };
}
