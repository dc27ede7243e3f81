import { useEffect, useRef, useState } from 'react';
import type { Period } from '@/domain/dashboard/period';
import { italianError } from '@/lib/firebase-errors';
import { loadDashboardTotals, ZERO_TOTALS, type DashboardTotals } from '../api';

interface Answer {
  key: string;
  totals: DashboardTotals;
  error: string | undefined;
}

/**
 * Loads the totals of a period. Only the newest request may answer: the result of a query that a later choice
 * superseded is ignored. A failure resets the totals to zero and says so. Loading = no answer yet for the
 * current shop and period.
 */
export function useDashboardTotals(shopId: string | undefined, period: Period) {
  const [answer, setAnswer] = useState<Answer | undefined>();
  // Answers that arrived after a newer request and were dropped (shown as a data attribute for the tests).
  const [ignored, setIgnored] = useState(0);
  const latest = useRef(0);
  const start = period.start.getTime();
  const end = period.end.getTime();
  const key = `${shopId ?? ''}|${start}|${end}`;

  useEffect(() => {
    if (!shopId) return;
    const request = ++latest.current;
    loadDashboardTotals(shopId, { start: new Date(start), end: new Date(end) }).then(
      (totals) => {
        if (request === latest.current) setAnswer({ key, totals, error: undefined });
        else setIgnored((n) => n + 1);
      },
      (error: unknown) => {
        if (request !== latest.current) {
          setIgnored((n) => n + 1);
          return;
        }
        setAnswer({ key, totals: ZERO_TOTALS, error: `Errore nel caricamento dei dati: ${italianError(error)}. I totali sono stati azzerati.` });
      },
    );
  }, [shopId, start, end, key]);

  const current = answer?.key === key ? answer : undefined;
  return { loading: current === undefined, totals: current?.totals ?? ZERO_TOTALS, error: current?.error, ignored };
}
