import { addDoc, collection, Timestamp } from 'firebase/firestore';
import { db } from '@/lib/firebase';
import { COLLECTIONS } from './collections';

/** A UserLog entry as written (document 1 §3): timestamps become Firestore Timestamps. */
export interface NewUserLog {
  userId: string;
  actorId: string;
  timestamp: Date;
  action: string;
  module: string;
  details: Record<string, unknown>;
  metadata: { userAgent: string; sessionId: string; url: string; deviceType: string; os: string };
  employee?: { employeeId: string; employeeName: string; employeeRole: string };
}

export async function writeUserLog(entry: NewUserLog): Promise<string> {
  const ref = await addDoc(collection(db(), COLLECTIONS.userLog), { ...entry, timestamp: Timestamp.fromDate(entry.timestamp) });
  return ref.id;
}
