/**
 * The security-rules matrix: every collection × every caller × get / list / create / update / delete,
 * against one table of expected answers. Each collection's subject is a document of shop A (`owner-a`); the
 * callers are shop A's owner, accountant and technician, the same roles of shop B (another shop), assist, admin,
 * a registrant (shopRegister) and the signed-out. The table is printed as a summary at the end of the file.
 *
 * Per-collection files (tests/rules/<collection>.test.ts) test the fine print of each rule (fields, transitions);
 * this file is the complete grid, so that a new collection or a widened rule shows up here as a changed cell.
 */
import { assertFails, assertSucceeds } from '@firebase/rules-unit-testing';
import firebase from 'firebase/compat/app';
import 'firebase/compat/firestore';
import { afterAll, describe, expect, it } from 'vitest';
import { SHOP_A, SHOP_B, setupWorld, worldDocs, type Db, ACTOR_NAMES, ACTORS, sdiSubmissions } from './fixtures.ts';

const world = setupWorld();

/** Callers, in the table's column order. `accB` is shop B's accountant, added to the world by this file. */
const CALLERS = ['ownerA', 'ownerB', 'accA', 'accB', 'techA', 'techB', 'assist', 'admin', 'registrant', 'anon'] as const;
type Caller = (typeof CALLERS)[number];
const UID: Record<Caller, string | null> = {
  ownerA: SHOP_A,
  ownerB: SHOP_B,
  accA: 'accountant-a',
  accB: 'accountant-b',
  techA: 'tech-a',
  techB: 'tech-b',
  assist: 'assist-1',
  admin: 'admin-1',
  registrant: 'register-1',
  anon: null,
};
const OPS = ['get', 'list', 'create', 'update', 'delete'] as const;
type Op = (typeof OPS)[number];

const now = Date.now();
const day = 24 * 60 * 60 * 1000;

/** Shop A's documents each row is about, and shop B's accountant; added to the fixtures' world. */
function matrixWorld(): Record<string, Record<string, unknown>> {
  const docs = worldDocs();
  const shopB = docs[`Shop/${SHOP_B}`] ?? {};
  return {
    'User/accountant-b': { userId: 'accountant-b', email: 'accountant-b@example.test', level: 'accountant', shops: [{ shopId: SHOP_B, role: 'accountant' }], createdAt: new Date(now - 90 * day) },
    [`Shop/${SHOP_B}`]: { ...shopB, accountants: ['accountant-b'] },
    'UserLog/log-a': { userId: SHOP_A, actorId: SHOP_A, action: 'sale_view', module: 'sales', timestamp: new Date(now - day), details: {} },
    'Sale/pos-a': { userId: SHOP_A, price: 12.5, method: 'Contanti', date: new Date(now - day), lines: [] },
    'Sale/draft-a': { userId: SHOP_A, invoiceUUID: '', method: 'Fattura', deleted: false, permanentlyDeleted: false, price: 0, date: new Date(now - day) },
    // The proxy's records of the sends below (a send is accepted only against one: tests/rules/sdi-submission.test.ts).
    ...sdiSubmissions(SHOP_A, '<x/>', ['paid-uuid', ...ACTOR_NAMES.map((a) => `matrix-${ACTORS[a].uid ?? 'anon'}`), ...ACTOR_NAMES.map((a) => `matrix-${a}`)]),
    'Invoice/inv-a': { userId: SHOP_A, uuid: 'inv-a', type: 0, status: 'sent', marking: 'sent', reverted: false, newInvoice: true, payload: '<FatturaElettronica/>', createdAt: new Date(now - day) },
    'ZReport/z-a': { userId: SHOP_A, date: new Date(now - day), total: 100 },
    'ApiLog/api-a': { userId: SHOP_A, functionName: 'customer-notification', details: { invoiceId: 'inv-a' }, timestamp: new Date(now - day) },
    'SdiReceipt/rcpt-a': { userId: SHOP_A, invoiceId: 'inv-a', notificationUuid: 'rcpt-a', type: 'NS', errors: [], createdAt: new Date(now - day), xmlAttempts: 1 },
    'Announcement/ann-1': { description: 'Nuova versione', createdAt: new Date(now - day), expiresAt: new Date(now + day), expired: false },
    'Ticket/ticket-a': { userId: SHOP_A, shopId: SHOP_A, read: false, status: 'in corso', description: 'Stampante', createdAt: new Date(now - day) },
    'Customer/cust-a': { userId: SHOP_A, name: 'Mario Rossi', createdAt: new Date(now - day) },
    'Scrap/prod-a': { userId: SHOP_A, name: 'Caffè', price: 1.2, stock: 10 },
    'Ddt/ddt-a': { userId: SHOP_A, kind: 'ddt', state: 'bozza', year: 2026, createdAt: new Date(now - day) },
    'Log/log-a': { shopUserId: SHOP_A, functionName: 'sendInvoice', method: 'POST', path: '/invoices', status: 200, success: true, timestamp: new Date(now - day) },
    // Shop A's iPad, the source of a technician's ping (document 3 §3 DeviceTask).
    [`Shop/${SHOP_A}`]: { ...docs[`Shop/${SHOP_A}`], devices: { 'ipad-a': { deviceName: 'iPad Cassa', lastVersionUpdate: new Date(now - 60_000) } } },
    'DeviceTask/task-a': { userId: SHOP_A, techId: 'tech-a', deviceId: 'ipad-a', action: 'ping', ip: '192.168.1.50', port: 80, fulfilled: false, createdAt: new Date(now - 5_000) },
  };
}

type Attempt = (db: Db, uid: string) => Promise<unknown>;
interface Subject {
  get: string;
  list: (db: Db) => Promise<unknown>;
  create: Attempt;
  update: Attempt;
  delete: string;
}

const byShop = (collection: string, field = 'userId') => (db: Db) => db.collection(collection).where(field, '==', SHOP_A).get();
/** A new document of shop A per caller (so creations never collide), and an update to a fixed value (repeatable). */
const creates = (collection: string, data: (uid: string) => Record<string, unknown>): Attempt => (db, uid) => db.doc(`${collection}/matrix-${uid}`).set(data(uid));
const updates = (docPath: string, data: (uid: string) => Record<string, unknown>): Attempt => (db, uid) => db.doc(docPath).update(data(uid));

const SUBJECTS: Record<string, Subject> = {
  User: {
    get: `User/${SHOP_A}`,
    list: byShop('User'),
    create: (db) => db.doc('User/matrix-new').set({ userId: 'matrix-new', email: 'matrix-new@example.test', level: 'shop', shops: [] }),
    update: updates(`User/${SHOP_A}`, () => ({ phone: '051000000' })),
    delete: `User/${SHOP_A}`,
  },
  Shop: {
    get: `Shop/${SHOP_A}`,
    list: byShop('Shop'),
    create: (db) => db.doc('Shop/matrix-new').set({ userId: 'matrix-new', name: 'Nuovo', settings: {} }),
    update: updates(`Shop/${SHOP_A}`, () => ({ phone: '051000000' })),
    delete: `Shop/${SHOP_A}`,
  },
  ShopSubscription: {
    get: 'ShopSubscription/sub-a',
    list: byShop('ShopSubscription', 'shopId'),
    create: creates('ShopSubscription', (uid) => ({ shopId: SHOP_A, plan: 'plan-premium', packs: [], status: 'proposed', proposedPrice: 40, proposedStartingDate: new Date(now + day), proposedExpiringDate: new Date(now + 366 * day), createdBy: uid, updatedBy: uid })),
    update: updates('ShopSubscription/proposal-a', (uid) => ({ proposedPrice: 41, updatedBy: uid })),
    delete: 'ShopSubscription/sub-a',
  },
  Plan: {
    get: 'Plan/plan-premium',
    list: (db) => db.collection('Plan').get(),
    create: creates('Plan', () => ({ name: 'Nuovo', price: 1, includedPacks: [] })),
    update: updates('Plan/plan-premium', () => ({ price: 50 })),
    delete: 'Plan/plan-premium',
  },
  Pack: {
    get: 'Pack/pack-catena',
    list: (db) => db.collection('Pack').get(),
    create: creates('Pack', () => ({ name: 'Nuovo', price: 1 })),
    update: updates('Pack/pack-catena', () => ({ price: 16 })),
    delete: 'Pack/pack-catena',
  },
  // The index of the Pack ids that grant each gated pack, read by the rules; admins only.
  PackGrant: {
    get: 'PackGrant/fatturazione',
    list: (db) => db.collection('PackGrant').get(),
    create: (db) => db.doc('PackGrant/statistiche').set({ packIds: ['pack-statistiche', 'pack-analisi'] }),
    update: updates('PackGrant/catena', () => ({ packIds: ['pack-catena'] })),
    delete: 'PackGrant/catena',
  },
  Packages: {
    get: 'Packages/pkg-a',
    list: byShop('Packages', 'shopId'),
    create: creates('Packages', () => ({ shopId: SHOP_A, name: 'Nuovo' })),
    update: updates('Packages/pkg-a', () => ({ name: 'Installazione base' })),
    delete: 'Packages/pkg-a',
  },
  Employe: {
    get: 'Employe/emp-a1',
    list: byShop('Employe'),
    create: creates('Employe', () => ({ userId: SHOP_A, name: 'Nuovo', surname: 'Dipendente', pin: '4321', roleLevel: '2', roleName: 'Cassiere' })),
    update: updates('Employe/emp-a1', () => ({ roleName: 'Responsabile' })),
    delete: 'Employe/emp-a1',
  },
  UserLog: {
    get: 'UserLog/log-a',
    list: byShop('UserLog'),
    create: creates('UserLog', (uid) => ({ userId: SHOP_A, actorId: uid, action: 'matrix_check', module: 'tests', timestamp: new Date(), details: {} })),
    update: updates('UserLog/log-a', () => ({ action: 'altro' })),
    delete: 'UserLog/log-a',
  },
  Sale: {
    get: 'Sale/pos-a',
    list: byShop('Sale'),
    create: creates('Sale', () => ({ userId: SHOP_A, invoiceUUID: '', method: 'Fattura', deleted: false, permanentlyDeleted: false })),
    update: updates('Sale/draft-a', () => ({ notes: 'aggiornata' })),
    delete: 'Sale/draft-a',
  },
  Invoice: {
    get: 'Invoice/inv-a',
    list: byShop('Invoice'),
    // An Invoice is created only with the send of the draft it names (one batch).
    create: (db, uid) => {
      const batch = db.batch();
      batch.update(db.doc('Sale/draft-a'), { invoiceUUID: `matrix-${uid}`, invoicePayload: '<x/>' });
      batch.set(db.doc(`Invoice/matrix-${uid}`), { userId: SHOP_A, uuid: `matrix-${uid}`, type: 0, status: 'sent', marking: 'sent', reverted: false, payload: '<x/>', saleId: 'draft-a' });
      return batch.commit();
    },
    update: updates('Invoice/inv-a', () => ({ newInvoice: false })),
    delete: 'Invoice/inv-a',
  },
  ZReport: {
    get: 'ZReport/z-a',
    list: byShop('ZReport'),
    create: creates('ZReport', () => ({ userId: SHOP_A, total: 1 })),
    update: updates('ZReport/z-a', () => ({ total: 2 })),
    delete: 'ZReport/z-a',
  },
  ApiLog: {
    get: 'ApiLog/api-a',
    list: byShop('ApiLog'),
    create: creates('ApiLog', () => ({ userId: SHOP_A, functionName: 'customer-notification', details: {} })),
    update: updates('ApiLog/api-a', () => ({ functionName: 'altro' })),
    delete: 'ApiLog/api-a',
  },
  SdiReceipt: {
    get: 'SdiReceipt/rcpt-a',
    list: byShop('SdiReceipt'),
    create: creates('SdiReceipt', () => ({ userId: SHOP_A, invoiceId: 'inv-a', type: 'RC', errors: [] })),
    update: updates('SdiReceipt/rcpt-a', () => ({ type: 'RC' })),
    delete: 'SdiReceipt/rcpt-a',
  },
  Announcement: {
    get: 'Announcement/ann-1',
    list: (db) => db.collection('Announcement').get(),
    create: creates('Announcement', () => ({ description: 'Avviso', createdAt: new Date(), expired: false })),
    update: updates('Announcement/ann-1', () => ({ expired: true })),
    delete: 'Announcement/ann-1',
  },
  Ticket: {
    get: 'Ticket/ticket-a',
    list: byShop('Ticket'),
    create: creates('Ticket', (uid) => ({ userId: SHOP_A, shopId: SHOP_A, createdBy: uid, status: 'in corso', description: 'Nuovo', read: false, createdAt: new Date() })),
    update: updates('Ticket/ticket-a', () => ({ read: true })),
    delete: 'Ticket/ticket-a',
  },
  Customer: {
    get: 'Customer/cust-a',
    list: byShop('Customer'),
    create: creates('Customer', () => ({ userId: SHOP_A, name: 'Nuovo Cliente' })),
    update: updates('Customer/cust-a', () => ({ userId: SHOP_A, name: 'Mario Rossi Srl' })),
    delete: 'Customer/cust-a',
  },
  Scrap: {
    get: 'Scrap/prod-a',
    list: byShop('Scrap'),
    create: creates('Scrap', () => ({ userId: SHOP_A, name: 'Cornetto', price: 1.5 })),
    update: updates('Scrap/prod-a', () => ({ price: 1.3 })),
    delete: 'Scrap/prod-a',
  },
  Ddt: {
    get: 'Ddt/ddt-a',
    list: byShop('Ddt'),
    create: creates('Ddt', () => ({ userId: SHOP_A, kind: 'ddt', state: 'bozza', year: 2026 })),
    update: updates('Ddt/ddt-a', () => ({ notes: 'consegna al mattino' })),
    delete: 'Ddt/ddt-a',
  },
  Log: {
    get: 'Log/log-a',
    list: byShop('Log', 'shopUserId'),
    create: creates('Log', () => ({ shopUserId: SHOP_A, functionName: 'sendInvoice', status: 200 })),
    update: updates('Log/log-a', () => ({ action: 'altro' })),
    delete: 'Log/log-a',
  },
  DeviceTask: {
    get: 'DeviceTask/task-a',
    list: byShop('DeviceTask'),
    create: creates('DeviceTask', (uid) => ({ userId: SHOP_A, techId: uid, deviceId: 'ipad-a', action: 'ping', ip: '192.168.1.50', port: 80, fulfilled: false, createdAt: firebase.firestore.FieldValue.serverTimestamp() })),
    update: updates('DeviceTask/task-a', () => ({ fulfilled: true, result: { success: true, latencyMs: 9 }, respondedAt: firebase.firestore.FieldValue.serverTimestamp() })),
    delete: 'DeviceTask/task-a',
  },
};

/**
 * THE TABLE. Columns: oA oB aA aB tA tB as ad rg an = shop A's owner, shop B's owner, A's accountant, B's accountant,
 * A's technician, B's technician, assist, admin, registrant, signed out. 'Y' = allowed, '.' = denied.
 */
const EXPECTED: Record<string, Record<Op, string>> = {
  //                          oA oB aA aB tA tB as ad rg an
  User: {
    // Technicians and assist read shop owners' User documents (the ticket page's labels, document 3 §7).
    get: /*                */ 'Y  .  .  .  Y  Y  Y  Y  .  .',
    list: /*               */ 'Y  .  .  .  .  .  .  Y  .  .',
    create: /*             */ '.  .  .  .  .  .  .  Y  .  .',
    update: /*             */ 'Y  .  .  .  .  .  .  Y  .  .',
    delete: /*             */ '.  .  .  .  .  .  .  Y  .  .',
  },
  Shop: {
    get: /*                */ 'Y  .  Y  .  Y  .  .  Y  .  .',
    list: /*               */ 'Y  .  .  .  .  .  .  Y  .  .',
    create: /*             */ '.  .  .  .  .  .  .  Y  .  .',
    update: /*             */ 'Y  .  .  .  Y  .  .  Y  .  .',
    delete: /*             */ '.  .  .  .  .  .  .  Y  .  .',
  },
  ShopSubscription: {
    get: /*                */ 'Y  .  Y  .  Y  .  .  Y  .  .',
    list: /*               */ 'Y  .  Y  .  Y  .  .  Y  .  .',
    create: /*             */ '.  .  .  .  Y  .  .  Y  .  .',
    update: /*             */ '.  .  .  .  Y  .  .  Y  .  .',
    delete: /*             */ '.  .  .  .  .  .  .  Y  .  .',
  },
  Plan: {
    get: /*                */ 'Y  Y  Y  Y  Y  Y  Y  Y  Y  .',
    list: /*               */ 'Y  Y  Y  Y  Y  Y  Y  Y  Y  .',
    create: /*             */ '.  .  .  .  .  .  .  Y  .  .',
    update: /*             */ '.  .  .  .  .  .  .  Y  .  .',
    delete: /*             */ '.  .  .  .  .  .  .  Y  .  .',
  },
  Pack: {
    get: /*                */ 'Y  Y  Y  Y  Y  Y  Y  Y  Y  .',
    list: /*               */ 'Y  Y  Y  Y  Y  Y  Y  Y  Y  .',
    create: /*             */ '.  .  .  .  .  .  .  Y  .  .',
    update: /*             */ '.  .  .  .  .  .  .  Y  .  .',
    delete: /*             */ '.  .  .  .  .  .  .  Y  .  .',
  },
  PackGrant: {
    get: /*                */ '.  .  .  .  .  .  .  Y  .  .',
    list: /*               */ '.  .  .  .  .  .  .  Y  .  .',
    create: /*             */ '.  .  .  .  .  .  .  Y  .  .',
    update: /*             */ '.  .  .  .  .  .  .  Y  .  .',
    delete: /*             */ '.  .  .  .  .  .  .  Y  .  .',
  },
  Packages: {
    get: /*                */ 'Y  .  Y  .  Y  .  .  Y  .  .',
    list: /*               */ 'Y  .  Y  .  Y  .  .  Y  .  .',
    create: /*             */ '.  .  .  .  .  .  .  Y  .  .',
    update: /*             */ '.  .  .  .  .  .  .  Y  .  .',
    delete: /*             */ '.  .  .  .  .  .  .  Y  .  .',
  },
  Employe: {
    // PINs inside: the owner session and admins only; accountants and technicians use employeeDirectory.
    get: /*                */ 'Y  .  .  .  .  .  .  Y  .  .',
    list: /*               */ 'Y  .  .  .  .  .  .  Y  .  .',
    create: /*             */ 'Y  .  .  .  Y  .  .  Y  .  .',
    update: /*             */ 'Y  .  .  .  .  .  .  Y  .  .',
    delete: /*             */ 'Y  .  .  .  .  .  .  Y  .  .',
  },
  UserLog: {
    get: /*                */ 'Y  .  Y  .  Y  .  .  Y  .  .',
    list: /*               */ 'Y  .  Y  .  Y  .  .  Y  .  .',
    create: /*             */ 'Y  .  Y  .  Y  .  .  Y  .  .',
    update: /*             */ '.  .  .  .  .  .  .  .  .  .',
    delete: /*             */ '.  .  .  .  .  .  .  .  .  .',
  },
  Sale: {
    get: /*                */ 'Y  .  Y  .  Y  .  .  Y  .  .',
    list: /*               */ 'Y  .  Y  .  Y  .  .  Y  .  .',
    create: /*             */ 'Y  .  .  .  .  .  .  .  .  .',
    update: /*             */ 'Y  .  .  .  .  .  .  .  .  .',
    delete: /*             */ '.  .  .  .  .  .  .  .  .  .',
  },
  Invoice: {
    get: /*                */ 'Y  .  Y  .  Y  .  .  Y  .  .',
    list: /*               */ 'Y  .  Y  .  Y  .  .  Y  .  .',
    create: /*             */ 'Y  .  .  .  .  .  .  .  .  .',
    update: /*             */ 'Y  .  .  .  .  .  .  .  .  .',
    delete: /*             */ '.  .  .  .  .  .  .  .  .  .',
  },
  ZReport: {
    get: /*                */ 'Y  .  Y  .  Y  .  .  Y  .  .',
    list: /*               */ 'Y  .  Y  .  Y  .  .  Y  .  .',
    create: /*             */ '.  .  .  .  .  .  .  .  .  .',
    update: /*             */ '.  .  .  .  .  .  .  .  .  .',
    delete: /*             */ '.  .  .  .  .  .  .  .  .  .',
  },
  ApiLog: {
    get: /*                */ 'Y  .  Y  .  Y  .  .  Y  .  .',
    list: /*               */ 'Y  .  Y  .  Y  .  .  Y  .  .',
    create: /*             */ '.  .  .  .  .  .  .  .  .  .',
    update: /*             */ '.  .  .  .  .  .  .  .  .  .',
    delete: /*             */ '.  .  .  .  .  .  .  .  .  .',
  },
  SdiReceipt: {
    get: /*                */ 'Y  .  Y  .  Y  .  .  Y  .  .',
    list: /*               */ 'Y  .  Y  .  Y  .  .  Y  .  .',
    create: /*             */ '.  .  .  .  .  .  .  .  .  .',
    update: /*             */ '.  .  .  .  .  .  .  .  .  .',
    delete: /*             */ '.  .  .  .  .  .  .  .  .  .',
  },
  Announcement: {
    get: /*                */ 'Y  Y  Y  Y  Y  Y  Y  Y  Y  .',
    list: /*               */ 'Y  Y  Y  Y  Y  Y  Y  Y  Y  .',
    create: /*             */ '.  .  .  .  .  .  .  Y  .  .',
    update: /*             */ '.  .  .  .  .  .  .  Y  .  .',
    delete: /*             */ '.  .  .  .  .  .  .  Y  .  .',
  },
  Ticket: {
    // The ticket page (tech, assist, admin) reads every ticket (document 3 §6 "no role filter"); the owner
    // marks their own ticket read (/my-tickets). The create cell stays admin-only: the row's document lacks the
    // fields a new ticket needs (tests/rules/tickets.test.ts covers the real create).
    get: /*                */ 'Y  .  .  .  Y  Y  Y  Y  .  .',
    list: /*               */ 'Y  .  .  .  Y  Y  Y  Y  .  .',
    create: /*             */ '.  .  .  .  .  .  .  Y  .  .',
    update: /*             */ 'Y  .  .  .  .  .  .  Y  .  .',
    delete: /*             */ '.  .  .  .  .  .  .  .  .  .',
  },
  Customer: {
    get: /*                */ 'Y  .  Y  .  Y  .  .  Y  .  .',
    list: /*               */ 'Y  .  Y  .  Y  .  .  Y  .  .',
    create: /*             */ 'Y  .  .  .  .  .  .  Y  .  .',
    update: /*             */ 'Y  .  .  .  .  .  .  Y  .  .',
    delete: /*             */ 'Y  .  .  .  .  .  .  Y  .  .',
  },
  Scrap: {
    get: /*                */ 'Y  .  Y  .  Y  .  .  Y  .  .',
    list: /*               */ 'Y  .  Y  .  Y  .  .  Y  .  .',
    create: /*             */ 'Y  .  .  .  .  .  .  Y  .  .',
    update: /*             */ 'Y  .  .  .  .  .  .  Y  .  .',
    delete: /*             */ 'Y  .  .  .  .  .  .  Y  .  .',
  },
  Ddt: {
    get: /*                */ 'Y  .  Y  .  Y  .  .  Y  .  .',
    list: /*               */ 'Y  .  Y  .  Y  .  .  Y  .  .',
    create: /*             */ 'Y  .  .  .  .  .  .  .  .  .',
    update: /*             */ 'Y  .  .  .  .  .  .  .  .  .',
    delete: /*             */ 'Y  .  .  .  .  .  .  .  .  .',
  },
  Log: {
    get: /*                */ '.  .  .  .  .  .  .  Y  .  .',
    list: /*               */ '.  .  .  .  .  .  .  Y  .  .',
    create: /*             */ '.  .  .  .  .  .  .  .  .  .',
    update: /*             */ '.  .  .  .  .  .  .  .  .  .',
    delete: /*             */ '.  .  .  .  .  .  .  .  .  .',
  },
  // DeviceTask: the technician who asked (and the shop's iPads, signed in as the shop) read a task;
  // the shop lists its own (the iPads listen for them); only the shop's technician asks a ping; only the shop's
  // iPads answer it (tests/rules/device-task.test.ts has the fine print).
  DeviceTask: {
    get: /*                */ 'Y  .  .  .  Y  .  .  .  .  .',
    list: /*               */ 'Y  .  .  .  .  .  .  .  .  .',
    create: /*             */ '.  .  .  .  Y  .  .  .  .  .',
    update: /*             */ 'Y  .  .  .  .  .  .  .  .  .',
    delete: /*             */ '.  .  .  .  .  .  .  .  .  .',
  },
};

function expectedCells(row: string): boolean[] {
  const cells = row.trim().split(/\s+/);
  if (cells.length !== CALLERS.length || cells.some((c) => c !== 'Y' && c !== '.')) throw new Error(`Riga della tabella malformata: "${row}"`);
  return cells.map((c) => c === 'Y');
}

const clients = new Map<Caller, Db>();
function dbOf(caller: Caller): Db {
  let db = clients.get(caller);
  if (!db) {
    const uid = UID[caller];
    db = uid === null ? world.env.unauthenticatedContext().firestore() : world.client(uid, { email: `${uid}@example.test` });
    clients.set(caller, db);
  }
  return db;
}

/** What each cell did, for the summary: 'Y' allowed as expected, '.' denied as expected, '!' a mismatch. */
const summary: string[] = [];
let cells = 0;

function attempt(subject: Subject, op: Op, caller: Caller): Promise<unknown> {
  const db = dbOf(caller);
  const uid = UID[caller] ?? 'anon';
  switch (op) {
    case 'get':
      return db.doc(subject.get).get();
    case 'list':
      return subject.list(db);
    case 'create':
      return subject.create(db, uid);
    case 'update':
      return subject.update(db, uid);
    case 'delete':
      return db.doc(subject.delete).delete();
  }
}

const reset = () => world.reset(matrixWorld());

describe('security-rules matrix: collection × caller × operation', () => {
  it('covers every collection of the data model, with a well-formed row for each operation', () => {
    expect(Object.keys(SUBJECTS).sort()).toEqual(Object.keys(EXPECTED).sort());
    for (const rows of Object.values(EXPECTED)) for (const op of OPS) expect(expectedCells(rows[op])).toHaveLength(CALLERS.length);
  });

  for (const [collection, subject] of Object.entries(SUBJECTS)) {
    it(collection, async () => {
      await reset();
      const mismatches: string[] = [];
      for (const op of OPS) {
        const expected = expectedCells(EXPECTED[collection]?.[op] ?? '');
        const marks: string[] = [];
        for (const [index, caller] of CALLERS.entries()) {
          const allowed = expected[index] === true;
          cells += 1;
          try {
            const operation = attempt(subject, op, caller);
            await (allowed ? assertSucceeds(operation) : assertFails(operation));
            marks.push(allowed ? 'Y' : '.');
          } catch (error) {
            marks.push('!');
            mismatches.push(`${collection} ${op} ${caller}: ${allowed ? 'doveva riuscire' : 'doveva essere negato'} — ${(error as Error).message.split('\n')[0]}`);
          }
          // A write that went through changes the subject: start the next caller from the seeded world.
          if (allowed && op !== 'get' && op !== 'list') await reset();
        }
        summary.push(`${collection.padEnd(17)} ${op.padEnd(7)} ${marks.join('  ')}`);
      }
      expect(mismatches).toEqual([]);
    });
  }

  it('stays closed through the rows: the table is complete and a wrong cell is reported (self-check of this file)', () => {
    expect(() => expectedCells('Y . .')).toThrow(/malformata/);
  });

  afterAll(() => {
    console.log(
      `\nMatrice delle regole: ${Object.keys(SUBJECTS).length} collezioni × ${CALLERS.length} chiamanti × ${OPS.length} operazioni = ${cells} celle\n` +
        `${''.padEnd(25)} oA oB aA aB tA tB as ad rg an\n${summary.join('\n')}\n(Y consentito, . negato, ! diverso dalla tabella)`,
    );
  });
});

/**
 * The pack × expiry dimension. Each paid operation of shop A's owner (rows) against the state of shop A's
 * subscription (columns); the callers' dimension of the same writes is in the table above (only the owner writes).
 * Columns: on = active with the pack; gr = expired 10 days ago (in grace); ex = expired 20 days ago (past the grace);
 * np = active without the pack; pr = only a renewal proposal; ns = no subscription; lg = legacy shapes (plan from
 * the lower-case `plan`, startDate, no status, the pack by a name in capitals); ix = the pack by an id of another
 * spelling, granted through PackGrant. The Catena rows use shop B as master reading a member (shop A as that member).
 */
const STATES = ['on', 'gr', 'ex', 'np', 'pr', 'ns', 'lg', 'ix'] as const;
type SubState = (typeof STATES)[number];
type PackKey = 'fatturazione' | 'catena' | 'statistiche';

function stateDocs(shopId: string, subId: string, state: SubState, pack: PackKey): Record<string, Record<string, unknown>> {
  const base = worldDocs();
  const shop = base[`Shop/${shopId}`] ?? {};
  const packId = `pack-${pack}`;
  const sub = (over: Record<string, unknown>) => ({ [`ShopSubscription/${subId}`]: { shopId, userId: shopId, status: 'active', plan: 'plan-base', packs: [packId], expiringDate: new Date(now + 60 * day), ...over } });
  switch (state) {
    case 'on': return sub({});
    case 'gr': return sub({ expiringDate: new Date(now - 10 * day) });
    case 'ex': return sub({ expiringDate: new Date(now - 20 * day) });
    case 'np': return sub({ packs: ['pack-magazzino'] });
    case 'pr': return sub({ status: 'proposed' });
    case 'ns': return { [`Shop/${shopId}`]: { ...shop, subscriptionId: '' } };
    case 'lg': return {
      'plan/legacy-old': { name: 'Vecchio', price: 20, packs: [pack.toUpperCase()] },
      [`ShopSubscription/${subId}`]: { userId: shopId, plan: 'legacy-old', packs: [], startDate: new Date(now - 100 * day), expiringDate: new Date(now + 30 * day) },
    };
    case 'ix': return { 'Pack/Zr81kQ': { name: `${pack} plus`, price: 9 }, [`PackGrant/${pack}`]: { packIds: ['Zr81kQ'] }, ...sub({ packs: ['Zr81kQ'] }) };
  }
}

interface PaidRow {
  pack: PackKey;
  /** The shop whose subscription the columns vary, and the write or read of its owner. */
  shop: 'A' | 'B';
  run: (db: Db) => Promise<unknown>;
}

const memberA = () => ({ [`Shop/${SHOP_A}`]: { ...worldDocs()[`Shop/${SHOP_A}`], shopGroup: SHOP_B } });
const PAID: Record<string, PaidRow> = {
  'bozza fattura (crea)': { pack: 'fatturazione', shop: 'A', run: (db) => db.doc('Sale/paid-new').set({ userId: SHOP_A, invoiceUUID: '', method: 'Fattura', deleted: false, permanentlyDeleted: false }) },
  'nota di credito (crea)': { pack: 'fatturazione', shop: 'A', run: (db) => db.doc('Sale/paid-nc').set({ userId: SHOP_A, invoiceUUID: '', method: 'Nota di Credito', deleted: false, permanentlyDeleted: false }) },
  'bozza (modifica)': { pack: 'fatturazione', shop: 'A', run: (db) => db.doc('Sale/draft-a').update({ notes: 'x' }) },
  'invio (Sale + Invoice)': {
    pack: 'fatturazione', shop: 'A', run: (db) => {
      const batch = db.batch();
      batch.update(db.doc('Sale/draft-a'), { invoiceUUID: 'paid-uuid', invoicePayload: '<x/>' });
      batch.set(db.doc('Invoice/paid-uuid'), { userId: SHOP_A, uuid: 'paid-uuid', type: 0, status: 'sent', marking: 'sent', reverted: false, payload: '<x/>', saleId: 'draft-a' });
      return batch.commit();
    },
  },
  'diventa capogruppo': { pack: 'catena', shop: 'A', run: (db) => db.doc(`Shop/${SHOP_A}`).update({ isChainMaster: true }) },
  'entra in un gruppo': { pack: 'catena', shop: 'A', run: (db) => db.doc(`Shop/${SHOP_A}`).update({ shopGroup: SHOP_B }) },
  'capogruppo legge vendite membro': { pack: 'catena', shop: 'B', run: (db) => db.collection('Sale').where('userId', '==', SHOP_A).get() },
  'capogruppo legge prodotti membro': { pack: 'catena', shop: 'B', run: (db) => db.collection('Scrap').where('userId', '==', SHOP_A).get() },
  'riepilogo statistiche (scrive)': { pack: 'statistiche', shop: 'A', run: (db) => db.doc(`SaleDaySummary/${SHOP_A}_2026-11-02`).set({ userId: SHOP_A, day: '2026-11-02', version: 1, builtAt: new Date(now - day) }) },
};

//                                         on gr ex np pr ns lg ix
const PAID_EXPECTED: Record<string, string> = {
  'bozza fattura (crea)': /*            */ 'Y  Y  .  .  .  .  Y  Y',
  'nota di credito (crea)': /*          */ 'Y  Y  .  .  .  .  Y  Y',
  'bozza (modifica)': /*                */ 'Y  Y  .  .  .  .  Y  Y',
  'invio (Sale + Invoice)': /*          */ 'Y  Y  .  .  .  .  Y  Y',
  'diventa capogruppo': /*              */ 'Y  Y  .  .  .  .  Y  Y',
  'entra in un gruppo': /*              */ 'Y  Y  .  .  .  .  Y  Y',
  'capogruppo legge vendite membro': /* */ 'Y  Y  .  .  .  .  Y  Y',
  'capogruppo legge prodotti membro': /**/ 'Y  Y  .  .  .  .  Y  Y',
  'riepilogo statistiche (scrive)': /*  */ 'Y  Y  .  .  .  .  Y  Y',
};

describe('security-rules matrix: paid operation × subscription state', () => {
  const paidSummary: string[] = [];
  for (const [name, row] of Object.entries(PAID)) {
    it(name, async () => {
      const expected = (PAID_EXPECTED[name] ?? '').trim().split(/\s+/).map((c) => c === 'Y');
      expect(expected).toHaveLength(STATES.length);
      const mismatches: string[] = [];
      const marks: string[] = [];
      for (const [index, state] of STATES.entries()) {
        const [shopId, subId] = row.shop === 'A' ? [SHOP_A, 'sub-a'] : [SHOP_B, 'sub-b'];
        const docs = { ...matrixWorld(), ...(row.shop === 'B' ? memberA() : {}), ...stateDocs(shopId, subId, state, row.pack) };
        await world.reset(docs);
        const allowed = expected[index] === true;
        try {
          const attemptRow = row.run(dbOf(row.shop === 'A' ? 'ownerA' : 'ownerB'));
          await (allowed ? assertSucceeds(attemptRow) : assertFails(attemptRow));
          marks.push(allowed ? 'Y' : '.');
        } catch (error) {
          marks.push('!');
          mismatches.push(`${name} ${state}: ${allowed ? 'doveva riuscire' : 'doveva essere negato'} — ${(error as Error).message.split('\n')[0]}`);
        }
      }
      paidSummary.push(`${name.padEnd(34)} ${marks.join('  ')}`);
      expect(mismatches).toEqual([]);
    });
  }

  afterAll(() => {
    console.log(`\nMatrice pacchetti × abbonamento (issue 36)\n${''.padEnd(34)} ${STATES.join(' ')}\n${paidSummary.join('\n')}\n(Y consentito, . negato, ! diverso dalla tabella)`);
  });
});

/** The escalations an attacker tries first, each denied (or, where named, reduced to nothing). */
describe('escalations', () => {
  const denied = async (caller: Caller, write: (db: Db) => Promise<unknown>) => {
    await reset();
    await assertFails(write(dbOf(caller)));
  };

  it('nobody but an admin changes their own level', async () => {
    for (const caller of CALLERS.filter((c) => c !== 'admin' && c !== 'anon')) {
      await denied(caller, (db) => db.doc(`User/${UID[caller]}`).update({ level: 'admin' }));
    }
  });

  it('forged userId: another shop cannot create data in shop A', async () => {
    for (const collection of ['Customer', 'Scrap', 'Employe', 'Sale', 'Ddt']) {
      await denied('ownerB', (db) => db.doc(`${collection}/forged-${collection}`).set({ userId: SHOP_A, name: 'x', invoiceUUID: '', method: 'Fattura', kind: 'ddt', state: 'bozza', year: 2026 }));
    }
  });

  it('forged actorId, and writing another shop\'s log', async () => {
    await denied('ownerA', (db) => db.doc('UserLog/forged-actor').set({ userId: SHOP_A, actorId: 'admin-1', action: 'x', module: 'm', timestamp: new Date(), details: {} }));
    await denied('ownerB', (db) => db.doc('UserLog/other-shop').set({ userId: SHOP_A, actorId: SHOP_B, action: 'x', module: 'm', timestamp: new Date(), details: {} }));
    await denied('techB', (db) => db.doc('UserLog/other-shop-tech').set({ userId: SHOP_A, actorId: 'tech-b', action: 'x', module: 'm', timestamp: new Date(), details: {} }));
  });

  it('nobody adds themselves to a shop\'s accountants or technicians', async () => {
    const add = (field: string, uid: string) => async (db: Db) => {
      const shop = (matrixWorld()[`Shop/${SHOP_A}`] ?? worldDocs()[`Shop/${SHOP_A}`]) as Record<string, unknown>;
      const list = (shop[field] as unknown[] | undefined) ?? [];
      return db.doc(`Shop/${SHOP_A}`).update({ [field]: [...list, uid] });
    };
    await denied('accB', add('accountants', 'accountant-b'));
    await denied('ownerA', add('accountants', SHOP_A));
    await denied('techB', add('technicians', 'tech-b'));
    await denied('techA', add('technicians', 'tech-b'));
    await denied('ownerA', add('technicians', 'tech-b'));
    await denied('techB', (db) => db.doc(`Shop/${SHOP_A}`).update({ assignedTech: 'tech-b' }));
  });

  it('nobody but an admin flips an announcement that has not expired', async () => {
    for (const caller of CALLERS.filter((c) => c !== 'admin')) await denied(caller, (db) => db.doc('Announcement/ann-1').update({ expired: true }));
  });

  it("a document created under another shop's id is refused (counters, import ids)", async () => {
    await denied('ownerB', (db) => db.doc(`Ddt/counter-${SHOP_A}-2026`).set({ userId: SHOP_B, kind: 'counter', year: 2026, last: 1 }));
    await denied('ownerB', (db) => db.doc(`Customer/${SHOP_A}_csv_01234567897`).set({ userId: SHOP_B, ragioneSociale: 'Squatter' }));
    await denied('ownerB', (db) => db.doc(`Scrap/csv-${SHOP_A}-0123456789abcdef`).set({ userId: SHOP_B, name: 'Squatter' }));
  });
});
