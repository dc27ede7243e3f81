/**
 * A technician created by an admin (/developer 'Nuovo tecnico', createTechnician) against the Auth and Firestore
 * emulators: the account is sent Firebase's verification e-mail at once, since the pendingShops function trusts the
 * address only when the token says it is verified (functions/src/pending-shops.ts); the link verifies the account.
 */
import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { getAuth as getAdminAuth } from 'firebase-admin/auth';
import { getFirestore } from 'firebase-admin/firestore';
import { signInWithEmailAndPassword, signOut } from 'firebase/auth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTechnician } from '@/features/developer/api';
import { auth } from '@/lib/firebase';

const PASSWORD = 'Verifica!2026';
const run = `${Date.now()}`;
const ADMIN = `int-verify-admin-${run}`;
const TECH_EMAIL = `tecnico-${run}@integrazione.test`;
const PROJECT = process.env.GCLOUD_PROJECT ?? 'demo-backoffice';

let admin: App;

interface OobCode {
  email: string;
  requestType: string;
  oobLink: string;
}

async function oobCodes(): Promise<OobCode[]> {
  const res = await fetch(`http://${process.env.FIREBASE_AUTH_EMULATOR_HOST ?? ''}/emulator/v1/projects/${PROJECT}/oobCodes`);
  return ((await res.json()) as { oobCodes: OobCode[] }).oobCodes;
}

beforeAll(async () => {
  admin = initializeApp({ projectId: PROJECT }, 'technician-verification');
  await getAdminAuth(admin).createUser({ uid: ADMIN, email: `${ADMIN}@integrazione.test`, password: PASSWORD, emailVerified: true });
  await getFirestore(admin).doc(`User/${ADMIN}`).set({ userId: ADMIN, email: `${ADMIN}@integrazione.test`, level: 'admin' });
});

afterAll(async () => {
  await signOut(auth()).catch(() => undefined);
  if (admin) await deleteApp(admin);
});

describe('a new technician', () => {
  it('is sent the verification e-mail, and its link verifies the account', async () => {
    await signInWithEmailAndPassword(auth(), `${ADMIN}@integrazione.test`, PASSWORD);
    const uid = await createTechnician(TECH_EMAIL, PASSWORD);
    expect(uid).toBeTruthy();
    expect(auth().currentUser?.uid).toBe(ADMIN); // the admin stays signed in
    expect((await getFirestore(admin).doc(`User/${uid!}`).get()).get('level')).toBe('tech');
    expect((await getAdminAuth(admin).getUser(uid!)).emailVerified).toBe(false);

    const sent = (await oobCodes()).filter((c) => c.email === TECH_EMAIL && c.requestType === 'VERIFY_EMAIL');
    expect(sent).toHaveLength(1);
    // What the technician's click on the e-mail's link does.
    expect((await fetch(sent[0]!.oobLink)).ok).toBe(true);
    expect((await getAdminAuth(admin).getUser(uid!)).emailVerified).toBe(true);
  });
});
