import { StatCards } from '@/components/ui/stat-cards';
import { formatEuro } from '@/domain/money';
import type { DashboardTotals } from '../api';

/** The three cards of the dashboard: sales total, invoices, Z-reports. */
export function SummaryCards({ totals, loading }: { totals: DashboardTotals; loading: boolean }) {
  const cards = [
    { id: 'sales-total', label: 'Totale vendite', value: formatEuro(totals.salesTotal) },
    { id: 'invoice-count', label: 'Fatture', value: String(totals.invoiceCount) },
    { id: 'zreport-count', label: 'Chiusure cassa (Z)', value: String(totals.zReportCount) },
  ];
  return <StatCards cards={cards} loading={loading} />;
}
