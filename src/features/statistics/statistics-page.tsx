import { Suspense, useState } from 'react';
import { lazyPart } from '@/lib/lazy-part';
import { PeriodFilter } from '@/components/period/period-filter';
import { StatCards } from '@/components/ui/stat-cards';
import { resolvePeriod, type Period, type PeriodChoice } from '@/domain/dashboard/period';
import { EMPTY_STATISTICS, periodText, TABLE_TOP } from '@/domain/statistics/sales-statistics';
import { italianError } from '@/lib/firebase-errors';
import { datedFileName, downloadText } from '@/lib/download';
import { formatEuro } from '@/domain/money';
import { formatDate } from '@/lib/format';
import { useLatestAnswer } from '@/lib/use-latest-answer';
import { useFeature } from '@/stores/permissions';
import { useSession } from '@/stores/session';
import { loadStatistics } from './api';
import { statisticsCards } from './statistics-cards';
import './statistics.css';

const StatisticsCharts = lazyPart(() => import('./components/statistics-charts'));

function today(): Period {
  const result = resolvePeriod({ mode: 'today' }, new Date());
  if ('error' in result) throw new Error(result.error);
  return result.period;
}

const number = new Intl.NumberFormat('it-IT', { maximumFractionDigits: 3 });

/** 'Statistiche Vendite' (document 3 §2.4): cards, charts and detail tables of a period. */
export default function StatisticsPage() {
  const shopId = useSession((s) => s.activeShopId);
  const uid = useSession((s) => s.uid);
  const level = useSession((s) => s.profile?.level);
  // The shop's owner (and admins) store the daily summaries a look computes; other readers only read them.
  const canWrite = level === 'admin' || (level === 'shop' && shopId !== undefined && shopId === uid);
  // The exports ask the guard's decision too (paid-features.ts): a page left open past the grace loses them.
  const canExport = useFeature('statisticsExport').kind === 'allow';
  const [selection, setSelection] = useState<{ period: Period; choice: PeriodChoice }>(() => ({ period: today(), choice: { mode: 'today' } }));
  const { period, choice } = selection;
  const key = shopId ? `${shopId}|${period.start.getTime()}|${period.end.getTime()}` : undefined;
  const { loading, settling, value: stats, error, ignored } = useLatestAnswer(
    key,
    (early) => loadStatistics(shopId ?? '', period, { canWrite }, early),
    EMPTY_STATISTICS,
    (e) => `Errore nel caricamento delle statistiche: ${italianError(e)}. I valori sono stati azzerati.`,
  );
  const exportTable = async (which: 'clienti' | 'prodotti') => {
    // papaparse comes with the export, not with the page.
    const { toCsv } = await import('@/domain/csv/csv');
    const csv =
      which === 'clienti'
        ? toCsv(['Cliente', 'Vendite', 'Importo', 'Ultima vendita'], stats.customers.map((c) => [c.name, c.sales, c.amount, c.lastSale]))
        : toCsv(['Prodotto', 'Quantità', 'Ricavo', 'Prezzo medio'], stats.products.map((p) => [p.name, p.quantity, p.revenue, p.averagePrice]));
    downloadText(datedFileName(`statistiche-${which}`), csv);
  };
  const last = new Date(period.end.getTime() - 1);
  const text = periodText(choice.mode, formatDate(period.start), formatDate(last));
  const cards = statisticsCards(stats);

  return (
    <section className="page statistics">
      <h1>Statistiche Vendite</h1>
      <p className="muted" data-testid="stats-period">
        Statistiche {text}
      </p>
      <PeriodFilter loading={loading} lastMonth onApply={(p, c) => setSelection({ period: p, choice: c })} />
      {/* The figures of the stored daily summaries show at once; the check of the past days against the sales follows. */}
      <p className="muted stats-checking" role="status" data-testid="stats-checking">
        {settling ? 'Verifica dei giorni passati in corso: le cifre si aggiornano se una vendita è cambiata.' : ''}
      </p>
      {error ? (
        <p className="form-error" role="alert">
          {error}
        </p>
      ) : null}
      <StatCards cards={cards} loading={loading} data-ignored-answers={ignored} />
      <Suspense fallback={<p className="muted">Caricamento grafici…</p>}>
        <StatisticsCharts stats={stats} />
      </Suspense>
      <div className="stats-tables">
        <section>
          <div className="stats-table-header">
            <h2>Dettaglio Clienti</h2>
            {canExport ? (
              <button type="button" className="button" onClick={() => void exportTable('clienti')} disabled={loading || settling || stats.customers.length === 0}>
                Esporta CSV clienti
              </button>
            ) : null}
          </div>
          <table className="data-table" data-testid="customers-table">
            <thead>
              <tr>
                <th scope="col">Cliente</th>
                <th scope="col">Vendite</th>
                <th scope="col">Importo</th>
                <th scope="col">Ultima vendita</th>
              </tr>
            </thead>
            <tbody>
              {stats.customers.slice(0, TABLE_TOP).map((c) => (
                <tr key={c.name}>
                  <td>{c.name}</td>
                  <td>{c.sales}</td>
                  <td>{formatEuro(c.amount)}</td>
                  <td>{c.lastSale ? formatDate(c.lastSale) : '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
        <section>
          <div className="stats-table-header">
            <h2>Dettaglio Prodotti</h2>
            {canExport ? (
              <button type="button" className="button" onClick={() => void exportTable('prodotti')} disabled={loading || settling || stats.products.length === 0}>
                Esporta CSV prodotti
              </button>
            ) : null}
          </div>
          <table className="data-table" data-testid="products-table">
            <thead>
              <tr>
                <th scope="col">Prodotto</th>
                <th scope="col">Quantità</th>
                <th scope="col">Ricavo</th>
                <th scope="col">Prezzo medio</th>
              </tr>
            </thead>
            <tbody>
              {stats.products.slice(0, TABLE_TOP).map((p) => (
                <tr key={p.name}>
                  <td>{p.name}</td>
                  <td>{number.format(p.quantity)}</td>
                  <td>{formatEuro(p.revenue)}</td>
                  <td>{formatEuro(p.averagePrice)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      </div>
    </section>
  );
}
