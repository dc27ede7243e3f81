/**
 * Firestore and Auth calls of /users and /register-accountant (document 3 §2.7, §5, §7): the shop's employees
 * (Employe where userId == shop), its accountants' User documents (one by id each: the rules let an owner read
 * exactly the accountants their shop lists), employee writes, and the accountant registration.
 */
import { createUserWithEmailAndPassword, deleteUser, signInWithEmailAndPassword, type User as AuthUser } from 'firebase/auth';
import {
  arrayRemove, arrayUnion, deleteDoc, doc, getDoc, serverTimestamp, setDoc, updateDoc,
} from 'firebase/firestore';
import { COLLECTIONS } from '@/data/collections';
import { addEmployeeFromForm, employeeDoc, saveEmployeeFromForm } from '@/data/employee';
import { shopDoc } from '@/data/shop';
import { userDoc, type User } from '@/data/user';
import { ACCOUNTANT_MESSAGES } from '@/domain/users/accountant';
import type { EmployeeFormValue } from '@/domain/users/employee-form';
import { confirmedWrite, errorCode, italianError, refuseIfOffline } from '@/lib/firebase-errors';
import { withSecondaryApp } from '@/lib/firebase-secondary';

export { shopDoc };

export type AccountantCard = { id: string; user: User | undefined; error: string | undefined };

/**
 * The accountants a shop lists; one that cannot be read (deleted, not visible to this user, or invited and not yet
 * accepted) keeps its id.
 */
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
          // The rules show an accountant's profile only once they accepted this shop (their own link to it).
          return { id, user: undefined, error: errorCode(error) === 'permission-denied' ? ACCOUNTANT_MESSAGES.pending : italianError(error) };
        }
      }
    }),
  );
}

export function addEmployee(shopId: string, value: EmployeeFormValue): Promise<string> {
  return confirmedWrite(addEmployeeFromForm(shopId, value));
}

export async function updateEmployee(employeeId: string, value: EmployeeFormValue): Promise<void> {
  await confirmedWrite(saveEmployeeFromForm(employeeId, value));
}

export async function deleteEmployee(employeeId: string): Promise<void> {
  await confirmedWrite(deleteDoc(employeeDoc(employeeId)));
}

export type RegisterResult = { ok: true; accountantId: string; created: boolean } | { ok: false; error: string };

class RegisterStop extends Error {}

type Secondary = Parameters<Parameters<typeof withSecondaryApp>[0]>[0];

/**
 * Registers an accountant on the owner's shop (document 3 §5, the four cases), with the accountant's consent verified
 * by the rules: the owner INVITES (lists the accountant's uid in their Shop's `accountants`), the accountant ACCEPTS
 * with their own session — signed in on a secondary app with the password the owner typed, so the owner stays signed
 * in and needs no directory of users — by writing the link to this shop in their own User document. No owner writes
 * another account's profile; the owner reads the accountant's profile only once it names the shop.
 * 1. new email: the Auth account is created on the secondary app, invited, and creates its own accountant profile;
 * 2. an existing accountant: signed in on the secondary app, invited, and appends this shop to its links;
 * 3. an Auth account without User document: 'già registrata in Auth ma non in Firestore';
 * 4. already on this shop (invited and accepted): 'già associato a questo negozio'. Invited but never accepted (an
 *    earlier attempt stopped halfway, or an older link): the acceptance is completed.
 */
export async function registerAccountant(ownerUid: string, email: string, password: string): Promise<RegisterResult> {
  try {
    // Every step needs the server (the Auth account, the invitation, the acceptance): offline nothing is started, and
    // the owner reads the Italian offline message at once (confirmedTransaction's), nothing half-created.
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
          await inviteAndAccept(ownerUid, secondary, { uid: created.uid, email: created.email ?? email, created: true, listed: false, rawShops: undefined });
        } catch (error) {
          // Without its User document the new account would be stuck ('già registrata in Auth ma non in
          // Firestore'): remove it, so that the owner can simply try again. Not when the server only did not
          // confirm in time: the write is still queued and lands.
          if (errorCode(error) !== 'write-unconfirmed') await deleteUser(created).catch((e: unknown) => console.warn('Account commercialista non rimosso', e));
          throw error;
        }
        return { uid: created.uid, created: true };
      }
      const signedIn = (await signInWithEmailAndPassword(secondary.auth, email, password)).user;
      const uid = signedIn.uid;
      const profile = await getDoc(doc(secondary.db, COLLECTIONS.user, uid));
      if (!profile.exists()) throw new RegisterStop(ACCOUNTANT_MESSAGES.authOnly);
      const data = profile.data();
      if (String(data.level ?? '').trim().toLowerCase() !== 'accountant') throw new RegisterStop(ACCOUNTANT_MESSAGES.notAccountant);
      const rawShops = Array.isArray(data.shops) ? (data.shops as unknown[]) : undefined;
      const accepted = rawShops === undefined || rawShops.some((s) => isLink(s, ownerUid));
      if (listed.includes(uid) && accepted) throw new RegisterStop(ACCOUNTANT_MESSAGES.alreadyLinked);
      await inviteAndAccept(ownerUid, secondary, { uid, email: signedIn.email ?? email, created: false, listed: listed.includes(uid), rawShops });
      return { uid, created: false };
    });
    return { ok: true, accountantId: found.uid, created: found.created };
  } catch (error) {
    if (error instanceof RegisterStop) return { ok: false, error: error.message };
    return { ok: false, error: `${ACCOUNTANT_MESSAGES.failurePrefix}${italianError(error)}` };
  }
}

/**
 * The two writes, each confirmed by the server or refused with the Italian offline message (confirmedWrite):
 * 1. the owner's invitation (main app): the accountant's id in Shop.accountants;
 * 2. the accountant's acceptance (the secondary app, signed in as the accountant): its new profile (level accountant,
 *    linked to this shop) or this shop appended to its links. A legacy non-list `shops` is left alone.
 * They cannot share one batch (two accounts): when the acceptance is refused, the invitation made here is withdrawn,
 * so no half is left behind (an unconfirmed write is still queued and lands: nothing is undone then).
 */
async function inviteAndAccept(
  ownerUid: string,
  secondary: Secondary,
  found: { uid: string; email: string; created: boolean; listed: boolean; rawShops: unknown[] | undefined },
): Promise<void> {
  const link = { shopId: ownerUid, role: 'accountant' };
  const shopRef = shopDoc(ownerUid);
  if (!found.listed) await confirmedWrite(updateDoc(shopRef, { accountants: arrayUnion(found.uid), updatedAt: serverTimestamp() }));
  // The User document is written in stored field names (as the POS and the rules read it), not through the converter.
  const ownProfile = doc(secondary.db, COLLECTIONS.user, found.uid);
  try {
    if (found.created) {
      await confirmedWrite(setDoc(ownProfile, { userId: found.uid, email: found.email, level: 'accountant', shops: [link], createdAt: serverTimestamp() }));
    } else if (found.rawShops !== undefined && !found.rawShops.some((s) => isLink(s, ownerUid))) {
      // The rules accept exactly the stored list with this shop appended.
      await confirmedWrite(updateDoc(ownProfile, { shops: [...found.rawShops, link] }));
    }
  } catch (error) {
    if (!found.listed && errorCode(error) !== 'write-unconfirmed') {
      await updateDoc(shopRef, { accountants: arrayRemove(found.uid), updatedAt: serverTimestamp() }).catch((e: unknown) => console.warn('Invito al commercialista non ritirato', e));
    }
    throw error;
  }
}

function isLink(value: unknown, shopId: string): boolean {
  return value === shopId || (typeof value === 'object' && value !== null && (value as { shopId?: unknown }).shopId === shopId);
}
