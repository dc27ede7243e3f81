import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PathRef as Ref } from '@/lib/firestore-path-mock-kit';
import type { SendDeps } from './send/send-drafts';

/**
 * The send pipeline's reads made to fail: the Firestore calls answer per path (a document 'Invoice/x',
 * a query on 'Customer'), so the data layer (findShopCustomer, the converters' references) runs as in the app. The
 * unit layer shares modules: mocked, then imported afresh.
 */
const fs = vi.hoisted(() => ({
  getDoc: (path: string): Promise<unknown> => Promise.reject(new Error(`unexpected read of ${path}`)),
  getDocs: (path: string): Promise<unknown> => Promise.reject(new Error(`unexpected query on ${path}`)),
  writes: 0,
}));
vi.mock('@/lib/firebase', () => ({ db: () => ({}) }));
vi.mock('firebase/firestore', async (importOriginal) => {
  const { pathReferences } = await import('@/lib/firestore-path-mock-kit');
  const write = () => {
    fs.writes++;
    return Promise.reject(new Error('no write expected'));
  };
  return {
    ...(await importOriginal<Record<string, unknown>>()),
    ...pathReferences(),
    getDoc: (r: Ref) => fs.getDoc(r.path),
    getDocs: (r: Ref) => fs.getDocs(r.path),
    runTransaction: write,
    writeBatch: () => ({ update: write, set: write, commit: write }),
    updateDoc: write,
  };
});

const offline = () => Promise.reject(Object.assign(new Error('offline'), { code: 'unavailable' }));
const failedMessage = (state: unknown) => (typeof state === 'object' && state !== null && 'message' in state ? String(state.message) : '');
const found = (data: unknown) => Promise.resolve({ exists: () => data !== undefined, data: () => data });

async function load() {
  const kit = await import('./send/send-test-kit');
  const { normalizeSale } = await import('@/data/sale');
  const api = await import('./api-send');
  const { sendDraftsWith } = await import('./send/send-drafts');
  const shopId = kit.TEST_SHOP.id;
  fs.getDoc = (path) => (path === `Shop/${shopId}` ? found(kit.TEST_SHOP) : Promise.reject(new Error(`unexpected read of ${path}`)));
  fs.getDocs = (path) => (path === 'Customer' ? Promise.resolve({ docs: [{ data: () => kit.TEST_CUSTOMER }] }) : Promise.resolve({ docs: [] }));
  /** The whole send with its real context read: anything past the read would call `send`. */
  const sendWithRealReads = async (drafts: ReturnType<typeof normalizeSale>[]) => {
    const send = vi.fn();
    const unexpected = () => {
      throw new Error('the send went past its reads');
    };
    const deps: SendDeps = {
      loadContext: api.loadSendContext, customerOf: api.customerOfSale, loadSchemas: unexpected, checkSemantics: unexpected, validateXsd: unexpected,
      fixNumbers: unexpected, send, recordSent: unexpected, unrecorded: { remember: unexpected, forget: unexpected }, release: unexpected,
      log: () => undefined, now: () => new Date(2026, 2, 12),
    };
    const states: unknown[] = [];
    const results = await sendDraftsWith(deps, shopId, drafts, (_id, state) => states.push(state));
    return { send, results };
  };
  return { kit, normalizeSale, api, shopId, sendWithRealReads };
}

describe('sending drafts: a failed read stops the send with its Italian message, nothing built on the stale copy', () => {
  beforeEach(() => {
    vi.resetModules();
    fs.writes = 0;
  });
  afterAll(() => {
    vi.doUnmock('firebase/firestore');
    vi.doUnmock('@/lib/firebase');
    vi.resetModules();
  });

  it("the customer's read fails: 'Impossibile leggere il cliente', not the draft's old copy, and nothing is sent", async () => {
    const { kit, normalizeSale, api, shopId, sendWithRealReads } = await load();
    fs.getDocs = (path) => (path === 'Customer' ? offline() : Promise.resolve({ docs: [] }));
    // The draft carries an old copy of the customer (another P.IVA): it must not stand in for the failed read.
    const draft = normalizeSale('s1', kit.saleRaw({ customer: { ragioneSociale: 'Alfa Spa', pIva: '00743110157' } }));
    await expect(api.loadSendContext(shopId, [draft])).rejects.toThrow(/^Impossibile leggere il cliente: riprova\. \(Servizio momentaneamente non raggiungibile/);

    const { send, results } = await sendWithRealReads([draft]);
    expect(send).not.toHaveBeenCalled();
    expect(fs.writes).toBe(0);
    expect(results.map((r) => r.saleId)).toEqual(['s1']);
    expect(results[0]?.state).toMatchObject({ kind: 'failed' });
    expect(failedMessage(results[0]?.state)).toMatch(/^Impossibile leggere il cliente: riprova/);
  });

  it("the original invoice's read fails: the credit note is refused with 'Impossibile leggere la fattura originale', not as 'must name the original'", async () => {
    const { kit, normalizeSale, api, shopId, sendWithRealReads } = await load();
    const shopRead = fs.getDoc;
    fs.getDoc = (path) => (path === 'Invoice/orig-1' ? offline() : shopRead(path));
    const creditNote = normalizeSale('nc1', kit.saleRaw({ method: 'Nota di credito', type: 'TD04', originalInvoiceUUID: 'orig-1' }));
    await expect(api.loadSendContext(shopId, [creditNote])).rejects.toThrow(/^Impossibile leggere la fattura originale: riprova\. \(Servizio momentaneamente/);

    const { send, results } = await sendWithRealReads([creditNote]);
    expect(send).not.toHaveBeenCalled();
    expect(fs.writes).toBe(0);
    expect(results[0]?.state).toMatchObject({ kind: 'failed' });
    expect(failedMessage(results[0]?.state)).toMatch(/^Impossibile leggere la fattura originale/);
  });

  it("the reads answer: the directory's customer wins over the draft's copy; a customer no longer in the directory keeps the copy", async () => {
    const { kit, normalizeSale, api, shopId } = await load();
    const draft = normalizeSale('s1', kit.saleRaw({ customer: { ragioneSociale: 'Alfa Spa (vecchia)', pIva: '00743110157' } }));
    const context = await api.loadSendContext(shopId, [draft]);
    expect(api.customerOfSale(context, draft)).toBe(kit.TEST_CUSTOMER);

    fs.getDocs = () => Promise.resolve({ docs: [] });
    const gone = await api.loadSendContext(shopId, [draft]);
    expect(api.customerOfSale(gone, draft)?.ragioneSociale).toBe('Alfa Spa (vecchia)');
  });
});
