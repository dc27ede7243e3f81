/**
 * The writes of /register-shop (document 1 §4, §7 Writes, §8). Designed so that a failure
 * half-way leaves nothing orphaned and a retry completes the same registration:
 * 1. the Auth account on a secondary app (the technician stays signed in); on a retry the account exists, so it is
 *    signed in there with the same password (which also proves the technician acts for that account);
 * 2. as that account, its own User document with level shopRegister and `registeredBy` = the technician — the
 *    account's consent, which the rules require before a technician may create its shop;
 * 3. as the technician, ONE batch: Shop (keyed by the new uid, technician in `technicians`, settings defaults of
 *    §9), ShopSubscription (3 months), the Employe records (the technician's own with roleLevel 0 'Tecnico') and
 *    User level shopRegister -> shop. All or nothing; record ids are deterministic, so nothing can be duplicated;
 *    a retry after a batch that did land (answer lost) finds the shop and goes on;
 * 4. optionally the OpenAPI set-up through the one SDI client, then Shop.openApi = true.
 */
import { createUserWithEmailAndPassword, signInWithEmailAndPassword } from 'firebase/auth';
import { doc, getDoc, getDocs, serverTimestamp, setDoc, updateDoc, writeBatch } from 'firebase/firestore';
import { COLLECTIONS } from '@/data/collections';
import { employeeDoc, TECHNICIAN_ROLE_LEVEL, TECHNICIAN_ROLE_NAME } from '@/data/employee';
import { packsCol, type Pack } from '@/data/pack';
import { legacyPlansCol, plansCol, type Plan } from '@/data/plan';
import { DEFAULT_BUSINESS_DAY_CUTOFF, DEFAULT_CODE_DDT, DEFAULT_INVOICE_NUMBER, DEFAULT_TAX_REGIME, shopDoc, type Shop } from '@/data/shop';
import { shopSubscriptionDoc } from '@/data/shop-subscription';
import { claimFiscalId } from '@/data/fiscal-id';
import { fiscalIdTakenMessage, normalizeFiscalId } from '@/domain/fiscal-ids/registry';
import { employeeRoleLevel, registrationIds, REGISTRATION_MESSAGES, subscriptionPeriod, subscriptionPrice, type RegistrationForm } from '@/domain/tech/registration';
import { appEnv } from '@/config/env';
import { confirmedWrite, errorCode, italianError } from '@/lib/firebase-errors';
import { db } from '@/lib/firebase';
import { withSecondaryApp } from '@/lib/firebase-secondary';
import { sdiApi } from '@/lib/sdi-api';
import { registryHolder } from './api-shop';
import { userDoc } from '@/data/user';

/** Plans from 'Plan', with the lower-case 'plan' collection of older deployments as the fallback (document 1 §7). */
export async function loadCatalog(): Promise<{ plans: Plan[]; packs: Pack[] }> {
  const [plans, packs] = await Promise.all([getDocs(plansCol()), getDocs(packsCol())]);
  let planList = plans.docs.map((d) => d.data());
  if (planList.length === 0) planList = (await getDocs(legacyPlansCol())).docs.map((d) => d.data());
  return { plans: planList.sort((a, b) => a.price - b.price), packs: packs.docs.map((d) => d.data()).sort((a, b) => a.name.localeCompare(b.name, 'it')) };
}

export interface Technician {
  uid: string;
  email: string;
}

export type RegisterShopResult =
  | { ok: true; uid: string; openApi: { kind: 'skipped' } | { kind: 'configured' } | { kind: 'failed'; detail: string } }
  | { ok: false; error: string };

class Stop extends Error {}

/** Steps 1–2: the account (created, or signed in on a retry) and its own User document. */
async function ensureAccount(form: RegistrationForm, tech: Technician): Promise<{ uid: string; alreadyShop: boolean }> {
  return withSecondaryApp(async (secondary) => {
    const email = form.email.trim().toLowerCase();
    let uid: string;
    try {
      uid = (await createUserWithEmailAndPassword(secondary.auth, email, form.password)).user.uid;
    } catch (error) {
      if (errorCode(error) !== 'auth/email-already-in-use') throw error;
      uid = (await signInWithEmailAndPassword(secondary.auth, email, form.password)).user.uid;
    }
    const ref = doc(secondary.db, COLLECTIONS.user, uid);
    const existing = await getDoc(ref);
    if (!existing.exists()) {
      await confirmedWrite(setDoc(ref, { userId: uid, email, level: 'shopRegister', shops: [], registeredBy: tech.uid, createdAt: serverTimestamp() }));
      return { uid, alreadyShop: false };
    }
    const level = String(existing.data().level ?? '');
    if (level === 'shopRegister') {
      if (existing.data().registeredBy !== tech.uid) await confirmedWrite(updateDoc(ref, { registeredBy: tech.uid }));
      return { uid, alreadyShop: false };
    }
    if (level === 'shop') return { uid, alreadyShop: true };
    throw new Stop(REGISTRATION_MESSAGES.failure(`l'account ${email} esiste già con un altro ruolo.`));
  });
}

function buildShop(uid: string, form: RegistrationForm, tech: Technician, subscriptionId: string): Shop {
  const s = form.shop;
  return {
    id: uid,
    userId: uid,
    name: s.name.trim(),
    address: s.address.trim(),
    city: s.city.trim(),
    province: s.province.trim().toUpperCase(),
    zipCode: s.zipCode.trim(),
    country: 'IT',
    phone: s.phone.trim(),
    partitaIva: normalizeFiscalId(s.partitaIva),
    taxRegime: DEFAULT_TAX_REGIME,
    emailUser: form.email.trim().toLowerCase(),
    openApi: false,
    subscriptionId,
    accountants: [],
    technicians: [tech.uid],
    isChainMaster: false,
    shopGroup: null,
    devices: {},
    settings: {
      pIva: normalizeFiscalId(s.partitaIva),
      printerIp: s.printerIp.trim(),
      secondPrinterIp: '',
      imageScraping: false,
      codeDdt: DEFAULT_CODE_DDT,
      nextInvoiceNumber: DEFAULT_INVOICE_NUMBER,
      lastCreditNoteNumber: 0,
      posHost: '',
      posPort: '',
      posTid: '',
      automaticPosSale: false,
      cashmaticEnabled: false,
      cashmaticServerIP: '',
      cashmaticPort: '',
      cashmaticProtocol: 'https',
      cashmaticUsername: '',
      cashmaticPassword: '',
      cashmaticTotalMoney: 0,
      backofficeRoles: false,
      businessDayCutoff: DEFAULT_BUSINESS_DAY_CUTOFF,
    },
    createdAt: new Date(),
    updatedAt: new Date(),
  };
}

/** Step 3: every Firestore record of the shop, in one batch written by the technician. */
async function writeShopRecords(uid: string, form: RegistrationForm, tech: Technician, plan: Plan, packs: readonly Pack[]): Promise<void> {
  const ids = registrationIds(uid);
  const now = new Date();
  const pIva = normalizeFiscalId(form.shop.partitaIva);
  // The P.IVA is claimed in the registry by this very batch: one another shop holds stops here with
  // its message instead of failing the batch with a permission error.
  const holder = pIva === '' ? 'none' : await registryHolder(pIva, uid);
  if (holder === 'other') throw new Stop(REGISTRATION_MESSAGES.failure(fiscalIdTakenMessage(pIva)));
  const batch = writeBatch(db());
  batch.set(shopDoc(uid), buildShop(uid, form, tech, ids.subscription));
  if (holder === 'none' && pIva !== '') claimFiscalId(batch, pIva, uid, tech.uid);
  const price = subscriptionPrice(plan, form.packIds, new Map(packs.map((p) => [p.id, p.price])));
  batch.set(shopSubscriptionDoc(ids.subscription), {
    id: ids.subscription,
    shopId: uid,
    userId: uid,
    plan: plan.id,
    packs: [...new Set([...plan.includedPacks, ...form.packIds])],
    ...subscriptionPeriod(now),
    price,
    status: 'active',
    proposedPrice: null,
    createdBy: tech.uid,
    createdAt: now,
  });
  batch.set(employeeDoc(ids.techEmployee), {
    id: ids.techEmployee,
    userId: uid,
    name: form.tech.name.trim() || tech.email,
    surname: form.tech.surname.trim() || undefined,
    email: tech.email,
    pin: form.tech.pin,
    roleLevel: TECHNICIAN_ROLE_LEVEL,
    roleName: TECHNICIAN_ROLE_NAME,
    createdAt: now,
  });
  form.employees.forEach((e, i) => {
    batch.set(employeeDoc(ids.employee(i)), {
      id: ids.employee(i),
      userId: uid,
      name: e.name.trim(),
      surname: e.surname.trim(),
      pin: e.pin.trim(),
      roleLevel: roleLevelOf(e),
      roleName: e.roleName.trim(),
      createdAt: now,
    });
  });
  batch.update(userDoc(uid), { level: 'shop' });
  await confirmedWrite(batch.commit());
}

/** The shop the technician registered earlier (a retry after the batch landed). */
async function registeredByMe(uid: string, tech: Technician): Promise<boolean> {
  try {
    const shop = await getDoc(shopDoc(uid));
    return shop.exists() && shop.data().technicians.includes(tech.uid);
  } catch {
    return false;
  }
}

/** The OpenAPI set-up for a shop (registration and the shop page): the provider, then Shop.openApi = true. */
export async function configureOpenApi(shopId: string, input: { partitaIva: string; name: string; email: string }): Promise<{ kind: 'configured' } | { kind: 'failed'; detail: string }> {
  const result = await sdiApi(shopId).configureShop({ fiscalId: input.partitaIva, name: input.name, email: input.email, callbackUrl: appEnv().sdiCallbackUrl });
  if (result.kind === 'failed') return { kind: 'failed', detail: result.detail };
  try {
    await confirmedWrite(updateDoc(shopDoc(shopId), { openApi: true, updatedAt: serverTimestamp() }));
  } catch (error) {
    return { kind: 'failed', detail: italianError(error) };
  }
  return { kind: 'configured' };
}

/** The form's step 4 has validated it; a level that is not 1–10 here is refused, never replaced by a default. */
function roleLevelOf(e: RegistrationForm['employees'][number]): number {
  const level = employeeRoleLevel(e);
  if (level === undefined) throw new Stop(REGISTRATION_MESSAGES.roleLevel);
  return level;
}

export async function registerShop(form: RegistrationForm, tech: Technician, plan: Plan, packs: readonly Pack[]): Promise<RegisterShopResult> {
  let uid: string;
  try {
    const account = await ensureAccount(form, tech);
    uid = account.uid;
    if (account.alreadyShop) {
      if (!(await registeredByMe(uid, tech))) return { ok: false, error: REGISTRATION_MESSAGES.alreadyRegistered };
    } else {
      await writeShopRecords(uid, form, tech, plan, packs);
    }
  } catch (error) {
    return { ok: false, error: error instanceof Stop ? error.message : REGISTRATION_MESSAGES.failure(italianError(error)) };
  }
  if (!form.openApi) return { ok: true, uid, openApi: { kind: 'skipped' } };
  const openApi = await configureOpenApi(uid, { partitaIva: normalizeFiscalId(form.shop.partitaIva), name: form.shop.name.trim(), email: form.email.trim().toLowerCase() });
  return { ok: true, uid, openApi };
}
