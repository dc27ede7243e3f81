/**
 * Log (document 3 §3 'API log'): calls made on behalf of a shop, shown in the developer dashboard.
 * The collection is named 'Log'; the module is api-call-log to keep it apart from ApiLog.
 */
import { COLLECTIONS } from './collections';
import { makeConverter, typedCollection, typedDoc } from './converter';
import { compact, pick, toBool, toDate, toInt, toOptStr, toStr, type RawDoc } from './normalize';

export interface ApiCallLog {
  id: string;
  shopUserId: string;
  timestamp?: Date;
  functionName: string;
  method?: string;
  path?: string;
  /** HTTP status; undefined when not recorded. */
  status?: number;
  /** Stored success, else derived from the status (< 400). */
  success: boolean;
  message?: string;
}

export function normalizeApiCallLog(id: string, raw: RawDoc): ApiCallLog {
  const status = toInt(raw.status);
  return {
    id,
    shopUserId: toStr(pick(raw, 'shopUserId', 'userId')).trim(),
    timestamp: toDate(pick(raw, 'timestamp', 'createdAt')),
    functionName: toStr(raw.functionName).trim(),
    method: toOptStr(raw.method)?.toUpperCase(),
    path: toOptStr(raw.path),
    status,
    success: toBool(raw.success, status !== undefined && status < 400),
    message: toOptStr(raw.message),
  };
}

export function toFirestoreApiCallLog(log: ApiCallLog): RawDoc {
  const { id: _id, ...fields } = log;
  return compact({ ...fields });
}

export const apiCallLogConverter = makeConverter('Log', normalizeApiCallLog, toFirestoreApiCallLog);
export const apiCallLogsCol = () => typedCollection(COLLECTIONS.apiCallLog, apiCallLogConverter);
export const apiCallLogDoc = (id: string) => typedDoc(COLLECTIONS.apiCallLog, id, apiCallLogConverter);
