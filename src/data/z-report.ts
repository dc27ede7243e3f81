/**
 * ZReport (document 1 §3): the daily cash-register closing written by the POS app. The spec names only userId
 * and createdAt; the totals below are read tolerantly (Italian and English names) and may be absent.
 */
import { query, Timestamp, where } from 'firebase/firestore';
import { businessDayStart, nextDay } from '@/domain/zreport/business-day';
import { localDay, type ReconClosing } from '@/domain/zreport/reconcile';
import { COLLECTIONS } from './collections';
import { makeConverter, typedCollection, typedDoc } from './converter';
import { salesCol } from './sale';
import { compact, pick, toDate, toInt, toNumber, toOptStr, toStr, type RawDoc } from './normalize';

/** The stored closing: the figures the reconciliation reads (one definition, in the domain) and the shop. */
export interface ZReport extends ReconClosing {
  userId: string;
}

export function normalizeZReport(id: string, raw: RawDoc): ZReport {
  return {
    id,
    userId: toStr(raw.userId).trim(),
    createdAt: toDate(pick(raw, 'createdAt', 'date', 'timestamp')),
    number: toInt(pick(raw, 'number', 'numero', 'zNumber')),
    total: toNumber(pick(raw, 'total', 'totale', 'amount')),
    cashTotal: toNumber(pick(raw, 'cashTotal', 'contanti')),
    cardTotal: toNumber(pick(raw, 'cardTotal', 'bancomat')),
    invoiceTotal: toNumber(pick(raw, 'invoiceTotal', 'fatture')),
    receiptsCount: toInt(pick(raw, 'receiptsCount', 'scontrini')),
    voidCount: toInt(pick(raw, 'voidCount', 'annulli')),
    deviceId: toOptStr(raw.deviceId),
  };
}

export function toFirestoreZReport(z: ZReport): RawDoc {
  const { id: _id, ...fields } = z;
  return compact({ ...fields });
}

export const zReportConverter = makeConverter('ZReport', normalizeZReport, toFirestoreZReport);
export const zReportsCol = () => typedCollection(COLLECTIONS.zReport, zReportConverter);
export const zReportDoc = (id: string) => typedDoc(COLLECTIONS.zReport, id, zReportConverter);

/**
 * The queries of a reconciliation (also the month package's): the shop's sales and closings from the
 * first day's cut-off to the cut-off after the last day (`cutoff` in minutes). The sales query has no orderBy: it
 * is read in pages by date.
 */
export function reconciliationQueries(shopId: string, period: { start: Date; end: Date }, cutoff: number) {
  const lastDay = localDay(new Date(period.end.getFullYear(), period.end.getMonth(), period.end.getDate() - 1));
  const from = Timestamp.fromDate(businessDayStart(localDay(period.start), cutoff));
  const to = Timestamp.fromDate(businessDayStart(nextDay(lastDay), cutoff));
  return {
    sales: query(salesCol(), where('userId', '==', shopId), where('date', '>=', from), where('date', '<', to)),
    closings: query(zReportsCol(), where('userId', '==', shopId), where('createdAt', '>=', from), where('createdAt', '<', to)),
  };
}
