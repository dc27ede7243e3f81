import { describe, expect, it } from 'vitest';
import { CONSENT_DAYS, CONSENT_VERSION, consentLogAction, consentLogDetails, consentState, makeConsent, parseConsent, UNDECIDED } from './consent';

const NOW = new Date('2026-03-10T09:30:00.000Z');
const DAY = 24 * 60 * 60 * 1000;

describe('makeConsent', () => {
  it('Accetta tutti turns every optional category on', () => {
    const record = makeConsent('all', { analytics: false, functional: false }, NOW);
    expect(record).toEqual({
      version: CONSENT_VERSION,
      necessary: true,
      analytics: true,
      functional: true,
      decidedAt: '2026-03-10T09:30:00.000Z',
      expiresAt: '2027-03-10T09:30:00.000Z',
      choice: 'all',
      pendingLog: true,
    });
  });

  it('Rifiuta keeps only the necessary ones, whatever the checkboxes said', () => {
    const record = makeConsent('necessary', { analytics: true, functional: true }, NOW);
    expect(record.necessary).toBe(true);
    expect(record.analytics).toBe(false);
    expect(record.functional).toBe(false);
  });

  it('Salva preferenze follows the checkboxes', () => {
    expect(makeConsent('custom', { analytics: false, functional: true }, NOW)).toMatchObject({ analytics: false, functional: true, choice: 'custom' });
    expect(makeConsent('custom', { analytics: true, functional: false }, NOW)).toMatchObject({ analytics: true, functional: false });
  });

  it('lasts 365 days', () => {
    const record = makeConsent('all', { analytics: true, functional: true }, NOW);
    expect(CONSENT_DAYS).toBe(365);
    expect(new Date(record.expiresAt).getTime() - new Date(record.decidedAt).getTime()).toBe(365 * DAY);
  });

  it('holds no personal data: only the known fields', () => {
    const record = makeConsent('custom', { analytics: true, functional: false }, NOW);
    expect(Object.keys(record).sort()).toEqual(['analytics', 'choice', 'decidedAt', 'expiresAt', 'functional', 'necessary', 'pendingLog', 'version']);
  });
});

describe('parseConsent', () => {
  const stored = (overrides: Record<string, unknown> = {}) => JSON.stringify({ ...makeConsent('custom', { analytics: false, functional: true }, NOW), ...overrides });

  it('round-trips a stored record', () => {
    const record = makeConsent('custom', { analytics: false, functional: true }, NOW);
    expect(parseConsent(JSON.stringify(record), NOW)).toEqual(record);
    expect(parseConsent(JSON.stringify({ ...record, pendingLog: false }), NOW)?.pendingLog).toBe(false);
  });

  it('is valid until the last millisecond of day 365, then asks again', () => {
    const expiry = new Date(NOW.getTime() + 365 * DAY);
    expect(parseConsent(stored(), new Date(expiry.getTime() - 1))).toBeDefined();
    expect(parseConsent(stored(), expiry)).toBeUndefined();
    expect(parseConsent(stored(), new Date(expiry.getTime() + 30 * DAY))).toBeUndefined();
  });

  it('treats missing or damaged text as no choice', () => {
    expect(parseConsent(null, NOW)).toBeUndefined();
    expect(parseConsent(undefined, NOW)).toBeUndefined();
    expect(parseConsent('', NOW)).toBeUndefined();
    expect(parseConsent('{', NOW)).toBeUndefined();
    expect(parseConsent('true', NOW)).toBeUndefined();
    expect(parseConsent('[]', NOW)).toBeUndefined();
    expect(parseConsent('null', NOW)).toBeUndefined();
  });

  it('refuses another version', () => {
    expect(parseConsent(stored({ version: CONSENT_VERSION + 1 }), NOW)).toBeUndefined();
    expect(parseConsent(stored({ version: '1' }), NOW)).toBeUndefined();
    expect(parseConsent(stored({ version: undefined }), NOW)).toBeUndefined();
  });

  it('refuses records with necessary off or categories that are not booleans', () => {
    expect(parseConsent(stored({ necessary: false }), NOW)).toBeUndefined();
    expect(parseConsent(stored({ analytics: 'yes' }), NOW)).toBeUndefined();
    expect(parseConsent(stored({ functional: 1 }), NOW)).toBeUndefined();
    expect(parseConsent(stored({ functional: undefined }), NOW)).toBeUndefined();
  });

  it('refuses impossible dates', () => {
    expect(parseConsent(stored({ decidedAt: 'ieri' }), NOW)).toBeUndefined();
    expect(parseConsent(stored({ expiresAt: 12345 }), NOW)).toBeUndefined();
    // expiry before the decision
    expect(parseConsent(stored({ expiresAt: '2026-03-01T00:00:00.000Z' }), NOW)).toBeUndefined();
    // longer than 365 days
    expect(parseConsent(stored({ expiresAt: '2030-01-01T00:00:00.000Z' }), NOW)).toBeUndefined();
    // decided in the future (clock skew of less than a day is tolerated)
    const later = makeConsent('all', { analytics: true, functional: true }, new Date(NOW.getTime() + 2 * DAY));
    expect(parseConsent(JSON.stringify(later), NOW)).toBeUndefined();
    const skewed = makeConsent('all', { analytics: true, functional: true }, new Date(NOW.getTime() + 60_000));
    expect(parseConsent(JSON.stringify(skewed), NOW)).toBeDefined();
  });

  it('drops unknown fields and defaults an unknown choice label', () => {
    const parsed = parseConsent(stored({ email: 'x@y.it', uid: 'abc', choice: 'boh' }), NOW);
    expect(parsed).toBeDefined();
    expect(parsed).not.toHaveProperty('email');
    expect(parsed).not.toHaveProperty('uid');
    expect(parsed?.choice).toBe('custom');
  });
});

describe('consentState', () => {
  it('is undecided and all-off without a record', () => {
    expect(consentState(undefined)).toEqual(UNDECIDED);
    expect(UNDECIDED).toEqual({ decided: false, analytics: false, functional: false });
  });

  it('mirrors the record', () => {
    expect(consentState(makeConsent('custom', { analytics: false, functional: true }, NOW))).toEqual({ decided: true, analytics: false, functional: true });
    expect(consentState(makeConsent('necessary', { analytics: true, functional: true }, NOW))).toEqual({ decided: true, analytics: false, functional: false });
  });
});

describe('log entry', () => {
  it('accept when any optional category is on, reject when only necessary', () => {
    expect(consentLogAction(makeConsent('all', { analytics: false, functional: false }, NOW))).toBe('cookie_consent_accept');
    expect(consentLogAction(makeConsent('custom', { analytics: false, functional: true }, NOW))).toBe('cookie_consent_accept');
    expect(consentLogAction(makeConsent('custom', { analytics: false, functional: false }, NOW))).toBe('cookie_consent_reject');
    expect(consentLogAction(makeConsent('necessary', { analytics: false, functional: false }, NOW))).toBe('cookie_consent_reject');
  });

  it('details carry the choice only', () => {
    expect(consentLogDetails(makeConsent('custom', { analytics: true, functional: false }, NOW))).toEqual({
      choice: 'custom',
      analytics: true,
      functional: false,
      version: CONSENT_VERSION,
      decidedAt: '2026-03-10T09:30:00.000Z',
    });
  });
});
