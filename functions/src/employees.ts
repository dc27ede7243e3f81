/**
 * Employees' PINs out of reach. The Employe documents keep the POS app's shape (the PIN inside); the
 * rules let only the shop's owner session and admins read them. Everyone else who may see the shop's staff
 * (accountants, technicians) gets the list from employeeDirectory, without PINs; the employee choice after the
 * login (/select-employee) lists through the same function and checks a PIN with checkEmployeePin, so the
 * browser never receives the list of PINs. Failed checks are counted per employee (PinAttempt, server only): after
 * MAX_FAILURES in a row the employee is locked for LOCK_MINUTES.
 */
import type { Firestore } from 'firebase-admin/firestore';
import { Timestamp } from 'firebase-admin/firestore';
import { HttpsError } from 'firebase-functions/v2/https';
import { requireShopRole } from './access';
import { SERVER_COLLECTIONS } from './collections';

export const MAX_FAILURES = 5;
export const LOCK_MINUTES = 5;

export interface DirectoryEmployee {
  id: string;
  name: string;
  surname?: string;
  email?: string;
  roleLevel: number;
  roleName: string;
  hasPin: boolean;
}

const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : '');

export async function employeeDirectory(db: Firestore, uid: string | undefined, data: unknown): Promise<{ employees: DirectoryEmployee[] }> {
  const shopId = (data as { shopId?: unknown } | null)?.shopId;
  await requireShopRole(db, uid, shopId, ['owner', 'admin', 'accountant', 'tech']);
  const snap = await db.collection(SERVER_COLLECTIONS.employee).where('userId', '==', shopId).get();
  const employees = snap.docs.map((d) => {
    const surname = text(d.get('surname'));
    const email = text(d.get('email'));
    const level = Number.parseInt(text(d.get('roleLevel')) || '1', 10);
    return {
      id: d.id,
      name: text(d.get('name')),
      ...(surname ? { surname } : {}),
      ...(email ? { email } : {}),
      roleLevel: Number.isFinite(level) ? Math.max(0, level) : 1,
      roleName: text(d.get('roleName')),
      hasPin: text(d.get('pin')) !== '',
    };
  });
  return { employees };
}

export async function checkEmployeePin(db: Firestore, uid: string | undefined, data: unknown, now = new Date()): Promise<{ ok: boolean; locked?: boolean }> {
  const input = (data ?? {}) as { shopId?: unknown; employeeId?: unknown; pin?: unknown };
  // The employee choice belongs to the shop's own session (document 3 §2.7); admins for support.
  await requireShopRole(db, uid, input.shopId, ['owner', 'admin']);
  if (typeof input.employeeId !== 'string' || input.employeeId === '' || typeof input.pin !== 'string') throw new HttpsError('invalid-argument', 'Dati mancanti.');
  const employeeRef = db.collection(SERVER_COLLECTIONS.employee).doc(input.employeeId);
  const attemptRef = db.collection(SERVER_COLLECTIONS.pinAttempt).doc(`${String(input.shopId)}_${input.employeeId}`);
  const entered = input.pin.trim();
  return db.runTransaction(async (tx) => {
    const [employee, attempt] = await Promise.all([tx.get(employeeRef), tx.get(attemptRef)]);
    if (!employee.exists || employee.get('userId') !== input.shopId) throw new HttpsError('not-found', 'Dipendente non trovato.');
    const lockedUntil: unknown = attempt.get('lockedUntil');
    if (lockedUntil instanceof Timestamp && lockedUntil.toMillis() > now.getTime()) return { ok: false, locked: true };
    const stored = text(employee.get('pin'));
    // No PIN stored: nothing to check (the page does not ask); a PIN stored as the number 1234 matches '1234'.
    const ok = stored === '' || stored === entered;
    if (ok) {
      if (attempt.exists) tx.delete(attemptRef);
      return { ok: true };
    }
    const failures = (typeof attempt.get('failures') === 'number' ? (attempt.get('failures') as number) : 0) + 1;
    const lock = failures >= MAX_FAILURES;
    tx.set(attemptRef, {
      failures: lock ? 0 : failures,
      lastFailureAt: Timestamp.fromDate(now),
      ...(lock ? { lockedUntil: Timestamp.fromMillis(now.getTime() + LOCK_MINUTES * 60_000) } : {}),
    });
    return { ok: false, ...(lock ? { locked: true } : {}) };
  });
}
