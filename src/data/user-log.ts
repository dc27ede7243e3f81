/**
 * UserLog (document 1 §3 and §9, document 3 §3): the per-shop activity log. `details` is free-form (before,
 * after, changes, operations, fileNames...) and is kept as stored; timestamps inside it are not converted.
 */
import { getDoc, limit, orderBy, query, Timestamp, where, writeBatch } from 'firebase/firestore';
import { db } from '@/lib/firebase';
import { COLLECTIONS } from './collections';
import { makeConverter, typedCollection, typedDoc } from './converter';
import { asRecord, compact, isRecord, pick, toDate, toNumber, toOptStr, toStr, type RawDoc } from './normalize';
import { userDoc } from './user';

export interface UserLogMetadata {
  userAgent?: string;
  sessionId?: string;
  url?: string;
  deviceType?: string;
  os?: string;
  fingerprint?: string;
  /** Duplicate window in milliseconds. */
  dedupeWindow?: number;
}

export interface UserLogEmployee {
  employeeId: string;
  employeeName: string;
  employeeRole?: string;
}

export interface UserLog {
  id: string;
  /** The shop the entry is about (the log key), or the writer's own uid. */
  userId: string;
  /** Who wrote the entry (the signed-in uid); the rules require it to be the writer. */
  actorId?: string;
  timestamp?: Date;
  action: string;
  module: string;
  message?: string;
  details: RawDoc;
  metadata: UserLogMetadata;
  employee?: UserLogEmployee;
}

function readEmployee(value: unknown): UserLogEmployee | undefined {
  if (!isRecord(value)) return undefined;
  const employeeId = toOptStr(pick(value, 'employeeId', 'id'));
  const employeeName = toOptStr(pick(value, 'employeeName', 'name'));
  if (employeeId === undefined && employeeName === undefined) return undefined;
  return { employeeId: employeeId ?? '', employeeName: employeeName ?? '', employeeRole: toOptStr(pick(value, 'employeeRole', 'role', 'roleName')) };
}

export function normalizeUserLog(id: string, raw: RawDoc): UserLog {
  const meta = asRecord(raw.metadata);
  return {
    id,
    userId: toStr(raw.userId).trim(),
    actorId: toOptStr(raw.actorId),
    timestamp: toDate(pick(raw, 'timestamp', 'createdAt')),
    action: toStr(raw.action).trim(),
    module: toStr(raw.module).trim(),
    message: toOptStr(raw.message),
    details: asRecord(raw.details),
    metadata: {
      userAgent: toOptStr(meta.userAgent),
      sessionId: toOptStr(meta.sessionId),
      url: toOptStr(meta.url),
      deviceType: toOptStr(meta.deviceType),
      os: toOptStr(meta.os),
      fingerprint: toOptStr(meta.fingerprint),
      dedupeWindow: toNumber(meta.dedupeWindow),
    },
    employee: readEmployee(raw.employee),
  };
}

export function toFirestoreUserLog(log: UserLog): RawDoc {
  const { id: _id, ...fields } = log;
  return compact({ ...fields });
}

export const userLogConverter = makeConverter('UserLog', normalizeUserLog, toFirestoreUserLog);
export const userLogsCol = () => typedCollection(COLLECTIONS.userLog, userLogConverter);
export const userLogDoc = (id: string) => typedDoc(COLLECTIONS.userLog, id, userLogConverter);

export type NewUserLog = Omit<UserLog, 'id'> & { actorId: string; timestamp: Date };

/**
 * Writes a batch of entries, each under the stable id the activity-log queue gave it: a batch retried after a
 * save that had in fact succeeded rewrites identical documents (the rules allow only that identical rewrite;
 * the log stays append-only), so no entry is ever stored twice.
 */
export async function writeUserLogs(entries: readonly { id: string; entry: NewUserLog }[]): Promise<void> {
  const batch = writeBatch(db());
  for (const { id, entry } of entries) batch.set(userLogDoc(id), { ...entry, id });
  await batch.commit();
}

/**
 * The activity log of one log key (a shop, or a technician's / admin's own uid), newest first: document 1 §7 and
 * document 3 §7 (UserLog where userId equals the owner or technician, timestamp in a range). Shared by the
 * owner's dashboard and the developer dashboard. Action and module filters are applied on the page (the spec's
 * query has none): without a range, the newest 500 entries; with one, up to 2000 entries of that range.
 */
export function userLogQuery(logKey: string, range?: { start: Date; end: Date }) {
  const bounds = range ? [where('timestamp', '>=', Timestamp.fromDate(range.start)), where('timestamp', '<', Timestamp.fromDate(range.end))] : [];
  return query(userLogsCol(), where('userId', '==', logKey), ...bounds, orderBy('timestamp', 'desc'), limit(range ? 2000 : 500));
}

/**
 * A readable label (display name, else email) of the account that wrote log lines, or undefined when the viewer may
 * not read that User document (the rules decide: oneself, the accountants of one's shop, everyone for admins).
 */
export async function readAccountLabel(uid: string): Promise<string | undefined> {
  try {
    const user = (await getDoc(userDoc(uid))).data();
    return user ? user.displayName?.trim() || user.name?.trim() || user.email || undefined : undefined;
  } catch {
    return undefined;
  }
}

/** The action of a month package's download; its details carry the period's tag and the month's fingerprint. */
export const PACKAGE_DOWNLOADED_ACTION = 'month_package_downloaded';

/** The latest download of a period's package by this person, for one shop (the log entry is the record of it). */
export function lastPackageDownloadQuery(shopId: string, actorId: string, periodTag: string) {
  return query(
    userLogsCol(),
    where('userId', '==', shopId),
    where('action', '==', PACKAGE_DOWNLOADED_ACTION),
    where('actorId', '==', actorId),
    where('details.period', '==', periodTag),
    orderBy('timestamp', 'desc'),
    limit(1),
  );
}
