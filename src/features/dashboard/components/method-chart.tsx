import { BarElement, CategoryScale, Chart as ChartJS, LinearScale, Tooltip } from 'chart.js';
import { Bar } from 'react-chartjs-2';
import { formatEuro } from '@/lib/format';
import { PAYMENT_FAMILIES, type DashboardTotals } from '../api';

ChartJS.register(BarElement, CategoryScale, LinearScale, Tooltip);

/** Sales by payment method (chart.js: this module is loaded lazily with the dashboard, never on /login). */
export default function MethodChart({ totals }: { totals: DashboardTotals }) {
  const labels = PAYMENT_FAMILIES.map((f) => f.label);
  const values = PAYMENT_FAMILIES.map((f) => totals.byFamily[f.key]);
  return (
    <figure className="chart">
      <figcaption>Vendite per metodo di pagamento</figcaption>
      <div className="chart__canvas">
        <Bar
          aria-label={`Grafico a barre: ${PAYMENT_FAMILIES.map((f, i) => `${f.label} ${formatEuro(values[i] ?? 0)}`).join(', ')}`}
          role="img"
          data={{ labels, datasets: [{ label: 'Vendite (€)', data: values, backgroundColor: ['#2e7d32', '#1565c0', '#ef6c00'] }] }}
          options={{
            responsive: true,
            maintainAspectRatio: false,
            animation: false,
            plugins: { tooltip: { callbacks: { label: (ctx) => formatEuro(Number(ctx.raw)) } } },
            scales: { y: { beginAtZero: true, ticks: { callback: (v) => formatEuro(Number(v)) } } },
          }}
        />
      </div>
      <table className="visually-hidden" data-testid="chart-data">
        <caption>Vendite per metodo di pagamento</caption>
        <tbody>
          {PAYMENT_FAMILIES.map((f, i) => (
            <tr key={f.key}>
              <th scope="row">{f.label}</th>
              <td data-testid={`chart-${f.key}`}>{formatEuro(values[i] ?? 0)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
