import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PathRef as Ref } from '@/lib/firestore-path-mock-kit';
import type { Ddt } from '@/data/ddt';

/**
 * The DDT deferred invoice's reads: the Firestore calls answer per path (the document 'Shop/x',
 * a query on 'Customer' or 'Sale'), so the data layer (findShopCustomer, usedInvoiceNumbers, takeInvoiceNumber) runs
 * as in the app; the transaction runs its callback on an in-memory store and keeps what it writes. The unit layer
 * shares modules: mocked, then imported afresh.
 */
const fs = vi.hoisted(() => ({
  getDoc: (path: string): Promise<unknown> => Promise.reject(new Error(`unexpected read of ${path}`)),
  getDocs: (path: string): Promise<unknown> => Promise.reject(new Error(`unexpected query on ${path}`)),
  /** What the transaction's reads see, by path. */
  stored: new Map<string, unknown>(),
  transactions: 0,
  sets: [] as { path: string; data: Record<string, unknown> }[],
}));
vi.mock('@/lib/firebase', () => ({ db: () => ({}) }));
vi.mock('firebase/firestore', async (importOriginal) => {
  const { pathReferences } = await import('@/lib/firestore-path-mock-kit');
  return {
    ...(await importOriginal<Record<string, unknown>>()),
    ...pathReferences(),
    getDoc: (r: Ref) => fs.getDoc(r.path),
    getDocs: (r: Ref) => fs.getDocs(r.path),
    runTransaction: async (_db: unknown, run: (tx: unknown) => Promise<unknown>) => {
      fs.transactions++;
      const tx = {
        get: (r: Ref) => Promise.resolve({ exists: () => fs.stored.has(r.path), data: () => fs.stored.get(r.path) }),
        set: (r: Ref, data: Record<string, unknown>) => fs.sets.push({ path: r.path, data }),
        update: () => undefined,
      };
      return run(tx);
    },
  };
});

const offline = () => Promise.reject(Object.assign(new Error('offline'), { code: 'unavailable' }));
const found = (data: unknown) => Promise.resolve({ exists: () => data !== undefined, data: () => data });

/** A private customer (name and surname, no ragione sociale), as the directory stores it. */
const PRIVATE_STORED = {
  name: 'Mario', surname: 'Rossi', cf: 'RSSMRA80A01H501U', pec: 'mario@pec.it', registeredOfficeAddress: 'Via Po 2', registeredOfficeCap: '10121',
  registeredOfficeCity: 'Torino', registeredOfficeProvince: 'TO', nation: 'IT',
};

async function load() {
  const { TEST_SHOP } = await import('@/features/invoices/send/send-test-kit');
  const { normalizeCustomer } = await import('@/data/customer');
  const { toFirestoreDdt } = await import('@/data/ddt');
  const { createDeferredInvoice } = await import('./deferred-invoice');
  const { loadDeferredInvoiceContext } = await import('./api');
  const shopId = TEST_SHOP.id;
  const customer = normalizeCustomer('c2', PRIVATE_STORED);
  const note: Ddt = {
    id: 'd1', userId: shopId, kind: 'ddt', state: 'confermato', year: 2026, progressive: 1, number: '1', date: new Date(2026, 2, 5), customerId: 'c2',
    // The note's copy, written when the directory still said 'M. Rossi': the invoice names the customer as it is now.
    recipient: { id: 'c2', userId: shopId, name: 'M.', surname: 'Rossi', codiceFiscale: 'RSSMRA80A01H501U' },
    causale: 'Vendita', transportBy: 'mittente', porto: 'franco', aspetto: 'Scatola', notes: '',
    lines: [{ code: 'A1', description: 'Trapano', um: 'PZ', quantity: 2, unitPrice: 12.2, vatRate: 22 }],
  };
  fs.stored = new Map<string, unknown>([[`Shop/${shopId}`, TEST_SHOP], ['Ddt/d1', toFirestoreDdt(note)]]);
  fs.getDoc = (path) => (path === `Shop/${shopId}` ? found(TEST_SHOP) : Promise.reject(new Error(`unexpected read of ${path}`)));
  fs.getDocs = (path) => Promise.resolve({ docs: path === 'Customer' ? [{ data: () => customer }] : [] });
  const now = new Date(2026, 2, 12, 10);
  return { shopId, note, now, createDeferredInvoice, loadDeferredInvoiceContext };
}

describe('DDT deferred invoice: a failed read is said in Italian and nothing is written', () => {
  beforeEach(() => {
    vi.resetModules();
    fs.transactions = 0;
    fs.sets = [];
  });
  afterAll(() => {
    vi.doUnmock('firebase/firestore');
    vi.doUnmock('@/lib/firebase');
    vi.resetModules();
  });

  const failures: [string, (shopId: string) => void, RegExp][] = [
    ['the shop', (shopId) => {
      const before = fs.getDoc;
      fs.getDoc = (path) => (path === `Shop/${shopId}` ? offline() : before(path));
    }, /^Impossibile leggere il negozio: riprova\. \(Servizio momentaneamente non raggiungibile/],
    ['the customer', () => {
      const before = fs.getDocs;
      fs.getDocs = (path) => (path === 'Customer' ? offline() : before(path));
    }, /^Impossibile leggere il cliente: riprova\. \(Servizio momentaneamente non raggiungibile/],
    ['the numbers already used', () => {
      const before = fs.getDocs;
      fs.getDocs = (path) => (path === 'Sale' ? offline() : before(path));
    }, /^Impossibile leggere le fatture già numerate: riprova\./],
  ];
  for (const [what, fail, message] of failures) {
    it(`the read of ${what} fails: refused with its message, no transaction, no draft`, async () => {
      const { shopId, note, now, createDeferredInvoice, loadDeferredInvoiceContext } = await load();
      fail(shopId);
      await expect(loadDeferredInvoiceContext(shopId, note)).rejects.toThrow(message);
      await expect(createDeferredInvoice(shopId, [note], now)).rejects.toThrow(message);
      expect(fs.transactions).toBe(0);
      expect(fs.sets).toEqual([]);
    });
  }

  it("a private customer's draft is named 'Mario Rossi' (the directory's customer, the same as the XML buyer), never ''", async () => {
    const { shopId, note, now, createDeferredInvoice } = await load();
    const result = await createDeferredInvoice(shopId, [note], now);
    expect(fs.transactions).toBe(1);
    const draft = fs.sets.find((s) => s.path.startsWith('Sale/'))?.data;
    expect(draft?.customerName).toBe('Mario Rossi');
    expect(String(draft?.invoicePayload)).toContain('<Nome>Mario</Nome>');
    expect(result.number).toBe(draft?.invoiceNumber);
  });
});
