import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';

/** The shop read, made to fail or answer (the unit layer shares modules: mocked, then imported afresh). */
const read = vi.hoisted(() => ({ next: undefined as undefined | (() => Promise<unknown>) }));
vi.mock('@/lib/firebase', () => ({ db: () => ({}) }));
vi.mock('firebase/firestore', async (importOriginal) => {
  const ref: { withConverter: () => unknown } = { withConverter: () => ref };
  return { ...(await importOriginal<Record<string, unknown>>()), doc: () => ref, collection: () => ref, getDoc: () => read.next?.() };
});

describe("statistics' business-day cut-off: a failed shop read is said, never replaced by the default hour", () => {
  beforeEach(() => vi.resetModules());
  afterAll(() => {
    vi.doUnmock('firebase/firestore');
    vi.doUnmock('@/lib/firebase');
    vi.resetModules();
  });

  it('a network failure rejects with the Italian read message', async () => {
    read.next = () => Promise.reject(Object.assign(new Error('offline'), { code: 'unavailable' }));
    const { shopCutoffMinutes } = await import('./sale-day-summary-reads');
    await expect(shopCutoffMinutes('shop')).rejects.toThrow(/^Impossibile leggere il negozio: riprova\. \(Servizio momentaneamente non raggiungibile/);
  });

  it("the shop's own cut-off, and the default only when the shop has none", async () => {
    const { shopCutoffMinutes } = await import('./sale-day-summary-reads');
    read.next = () => Promise.resolve({ data: () => ({ settings: { businessDayCutoff: '03:30' } }) });
    expect(await shopCutoffMinutes('shop')).toBe(210);
    read.next = () => Promise.resolve({ data: () => ({ settings: { businessDayCutoff: '' } }) });
    expect(await shopCutoffMinutes('shop')).toBeGreaterThanOrEqual(0);
  });
});
