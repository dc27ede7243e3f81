import { useMemo, useState } from 'react';
import { shopDoc } from '@/data/shop';
import { legacyDatesNotice } from '@/domain/dashboard/legacy-dates';
import { resolvePeriod, type Period, type PeriodChoice } from '@/domain/dashboard/period';
import { useLiveDocument } from '@/lib/firebase-hooks';
import { formatDate } from '@/lib/format';
import { useSession } from '@/stores/session';
import { ActivityLogPanel } from './components/activity-log-panel';
import { SdiDuePanel } from '@/components/sdi-due/sdi-due-panel';
import { MethodChart } from './components/method-chart';
import { PeriodFilter } from '@/components/period/period-filter';
import { SummaryCards } from './components/summary-cards';
import { useDashboardTotals } from './hooks/use-dashboard-totals';
import './dashboard.css';


function todayPeriod(): Period {
  const result = resolvePeriod({ mode: 'today' }, new Date());
  if ('error' in result) throw new Error(result.error);
  return result.period;
}

function periodText(choice: PeriodChoice, period: Period): string {
  if (choice.mode === 'today') return 'Oggi';
  const last = new Date(period.end.getTime() - 1);
  if (choice.mode === 'day') return `Giorno ${formatDate(period.start)}`;
  return `Dal ${formatDate(period.start)} al ${formatDate(last)}`;
}

/** Dashboard (document 1 §2): welcome, period, cards, chart by payment method, activity log. */
export default function DashboardPage() {
  const shopId = useSession((s) => s.activeShopId);
  const uid = useSession((s) => s.uid);
  const ref = useMemo(() => (shopId ? shopDoc(shopId) : null), [shopId]);
  const shop = useLiveDocument(ref, shopId ?? '');
  const [selection, setSelection] = useState<{ period: Period; choice: PeriodChoice }>(() => ({ period: todayPeriod(), choice: { mode: 'today' } }));
  const { loading, totals, error, ignored } = useDashboardTotals(shopId, selection.period);
  const logKey = shopId ?? uid;
  const legacyNotice = legacyDatesNotice(totals.legacyDateSales);

  return (
    <section className="page">
      <h1>Dashboard</h1>
      <p className="welcome" data-testid="welcome">
        Benvenuto,{' '}
        <strong>{shop.status === 'ready' ? (shop.data?.name ?? 'negozio non trovato') : shop.status === 'error' ? 'negozio' : '…'}</strong>
      </p>
      {shopId ? <SdiDuePanel shopId={shopId} links /> : null}
      <PeriodFilter loading={loading} onApply={(period, choice) => setSelection({ period, choice })} />
      <p className="muted" data-testid="period-text" aria-live="polite">
        Periodo: {periodText(selection.choice, selection.period)}
      </p>
      {error ? (
        <p className="form-error" role="alert">
          {error}
        </p>
      ) : null}
      {!loading && legacyNotice ? (
        <p className="muted" role="status" data-testid="legacy-dates">
          {legacyNotice}
        </p>
      ) : null}
      <div data-ignored-answers={ignored}>
        <SummaryCards totals={totals} loading={loading} />
      </div>
      <MethodChart totals={totals} loading={loading} />
      {logKey ? <ActivityLogPanel logKey={logKey} /> : null}
    </section>
  );
}
