/// <reference lib="webworker" />
/**
 * Draws the dashboard's chart off the main thread (chart.js's first draw was the page's last long
 * task). The page sends the canvas as soon as the chart's box is near the screen (this worker then loads
 * chart.js while the totals are still loading), then the figures. Every draw is answered 'drawn' (the page
 * marks the canvas with the figures drawn, tests read them), a failure 'failed'.
 */
import { drawMethodChart, type MethodChartData, type MethodChartHandle, type MethodChartSize } from './method-chart-draw';

export type ToChartWorker =
  | { type: 'canvas'; canvas: OffscreenCanvas }
  | { type: 'show'; data: MethodChartData; size: MethodChartSize }
  | { type: 'resize'; size: MethodChartSize };
export type FromChartWorker = { type: 'drawn'; values: number[] } | { type: 'failed'; message: string };

declare const self: DedicatedWorkerGlobalScope;
let canvas: OffscreenCanvas | undefined;
let chart: MethodChartHandle | undefined;
let shown: number[] = [];

self.onmessage = (event: MessageEvent<ToChartWorker>) => {
  const message = event.data;
  try {
    if (message.type === 'canvas') {
      canvas = message.canvas;
      return;
    }
    if (message.type === 'show') {
      shown = message.data.values;
      if (chart) chart.update(message.data);
      else if (canvas) chart = drawMethodChart(canvas, message.data, message.size);
    } else {
      chart?.resize(message.size);
    }
    if (chart) self.postMessage({ type: 'drawn', values: shown } satisfies FromChartWorker);
  } catch (error) {
    self.postMessage({ type: 'failed', message: error instanceof Error ? error.message : String(error) } satisfies FromChartWorker);
  }
};
