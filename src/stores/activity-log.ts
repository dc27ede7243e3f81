import { sanitizeDetails, truncateText, MAX_USER_AGENT } from '@/domain/activity-log/sanitize';
import type { NewUserLog } from '@/data/user-log';
import { createPendingStore, type StringStorage } from '@/domain/activity-log/pending-store';
import { LogQueue } from '@/domain/activity-log/queue';
import { useSession } from './session';
import type { LogAction, LogModule } from '@/domain/activity-log/actions';

/**
 * The activity log's one entry point: `logActivity` stamps an entry (the log key — the active shop for the
 * shop and accountant levels, else the user's own id, document 1 §6 — the active employee, the browser
 * metadata) and hands it to the batching queue of domain/activity-log, which writes through the one writer,
 * data/user-log. The Firestore writer is imported on first save, so pages that only log (the login) do not
 * load Firestore for it.
 */
export type { LogAction, LogModule } from '@/domain/activity-log/actions';

export interface LogInput {
  action: LogAction;
  module: LogModule;
  details?: Record<string, unknown>;
  /**
   * The log key the entry is about, when it is not the writer's own (document 3: an admin approving a shop's
   * proposal or assigning its technician writes into that shop's log, so its User Logs show it). The rules
   * accept it only for a shop the writer may read.
   */
  subject?: string;
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
  const userId = input.subject ?? logKey;
  const userAgent = typeof navigator === 'undefined' ? '' : navigator.userAgent;
  // The active employee belongs to the active shop: it is named only in that shop's log (the rules refuse an employee
  // of another shop).
  const employee = activeEmployee && userId === activeShopId ? activeEmployee : undefined;
  return {
    userId,
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
      fingerprint: browserFingerprint(userAgent),
    },
    ...(employee ? { employee } : {}),
  };
}

/** A coarse, non-identifying browser fingerprint (a hash of public traits), to tell devices apart in the log. */
function browserFingerprint(userAgent: string): string {
  const traits = [
    userAgent,
    typeof navigator === 'undefined' ? '' : navigator.language,
    typeof screen === 'undefined' ? '' : `${screen.width}x${screen.height}x${screen.colorDepth}`,
    Intl.DateTimeFormat().resolvedOptions().timeZone,
  ].join('|');
  let hash = 0x811c9dc5;
  for (let i = 0; i < traits.length; i++) hash = Math.imul(hash ^ traits.charCodeAt(i), 0x01000193) >>> 0;
  return hash.toString(16).padStart(8, '0');
}

function browserStorage(): StringStorage {
  try {
    if (typeof localStorage !== 'undefined') return localStorage;
  } catch {
    // Storage blocked (privacy settings): fall back to memory.
  }
  const memory = new Map<string, string>();
  return { getItem: (k) => memory.get(k) ?? null, setItem: (k, v) => void memory.set(k, v) };
}

const queue = new LogQueue<NewUserLog>({
  write: async (batch) => (await import('@/data/user-log')).writeUserLogs(batch),
  pending: createPendingStore<NewUserLog>(browserStorage()),
  newId: () => crypto.randomUUID(),
  now: () => Date.now(),
  canWrite: (entry) => entry.actorId === useSession.getState().uid,
  // A lost log line is a dispute: failures are reported and retried, never thrown into the user's flow.
  onError: (error) => console.warn('Registro attività non salvato, nuovo tentativo a breve', error),
  // Older than the rules accept (7 days offline) or refused by them on their own: dropped and reported, never retried
  // forever.
  onDropped: (entries) => console.warn(`Registro attività: ${String(entries.length)} voci scartate (in attesa da oltre 7 giorni o rifiutate dalle regole)`, entries.map((q) => q.entry.action)),
  isRefused: (error) => (error as { code?: unknown } | null)?.code === 'permission-denied',
});

export function logActivity(input: LogInput): void {
  const entry = buildLogEntry(input);
  if (entry) queue.enqueue(entry);
}

let started = false;
/** Starts the retry of stored entries and the flush on page hide/unload (once per page). */
export function startActivityLog(): void {
  if (started || typeof window === 'undefined') return;
  started = true;
  queue.start();
  const flush = () => void queue.flushNow();
  window.addEventListener('pagehide', flush);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') flush();
  });
  // Back online: no need to wait for the next retry.
  window.addEventListener('online', flush);
}

/**
 * Saves what is queued now, waiting at most `maxWaitMs` (best effort: resolves also when the save fails or is slow,
 * e.g. offline). Before deleting an employee, so that the lines naming them are saved while the rules can still
 * check them.
 */
export function flushActivityLog(maxWaitMs = 3_000): Promise<void> {
  return Promise.race([queue.flushNow(), new Promise<void>((resolve) => setTimeout(resolve, maxWaitMs))]);
}

/** For the benchmark and tests: what the queue has done so far. */
export const activityLogStats = () => ({ ...queue.stats, queued: queue.size });
