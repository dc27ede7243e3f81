/**
 * Plan (document 1 §3, document 3 §3). Read by id from 'Plan', with the lower-case 'plan' collection of older
 * deployments as a fallback (document 1 §7): both references are exported.
 */
import { COLLECTIONS } from './collections';
import { makeConverter, typedCollection, typedDoc } from './converter';
import { normalizePlan, toFirestorePlan, type Plan } from './plan-doc';

export { normalizePlan, toFirestorePlan, type Plan };

export const planConverter = makeConverter('Plan', normalizePlan, toFirestorePlan);
export const plansCol = () => typedCollection(COLLECTIONS.plan, planConverter);
export const planDoc = (id: string) => typedDoc(COLLECTIONS.plan, id, planConverter);
export const legacyPlansCol = () => typedCollection(COLLECTIONS.planFallback, planConverter);
export const legacyPlanDoc = (id: string) => typedDoc(COLLECTIONS.planFallback, id, planConverter);
