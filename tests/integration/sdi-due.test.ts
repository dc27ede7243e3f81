/**
 * What is due at the SDI (src/data/sdi-due.ts) through the app's own aggregation queries, signed in on the Auth
 * emulator with the real rules: on 3 December 2026 the late and near drafts, the rejected invoices inside and past
 * their 5-day window, the missed deliveries whose buyer was not told and last month's DDTs not invoiced are counted
 * exactly; the shop's accountant sees the same figures; another shop's owner gets none of them.
 */
import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { getAuth as getAdminAuth } from 'firebase-admin/auth';
import { getFirestore as getAdminFirestore, type Firestore as AdminFirestore } from 'firebase-admin/firestore';
import { signInWithEmailAndPassword, signOut } from 'firebase/auth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countSdiDue } from '@/data/sdi-due';
import { auth } from '@/lib/firebase';

const PASSWORD = 'Integrazione!2026';
const run = `${Date.now()}`;
const SHOP = `int-due-${run}`;
const ACCOUNTANT = `int-due-acc-${run}`;
const OTHER = `int-due-other-${run}`;
const NOW = new Date(2026, 11, 3, 10);
let admin: App;
let store: AdminFirestore;

const draft = (date: Date, extra: Record<string, unknown> = {}) => ({ userId: SHOP, method: 'Fattura', invoiceUUID: '', invoiceNumber: 'x', date, deleted: false, ...extra });
const outgoing = (marking: string, notifiedAt: Date, extra: Record<string, unknown> = {}) => ({ userId: SHOP, type: 0, status: 'sent', marking, markingNotifiedAt: notifiedAt, payload: '<x/>', createdAt: notifiedAt, ...extra });

beforeAll(async () => {
  admin = initializeApp({ projectId: process.env.GCLOUD_PROJECT ?? 'demo-backoffice' }, 'sdi-due');
  store = getAdminFirestore(admin);
  for (const [uid, level] of [[SHOP, 'shop'], [ACCOUNTANT, 'accountant'], [OTHER, 'shop']] as const) {
    await getAdminAuth(admin).createUser({ uid, email: `${uid}@integrazione.test`, password: PASSWORD });
    await store.doc(`User/${uid}`).set({ userId: uid, email: `${uid}@integrazione.test`, level });
  }
  await store.doc(`Shop/${SHOP}`).set({ userId: SHOP, name: 'Negozio Scadenze', settings: {}, accountants: [ACCOUNTANT] });
  await store.doc(`Shop/${OTHER}`).set({ userId: OTHER, name: 'Altro', settings: {} });
  const docs: Record<string, Record<string, unknown>> = {
    // Drafts: 20 Nov is late (due 2 Dec); 21 Nov is due today; 23 Nov is due Monday 7 Dec; credit notes (no 12-day term), the trash and sent ones are out.
    'Sale/d-late': draft(new Date(2026, 10, 20, 18)),
    'Sale/d-late2': draft(new Date(2026, 9, 1)),
    'Sale/d-near': draft(new Date(2026, 10, 21, 9)),
    'Sale/d-near2': draft(new Date(2026, 10, 22, 23, 30), { method: 'Nota di Credito' }),
    'Sale/d-far': draft(new Date(2026, 10, 23)),
    'Sale/d-trash': draft(new Date(2026, 9, 1), { deleted: true }),
    'Sale/d-sent': draft(new Date(2026, 9, 1), { invoiceUUID: 'u-1' }),
    'Sale/d-pos': { userId: SHOP, method: 'contanti', date: new Date(2026, 9, 1), invoiceUUID: '', deleted: false },
    // Rejections: NS on 27 Nov is past its window (2 Dec); NS on 30 Nov is inside (5 Dec is a Saturday: 7 Dec); a corrected one is out.
    [`Invoice/ns-late-${run}`]: outgoing('rejected', new Date(2026, 10, 27, 15)),
    [`Invoice/ns-open-${run}`]: outgoing('rejected', new Date(2026, 10, 30, 9)),
    [`Invoice/ns-fixed-${run}`]: outgoing('rejected', new Date(2026, 10, 20), { reverted: true }),
    // A correction of a rejection (NS on 1 Dec, inside its window) is counted with the rejections, not as a late draft.
    'Sale/d-fix': draft(new Date(2026, 9, 20), { rejectedAt: new Date(2026, 11, 1, 11), originalInvoiceUUID: `ns-fixed2-${run}`, invoiceNumber: 'x-7' }),
    [`Invoice/ns-fixed2-${run}`]: outgoing('rejected', new Date(2026, 11, 1, 11), { reverted: true }),
    // Missed deliveries: one untold, one told, one too old to ask about.
    [`Invoice/mc-${run}`]: outgoing('not-delivered', new Date(2026, 10, 28)),
    [`Invoice/mc-told-${run}`]: outgoing('not-delivered', new Date(2026, 10, 25), { buyerToldAt: new Date(2026, 10, 26) }),
    [`Invoice/mc-old-${run}`]: outgoing('not-delivered', new Date(2026, 5, 1)),
    [`Invoice/rc-${run}`]: outgoing('delivered', new Date(2026, 10, 28)),
    // DDTs: two confirmed in November, one invoiced, one of December, one cancelled.
    [`Ddt/n1-${run}`]: { userId: SHOP, kind: 'ddt', state: 'confermato', date: new Date(2026, 10, 3) },
    [`Ddt/n2-${run}`]: { userId: SHOP, kind: 'ddt', state: 'confermato', date: new Date(2026, 10, 30, 23) },
    [`Ddt/n3-${run}`]: { userId: SHOP, kind: 'ddt', state: 'fatturato', date: new Date(2026, 10, 10) },
    [`Ddt/n4-${run}`]: { userId: SHOP, kind: 'ddt', state: 'confermato', date: new Date(2026, 11, 1) },
    [`Ddt/n5-${run}`]: { userId: SHOP, kind: 'ddt', state: 'annullato', date: new Date(2026, 10, 5) },
  };
  for (const [path, data] of Object.entries(docs)) await store.doc(path.startsWith('Sale/') ? `${path}-${run}` : path).set(data);
});

afterAll(async () => {
  await signOut(auth()).catch(() => undefined);
  await deleteApp(admin);
});

const EXPECTED = { draftsLate: 2, draftsNear: 1, rejectedLate: 1, rejectedOpen: 3, buyersToTell: 1, ddtsToInvoice: 2 };

describe('countSdiDue', () => {
  it("counts every due item of the owner's shop exactly, by aggregation only", async () => {
    await signInWithEmailAndPassword(auth(), `${SHOP}@integrazione.test`, PASSWORD);
    const due = await countSdiDue(SHOP, NOW);
    // One count of the live drafts, then the 13 terms.
    expect(due).toMatchObject({ ...EXPECTED, queries: 14 });
    expect(due.billedReads).toBe(14);
  });

  it("the shop's accountant sees the same figures", async () => {
    await signInWithEmailAndPassword(auth(), `${ACCOUNTANT}@integrazione.test`, PASSWORD);
    expect(await countSdiDue(SHOP, NOW)).toMatchObject({ ...EXPECTED, queries: 14 });
  });

  it('a shop without live drafts is not asked the six counts over its drafts, and shows none due', async () => {
    await signInWithEmailAndPassword(auth(), `${OTHER}@integrazione.test`, PASSWORD);
    expect(await countSdiDue(OTHER, NOW)).toMatchObject({ draftsLate: 0, draftsNear: 0, rejectedOpen: 0, rejectedLate: 0, buyersToTell: 0, ddtsToInvoice: 0, queries: 8 });
  });

  it("another shop's owner gets no figure of it", async () => {
    await signInWithEmailAndPassword(auth(), `${OTHER}@integrazione.test`, PASSWORD);
    const refused = await countSdiDue(SHOP, NOW);
    expect(Object.keys(refused).sort()).toEqual(['billedReads', 'entriesCounted', 'queries']);
  });
});
