/**
 * Plan (document 1 §3, document 3 §3). Read by id from 'Plan', with the lower-case 'plan' collection of older
 * deployments as a fallback (document 1 §7): both references are exported.
 */
import { doc, getDoc, setDoc, updateDoc } from 'firebase/firestore';
import { COLLECTIONS } from './collections';
import { makeConverter, typedCollection, typedDoc } from './converter';
import { findPlan, normalizePlan, toFirestorePlan, type Plan } from './plan-doc';

export { normalizePlan, toFirestorePlan, type Plan };

export const planConverter = makeConverter('Plan', normalizePlan, toFirestorePlan);
export const plansCol = () => typedCollection(COLLECTIONS.plan, planConverter);
export const planDoc = (id: string) => typedDoc(COLLECTIONS.plan, id, planConverter);
export const legacyPlansCol = () => typedCollection(COLLECTIONS.planFallback, planConverter);
export const legacyPlanDoc = (id: string) => typedDoc(COLLECTIONS.planFallback, id, planConverter);

/** One plan document, from `Plan` or (legacy) the lower-case `plan`; undefined when it does not exist. */
export async function readPlan(id: string, legacy: boolean): Promise<Plan | undefined> {
  const snapshot = await getDoc(legacy ? legacyPlanDoc(id) : planDoc(id));
  return snapshot.exists() ? snapshot.data() : undefined;
}

/** The plan by id with the lower-case fallback: the permission chain's lookup (plan-doc.ts findPlan). */
export function loadPlan(planId: string): Promise<Plan | undefined> {
  return findPlan(readPlan, planId);
}

export interface PlanFields {
  name: string;
  price: number;
  description: string;
  packs: string[];
}

/**
 * The catalogue fields of plan `id` rewritten, or a new plan with them (`id` undefined); resolves with the plan's id.
 * Only these fields, in stored names (packs under both names, see plan-doc), so a POS field is never overwritten.
 */
export async function savePlanFields(id: string | undefined, fields: PlanFields): Promise<string> {
  const data = { name: fields.name, price: fields.price, packs: fields.packs, includedPacks: fields.packs, description: fields.description };
  if (id) {
    await updateDoc(planDoc(id), data);
    return id;
  }
  const ref = doc(plansCol()).withConverter(null);
  await setDoc(ref, data);
  return ref.id;
}
