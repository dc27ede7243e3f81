/**
 * Plan (document 1 §3, document 3 §3). Read by id from 'Plan', with the lower-case 'plan' collection of older
 * deployments as a fallback (document 1 §7): both references are exported.
 */
import { getDoc } from 'firebase/firestore';
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
