import { describe, expect, it } from 'vitest';
import { normalizeProviderQuarantine, toFirestoreProviderQuarantine } from './provider-quarantine';

describe('ProviderQuarantine', () => {
  it('reads what the webhook writes for an unknown recipient and for an unknown invoice', () => {
    const at = new Date('2026-11-20T10:00:00Z');
    const supplier = normalizeProviderQuarantine('q1', { reason: 'unknown-recipient', event: 'supplier-invoice', uuid: 'u-1', recipientIds: ['09999999999', 'IT09999999999'], candidates: [], body: '{"a":1}', receivedAt: at, firstReceivedAt: undefined, attempts: 1, resolution: undefined, resolvedBy: undefined, resolvedAt: undefined, shopId: undefined });
    expect(supplier).toEqual({ id: 'q1', reason: 'unknown-recipient', event: 'supplier-invoice', uuid: 'u-1', recipientIds: ['09999999999', 'IT09999999999'], candidates: [], invoiceUuid: undefined, notificationType: undefined, body: '{"a":1}', receivedAt: at, firstReceivedAt: undefined, attempts: 1, resolution: undefined, resolvedBy: undefined, resolvedAt: undefined, shopId: undefined });
    const notice = normalizeProviderQuarantine('q2', { reason: 'unknown-invoice', event: 'customer-notification', uuid: 'n-1', invoiceUuid: 'inv-9', type: 'NS', body: '{}' });
    expect(notice).toMatchObject({ invoiceUuid: 'inv-9', notificationType: 'NS', recipientIds: [], candidates: [] });
    expect(toFirestoreProviderQuarantine(notice)).toMatchObject({ type: 'NS', invoiceUuid: 'inv-9' });
  });

  it('reads the attempts and how a kept delivery was placed after all', () => {
    const at = new Date('2026-11-21T10:00:00Z');
    const released = normalizeProviderQuarantine('q4', { reason: 'unknown-recipient', event: 'supplier-invoice', attempts: 3, resolution: 'released', resolvedBy: 'admin-1', resolvedAt: at, shopId: 'shop-1' });
    expect(released).toMatchObject({ attempts: 3, resolution: 'released', resolvedBy: 'admin-1', resolvedAt: at, shopId: 'shop-1' });
    expect(normalizeProviderQuarantine('q5', { resolution: 'whatever', attempts: 'x' })).toMatchObject({ resolution: undefined, attempts: 1 });
  });

  it('keeps a damaged entry readable', () => {
    expect(normalizeProviderQuarantine('q3', { recipientIds: { a: 1 }, body: null })).toMatchObject({ reason: '', recipientIds: [], body: '' });
  });
});
