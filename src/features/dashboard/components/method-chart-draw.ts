/**
 * The dashboard's bar chart (sales by payment method) drawn with chart.js on a canvas that is either an
 * OffscreenCanvas in a worker (method-chart.worker.ts: the draw costs the page's main thread nothing) or, where
 * the browser cannot transfer a canvas, the page's own canvas. One drawing for both.
 * A worker receives no pointer events, so there is no tooltip: each bar carries its amount above it, which also
 * reads better on a touch screen than a tooltip.
 */
import { BarController, BarElement, CategoryScale, Chart, LinearScale, type Plugin } from 'chart.js';
import { formatEuro } from '@/domain/money';

Chart.register(BarController, BarElement, CategoryScale, LinearScale);

export interface MethodChartData {
  labels: string[];
  values: number[];
}

export interface MethodChartSize {
  width: number;
  height: number;
  pixelRatio: number;
}

const COLORS = ['#2e7d32', '#1565c0', '#ef6c00'];
const TEXT = '#1f2937';
const FAMILY = 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif';
const FONT = `600 13px ${FAMILY}`;

const amountsAboveBars: Plugin<'bar'> = {
  id: 'amountsAboveBars',
  afterDatasetsDraw(chart) {
    const { ctx } = chart;
    const values = chart.data.datasets[0]?.data ?? [];
    ctx.save();
    ctx.fillStyle = TEXT;
    ctx.font = FONT;
    ctx.textAlign = 'center';
    ctx.textBaseline = 'bottom';
    chart.getDatasetMeta(0).data.forEach((bar, i) => {
      // eslint-disable-next-line no-restricted-syntax -- the chart's own figures, not typed text
      ctx.fillText(formatEuro(Number(values[i] ?? 0)), bar.x, bar.y - 4);
    });
    ctx.restore();
  },
};

export interface MethodChartHandle {
  update: (data: MethodChartData) => void;
  resize: (size: MethodChartSize) => void;
  destroy: () => void;
}

/** Draws at once (no animation: one frame, not a second of frames) and returns how to redraw it. */
export function drawMethodChart(canvas: HTMLCanvasElement | OffscreenCanvas, data: MethodChartData, size: MethodChartSize): MethodChartHandle {
  // chart.js draws on an OffscreenCanvas (its documented worker use) but its types name only the DOM canvas.
  const chart = new Chart(canvas as HTMLCanvasElement, {
    type: 'bar',
    data: { labels: data.labels, datasets: [{ label: 'Vendite (€)', data: data.values, backgroundColor: COLORS }] },
    options: {
      // The page measures the box and tells us its size: an OffscreenCanvas cannot watch its own size.
      responsive: false,
      devicePixelRatio: size.pixelRatio,
      animation: false,
      events: [],
      plugins: { legend: { display: false }, tooltip: { enabled: false } },
      layout: { padding: { top: 20 } },
      scales: {
        x: { ticks: { color: TEXT, font: { family: FAMILY, size: 13 } } },
        y: { beginAtZero: true, grace: '5%', ticks: { color: TEXT, font: { family: FAMILY, size: 12 }, callback: (v) => formatEuro(typeof v === 'number' ? v : 0) } },
      },
    },
    plugins: [amountsAboveBars],
  });
  chart.resize(size.width, size.height);
  return {
    update(next) {
      chart.data.labels = next.labels;
      const dataset = chart.data.datasets[0];
      if (dataset) dataset.data = next.values;
      chart.update('none');
    },
    resize(next) {
      chart.options.devicePixelRatio = next.pixelRatio;
      chart.resize(next.width, next.height);
    },
    destroy: () => chart.destroy(),
  };
}
