import { useMemo, useRef } from 'react';
import { formatEuro } from '@/domain/money';
import { useNearViewport } from '@/lib/use-near-viewport';
import { PAYMENT_FAMILIES, type DashboardTotals } from '../api';
import { MethodChartCanvas } from './method-chart-canvas';

/**
 * Sales by payment method. The figure, its caption, the box the canvas will fill (fixed height: no layout
 * shift) and the figures as a table for screen readers paint with the dashboard. The canvas is handed to its
 * painter (a worker with chart.js, see method-chart-painter.ts) when the box is near the screen, and drawn once
 * the first totals are there — not a chart of zeros redrawn a moment later; later periods redraw it.
 */
export function MethodChart({ totals, loading }: { totals: DashboardTotals; loading: boolean }) {
  const boxRef = useRef<HTMLDivElement>(null);
  const near = useNearViewport(boxRef);
  const values = PAYMENT_FAMILIES.map((f) => totals.byFamily[f.key]);
  const key = values.join('|');
  // A new object only when the figures change: each one is a redraw.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const shown = useMemo(() => ({ labels: PAYMENT_FAMILIES.map((f) => f.label), values }), [key]);
  return (
    <figure className="chart">
      <figcaption>Vendite per metodo di pagamento</figcaption>
      <div className="chart__canvas" ref={boxRef}>
        {near ? (
          <MethodChartCanvas
            data={loading ? undefined : shown}
            description={`Grafico a barre: ${PAYMENT_FAMILIES.map((f, i) => `${f.label} ${formatEuro(values[i] ?? 0)}`).join(', ')}`}
          />
        ) : (
          <p className="muted chart__waiting">Caricamento grafico…</p>
        )}
      </div>
      {/* The card 'Fatture' counts invoice documents; this bar is money taken at the till by invoice. */}
      <p className="muted chart__note">Fatture: incassi della cassa con metodo di pagamento fattura (il numero delle fatture è nella scheda sopra).</p>
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
