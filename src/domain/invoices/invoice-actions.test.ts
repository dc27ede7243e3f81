import { describe, expect, it } from 'vitest';
import { ACTION_REASONS, markingKey, paidVerdict, revertVerdict, type ActionSubject } from './invoice-actions';

const out = (markingRaw: string | undefined, reverted = false): ActionSubject => ({ type: 0, markingRaw, reverted });

// The same table as tests/rules/issued-invoices.test.ts: the screens offer what the rules allow.
describe('invoice actions by SDI outcome', () => {
  it('reads the marking as the rules do (case, spaces, - and _ ignored)', () => {
    expect(['Not_Delivered', 'not-delivered', 'notDelivered', 'NOT DELIVERED'].map(markingKey)).toEqual(Array(4).fill('notdelivered'));
    expect(markingKey(undefined)).toBe('');
  });

  it("'Riporta in bozza' only for a rejected or still-sent outgoing invoice not yet reverted", () => {
    expect(revertVerdict(out('rejected'))).toEqual({ ok: true });
    expect(revertVerdict(out('Sent'))).toEqual({ ok: true });
    expect(revertVerdict(out('sent', true))).toEqual({ ok: false, reason: ACTION_REASONS.revertDone });
    for (const m of ['delivered', 'not-delivered', 'accepted-pa', 'deadline-terms']) {
      expect(revertVerdict(out(m))).toEqual({ ok: false, reason: ACTION_REASONS.revertIssued });
    }
    expect(revertVerdict(out('rejected-pa'))).toEqual({ ok: false, reason: ACTION_REASONS.revertRefusedPa });
    expect(revertVerdict(out('paid'))).toEqual({ ok: false, reason: ACTION_REASONS.revertPaid });
    expect(revertVerdict(out(undefined)).ok).toBe(false);
    expect(revertVerdict({ type: 1, markingRaw: 'received', reverted: false }).ok).toBe(false);
  });

  it("'Segna come pagata' only for an issued outgoing invoice or a received one", () => {
    for (const m of ['delivered', 'Not_Delivered', 'accepted-pa', 'deadline-terms']) expect(paidVerdict(out(m))).toEqual({ ok: true });
    expect(paidVerdict({ type: 1, markingRaw: 'received', reverted: false })).toEqual({ ok: true });
    expect(paidVerdict({ type: 1, markingRaw: undefined, reverted: false })).toEqual({ ok: true });
    expect(paidVerdict(out('rejected'))).toEqual({ ok: false, reason: ACTION_REASONS.paidRejected });
    expect(paidVerdict(out('sent'))).toEqual({ ok: false, reason: ACTION_REASONS.paidSent });
    expect(paidVerdict(out('rejected-pa'))).toEqual({ ok: false, reason: ACTION_REASONS.paidRefusedPa });
    expect(paidVerdict(out('???'))?.ok).toBe(false);
    expect(paidVerdict(out('paid'))).toBeUndefined();
    expect(paidVerdict({ type: 1, markingRaw: 'paid', reverted: false })).toBeUndefined();
  });
});
