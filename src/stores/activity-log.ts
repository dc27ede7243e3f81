import { sanitizeDetails, truncateText, MAX_USER_AGENT } from '@/domain/activity-log/sanitize';
import { addUserLog, type NewUserLog } from '@/data/user-log';
import { useSession } from './session';
import type { LogAction, LogModule } from '@/domain/activity-log/actions';

/**
 * Minimal activity-log writer: one entry per call, stamped with the log key (the active shop for the shop
 * level, else the user's own id — document 1 §6), the active employee and the browser metadata. The batching
 * queue with dedupe windows and local retry arrives with the activity-log issue and replaces the body of
 * logActivity without changing its callers.
 */
export type { LogAction, LogModule } from '@/domain/activity-log/actions';

export interface LogInput {
  action: LogAction;
  module: LogModule;
  details?: Record<string, unknown>;
}

let sessionId: string | undefined;
function currentSessionId(): string {
  sessionId ??= crypto.randomUUID();
  return sessionId;
}

function deviceType(userAgent: string): string {
  if (/iPad|Tablet/i.test(userAgent)) return 'tablet';
  if (/Mobi|iPhone|Android/i.test(userAgent)) return 'mobile';
  return 'desktop';
}

function operatingSystem(userAgent: string): string {
  if (/iPad|iPhone|Mac OS X/.test(userAgent)) return /iPad|iPhone/.test(userAgent) ? 'iOS' : 'macOS';
  if (/Windows/.test(userAgent)) return 'Windows';
  if (/Android/.test(userAgent)) return 'Android';
  if (/Linux/.test(userAgent)) return 'Linux';
  return 'Sconosciuto';
}

export function buildLogEntry(input: LogInput, now = new Date()): NewUserLog | undefined {
  const { uid, profile, activeShopId, activeEmployee } = useSession.getState();
  if (!uid) return undefined;
  const logKey = profile?.level === 'shop' || profile?.level === 'accountant' ? (activeShopId ?? uid) : uid;
  const userAgent = typeof navigator === 'undefined' ? '' : navigator.userAgent;
  return {
    userId: logKey,
    actorId: uid,
    timestamp: now,
    action: input.action,
    module: input.module,
    details: (sanitizeDetails(input.details ?? {}) as Record<string, unknown>) ?? {},
    metadata: {
      userAgent: truncateText(userAgent, MAX_USER_AGENT),
      sessionId: currentSessionId(),
      url: typeof location === 'undefined' ? '' : location.pathname,
      deviceType: deviceType(userAgent),
      os: operatingSystem(userAgent),
    },
    ...(activeEmployee ? { employee: activeEmployee } : {}),
  };
}

export function logActivity(input: LogInput): void {
  const entry = buildLogEntry(input);
  if (!entry) return;
  // A lost log line is a dispute: failures are reported, never thrown into the user's flow.
  addUserLog(entry).catch((error: unknown) => console.error('Registro attività non salvato', error));
}
