/**
 * SaleDaySummary references and queries; the stored shape and its reading are in sale-day-summary-doc.ts, without
 * Firebase imports (the nightly Cloud Function writes the same documents).
 */
import { query, where } from 'firebase/firestore';
import { COLLECTIONS } from './collections';
import { makeConverter, typedCollection, typedDoc } from './converter';
import { normalizeSaleDaySummary, summaryId, toFirestoreSaleDaySummary } from './sale-day-summary-doc';

export * from './sale-day-summary-doc';

export const saleDaySummaryConverter = makeConverter('SaleDaySummary', normalizeSaleDaySummary, toFirestoreSaleDaySummary);
export const saleDaySummariesCol = () => typedCollection(COLLECTIONS.saleDaySummary, saleDaySummaryConverter);
export const saleDaySummaryDoc = (shopId: string, day: string) => typedDoc(COLLECTIONS.saleDaySummary, summaryId(shopId, day), saleDaySummaryConverter);

/** The shop's summaries of the days `from`..`to` ('yyyy-MM-dd', both included). Index: userId + day. */
export const saleDaySummariesQuery = (shopId: string, from: string, to: string) =>
  query(saleDaySummariesCol(), where('userId', '==', shopId), where('day', '>=', from), where('day', '<=', to));
