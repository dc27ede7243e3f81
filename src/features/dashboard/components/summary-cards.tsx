import { formatEuro } from '@/lib/format';
import type { DashboardTotals } from '../api';

/** The three cards of the dashboard: sales total, invoices, Z-reports. */
export function SummaryCards({ totals, loading }: { totals: DashboardTotals; loading: boolean }) {
  const cards = [
    { id: 'sales-total', label: 'Totale vendite', value: formatEuro(totals.salesTotal) },
    { id: 'invoice-count', label: 'Fatture', value: String(totals.invoiceCount) },
    { id: 'zreport-count', label: 'Chiusure cassa (Z)', value: String(totals.zReportCount) },
  ];
  return (
    <div className="stat-cards" aria-busy={loading}>
      {cards.map((card) => (
        <section key={card.id} className="stat-card" aria-labelledby={`${card.id}-label`}>
          <p id={`${card.id}-label`} className="stat-card__label">
            {card.label}
          </p>
          <p className="stat-card__value" data-testid={card.id}>
            {loading ? <span className="muted">…</span> : card.value}
          </p>
        </section>
      ))}
    </div>
  );
}
