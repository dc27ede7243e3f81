import { BarElement, CategoryScale, Chart as ChartJS, LinearScale, Tooltip } from 'chart.js';
import { Bar } from 'react-chartjs-2';
import { formatEuro } from '@/lib/format';

ChartJS.register(BarElement, CategoryScale, LinearScale, Tooltip);

const COLORS = ['#2e7d32', '#1565c0', '#ef6c00'];

/** The canvas of the dashboard's chart (chart.js: this module is loaded lazily by method-chart.tsx, never on /login). */
export default function MethodChartCanvas({ labels, values, description }: { labels: string[]; values: number[]; description: string }) {
  return (
    <Bar
      aria-label={description}
      role="img"
      data={{ labels, datasets: [{ label: 'Vendite (€)', data: values, backgroundColor: COLORS }] }}
      options={{
        responsive: true,
        maintainAspectRatio: false,
        // No animation: the first draw is one frame, not a second of frames on the main thread.
        animation: false,
        plugins: { tooltip: { callbacks: { label: (ctx) => formatEuro(Number(ctx.raw)) } } },
        scales: { y: { beginAtZero: true, ticks: { callback: (v) => formatEuro(Number(v)) } } },
      }}
    />
  );
}
