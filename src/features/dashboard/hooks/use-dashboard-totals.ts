import type { Period } from '@/domain/dashboard/period';
import { italianError } from '@/lib/firebase-errors';
import { useLatestAnswer } from '@/lib/use-latest-answer';
import { loadDashboardTotals, ZERO_TOTALS } from '../api';

/** The totals of a period: newest request wins; a failure resets the totals to zero and says so. */
export function useDashboardTotals(shopId: string | undefined, period: Period) {
  const key = shopId ? `${shopId}|${period.start.getTime()}|${period.end.getTime()}` : undefined;
  const { loading, value, error, ignored } = useLatestAnswer(
    key,
    () => loadDashboardTotals(shopId ?? '', period),
    ZERO_TOTALS,
    (e) => `Errore nel caricamento dei dati: ${italianError(e)}. I totali sono stati azzerati.`,
  );
  return { loading, totals: value, error, ignored };
}
