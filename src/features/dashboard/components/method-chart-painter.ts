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
  return bindings.has(canvas) || (typeof Worker !== 'undefined' && typeof canvas.transferControlToOffscreen === 'function');
}

/**
 * A canvas can be handed to a worker once in its life. React may mount the same canvas element twice in a row
 * (StrictMode in development runs every effect, its cleanup and the effect again; so can a fast remount): the
 * worker then outlives the first cleanup for a moment and the second mount takes it over, instead of trying to
 * transfer the canvas a second time (InvalidStateError). The worker ends only when nobody took it over.
 */
interface WorkerBinding {
  worker: Worker;
  onState: (state: PainterState) => void;
  ending: ReturnType<typeof setTimeout> | undefined;
}
const bindings = new WeakMap<HTMLCanvasElement, WorkerBinding>();

function bindWorker(canvas: HTMLCanvasElement, onState: (state: PainterState) => void): WorkerBinding {
  const existing = bindings.get(canvas);
  if (existing) {
    clearTimeout(existing.ending);
    existing.ending = undefined;
    existing.onState = onState;
    return existing;
  }
  const worker = new Worker(new URL('./method-chart.worker.ts', import.meta.url), { type: 'module', name: 'grafico-dashboard' });
  const binding: WorkerBinding = { worker, onState, ending: undefined };
  worker.onmessage = (event: MessageEvent<FromChartWorker>) =>
    binding.onState(event.data.type === 'drawn' ? { status: 'drawn', values: event.data.values } : { status: 'failed' });
  // The worker's script could not be fetched or evaluated (offline, a deploy replaced it).
  worker.onerror = () => binding.onState({ status: 'failed' });
  const offscreen = canvas.transferControlToOffscreen();
  worker.postMessage({ type: 'canvas', canvas: offscreen } satisfies ToChartWorker, [offscreen]);
  bindings.set(canvas, binding);
  return binding;
}

function workerPainter(canvas: HTMLCanvasElement, onState: (state: PainterState) => void): Painter {
  const binding = bindWorker(canvas, onState);
  let released = false;
  const send = (message: ToChartWorker) => {
    if (!released) binding.worker.postMessage(message);
  };
  return {
    show: (data, size) => send({ type: 'show', data, size }),
    resize: (size) => send({ type: 'resize', size }),
    destroy: () => {
      released = true;
      // A state arriving after the cleanup must not reach an unmounted screen.
      if (binding.onState === onState) binding.onState = () => undefined;
      binding.ending = setTimeout(() => {
        binding.worker.terminate();
        bindings.delete(canvas);
      }, 0);
    },
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
