/**
 * Who draws the dashboard's chart: a worker with the canvas transferred to it where the browser can (the draw
 * then costs the page nothing), else the page itself with chart.js loaded on demand. The screen only says what
 * to show and how big the box is.
 */
import type { MethodChartData, MethodChartHandle, MethodChartSize } from './method-chart-draw';
import type { FromChartWorker, ToChartWorker } from './method-chart.worker';

/** 'drawn' with the figures on the canvas, or 'failed'. */
export type PainterState = { status: 'drawn'; values: number[] } | { status: 'failed' };

export interface Painter {
  /** First draw, or a redraw with new figures. */
  show: (data: MethodChartData, size: MethodChartSize) => void;
  resize: (size: MethodChartSize) => void;
  destroy: () => void;
}

export function canDrawInWorker(canvas: HTMLCanvasElement): boolean {
  return typeof Worker !== 'undefined' && typeof canvas.transferControlToOffscreen === 'function';
}

function workerPainter(canvas: HTMLCanvasElement, onState: (state: PainterState) => void): Painter {
  const worker = new Worker(new URL('./method-chart.worker.ts', import.meta.url), { type: 'module', name: 'grafico-dashboard' });
  const send = (message: ToChartWorker, transfer: Transferable[] = []) => worker.postMessage(message, transfer);
  worker.onmessage = (event: MessageEvent<FromChartWorker>) =>
    onState(event.data.type === 'drawn' ? { status: 'drawn', values: event.data.values } : { status: 'failed' });
  // The worker's script could not be fetched or evaluated (offline, a deploy replaced it).
  worker.onerror = () => onState({ status: 'failed' });
  const offscreen = canvas.transferControlToOffscreen();
  send({ type: 'canvas', canvas: offscreen }, [offscreen]);
  return {
    show: (data, size) => send({ type: 'show', data, size }),
    resize: (size) => send({ type: 'resize', size }),
    destroy: () => worker.terminate(),
  };
}

function pagePainter(canvas: HTMLCanvasElement, onState: (state: PainterState) => void): Painter {
  let chart: MethodChartHandle | undefined;
  let destroyed = false;
  let pending: { data: MethodChartData; size: MethodChartSize } | undefined;
  // Fetched at once (while the totals load); a failure is reported by the first show().
  const loading = import('./method-chart-draw');
  loading.catch(() => undefined);
  const drawn = (values: number[]) => {
    if (!destroyed) onState({ status: 'drawn', values });
  };
  return {
    show(data, size) {
      if (chart) {
        chart.update(data);
        drawn(data.values);
        return;
      }
      const first = pending === undefined;
      pending = { data, size };
      if (!first) return;
      loading
        .then(({ drawMethodChart }) => {
          if (destroyed || !pending) return;
          chart = drawMethodChart(canvas, pending.data, pending.size);
          drawn(pending.data.values);
        })
        .catch(() => {
          if (!destroyed) onState({ status: 'failed' });
        });
    },
    resize(size) {
      if (chart) chart.resize(size);
      else if (pending) pending = { ...pending, size };
    },
    destroy() {
      destroyed = true;
      chart?.destroy();
    },
  };
}

export function createPainter(canvas: HTMLCanvasElement, onState: (state: PainterState) => void): Painter {
  return canDrawInWorker(canvas) ? workerPainter(canvas, onState) : pagePainter(canvas, onState);
}
