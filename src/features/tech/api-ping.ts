/**
 * The ping tool's Firestore calls (document 3 §7 Writes): a DeviceTask added with userId (shop owner), techId,
 * deviceId, action 'ping', ip, port, fulfilled false and the server's createdAt — the exact fields the rules accept
 * from a technician of the shop — then listened to through the shared hook helper until an iPad fulfils it.
 */
import { addPingTask, deviceTaskDoc, type PingRequest } from '@/data/device-task';
import { confirmedWrite } from '@/lib/firebase-errors';

export { deviceTaskDoc, type PingRequest };

export function requestPing(request: PingRequest): Promise<string> {
  return confirmedWrite(addPingTask(request));
}
