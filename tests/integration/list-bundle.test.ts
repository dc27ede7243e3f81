/**
 * listBundle (functions/src/list-bundle.ts): a shop's catalogue as one data bundle, built page by page with the Admin
 * SDK and loaded with the client SDK's loadBundle into the app's own Firestore (memory cache in Node), where each
 * range's named query answers from the cache alone. Measured on 2,000 products: the bundle's size, raw and gzip'd,
 * and the build's peak heap (printed). Over the Functions emulator with real ID tokens: the shop's readers get it,
 * and another shop, a technician of other shops, a chain master without the 'catena' pack and a signed-out caller
 * are refused, as the rules refuse them.
 */
import { gzipSync } from 'node:zlib';
import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { getAuth as getAdminAuth } from 'firebase-admin/auth';
import { getFirestore as getAdminFirestore, type Firestore as AdminFirestore } from 'firebase-admin/firestore';
import { signInWithEmailAndPassword, signOut } from 'firebase/auth';
import { getDocsFromCache } from 'firebase/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildListBundle } from '../../functions/src/list-bundle.ts';
import { bundleElements, elementKind } from '@/domain/bundles/bundle-format';
import { rangeIndexOf } from '@/domain/ids/id-ranges';
import { shopListBounds, shopListRanges } from '@/domain/lists/shop-lists';
import { productListSource } from '@/features/warehouse/api';
import { auth } from '@/lib/firebase';
import { loadListBundle, namedQueries } from '@/lib/firebase-bundle';

const FUNCTIONS_URL = process.env.FUNCTIONS_URL;
// The app's client reads its functions' base URL from here (src/config/env.ts), before its first use.
if (FUNCTIONS_URL) process.env.VITE_FUNCTIONS_URL = FUNCTIONS_URL;
const AUTH_HOST = process.env.FIREBASE_AUTH_EMULATOR_HOST;
const PASSWORD = 'Pacchetto!2026';
const run = `${Date.now()}`;
const SHOP = `int-bundle-shop-${run}`;
const OTHER = `int-bundle-other-${run}`;
const ACCOUNTANT = `int-bundle-acc-${run}`;
const STRANGER_TECH = `int-bundle-tech-${run}`;
const MASTER = `int-bundle-master-${run}`;
const MASTER_NO_PACK = `int-bundle-master2-${run}`;
const MEMBER_NO_PACK = `int-bundle-member2-${run}`;
const PRODUCTS = 2_000;
const IMPORTED = 40;
const CUSTOMERS = 120;

let admin: App;
let db: AdminFirestore;
const tokens = new Map<string, string>();

async function tokenOf(uid: string): Promise<string> {
  const cached = tokens.get(uid);
  if (cached) return cached;
  const res = await fetch(`http://${AUTH_HOST ?? ''}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=demo`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: `${uid}@example.test`, password: PASSWORD, returnSecureToken: true }),
  });
  const token = ((await res.json()) as { idToken: string }).idToken;
  tokens.set(uid, token);
  return token;
}

async function askBundle(uid: string | null, list: string, shop: string): Promise<Response> {
  const headers: Record<string, string> = { 'Accept-Encoding': 'gzip' };
  if (uid) headers.Authorization = `Bearer ${await tokenOf(uid)}`;
  return fetch(`${FUNCTIONS_URL ?? ''}/listBundle?list=${list}&shop=${encodeURIComponent(shop)}`, { headers });
}

const product = (shop: string, i: number) => ({ userId: shop, name: `Prodotto ${String(i).padStart(5, '0')}`, code: `C${String(i)}`, barcode: '', price: String(1 + (i % 50) + 0.5), quantity: i % 9, vatRate: 22, um: 'PZ', stock: { qty: i % 9, minQty: 1, track: true }, category: i % 3 ? 'Ferramenta' : 'Colori' });

async function writeAll(docs: [string, Record<string, unknown>][]): Promise<void> {
  for (let i = 0; i < docs.length; i += 400) {
    const batch = db.batch();
    for (const [path, data] of docs.slice(i, i + 400)) batch.set(db.doc(path), data);
    await batch.commit();
  }
}

beforeAll(async () => {
  if (!FUNCTIONS_URL) throw new Error('FUNCTIONS_URL mancante: avvia con `tsx scripts/with-emulators.ts --functions -- …` (npm run test:integration lo fa).');
  admin = initializeApp({ projectId: process.env.GCLOUD_PROJECT ?? 'demo-backoffice' }, 'list-bundle');
  db = getAdminFirestore(admin);
  const users: [string, string][] = [[SHOP, 'shop'], [OTHER, 'shop'], [ACCOUNTANT, 'accountant'], [STRANGER_TECH, 'tech'], [MASTER, 'shop'], [MASTER_NO_PACK, 'shop']];
  for (const [uid, level] of users) {
    await getAdminAuth(admin).createUser({ uid, email: `${uid}@example.test`, password: PASSWORD });
    await db.doc(`User/${uid}`).set({ userId: uid, level, email: `${uid}@example.test` });
  }
  const future = new Date(Date.now() + 90 * 86_400_000);
  await db.doc(`Pack/pk-catena-${run}`).set({ name: 'catena', price: 10 });
  await db.doc(`ShopSubscription/sub-${MASTER}`).set({ userId: MASTER, shopId: MASTER, packs: [`pk-catena-${run}`], startDate: new Date(Date.now() - 86_400_000), expiringDate: future });
  await db.doc(`Shop/${SHOP}`).set({ userId: SHOP, name: 'Ferramenta Pacchetto', accountants: [ACCOUNTANT], shopGroup: MASTER });
  await db.doc(`Shop/${OTHER}`).set({ userId: OTHER, name: 'Altro negozio' });
  await db.doc(`Shop/${MASTER}`).set({ userId: MASTER, name: 'Capogruppo', isChainMaster: true, subscriptionId: `sub-${MASTER}` });
  await db.doc(`Shop/${MASTER_NO_PACK}`).set({ userId: MASTER_NO_PACK, name: 'Capogruppo senza pack', isChainMaster: true });
  await db.doc(`Shop/${MEMBER_NO_PACK}`).set({ userId: MEMBER_NO_PACK, name: 'Membro', shopGroup: MASTER_NO_PACK });
  const docs: [string, Record<string, unknown>][] = [];
  for (let i = 0; i < PRODUCTS - IMPORTED; i++) docs.push([`Scrap/${db.collection('Scrap').doc().id}`, product(SHOP, i)]);
  // A CSV import's ids (`csv-{shop}-{16 hex}`): their own cuts spread them over four ranges.
  for (let i = 0; i < IMPORTED; i++) docs.push([`Scrap/csv-${SHOP}-${(BigInt(i) * 0x0fedcba987654321n % 0xffffffffffffffffn).toString(16).padStart(16, '0')}`, product(SHOP, 10_000 + i)]);
  for (let i = 0; i < 30; i++) docs.push([`Scrap/${db.collection('Scrap').doc().id}`, { ...product(OTHER, i), name: `Segreto ${String(i)}` }]);
  for (let i = 0; i < CUSTOMERS; i++) docs.push([`Customer/${db.collection('Customer').doc().id}`, { userId: SHOP, name: `Cliente ${String(i)}`, email: `c${String(i)}@example.test` }]);
  for (let i = 0; i < 10; i++) docs.push([`Customer/${db.collection('Customer').doc().id}`, { userId: OTHER, name: `Cliente altrui ${String(i)}` }]);
  await writeAll(docs);
  await signOut(auth()).catch(() => undefined);
  await signInWithEmailAndPassword(auth(), `${SHOP}@example.test`, PASSWORD);
}, 120_000);

afterAll(async () => {
  await signOut(auth()).catch(() => undefined);
  if (admin) await deleteApp(admin);
});

describe('buildListBundle', () => {
  it('carries exactly the shop\'s products, one named query per range, read in pages (size and peak heap printed)', async () => {
    const started = Date.now();
    const bundle = await buildListBundle(db, 'products', SHOP);
    const ms = Date.now() - started;
    expect(bundle.documents).toBe(PRODUCTS);
    const elements = bundleElements(bundle.bytes);
    const kinds = elements.map(elementKind);
    expect(kinds[0]).toBe('metadata');
    const text = (e: Uint8Array) => Buffer.from(e).toString('utf8');
    const names = elements.filter((e) => elementKind(e) === 'namedQuery').map((e) => (JSON.parse(text(e)) as { namedQuery: { name: string; bundledQuery: { structuredQuery: { limit?: unknown } } } }).namedQuery);
    expect(names.map((n) => n.name)).toEqual(shopListRanges('products', SHOP).map((r) => r.name));
    expect(names.every((n) => n.bundledQuery.structuredQuery.limit === undefined)).toBe(true);
    const metadata = (JSON.parse(text(elements[0]!)) as { metadata: { totalDocuments: number; totalBytes: string } }).metadata;
    expect(metadata.totalDocuments).toBe(PRODUCTS);
    expect(Number(metadata.totalBytes)).toBe(bundle.bytes.length - elements[0]!.length - String(elements[0]!.length).length);
    const raw = text(bundle.bytes);
    expect(raw).not.toContain(OTHER);
    expect(raw).not.toContain('Segreto');
    const gzipped = gzipSync(bundle.bytes).length;
    console.info(`listBundle, ${String(PRODUCTS)} prodotti: ${(bundle.bytes.length / 1024).toFixed(0)} KiB, gzip ${(gzipped / 1024).toFixed(0)} KiB (${(bundle.bytes.length / gzipped).toFixed(1)}×), JSON di un callable ${(JSON.stringify({ result: raw }).length / 1024).toFixed(0)} KiB; heap di picco ${(bundle.peakHeapBytes / 2 ** 20).toFixed(0)} MiB; ${String(ms)} ms`);
    expect(gzipped).toBeLessThan(bundle.bytes.length / 3);
  });
});

describe('loadBundle in the app\'s Firestore', () => {
  it('the app loads the bundle over HTTP, and each range\'s named query answers from the cache alone, typed', async () => {
    expect(await loadListBundle('products', SHOP)).toBe(true);
    const source = productListSource(SHOP);
    const ranges = shopListRanges('products', SHOP);
    const queries = await namedQueries(ranges.map((r) => r.name), source.whole);
    expect(queries).toHaveLength(ranges.length);
    const bounds = shopListBounds('products', SHOP);
    const ids = new Set<string>();
    let imported = 0;
    for (const [k, q] of (queries ?? []).entries()) {
      const snapshot = await getDocsFromCache(q);
      for (const d of snapshot.docs) {
        expect(rangeIndexOf(d.id, bounds)).toBe(k);
        ids.add(d.id);
        if (d.id.startsWith('csv-')) imported++;
      }
      const first = snapshot.docs[0]?.data();
      if (first) expect(typeof first.price).toBe('number');
    }
    expect(ids.size).toBe(PRODUCTS);
    expect(imported).toBe(IMPORTED);
    expect(await namedQueries(['products:nessuno:..'], source.whole)).toBeUndefined();
  });
});

describe('listBundle over HTTP', () => {
  it("gives the shop's readers their list, gzip'd when asked", async () => {
    for (const [uid, list] of [[SHOP, 'products'], [ACCOUNTANT, 'customers'], [MASTER, 'products']] as const) {
      const answer = await askBundle(uid, list, SHOP);
      expect(answer.status, `${uid} ${list}`).toBe(200);
      expect(answer.headers.get('cache-control')).toBe('private, no-store');
      const body = Buffer.from(await answer.arrayBuffer()).toString('utf8');
      expect(body).not.toContain(OTHER);
      expect(body).toMatch(/^\d+\{"metadata"/);
    }
  });

  it('refuses another shop, a stranger technician, a chain master without the pack, customers to a chain master, and a signed-out caller', async () => {
    expect((await askBundle(OTHER, 'products', SHOP)).status).toBe(403);
    expect((await askBundle(STRANGER_TECH, 'products', SHOP)).status).toBe(403);
    expect((await askBundle(ACCOUNTANT, 'products', OTHER)).status).toBe(403);
    expect((await askBundle(MASTER_NO_PACK, 'products', SHOP)).status).toBe(403);
    expect((await askBundle(MASTER_NO_PACK, 'products', MEMBER_NO_PACK)).status).toBe(403);
    expect((await askBundle(MASTER, 'customers', SHOP)).status).toBe(403);
    expect((await askBundle(null, 'products', SHOP)).status).toBe(401);
    expect((await askBundle(SHOP, 'Sale', SHOP)).status).toBe(400);
    const refused = await askBundle(OTHER, 'products', SHOP);
    expect(await refused.text()).not.toContain('Prodotto');
  });
});
