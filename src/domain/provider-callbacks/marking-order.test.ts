import { describe, expect, it } from 'vitest';
import { notificationSetsMarking } from './marking-order';

const at = (iso: string) => new Date(iso);

describe('notificationSetsMarking: out-of-order SDI notifications', () => {
  it('a late RC never turns a rejection (NS) back into delivered, whatever its date', () => {
    const rejected = { marking: 'rejected', notificationType: 'NS', notifiedAt: at('2026-06-02T10:00:00Z') };
    expect(notificationSetsMarking(rejected, { type: 'RC', createdAt: at('2026-06-01T10:00:00Z') })).toBe(false);
    expect(notificationSetsMarking(rejected, { type: 'RC', createdAt: at('2026-06-03T10:00:00Z') })).toBe(false);
    expect(notificationSetsMarking(rejected, { type: 'MC' })).toBe(false);
  });

  it('NS is final and wins over a delivery, as in the provider-callbacks e2e (RC then NS)', () => {
    expect(notificationSetsMarking({ marking: 'delivered', notificationType: 'RC', notifiedAt: at('2026-06-02T10:00:00Z') }, { type: 'NS', createdAt: at('2026-06-01T10:00:00Z') })).toBe(true);
  });

  it("the PA's outcome (NE, DT, AT) is not undone by a late delivery receipt", () => {
    expect(notificationSetsMarking({ marking: 'accepted-pa', notificationType: 'NE' }, { type: 'RC' })).toBe(false);
    expect(notificationSetsMarking({ marking: 'deadline-terms', notificationType: 'DT' }, { type: 'RC' })).toBe(false);
    expect(notificationSetsMarking({ marking: 'not-delivered', notificationType: 'AT' }, { type: 'MC' })).toBe(false);
    expect(notificationSetsMarking({ marking: 'delivered', notificationType: 'RC' }, { type: 'NE' })).toBe(true);
    expect(notificationSetsMarking({ marking: 'not-delivered', notificationType: 'MC' }, { type: 'AT' })).toBe(true);
  });

  it('within a stage the later notification wins by created_at; without dates the last to arrive', () => {
    const delivered = { marking: 'delivered', notificationType: 'RC', notifiedAt: at('2026-06-02T10:00:00Z') };
    expect(notificationSetsMarking(delivered, { type: 'MC', createdAt: at('2026-06-01T09:00:00Z') })).toBe(false);
    expect(notificationSetsMarking(delivered, { type: 'MC', createdAt: at('2026-06-02T11:00:00Z') })).toBe(true);
    expect(notificationSetsMarking({ marking: 'delivered', notificationType: 'RC' }, { type: 'MC' })).toBe(true);
  });

  it('a freshly sent invoice takes any marking; invoices marked before the rule are judged by their marking', () => {
    for (const marking of ['sent', 'waiting', '', undefined]) expect(notificationSetsMarking({ marking }, { type: 'RC' })).toBe(true);
    expect(notificationSetsMarking({ marking: 'rejected' }, { type: 'RC' })).toBe(false);
    expect(notificationSetsMarking({ marking: 'delivered' }, { type: 'NS' })).toBe(true);
  });
});
