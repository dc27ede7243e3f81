// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';

const draw = vi.hoisted(() => ({
  update: vi.fn(),
  resize: vi.fn(),
  destroy: vi.fn(),
  drawMethodChart: vi.fn(),
  fail: false,
}));

// A module whose export cannot be read stands for a chunk that failed to load or evaluate.
vi.mock('./method-chart-draw', () => ({
  get drawMethodChart() {
    if (draw.fail) throw new Error('chunk non scaricato');
    return draw.drawMethodChart;
  },
}));

const size = { width: 600, height: 280, pixelRatio: 2 };
const data = (values: number[]) => ({ labels: ['Contanti', 'Bancomat', 'Fatture'], values });
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

afterEach(() => {
  vi.clearAllMocks();
  vi.resetModules();
  draw.fail = false;
});

async function painterOnPage() {
  draw.drawMethodChart.mockReturnValue({ update: draw.update, resize: draw.resize, destroy: draw.destroy });
  const { createPainter, canDrawInWorker } = await import('./method-chart-painter');
  const canvas = document.createElement('canvas');
  // jsdom cannot transfer a canvas: the page draws, as an old browser would.
  expect(canDrawInWorker(canvas)).toBe(false);
  const states: unknown[] = [];
  return { painter: createPainter(canvas, (s) => states.push(s)), canvas, states };
}

describe('the page painter (browsers without OffscreenCanvas)', () => {
  it('draws once with the newest figures and size, then updates the same chart', async () => {
    const { painter, canvas, states } = await painterOnPage();
    painter.show(data([1, 2, 3]), size);
    painter.show(data([4, 5, 6]), size);
    painter.resize({ ...size, width: 400 });
    await flush();
    expect(draw.drawMethodChart).toHaveBeenCalledTimes(1);
    expect(draw.drawMethodChart).toHaveBeenCalledWith(canvas, data([4, 5, 6]), { ...size, width: 400 });
    expect(states).toEqual([{ status: 'drawn', values: [4, 5, 6] }]);
    painter.show(data([7, 8, 9]), size);
    expect(draw.update).toHaveBeenCalledWith(data([7, 8, 9]));
    expect(states.at(-1)).toEqual({ status: 'drawn', values: [7, 8, 9] });
    painter.resize(size);
    expect(draw.resize).toHaveBeenCalledWith(size);
    painter.destroy();
    expect(draw.destroy).toHaveBeenCalledTimes(1);
  });

  it('draws nothing when the chart is gone before chart.js arrives', async () => {
    const { painter, states } = await painterOnPage();
    painter.show(data([1, 2, 3]), size);
    painter.destroy();
    await flush();
    expect(draw.drawMethodChart).not.toHaveBeenCalled();
    expect(states).toEqual([]);
  });

  it('says failed when chart.js cannot be loaded', async () => {
    draw.fail = true;
    const { painter, states } = await painterOnPage();
    painter.show(data([1, 2, 3]), size);
    await flush();
    await flush();
    expect(states).toEqual([{ status: 'failed' }]);
  });
});
