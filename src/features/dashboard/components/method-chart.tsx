import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { formatEuro } from '@/lib/format';
import { useNearViewport } from '@/lib/use-near-viewport';
import { PAYMENT_FAMILIES, type DashboardTotals } from '../api';

// chart.js comes with its own chunk, fetched once the chart's box is near the screen and the cards have painted.
const loadCanvas = () => import('./method-chart-canvas');
const MethodChartCanvas = lazy(loadCanvas);

/**
 * Sales by payment method. The figure, its caption, the box the canvas will fill (fixed height: no layout
 * shift) and the figures as a table for screen readers paint with the dashboard; only the canvas waits for
 * chart.js, fetched when the box is near the screen.
 */
export function MethodChart({ totals, loading }: { totals: DashboardTotals; loading: boolean }) {
  const boxRef = useRef<HTMLDivElement>(null);
  const near = useNearViewport(boxRef);
  // Drawn once the first totals are there (not a chart of zeros redrawn a moment later); later periods redraw
  // the same canvas.
  const [drawn, setDrawn] = useState(false);
  if (!drawn && near && !loading) setDrawn(true);
  // Fetched (and evaluated, in its own task) while the totals are still loading.
  useEffect(() => {
    if (near) void loadCanvas();
  }, [near]);
  const values = PAYMENT_FAMILIES.map((f) => totals.byFamily[f.key]);
  const waiting = <p className="muted chart__waiting">Caricamento grafico…</p>;
  return (
    <figure className="chart">
      <figcaption>Vendite per metodo di pagamento</figcaption>
      <div className="chart__canvas" ref={boxRef}>
        {drawn ? (
          <Suspense fallback={waiting}>
            <MethodChartCanvas
              labels={PAYMENT_FAMILIES.map((f) => f.label)}
              values={values}
              description={`Grafico a barre: ${PAYMENT_FAMILIES.map((f, i) => `${f.label} ${formatEuro(values[i] ?? 0)}`).join(', ')}`}
            />
          </Suspense>
        ) : (
          waiting
        )}
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
