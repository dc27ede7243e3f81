/**
 * listBundle: a shop's big list (the catalogue, Scrap; the customer directory, Customer) as one Firestore data bundle,
 * for a device whose cache does not hold it (src/lib/firebase-bundle.ts). One named query per id range — the ranges
 * the app listens to (src/domain/lists/shop-lists.ts) — so each listener resumes from the bundle's read time and only
 * later changes travel.
 *
 * Built page by page: a range is read in pages by document id, each page serialised by its own Admin SDK bundle
 * builder (db.bundle) and kept only as bytes, so the job holds one page of snapshots at a time plus the bytes it will
 * answer. One builder for the whole list would also copy the bundle again for every element it adds: 20,000 products
 * took it minutes.
 *
 * Access is the rules' read of those collections (firestore.rules `match /Scrap`, `match /Customer`): the shop's
 * readers (access.ts: owner, admins, its accountants and technicians) and, for products only, the shop's chain master
 * with the 'catena' pack. The answer is the shop's own documents and nothing else.
 */
import { gzipSync } from 'node:zlib';
import type { Auth } from 'firebase-admin/auth';
import type { Firestore, Query, QueryDocumentSnapshot } from 'firebase-admin/firestore';
import { HttpsError } from 'firebase-functions/v2/https';
import { bundleElements, bundleMetadata, byteLength, elementKind, lengthPrefixed, withoutLimit, withQueryName, type BundleTimestamp } from '@/domain/bundles/bundle-format';
import { isShopList, shopListRanges, type ShopList } from '@/domain/lists/shop-lists';
import { isChainMasterOf, requireShopRole } from './access';
import { requirePack } from './pack-guard';
import { storedListCol } from './typed-refs';

export interface BundleLimits {
  /** Documents per read (a query cursor page). */
  pageSize: number;
  /** Documents per builder: its cost grows with the square of what it holds. */
  chunkSize: number;
}

export const BUNDLE_LIMITS: BundleLimits = { pageSize: 500, chunkSize: 100 };

export interface ListBundle {
  bytes: Buffer;
  documents: number;
  /** The largest heap the build saw (sampled after each page), for the logs and the tests. */
  peakHeapBytes: number;
}

/**
 * FieldPath.documentId() by its path: the Admin SDK reads '__name__' as the same field, and the string works with any
 * copy of the SDK (the integration tests hand in a Firestore of the project's own copy, not functions/'s).
 */
const DOCUMENT_ID = '__name__';

const toNanos = (t: BundleTimestamp) => BigInt(t.seconds) * 1_000_000_000n + BigInt(t.nanos);
const later = (a: BundleTimestamp | undefined, b: BundleTimestamp) => (a === undefined || toNanos(b) > toNanos(a) ? b : a);

/** The elements of one small builder's bundle, and its read time (its metadata's createTime). */
function builtElements(built: Buffer): { elements: Uint8Array[]; createTime: BundleTimestamp | undefined } {
  const elements = bundleElements(built);
  const head = elements[0];
  const metadata = head && elementKind(head) === 'metadata' ? (JSON.parse(Buffer.from(head).toString('utf8')) as { metadata: { createTime?: BundleTimestamp } }).metadata : undefined;
  return { elements: elements.slice(1), createTime: metadata?.createTime };
}

export async function buildListBundle(db: Firestore, list: ShopList, shopId: string, limits: BundleLimits = BUNDLE_LIMITS): Promise<ListBundle> {
  const col = storedListCol(db, list);
  const chunks: Uint8Array[] = [];
  let documents = 0;
  let createTime: BundleTimestamp | undefined;
  let peakHeapBytes = process.memoryUsage().heapUsed;
  const keep = (elements: readonly Uint8Array[], patch?: (e: Uint8Array) => string | Uint8Array) => {
    for (const e of elements) {
      chunks.push(...lengthPrefixed(patch ? patch(e) : e));
      if (elementKind(e) === 'document') documents++;
    }
  };

  for (const range of shopListRanges(list, shopId)) {
    let q: Query = col.where('userId', '==', shopId);
    if (range.from !== undefined) q = q.where(DOCUMENT_ID, '>=', range.from);
    if (range.to !== undefined) q = q.where(DOCUMENT_ID, '<', range.to);
    q = q.orderBy(DOCUMENT_ID);
    // The first page, small, gives the range's named query (its limit removed) with the page's read time: the
    // earliest of the range, so a listener resuming from it also hears what changed while later pages were read.
    const first = await q.limit(limits.chunkSize).get();
    const opened = builtElements(db.bundle(range.name).add(range.name, first).build());
    createTime = later(createTime, opened.createTime ?? { seconds: '0', nanos: 0 });
    keep(opened.elements, (e) => (elementKind(e) === 'namedQuery' ? withoutLimit(e) : e));
    let last: QueryDocumentSnapshot | undefined = first.docs.at(-1);
    let more = first.size === limits.chunkSize;
    while (more && last) {
      const page = await q.startAfter(last).limit(limits.pageSize).get();
      for (let i = 0; i < page.docs.length; i += limits.chunkSize) {
        const builder = db.bundle(range.name);
        for (const doc of page.docs.slice(i, i + limits.chunkSize)) builder.add(doc);
        const built = builtElements(builder.build());
        if (built.createTime) createTime = later(createTime, built.createTime);
        keep(built.elements, (e) => (elementKind(e) === 'documentMetadata' ? withQueryName(e, range.name) : e));
      }
      peakHeapBytes = Math.max(peakHeapBytes, process.memoryUsage().heapUsed);
      last = page.docs.at(-1);
      more = page.size === limits.pageSize;
    }
  }
  const totalBytes = byteLength(chunks);
  const head = lengthPrefixed(bundleMetadata(`${list}:${shopId}`, createTime ?? { seconds: '0', nanos: 0 }, documents, totalBytes));
  const bytes = Buffer.concat([...head, ...chunks]);
  return { bytes, documents, peakHeapBytes: Math.max(peakHeapBytes, process.memoryUsage().heapUsed) };
}

/** Who may have the list: exactly who the rules let read it (see the header). */
export async function requireListReader(db: Firestore, uid: string | undefined, list: ShopList, shopId: unknown): Promise<void> {
  try {
    await requireShopRole(db, uid, shopId, ['owner', 'admin', 'accountant', 'tech']);
  } catch (error) {
    const denied = error instanceof HttpsError && error.code === 'permission-denied';
    if (!denied || list !== 'products' || !uid || typeof shopId !== 'string' || !(await isChainMasterOf(db, uid, shopId))) throw error;
    await requirePack(db, uid, 'catena');
  }
}

export interface BundleRequest {
  method: string;
  header(name: string): string | undefined;
  query(name: string): string | undefined;
}

export interface BundleAnswer {
  status: number;
  headers: Record<string, string>;
  body: Buffer | { error: string };
}

const HTTP_STATUS: Partial<Record<string, number>> = { unauthenticated: 401, 'invalid-argument': 400, 'permission-denied': 403, unavailable: 503 };
// Never stored by a shared cache: the answer is one shop's data, for one signed-in caller.
const PRIVATE = { 'Cache-Control': 'private, no-store', Vary: 'Authorization, Accept-Encoding' };

/** GET ?list=products|customers&shop=<id> with the caller's Firebase ID token (Authorization: Bearer …). */
export async function handleListBundle(auth: Auth, db: Firestore, req: BundleRequest): Promise<BundleAnswer> {
  const fail = (status: number, error: string): BundleAnswer => ({ status, headers: PRIVATE, body: { error } });
  if (req.method !== 'GET') return fail(405, 'metodo non consentito');
  const token = /^Bearer\s+(\S+)$/i.exec(req.header('authorization') ?? '')?.[1];
  if (!token) return fail(401, 'Accesso richiesto.');
  let uid: string;
  try {
    uid = (await auth.verifyIdToken(token)).uid;
  } catch {
    return fail(401, 'Accesso richiesto.');
  }
  const list = req.query('list');
  const shopId = req.query('shop');
  if (!isShopList(list)) return fail(400, 'lista sconosciuta');
  try {
    await requireListReader(db, uid, list, shopId);
  } catch (error) {
    if (error instanceof HttpsError) return fail(HTTP_STATUS[error.code] ?? 403, error.message);
    throw error;
  }
  const started = Date.now();
  const bundle = await buildListBundle(db, list, String(shopId));
  const gzip = /\bgzip\b/i.test(req.header('accept-encoding') ?? '');
  const body = gzip ? gzipSync(bundle.bytes) : bundle.bytes;
  console.info(JSON.stringify({ message: 'listBundle', list, shopId, documents: bundle.documents, bytes: bundle.bytes.length, sent: body.length, peakHeapMiB: Math.round(bundle.peakHeapBytes / 2 ** 20), ms: Date.now() - started }));
  return { status: 200, headers: { ...PRIVATE, 'Content-Type': 'application/octet-stream', ...(gzip ? { 'Content-Encoding': 'gzip' } : {}) }, body };
}
