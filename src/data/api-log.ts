/**
 * ApiLog (document 2 §3): provider notifications received for a user's invoices. The one the app reads is
 * functionName 'customer-notification' with details.newMarking 'rejected': its body carries the SDI errors.
 * The body may be an object or JSON text, with the errors as our list [{code, description, suggestion}] or in
 * the provider's shape (notification.message.lista_errori.Errore, one object or a list, Italian keys).
 */
import { getDocs, limit, orderBy, query, where } from 'firebase/firestore';
import type { Marking } from '@/domain/fatturapa/codes';
import { COLLECTIONS } from './collections';
import { makeConverter, typedCollection, typedDoc } from './converter';
import { toMarking } from './invoice';
import { asRecord, compact, isRecord, pick, toDate, toOptStr, toRecordList, toStr, type RawDoc } from './normalize';

export const CUSTOMER_NOTIFICATION = 'customer-notification';

export interface SdiError {
  code: string;
  description: string;
  suggestion?: string;
}

export interface ApiLogDetails {
  invoiceId?: string;
  newMarking?: Marking;
  newMarkingRaw?: string;
  /** The notification's message text, when there is one. */
  message?: string;
  errors: SdiError[];
  /** The body as stored (parsed when it was JSON text). */
  body: RawDoc;
}

export interface ApiLog {
  id: string;
  userId: string;
  functionName: string;
  timestamp?: Date;
  details: ApiLogDetails;
}

function parseBody(value: unknown): RawDoc {
  if (typeof value === 'string') {
    try {
      const parsed: unknown = JSON.parse(value);
      return asRecord(parsed);
    } catch {
      return { message: value };
    }
  }
  return asRecord(value);
}

function readErrors(list: RawDoc[]): SdiError[] {
  return list
    .map((e) => ({
      code: toStr(pick(e, 'code', 'Codice', 'codice')).trim(),
      description: toStr(pick(e, 'description', 'Descrizione', 'descrizione')).trim(),
      suggestion: toOptStr(pick(e, 'suggestion', 'Suggerimento', 'suggerimento')),
    }))
    .filter((e) => e.code !== '' || e.description !== '');
}

/** The SDI error list wherever the body keeps it. */
export function findSdiErrors(body: RawDoc): SdiError[] {
  const direct = pick(body, 'errors', 'errorList', 'error_list', 'lista_errori');
  if (Array.isArray(direct)) return readErrors(toRecordList(direct));
  const notification = asRecord(pick(body, 'notification') ?? asRecord(body.data).notification);
  const message = asRecord(pick(notification, 'message') ?? (isRecord(body.message) ? body.message : undefined));
  const lista = pick(message, 'lista_errori', 'ListaErrori') ?? (isRecord(direct) ? direct : undefined);
  if (lista === undefined) return [];
  const errore = isRecord(lista) ? pick(lista, 'Errore', 'errore') ?? lista : lista;
  return readErrors(toRecordList(errore));
}

function readMessage(body: RawDoc): string | undefined {
  if (typeof body.message === 'string') return toOptStr(body.message);
  const notification = asRecord(pick(body, 'notification') ?? asRecord(body.data).notification);
  return toOptStr(pick(asRecord(notification.message), 'note', 'message'));
}

export function normalizeApiLog(id: string, raw: RawDoc): ApiLog {
  const details = asRecord(raw.details);
  const body = parseBody(details.body);
  const newMarkingRaw = toOptStr(details.newMarking);
  return {
    id,
    userId: toStr(raw.userId).trim(),
    functionName: toStr(raw.functionName).trim(),
    timestamp: toDate(pick(raw, 'timestamp', 'createdAt')),
    details: {
      invoiceId: toOptStr(details.invoiceId),
      newMarking: toMarking(newMarkingRaw),
      newMarkingRaw,
      message: readMessage(body),
      errors: findSdiErrors(body),
      body,
    },
  };
}

export function toFirestoreApiLog(log: ApiLog): RawDoc {
  const d = log.details;
  return compact({
    userId: log.userId,
    functionName: log.functionName,
    timestamp: log.timestamp,
    details: {
      invoiceId: d.invoiceId,
      newMarking: d.newMarking ?? d.newMarkingRaw,
      // The stored body is kept as read; a log built in code (empty body) gets our own shape.
      body: Object.keys(d.body).length > 0 ? d.body : { message: d.message, errors: d.errors.map((e) => compact({ ...e })) },
    },
  });
}

export const apiLogConverter = makeConverter('ApiLog', normalizeApiLog, toFirestoreApiLog);
export const apiLogsCol = () => typedCollection(COLLECTIONS.apiLog, apiLogConverter);
export const apiLogDoc = (id: string) => typedDoc(COLLECTIONS.apiLog, id, apiLogConverter);

/** The latest SDI rejection logged for an invoice (document 2 §7: ApiLog by user, function, invoice, marking). */
export function latestRejectionQuery(shopId: string, invoiceId: string) {
  return query(
    apiLogsCol(),
    where('userId', '==', shopId),
    where('functionName', '==', CUSTOMER_NOTIFICATION),
    where('details.invoiceId', '==', invoiceId),
    where('details.newMarking', '==', 'rejected'),
    orderBy('timestamp', 'desc'),
    limit(1),
  );
}

export async function latestRejection(shopId: string, invoiceId: string): Promise<ApiLog | undefined> {
  const snapshot = await getDocs(latestRejectionQuery(shopId, invoiceId));
  return snapshot.docs[0]?.data();
}
