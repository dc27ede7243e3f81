/**
 * The cookie-consent record (document 1 §2, §4, §9 'Other'): pure functions, no storage access.
 *
 * Stored in localStorage under CONSENT_STORAGE_KEY as JSON. It holds the choice and its dates only, no
 * personal data (no user id, no email, no IP). A record that is missing, unreadable, of another version or
 * past its expiry counts as "no choice": the banner asks again.
 */
export const CONSENT_STORAGE_KEY = 'bo.cookieConsent';
/** Bump when the cookie policy changes in a way that needs a new consent: older records are ignored. */
export const CONSENT_VERSION = 1;
export const CONSENT_DAYS = 365;
const DAY_MS = 24 * 60 * 60 * 1000;

export type ConsentChoice = 'all' | 'necessary' | 'custom';

export interface ConsentRecord {
  version: number;
  necessary: true;
  analytics: boolean;
  functional: boolean;
  /** ISO 8601 instants. */
  decidedAt: string;
  expiresAt: string;
  /** How the choice was made: 'Accetta tutti', 'Rifiuta' or 'Salva preferenze'. */
  choice: ConsentChoice;
  /**
   * The choice is not in the activity log yet (it was made before login): it is logged at the first moment a
   * user is signed in, then this flag is cleared.
   */
  pendingLog: boolean;
}

export interface ConsentState {
  decided: boolean;
  analytics: boolean;
  functional: boolean;
}

export const UNDECIDED: ConsentState = { decided: false, analytics: false, functional: false };

export function makeConsent(choice: ConsentChoice, optional: { analytics: boolean; functional: boolean }, now: Date): ConsentRecord {
  const analytics = choice === 'all' ? true : choice === 'necessary' ? false : optional.analytics;
  const functional = choice === 'all' ? true : choice === 'necessary' ? false : optional.functional;
  return {
    version: CONSENT_VERSION,
    necessary: true,
    analytics,
    functional,
    decidedAt: now.toISOString(),
    expiresAt: new Date(now.getTime() + CONSENT_DAYS * DAY_MS).toISOString(),
    choice,
    pendingLog: true,
  };
}

function isoDate(value: unknown): Date | undefined {
  if (typeof value !== 'string') return undefined;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

/** The stored text → a valid, current record, or undefined (missing, damaged, other version, expired). */
export function parseConsent(raw: string | null | undefined, now: Date): ConsentRecord | undefined {
  if (!raw) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return undefined;
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const record = value as Record<string, unknown>;
  if (record.version !== CONSENT_VERSION || record.necessary !== true) return undefined;
  if (typeof record.analytics !== 'boolean' || typeof record.functional !== 'boolean') return undefined;
  const decidedAt = isoDate(record.decidedAt);
  const expiresAt = isoDate(record.expiresAt);
  if (!decidedAt || !expiresAt || expiresAt <= decidedAt) return undefined;
  // A record "decided" in the future or lasting longer than the policy allows was not written by us.
  if (decidedAt.getTime() > now.getTime() + DAY_MS || expiresAt.getTime() - decidedAt.getTime() > CONSENT_DAYS * DAY_MS) return undefined;
  if (now >= expiresAt) return undefined;
  const choice: ConsentChoice = record.choice === 'all' || record.choice === 'necessary' || record.choice === 'custom' ? record.choice : 'custom';
  return {
    version: CONSENT_VERSION,
    necessary: true,
    analytics: record.analytics,
    functional: record.functional,
    decidedAt: decidedAt.toISOString(),
    expiresAt: expiresAt.toISOString(),
    choice,
    pendingLog: record.pendingLog === true,
  };
}

export function consentState(record: ConsentRecord | undefined): ConsentState {
  return record ? { decided: true, analytics: record.analytics, functional: record.functional } : UNDECIDED;
}

/** Accept when at least one optional category was accepted, reject when only the necessary ones remain. */
export function consentLogAction(record: ConsentRecord): 'cookie_consent_accept' | 'cookie_consent_reject' {
  return record.analytics || record.functional ? 'cookie_consent_accept' : 'cookie_consent_reject';
}

/** What goes in the log entry's details: the choice itself, nothing about the person. */
export function consentLogDetails(record: ConsentRecord): Record<string, unknown> {
  return { choice: record.choice, analytics: record.analytics, functional: record.functional, version: record.version, decidedAt: record.decidedAt };
}
