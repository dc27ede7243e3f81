import { useEffect, useRef, useState } from 'react';
import type { MethodChartData, MethodChartSize } from './method-chart-draw';
import { createPainter, type Painter, type PainterState } from './method-chart-painter';

function measure(canvas: HTMLCanvasElement): MethodChartSize {
  const box = canvas.parentElement ?? canvas;
  return { width: box.clientWidth, height: box.clientHeight, pixelRatio: globalThis.devicePixelRatio || 1 };
}

/**
 * The chart's canvas. It is handed to its painter once the box is near the screen, before the figures are there
 * (the worker loads chart.js meanwhile), and drawn when `data` arrives; the box's size follows the layout.
 */
export function MethodChartCanvas({ data, description }: { data: MethodChartData | undefined; description: string }) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const painterRef = useRef<Painter | undefined>(undefined);
  const [state, setState] = useState<PainterState | { status: 'waiting' }>({ status: 'waiting' });

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    const painter = createPainter(canvas, setState);
    painterRef.current = painter;
    let last = measure(canvas);
    const observer =
      typeof ResizeObserver === 'undefined'
        ? undefined
        : new ResizeObserver(() => {
            const size = measure(canvas);
            if (size.width === last.width && size.height === last.height && size.pixelRatio === last.pixelRatio) return;
            last = size;
            painter.resize(size);
          });
    observer?.observe(canvas.parentElement ?? canvas);
    return () => {
      observer?.disconnect();
      painter.destroy();
      painterRef.current = undefined;
    };
  }, []);

  useEffect(() => {
    const canvas = canvasRef.current;
    if (data && canvas) painterRef.current?.show(data, measure(canvas));
  }, [data]);

  return (
    <>
      <canvas
        ref={canvasRef}
        className="chart__canvas-element"
        role="img"
        aria-label={description}
        data-state={state.status}
        data-drawn={state.status === 'drawn' ? state.values.join('|') : undefined}
      />
      {state.status === 'waiting' ? <p className="muted chart__waiting">Caricamento grafico…</p> : null}
      {state.status === 'failed' ? (
        <p className="form-error chart__waiting" role="alert">
          Grafico non disponibile: ricarica la pagina per riprovare. Gli importi sono nelle schede qui sopra.
        </p>
      ) : null}
    </>
  );
}
