/**
 * The ping tool's Firestore calls (document 3 §7 Writes): a DeviceTask added with userId (shop owner), techId,
 * deviceId, action 'ping', ip, port, fulfilled false and the server's createdAt — the exact fields the rules accept
 * from a technician of the shop — then listened to through the shared hook helper until an iPad fulfils it.
 */
import { doc, serverTimestamp, setDoc } from 'firebase/firestore';
import { deviceTaskDoc, deviceTasksCol } from '@/data/device-task';
import { confirmedWrite } from '@/lib/firebase-errors';

export { deviceTaskDoc };

export interface PingRequest {
  shopId: string;
  techId: string;
  deviceId: string;
  ip: string;
  port: number;
}

export async function requestPing(request: PingRequest): Promise<string> {
  const ref = doc(deviceTasksCol().withConverter(null));
  await confirmedWrite(setDoc(ref, {
    userId: request.shopId,
    techId: request.techId,
    deviceId: request.deviceId,
    action: 'ping',
    ip: request.ip.trim(),
    port: request.port,
    fulfilled: false,
    createdAt: serverTimestamp(),
  }));
  return ref.id;
}
