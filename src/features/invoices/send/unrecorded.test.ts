import { describe, expect, it } from 'vitest';
import type { SentInvoice } from './send-contract';
import { recordLeftovers, unrecordedStore, UNRECORDED_KEY } from './unrecorded';

function memory() {
  const map = new Map<string, string>();
  return { getItem: (k: string) => map.get(k) ?? null, setItem: (k: string, v: string) => void map.set(k, v), map };
}

const sent = (uuid: string, shopId = 'shopA', saleId = `sale-${uuid}`): SentInvoice => ({
  shopId, saleId, uuid, number: `AbCdE-2026-${uuid}`, xml: '<xml/>', total: 12.2, date: new Date('2026-11-20T10:00:00Z'), originalInvoiceUUID: undefined,
});

describe('accepted invoices not yet recorded', () => {
  it('are kept in the browser per shop, with their date, until forgotten; another page of the same browser sees them', () => {
    const storage = memory();
    const store = unrecordedStore(storage);
    store.remember(sent('1'));
    store.remember(sent('2', 'shopB'));
    expect(storage.map.has(UNRECORDED_KEY)).toBe(true);
    const again = unrecordedStore(storage).of('shopA');
    expect(again).toHaveLength(1);
    expect(again[0]).toMatchObject({ uuid: '1', saleId: 'sale-1', number: 'AbCdE-2026-1', total: 12.2 });
    expect(again[0]?.date?.toISOString()).toBe('2026-11-20T10:00:00.000Z');
    store.forget('1');
    expect(store.of('shopA')).toEqual([]);
    expect(store.of('shopB')).toHaveLength(1);
  });

  it('are recorded on the next visit; those that fail again stay and name their drafts', async () => {
    const store = unrecordedStore(memory());
    store.remember(sent('1'));
    store.remember(sent('2'));
    const logged: string[] = [];
    const result = await recordLeftovers('shopA', store, (s) => (s.uuid === '2' ? Promise.reject(new Error('offline')) : Promise.resolve()), (s) => logged.push(s.uuid));
    expect(result).toEqual({ recorded: ['AbCdE-2026-1'], waiting: ['sale-2'] });
    expect(logged).toEqual(['1']);
    expect(store.of('shopA').map((s) => s.uuid)).toEqual(['2']);
  });
});
