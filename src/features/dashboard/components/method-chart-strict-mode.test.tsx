// @vitest-environment jsdom
import { act, cleanup, render } from '@testing-library/react';
import { StrictMode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MethodChartCanvas } from './method-chart-canvas';

/**
 * The development server mounts every effect twice (StrictMode). A canvas can be transferred to a worker once:
 * a second mount that transfers it again shows the dashboard's error page. Here the browser's rules
 * are reproduced: a second transfer throws InvalidStateError, as Chromium does.
 */
class FakeWorker {
  static created: FakeWorker[] = [];
  messages: unknown[] = [];
  terminated = false;
  onmessage: ((event: MessageEvent) => void) | null = null;
  onerror: (() => void) | null = null;
  constructor() {
    FakeWorker.created.push(this);
  }
  postMessage(message: unknown) {
    this.messages.push(message);
  }
  terminate() {
    this.terminated = true;
  }
  reply(values: number[]) {
    this.onmessage?.({ data: { type: 'drawn', values } } as MessageEvent);
  }
}

beforeEach(() => {
  FakeWorker.created = [];
  vi.stubGlobal('Worker', FakeWorker);
  const transferred = new WeakSet<HTMLCanvasElement>();
  HTMLCanvasElement.prototype.transferControlToOffscreen = function (this: HTMLCanvasElement) {
    if (transferred.has(this)) throw new DOMException('Cannot transfer control from a canvas for more than one time.', 'InvalidStateError');
    transferred.add(this);
    return {} as OffscreenCanvas;
  };
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  delete (HTMLCanvasElement.prototype as Partial<HTMLCanvasElement>).transferControlToOffscreen;
});

const data = { labels: ['Contanti', 'Bancomat'], values: [10, 20] };

describe('the dashboard chart under StrictMode (as `npm start` serves it)', () => {
  it('mounts twice without a second transfer, draws with one worker, and shows what it drew', async () => {
    const view = render(
      <StrictMode>
        <MethodChartCanvas data={data} description="Incassi per metodo" />
      </StrictMode>,
    );
    await act(() => new Promise((resolve) => setTimeout(resolve, 5)));
    expect(FakeWorker.created).toHaveLength(1);
    const [worker] = FakeWorker.created;
    expect(worker?.terminated).toBe(false);
    expect(worker?.messages.filter((m) => (m as { type: string }).type === 'canvas')).toHaveLength(1);
    expect(worker?.messages.some((m) => (m as { type: string }).type === 'show')).toBe(true);
    act(() => worker?.reply([10, 20]));
    expect(view.getByRole('img', { name: 'Incassi per metodo' }).getAttribute('data-drawn')).toBe('10|20');
  });

  it('ends the worker when the chart really goes away', async () => {
    const view = render(<MethodChartCanvas data={data} description="Incassi per metodo" />);
    view.unmount();
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(FakeWorker.created.map((w) => w.terminated)).toEqual([true]);
  });
});
