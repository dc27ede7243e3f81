/**
 * Shared world for the security-rules tests: one account per role, two shops, their subscriptions,
 * catalogue and employees, seeded with the rules disabled. Each test starts from a freshly seeded world
 * (`setupWorld()` wires beforeAll/beforeEach/afterAll).
 *
 * The emulator comes from FIRESTORE_EMULATOR_HOST (set by `npm run test:rules`, which starts fresh
 * emulators); the rules are read from the repo's firestore.rules at every run.
 */
import fs from 'node:fs';
import path from 'node:path';
import {
  assertFails,
  assertSucceeds,
  initializeTestEnvironment,
  type RulesTestContext,
  type RulesTestEnvironment,
  type TokenOptions,
} from '@firebase/rules-unit-testing';
import { setLogLevel } from 'firebase/firestore';
import { afterAll, beforeAll, beforeEach, expect } from 'vitest';

// Denied requests are the point of these tests: keep the SDK from logging each one as an error.
setLogLevel('silent');

export type Db = ReturnType<RulesTestContext['firestore']>;

/** Document ids. A shop's id is its owner's uid. */
export const SHOP_A = 'owner-a';
export const SHOP_B = 'owner-b';

/**
 * Every caller the tests try. `anon` is signed out; `noProfile` is signed in but has no User document.
 * Shop A: owner-a, accountant-a (listed in accountants), tech-a (listed in technicians).
 * Shop B: owner-b, tech-b (assignedTech; also a legacy object entry in A's technicians, which must not count).
 */
export const ACTORS = {
  anon: { uid: null, level: null },
  noProfile: { uid: 'no-profile', level: null },
  registrant: { uid: 'register-1', level: 'shopRegister' },
  ownerA: { uid: SHOP_A, level: 'shop' },
  ownerB: { uid: SHOP_B, level: 'shop' },
  accountantA: { uid: 'accountant-a', level: 'accountant' },
  techA: { uid: 'tech-a', level: 'tech' },
  techB: { uid: 'tech-b', level: 'tech' },
  assist: { uid: 'assist-1', level: 'assist' },
  admin: { uid: 'admin-1', level: 'admin' },
} as const satisfies Record<string, { uid: string | null; level: string | null }>;

export type ActorName = keyof typeof ACTORS;
export const ACTOR_NAMES = Object.keys(ACTORS) as ActorName[];
/** Every actor except those listed. */
export function allBut(...excluded: ActorName[]): ActorName[] {
  return ACTOR_NAMES.filter((name) => !excluded.includes(name));
}

export function uidOf(actor: ActorName): string {
  const { uid } = ACTORS[actor];
  if (uid === null) throw new Error(`${actor} has no uid`);
  return uid;
}

export function emailOf(actor: ActorName): string {
  return `${uidOf(actor)}@example.test`;
}

/** The collections of the data model (DESIGN.md §5). */
export const COLLECTIONS = [
  'User', 'Shop', 'ShopSubscription', 'Plan', 'Pack', 'Packages', 'Sale', 'Invoice', 'ZReport', 'UserLog',
  'Log', 'ApiLog', 'Announcement', 'Ticket', 'Employe', 'Customer', 'Scrap', 'DeviceTask', 'Ddt', 'SaleDaySummary',
  'FiscalId', 'PackGrant',
] as const;

const day = 24 * 60 * 60 * 1000;
const now = Date.now();

function userDocs(): Record<string, Record<string, unknown>> {
  const docs: Record<string, Record<string, unknown>> = {};
  for (const name of ACTOR_NAMES) {
    const { uid, level } = ACTORS[name];
    if (uid === null || level === null) continue;
    docs[`User/${uid}`] = { userId: uid, email: `${uid}@example.test`, level, createdAt: new Date(now - 90 * day) };
  }
  const accountant = docs[`User/${ACTORS.accountantA.uid}`];
  if (accountant) accountant.shops = [{ shopId: SHOP_A, role: 'accountant' }];
  return docs;
}

function shopSettings(pIva: string): Record<string, unknown> {
  return {
    pIva,
    printerIp: '192.168.1.50',
    secondPrinterIp: '',
    imageScraping: false,
    codeDdt: 'DDT',
    invoiceNumber: '12',
    backofficeRoles: false,
    cashmaticEnabled: false,
    cashmaticProtocol: 'https',
    cashmaticTotalMoney: 0,
  };
}

/** The seeded world, document path -> data. Tests may read it to build expectations. */
export function worldDocs(): Record<string, Record<string, unknown>> {
  return {
    ...userDocs(),
    [`Shop/${SHOP_A}`]: {
      userId: SHOP_A,
      name: 'Bar Centrale',
      address: 'Via Roma 1',
      city: 'Bologna',
      province: 'BO',
      zipCode: '40121',
      phone: '051123456',
      openApi: false,
      subscriptionId: 'sub-a',
      assignedTech: '',
      // tech-b appears only as a legacy object entry: rules match plain ids only.
      technicians: ['tech-a', { id: 'tech-b', name: 'Tecnico legacy' }],
      accountants: ['accountant-a'],
      isChainMaster: false,
      shopGroup: null,
      settings: shopSettings('01234567890'),
      createdAt: new Date(now - 90 * day),
    },
    [`Shop/${SHOP_B}`]: {
      userId: SHOP_B,
      name: 'Ferramenta Rossi',
      address: 'Corso Italia 22',
      city: 'Milano',
      province: 'MI',
      zipCode: '20122',
      phone: '02987654',
      openApi: true,
      subscriptionId: 'sub-b',
      assignedTech: 'tech-b',
      technicians: [],
      accountants: [],
      isChainMaster: true,
      shopGroup: null,
      settings: shopSettings('09876543210'),
      createdAt: new Date(now - 60 * day),
    },
    'ShopSubscription/sub-a': {
      shopId: SHOP_A,
      userId: SHOP_A,
      plan: 'plan-premium',
      packs: ['pack-fatturazione', 'pack-catena', 'pack-statistiche'],
      status: 'active',
      startingDate: new Date(now - 30 * day),
      expiringDate: new Date(now + 60 * day),
      price: 49.9,
    },
    // Legacy shape: userId only, no shopId, no status; packs listed by name (the rules read them too).
    'ShopSubscription/sub-b': {
      userId: SHOP_B,
      plan: 'plan-base',
      packs: ['fatturazione', 'Catena', 'analisi'],
      startDate: new Date(now - 200 * day),
      expiringDate: new Date(now + 5 * day),
      price: 0,
    },
    'ShopSubscription/proposal-a': {
      shopId: SHOP_A,
      plan: 'plan-premium',
      packs: ['pack-fatturazione'],
      status: 'proposed',
      proposedStartingDate: new Date(now + 60 * day),
      proposedExpiringDate: new Date(now + 425 * day),
      proposedPrice: 45,
      createdBy: 'tech-a',
      createdAt: new Date(now - day),
      updatedBy: 'tech-a',
      updatedAt: new Date(now - day),
    },
    'ShopSubscription/proposal-b': {
      shopId: SHOP_B,
      plan: 'plan-premium',
      packs: [],
      status: 'proposed',
      proposedStartingDate: new Date(now + 5 * day),
      proposedExpiringDate: new Date(now + 370 * day),
      proposedPrice: 39,
      createdBy: 'tech-b',
      createdAt: new Date(now - day),
      updatedBy: 'tech-b',
      updatedAt: new Date(now - day),
    },
    'Plan/plan-base': { name: 'Base', price: 0, tier: 'base', slug: 'base', includedPacks: [] },
    'Plan/plan-premium': { name: 'Premium', price: 49.9, tier: 'premium', slug: 'premium', includedPacks: ['pack-fatturazione'] },
    'Pack/pack-fatturazione': { name: 'fatturazione', price: 10 },
    'Pack/pack-catena': { name: 'Catena', price: 15 },
    'Pack/pack-statistiche': { name: 'Statistiche', price: 6 },
    // The index the rules read to tell which Pack ids grant a gated pack (src/domain/permissions/pack-grants.ts).
    'PackGrant/fatturazione': { packIds: ['pack-fatturazione'] },
    'PackGrant/catena': { packIds: ['pack-catena'] },
    'PackGrant/statistiche': { packIds: ['pack-statistiche'] },
    // The fiscal-identity registry: each shop holds its P.IVA.
    'FiscalId/01234567890': { shopId: SHOP_A, createdBy: 'admin-1', createdAt: new Date(now - 90 * day) },
    'FiscalId/09876543210': { shopId: SHOP_B, createdBy: 'admin-1', createdAt: new Date(now - 60 * day) },
    'Packages/pkg-a': { shopId: SHOP_A, name: 'Installazione', description: 'Installazione e formazione' },
    'Packages/pkg-b': { shopId: SHOP_B, name: 'Assistenza', description: 'Assistenza annuale' },
    'Employe/emp-a1': { userId: SHOP_A, name: 'Giulia', surname: 'Bianchi', pin: '1234', roleLevel: '2', roleName: 'Cassiere', createdAt: new Date(now - 80 * day) },
    'Employe/emp-a-tech': { userId: SHOP_A, name: 'Tecnico', surname: '', pin: '0000', roleLevel: '0', roleName: 'Tecnico', createdAt: new Date(now - 80 * day) },
    'Employe/emp-b1': { userId: SHOP_B, name: 'Marco', surname: 'Verdi', pin: '', roleLevel: '1', roleName: 'Titolare', createdAt: new Date(now - 50 * day) },
  };
}

/**
 * The provider proxy's record of a send the provider accepted (SdiSubmission/{uuid}, functions/src/sdi-record.ts):
 * the rules let a draft become sent, and its Invoice be created, only against it — same shop, and the Sale's
 * invoicePayload / invoiceNumber and the Invoice's payload equal to `xml` / `number` (absent `number` = a draft without one).
 */
export function sdiSubmissions(shopId: string, xml: string, uuids: readonly string[], number?: string): Record<string, Record<string, unknown>> {
  return Object.fromEntries(uuids.map((uuid) => [`SdiSubmission/${uuid}`, { uuid, shopId, xml, ...(number !== undefined ? { number } : {}), sha256: 'test', bytes: xml.length, sentAt: new Date(now), via: 'send' }]));
}

/** Writes documents bypassing the rules (test set-up only). */
export async function seed(env: RulesTestEnvironment, docs: Record<string, Record<string, unknown>>): Promise<void> {
  await env.withSecurityRulesDisabled(async (context) => {
    const db = context.firestore();
    const batch = db.batch();
    for (const [docPath, data] of Object.entries(docs)) batch.set(db.doc(docPath), data);
    await batch.commit();
  });
}

/**
 * Collection ids the tests may write to, at any depth. Tests must not write elsewhere: `restore` only
 * deletes documents in these collections.
 */
export const WRITABLE_COLLECTION_IDS = [...COLLECTIONS, 'Unknown', 'plan', 'user', 'shop', 'private', 'SdiSubmission'];

/** A value in the Firestore REST format (the emulator's API): what the SDK would write for it. */
function restValue(value: unknown): Record<string, unknown> {
  if (value === null || value === undefined) return { nullValue: null };
  if (value instanceof Date) return { timestampValue: value.toISOString() };
  if (typeof value === 'string') return { stringValue: value };
  if (typeof value === 'boolean') return { booleanValue: value };
  if (typeof value === 'number') return Number.isInteger(value) ? { integerValue: String(value) } : { doubleValue: value };
  if (Array.isArray(value)) return { arrayValue: { values: value.map(restValue) } };
  if (typeof value === 'object' && typeof (value as { toDate?: unknown }).toDate === 'function') {
    return { timestampValue: (value as { toDate: () => Date }).toDate().toISOString() };
  }
  if (typeof value === 'object') return { mapValue: { fields: restFields(value as Record<string, unknown>) } };
  throw new Error(`Valore non supportato nel mondo dei test: ${typeof value}`);
}

function restFields(data: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(data).map(([key, v]) => [key, restValue(v)]));
}

/**
 * Puts the database back to exactly `docs`: deletes every other document of WRITABLE_COLLECTION_IDS and
 * overwrites the rest, in one commit with the emulator's owner token (rules bypassed).
 * Through the emulator's REST API, with one query over every collection at any depth: the SDK way (a client made
 * by withSecurityRulesDisabled, a collection-group query per collection id) took half of the rules layer's time,
 * being run before every test.
 * Not `clearFirestore()`: the emulator's wipe makes clients that have already read something hang on
 * their next read (seen with the gcloud emulator), so clients would have to be recreated after each wipe.
 */
export async function restore(env: RulesTestEnvironment, docs: Record<string, Record<string, unknown>>): Promise<void> {
  const { host, port } = emulatorHost();
  const root = `projects/${env.projectId}/databases/(default)/documents`;
  const url = `http://${host}:${String(port)}/v1/${root}`;
  const headers = { Authorization: 'Bearer owner', 'Content-Type': 'application/json' };
  const listed = await fetch(`${url}:runQuery`, { method: 'POST', headers, body: JSON.stringify({ structuredQuery: { from: [{ allDescendants: true }] } }) });
  if (!listed.ok) throw new Error(`restore: ${await listed.text()}`);
  const existing = ((await listed.json()) as { document?: { name: string } }[]).flatMap((r) => (r.document ? [r.document.name] : []));
  const writes: unknown[] = [];
  for (const name of existing) {
    const segments = name.slice(root.length + 1).split('/');
    const docPath = segments.join('/');
    const collectionId = segments[segments.length - 2] ?? '';
    if (!(docPath in docs) && WRITABLE_COLLECTION_IDS.includes(collectionId)) writes.push({ delete: name });
  }
  for (const [docPath, data] of Object.entries(docs)) writes.push({ update: { name: `${root}/${docPath}`, fields: restFields(data) } });
  const committed = await fetch(`${url}:commit`, { method: 'POST', headers, body: JSON.stringify({ writes }) });
  if (!committed.ok) throw new Error(`restore: ${await committed.text()}`);
}

/** Reads a document bypassing the rules (to check what a write really did). */
export async function readRaw(env: RulesTestEnvironment, docPath: string): Promise<Record<string, unknown> | undefined> {
  let data: Record<string, unknown> | undefined;
  await env.withSecurityRulesDisabled(async (context) => {
    data = (await context.firestore().doc(docPath).get()).data();
  });
  return data;
}

function emulatorHost(): { host: string; port: number } {
  const value = process.env.FIRESTORE_EMULATOR_HOST;
  const match = value ? /^(.+):(\d+)$/.exec(value) : null;
  if (!match?.[1] || !match[2]) {
    throw new Error('FIRESTORE_EMULATOR_HOST (host:port) is not set: run the rules tests with `npm run test:rules`.');
  }
  return { host: match[1], port: Number(match[2]) };
}

export interface World {
  env: RulesTestEnvironment;
  /** The Firestore client of an actor (signed in with its uid and email, or signed out). */
  db(actor: ActorName): Db;
  /** A client for an account outside the cast (e.g. a brand-new sign-up), with the given token claims. */
  client(uid: string, token?: TokenOptions): Db;
  /** Wipes the database and seeds the world again, with `changes` applied (null deletes a document). */
  reset(changes?: Record<string, Record<string, unknown> | null>): Promise<void>;
}

/**
 * Registers the hooks of a rules test file: one test environment for the file, a wiped and re-seeded
 * world before each test. Use the returned object inside tests only (it is filled in beforeAll).
 */
export function setupWorld(): World {
  let env: RulesTestEnvironment | undefined;
  const clients = new Map<ActorName, Db>();
  const world: World = {
    get env() {
      if (!env) throw new Error('The test environment is not ready (use the world inside tests only).');
      return env;
    },
    db(actor) {
      const client = clients.get(actor);
      if (!client) throw new Error(`No client for ${actor}`);
      return client;
    },
    client(uid, token) {
      return world.env.authenticatedContext(uid, token).firestore();
    },
    async reset(changes = {}) {
      const docs = worldDocs();
      for (const [docPath, data] of Object.entries(changes)) {
        if (data === null) delete docs[docPath];
        else docs[docPath] = data;
      }
      await restore(world.env, docs);
    },
  };

  beforeAll(async () => {
    env = await initializeTestEnvironment({
      // One project per vitest worker: files running at the same time never clear or see each other's documents.
      projectId: `${process.env.GCLOUD_PROJECT ?? 'demo-backoffice'}-w${process.env.VITEST_POOL_ID ?? '1'}`,
      firestore: { ...emulatorHost(), rules: fs.readFileSync(path.resolve(import.meta.dirname, '../../firestore.rules'), 'utf8') },
    });
    for (const name of ACTOR_NAMES) {
      const { uid } = ACTORS[name];
      const context = uid === null ? env.unauthenticatedContext() : env.authenticatedContext(uid, { email: `${uid}@example.test` });
      clients.set(name, context.firestore());
    }
  });

  beforeEach(async () => {
    await world.reset();
  });

  afterAll(async () => {
    await env?.cleanup();
  });

  return world;
}

export type Operation = (db: Db, actor: ActorName) => Promise<unknown>;

export interface ExpectOptions {
  /** Run before each actor's attempt, e.g. `() => world.reset()` when an allowed write changes the state. */
  before?: () => Promise<void>;
  /** The actors to try (default: all of them). */
  actors?: readonly ActorName[];
}

/**
 * Runs `operation` as every actor in turn: those in `allowed` must succeed (assertSucceeds), every other
 * actor must get PERMISSION_DENIED (assertFails; any other error is a failure). All mismatches are
 * reported together. Without `before`, operations must not depend on the order of actors (writes use
 * per-actor ids or idempotent values).
 */
export async function expectOnly(world: World, allowed: readonly ActorName[], operation: Operation, options: ExpectOptions = {}): Promise<void> {
  const mismatches: string[] = [];
  for (const actor of options.actors ?? ACTOR_NAMES) {
    await options.before?.();
    const shouldPass = allowed.includes(actor);
    try {
      if (shouldPass) await assertSucceeds(operation(world.db(actor), actor));
      else await assertFails(operation(world.db(actor), actor));
    } catch (error) {
      mismatches.push(`${actor} (${shouldPass ? 'should be allowed' : 'should be denied'}): ${(error as Error).message}`);
    }
  }
  expect(mismatches).toEqual([]);
}

/** The uid written by an actor in its own records ('anon' for the signed-out client). */
export function writerId(actor: ActorName): string {
  return ACTORS[actor].uid ?? 'anon';
}

/** Reading a single document. */
export function getDoc(docPath: string): Operation {
  return (db) => db.doc(docPath).get();
}

