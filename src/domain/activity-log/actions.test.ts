import { describe, expect, it } from 'vitest';
import { isRoutineAction } from './actions';

describe('routine entries of a sign-in', () => {
  it('the access and the cookie choices are routine; the shop’s own actions are not', () => {
    expect(['login_success', 'cookie_consent_accept', 'cookie_consent_reject'].every(isRoutineAction)).toBe(true);
    expect(['product_update', 'invoice_sent', 'ticket_replied', ''].some(isRoutineAction)).toBe(false);
  });
});
