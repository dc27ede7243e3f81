import { ArcElement, BarElement, CategoryScale, Chart as ChartJS, Legend, LinearScale, Tooltip } from 'chart.js';
import { Bar, Doughnut } from 'react-chartjs-2';
import { CHART_TOP, METHOD_LABELS, type MethodFamily, type SalesStatistics } from '@/domain/statistics/sales-statistics';
import { formatEuro } from '@/domain/money';

ChartJS.register(ArcElement, BarElement, CategoryScale, LinearScale, Tooltip, Legend);

const COLORS = ['#1f4e79', '#2e7d32', '#ef6c00', '#6a1b9a', '#00838f', '#c62828', '#5d4037', '#455a64', '#9e9d24', '#ad1457'];
const euroTick = { ticks: { callback: (v: string | number) => formatEuro(typeof v === 'number' ? v : 0) } };

function ChartBox({ title, summary, children }: { title: string; summary: string; children: React.ReactNode }) {
  return (
    <figure className="chart stats-chart" data-testid={`chart-${title}`}>
      <figcaption>{title}</figcaption>
      {/* The box is the image and carries the words; react-chartjs-2's canvas says role="img" with no name, so it is
          hidden from assistive technology (axe role-img-alt). */}
      <div className="chart__canvas" role="img" aria-label={`${title}: ${summary}`}>
        {children}
      </div>
    </figure>
  );
}

const describe = (labels: string[], values: number[]) => labels.map((l, i) => `${l} ${formatEuro(values[i] ?? 0)}`).join(', ') || 'nessun dato';

/** The four charts of 'Statistiche Vendite' (chart.js: loaded with this route only). */
export default function StatisticsCharts({ stats }: { stats: SalesStatistics }) {
  const methods = Object.keys(METHOD_LABELS) as MethodFamily[];
  const methodLabels = methods.map((m) => METHOD_LABELS[m]);
  const methodValues = methods.map((m) => stats.byMethod[m]);
  const customers = stats.customers.slice(0, CHART_TOP);
  const products = stats.products.slice(0, CHART_TOP);
  const categories = stats.categories.slice(0, CHART_TOP);
  const bar = { responsive: true, maintainAspectRatio: false, animation: false as const, plugins: { legend: { display: false } } };
  return (
    <div className="stats-charts">
      <ChartBox title="Vendite per metodo di pagamento" summary={describe(methodLabels, methodValues)}>
        <Bar aria-hidden options={{ ...bar, scales: { y: euroTick } }} data={{ labels: methodLabels, datasets: [{ label: 'Vendite', data: methodValues, backgroundColor: COLORS }] }} />
      </ChartBox>
      <ChartBox title="Top 10 Clienti" summary={describe(customers.map((c) => c.name), customers.map((c) => c.amount))}>
        <Bar aria-hidden options={{ ...bar, indexAxis: 'y', scales: { x: euroTick } }} data={{ labels: customers.map((c) => c.name), datasets: [{ label: 'Importo', data: customers.map((c) => c.amount), backgroundColor: COLORS[0] }] }} />
      </ChartBox>
      <ChartBox title="Top 10 Prodotti" summary={describe(products.map((p) => p.name), products.map((p) => p.revenue))}>
        <Bar aria-hidden options={{ ...bar, indexAxis: 'y', scales: { x: euroTick } }} data={{ labels: products.map((p) => p.name), datasets: [{ label: 'Ricavo', data: products.map((p) => p.revenue), backgroundColor: COLORS[1] }] }} />
      </ChartBox>
      <ChartBox title="Categorie Più Vendute" summary={describe(categories.map((c) => c.name), categories.map((c) => c.revenue))}>
        <Doughnut aria-hidden options={{ responsive: true, maintainAspectRatio: false, animation: false }} data={{ labels: categories.map((c) => c.name), datasets: [{ data: categories.map((c) => c.revenue), backgroundColor: COLORS }] }} />
      </ChartBox>
    </div>
  );
}
