/**
 * Firestore and Auth calls of /users and /register-accountant (document 3 §2.7, §5, §7): the shop's employees
 * (Employe where userId == shop), its accountants' User documents (one by id each: the rules let an owner read
 * exactly the accountants their shop lists), employee writes, and the accountant registration.
 */
import { createUserWithEmailAndPassword, deleteUser, signInWithEmailAndPassword, type User as AuthUser } from 'firebase/auth';
import {
  arrayUnion, deleteDoc, deleteField, doc, getDoc, query, serverTimestamp, setDoc, updateDoc, where, writeBatch, type Query,
} from 'firebase/firestore';
import { COLLECTIONS } from '@/data/collections';
import { employeeDoc, employeesCol, type Employee } from '@/data/employee';
import { shopDoc } from '@/data/shop';
import { userDoc, type User } from '@/data/user';
import { ACCOUNTANT_MESSAGES } from '@/domain/users/accountant';
import type { EmployeeFormValue } from '@/domain/users/employee-form';
import { confirmedWrite, errorCode, italianError, refuseIfOffline } from '@/lib/firebase-errors';
import { db } from '@/lib/firebase';
import { withSecondaryApp } from '@/lib/firebase-secondary';

export { shopDoc };

export function shopEmployeesQuery(shopId: string): Query<Employee> {
  return query(employeesCol(), where('userId', '==', shopId));
}

export type AccountantCard = { id: string; user: User | undefined; error: string | undefined };

/** The accountants a shop lists; one that cannot be read (deleted, or not visible to this user) keeps its id. */
export async function loadAccountants(ids: readonly string[]): Promise<AccountantCard[]> {
  return Promise.all(
    ids.map(async (id) => {
      for (let attempt = 0; ; attempt++) {
        try {
          const snapshot = await getDoc(userDoc(id));
          return { id, user: snapshot.exists() ? snapshot.data() : undefined, error: undefined };
        } catch (error) {
          // An id the live shop shows before its write is committed is refused once: ask again after a moment.
          if (attempt === 0 && errorCode(error) === 'permission-denied') {
            await new Promise((resolve) => setTimeout(resolve, 800));
            continue;
          }
          return { id, user: undefined, error: italianError(error) };
        }
      }
    }),
  );
}

/** Written as the POS app stores employees: roleLevel as text, pin '' for none. */
function employeeFields(value: EmployeeFormValue) {
  return {
    name: value.name,
    surname: value.surname,
    roleLevel: String(value.roleLevel),
    roleName: value.roleName,
    pin: value.pin,
  };
}

export async function addEmployee(shopId: string, value: EmployeeFormValue): Promise<string> {
  // Written as the POS stores employees (employeeFields), not through the converter.
  const ref = doc(employeesCol()).withConverter(null);
  await confirmedWrite(setDoc(ref, {
    userId: shopId,
    ...employeeFields(value),
    ...(value.email ? { email: value.email } : {}),
    createdAt: serverTimestamp(),
  }));
  return ref.id;
}

export async function updateEmployee(employeeId: string, value: EmployeeFormValue): Promise<void> {
  await confirmedWrite(updateDoc(employeeDoc(employeeId), {
    ...employeeFields(value),
    email: value.email ? value.email : deleteField(),
    updatedAt: serverTimestamp(),
  }));
}

export async function deleteEmployee(employeeId: string): Promise<void> {
  await confirmedWrite(deleteDoc(employeeDoc(employeeId)));
}

export type RegisterResult = { ok: true; accountantId: string; created: boolean } | { ok: false; error: string };

class RegisterStop extends Error {}

/**
 * Registers an accountant on the owner's shop (document 3 §5, the four cases):
 * 1. new email: the Auth account is created on a secondary app (the owner stays signed in), then the owner
 *    writes its User document (level accountant, linked to this shop) and adds the id to Shop.accountants;
 * 2. an existing accountant: signed in on the secondary app with the password given (which proves the owner
 *    acts with the accountant's consent and needs no directory of users), this shop is appended to its links
 *    and its id added to Shop.accountants;
 * 3. an Auth account without User document: 'già registrata in Auth ma non in Firestore';
 * 4. already on this shop: 'già associato a questo negozio'.
 */
export async function registerAccountant(ownerUid: string, email: string, password: string): Promise<RegisterResult> {
  try {
    // Every step needs the server (the Auth account, the consent check, the one batch): offline nothing is started,
    // and the owner reads the Italian offline message at once (confirmedTransaction's), nothing half-created.
    refuseIfOffline();
    const shop = await getDoc(shopDoc(ownerUid));
    if (!shop.exists()) return { ok: false, error: ACCOUNTANT_MESSAGES.noShop };
    const listed = shop.data().accountants;

    const found = await withSecondaryApp(async (secondary) => {
      let created: AuthUser | undefined;
      try {
        created = (await createUserWithEmailAndPassword(secondary.auth, email, password)).user;
      } catch (error) {
        if (errorCode(error) !== 'auth/email-already-in-use') throw error;
      }
      if (created) {
        try {
          await linkAccountant(ownerUid, { uid: created.uid, created: true, rawShops: [] }, email);
        } catch (error) {
          // Without its User document the new account would be stuck ('già registrata in Auth ma non in
          // Firestore'): remove it, so that the owner can simply try again. Not when the server only did not
          // confirm in time: the one batch is still queued and lands whole (account, profile and link together).
          if (errorCode(error) !== 'write-unconfirmed') await deleteUser(created).catch((e: unknown) => console.warn('Account commercialista non rimosso', e));
          throw error;
        }
        return { uid: created.uid, created: true };
      }
      const uid = (await signInWithEmailAndPassword(secondary.auth, email, password)).user.uid;
      if (listed.includes(uid)) throw new RegisterStop(ACCOUNTANT_MESSAGES.alreadyLinked);
      const profile = await getDoc(doc(secondary.db, COLLECTIONS.user, uid));
      if (!profile.exists()) throw new RegisterStop(ACCOUNTANT_MESSAGES.authOnly);
      const data = profile.data();
      if (String(data.level ?? '').trim().toLowerCase() !== 'accountant') throw new RegisterStop(ACCOUNTANT_MESSAGES.notAccountant);
      await linkAccountant(ownerUid, { uid, created: false, rawShops: Array.isArray(data.shops) ? (data.shops as unknown[]) : undefined }, email);
      return { uid, created: false };
    });
    return { ok: true, accountantId: found.uid, created: found.created };
  } catch (error) {
    if (error instanceof RegisterStop) return { ok: false, error: error.message };
    return { ok: false, error: `${ACCOUNTANT_MESSAGES.failurePrefix}${italianError(error)}` };
  }
}

/**
 * The owner's writes (main app), in ONE batch so that no half (a profile without the shop's link, or the reverse)
 * can exist: the accountant's User document or its link to this shop, and Shop.accountants. Confirmed by the
 * server or refused with the Italian offline message (confirmedWrite).
 */
async function linkAccountant(ownerUid: string, found: { uid: string; created: boolean; rawShops: unknown[] | undefined }, email: string): Promise<void> {
  const link = { shopId: ownerUid, role: 'accountant' };
  // The User document is set in stored field names (as the POS and the rules read it), not through the converter.
  const userRef = userDoc(found.uid).withConverter(null);
  const batch = writeBatch(db());
  if (found.created) {
    batch.set(userRef, { userId: found.uid, email, level: 'accountant', shops: [link], createdAt: serverTimestamp() });
  } else if (found.rawShops !== undefined && !found.rawShops.some((s) => isLink(s, ownerUid))) {
    // The rules accept exactly the stored list with this shop appended. (A legacy non-list value is left alone:
    // the Shop's accountants list still grants the access.)
    batch.update(userRef, { shops: [...found.rawShops, link] });
  }
  batch.update(shopDoc(ownerUid), { accountants: arrayUnion(found.uid), updatedAt: serverTimestamp() });
  await confirmedWrite(batch.commit());
}

function isLink(value: unknown, shopId: string): boolean {
  return typeof value === 'object' && value !== null && (value as { shopId?: unknown }).shopId === shopId;
}
