import { describe, expect, it } from 'vitest';
import { GRACE_DAYS, subscriptionState } from './subscription';

// The rules refuse a shop's packs from expiry + duration.value(15, 'd') (firestore.rules, 360 hours), and the
// screens say the same: across a DST change the grace is 360 hours, the same instant for the rules and the screens.
const rome = (iso: string) => new Date(iso);

describe('subscription expiry and grace at the edges of the calendar', () => {
  it('expiring at midnight on the 1st: seen at 23:59 the day before it has 0 days left, at 00:00 it is in grace', () => {
    const expiry = rome('2027-03-01T00:00:00+01:00');
    expect(subscriptionState(expiry, rome('2027-02-28T23:59:00+01:00'))).toMatchObject({ expired: false, daysLeft: 1, warning: true });
    expect(subscriptionState(expiry, rome('2027-03-01T00:00:00+01:00'))).toMatchObject({ expired: false, daysLeft: 0 });
    expect(subscriptionState(expiry, rome('2027-03-01T00:30:00+01:00'))).toMatchObject({ expired: true, inGrace: true, graceDaysLeft: GRACE_DAYS });
  });

  it('a grace that spans the autumn DST change ends 360 hours after the expiry, as the rules count it', () => {
    const expiry = rome('2027-10-20T00:00:00+02:00');
    const end = new Date(expiry.getTime() + GRACE_DAYS * 24 * 3_600_000);
    expect(end.toISOString()).toBe('2027-11-03T22:00:00.000Z');
    expect(subscriptionState(expiry, new Date(end.getTime() - 60_000))).toMatchObject({ expired: true, inGrace: true, blocked: false, graceDaysLeft: 1 });
    expect(subscriptionState(expiry, end)).toMatchObject({ expired: true, inGrace: false, blocked: true });
  });

  it('days left count calendar days in Rome across the spring DST change and 29 February', () => {
    expect(subscriptionState(rome('2027-03-29T00:00:00+02:00'), rome('2027-03-27T12:00:00+01:00')).daysLeft).toBe(2);
    expect(subscriptionState(rome('2028-03-01T00:00:00+01:00'), rome('2028-02-28T12:00:00+01:00')).daysLeft).toBe(2);
    expect(subscriptionState(rome('2027-01-01T00:00:00+01:00'), rome('2026-12-31T23:59:00+01:00')).daysLeft).toBe(1);
  });
});
