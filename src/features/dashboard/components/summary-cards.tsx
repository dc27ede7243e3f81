import { StatCards } from '@/components/ui/stat-cards';
import { formatEuro } from '@/domain/money';
import { formatCount } from '@/domain/numbers/format-count';
import type { DashboardTotals } from '../api';

/** The three cards of the dashboard: sales total, invoices, Z-reports. */
export function SummaryCards({ totals, loading }: { totals: DashboardTotals; loading: boolean }) {
  const cards = [
    { id: 'sales-total', label: 'Totale vendite', value: formatEuro(totals.salesTotal) },
    { id: 'invoice-count', label: 'Fatture', value: formatCount(totals.invoiceCount), note: 'emesse e ricevute nel periodo' },
    { id: 'zreport-count', label: 'Chiusure cassa (Z)', value: formatCount(totals.zReportCount) },
  ];
  return <StatCards cards={cards} loading={loading} />;
}
