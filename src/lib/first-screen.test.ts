// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as FirstScreenModule from './first-screen';

type FirstScreen = typeof FirstScreenModule;

// A fresh module per test: the gate is module state, held once per page load.
async function load(): Promise<FirstScreen> {
  vi.resetModules();
  return import('./first-screen');
}

describe('reads held until the first screen is painted', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('nothing held (unit tests, later navigations): a read starts at once', async () => {
    const gate = await load();
    const start = vi.fn();
    gate.afterFirstScreen(start);
    expect(start).toHaveBeenCalledTimes(1);
  });

  it('held at the start of the app: reads wait for the first screen, then start in the order asked', async () => {
    const gate = await load();
    gate.holdReadsUntilFirstScreen();
    const order: string[] = [];
    gate.afterFirstScreen(() => order.push('profile'));
    gate.afterFirstScreen(() => order.push('shop'));
    const promised = gate.untilFirstScreen().then(() => order.push('permissions'));
    await Promise.resolve();
    expect(order).toEqual([]);
    gate.firstScreenPainted();
    await promised;
    expect(order).toEqual(['profile', 'shop', 'permissions']);
    // Open for good: later reads do not wait.
    gate.afterFirstScreen(() => order.push('later'));
    expect(order.at(-1)).toBe('later');
  });

  it('a read cancelled while held never starts (the screen was left)', async () => {
    const gate = await load();
    gate.holdReadsUntilFirstScreen();
    const start = vi.fn();
    const cancel = gate.afterFirstScreen(start);
    cancel();
    gate.firstScreenPainted();
    expect(start).not.toHaveBeenCalled();
  });

  it('a screen that never paints holds the reads at most FIRST_SCREEN_MAX_WAIT_MS', async () => {
    const gate = await load();
    gate.holdReadsUntilFirstScreen();
    const start = vi.fn();
    gate.afterFirstScreen(start);
    vi.advanceTimersByTime(gate.FIRST_SCREEN_MAX_WAIT_MS - 1);
    expect(start).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(start).toHaveBeenCalledTimes(1);
  });

  it('afterNextPaint runs after the next frame and a task, and can be cancelled', async () => {
    const gate = await load();
    const run = vi.fn();
    gate.afterNextPaint(run);
    const cancelled = vi.fn();
    gate.afterNextPaint(cancelled)();
    expect(run).not.toHaveBeenCalled();
    vi.advanceTimersByTime(100);
    expect(run).toHaveBeenCalledTimes(1);
    expect(cancelled).not.toHaveBeenCalled();
  });
});
