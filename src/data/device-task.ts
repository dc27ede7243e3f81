/**
 * DeviceTask (document 3 §3): a ping asked of a shop's iPad by a technician; the iPad fulfils it with a result.
 */
import { doc, serverTimestamp, setDoc } from 'firebase/firestore';
import { COLLECTIONS } from './collections';
import { makeConverter, typedCollection, typedDoc } from './converter';
import { compact, isRecord, toBool, toDate, toInt, toNumber, toOptStr, toStr, type RawDoc } from './normalize';

export const DEFAULT_PING_PORT = 80;

export interface DeviceTaskResult {
  success: boolean;
  latencyMs?: number;
  error?: string;
}

export interface DeviceTask {
  id: string;
  /** Shop owner. */
  userId: string;
  techId: string;
  deviceId: string;
  action: string;
  ip: string;
  /** Port; 80 when missing or falsy (document 3 §5). */
  port: number;
  fulfilled: boolean;
  createdAt?: Date;
  result?: DeviceTaskResult;
  respondedAt?: Date;
}

export function normalizeDeviceTask(id: string, raw: RawDoc): DeviceTask {
  const result = raw.result;
  return {
    id,
    userId: toStr(raw.userId).trim(),
    techId: toStr(raw.techId).trim(),
    deviceId: toStr(raw.deviceId).trim(),
    action: toOptStr(raw.action) ?? 'ping',
    ip: toStr(raw.ip).trim(),
    port: toInt(raw.port) || DEFAULT_PING_PORT,
    fulfilled: toBool(raw.fulfilled),
    createdAt: toDate(raw.createdAt),
    result: isRecord(result)
      ? { success: toBool(result.success), latencyMs: toNumber(result.latencyMs), error: toOptStr(result.error) }
      : undefined,
    respondedAt: toDate(raw.respondedAt),
  };
}

export function toFirestoreDeviceTask(t: DeviceTask): RawDoc {
  const { id: _id, ...fields } = t;
  return compact({ ...fields });
}

export const deviceTaskConverter = makeConverter('DeviceTask', normalizeDeviceTask, toFirestoreDeviceTask);
export const deviceTasksCol = () => typedCollection(COLLECTIONS.deviceTask, deviceTaskConverter);
export const deviceTaskDoc = (id: string) => typedDoc(COLLECTIONS.deviceTask, id, deviceTaskConverter);

export interface PingRequest {
  shopId: string;
  techId: string;
  deviceId: string;
  ip: string;
  port: number;
}

/**
 * A ping task for one iPad of the shop: exactly the fields the rules accept from a technician of the shop (not
 * fulfilled, the server's clock); resolves with its id, which the caller listens to until an iPad fulfils it.
 */
export async function addPingTask(request: PingRequest): Promise<string> {
  const ref = doc(deviceTasksCol().withConverter(null));
  await setDoc(ref, {
    userId: request.shopId,
    techId: request.techId,
    deviceId: request.deviceId,
    action: 'ping',
    ip: request.ip.trim(),
    port: request.port,
    fulfilled: false,
    createdAt: serverTimestamp(),
  });
  return ref.id;
}
