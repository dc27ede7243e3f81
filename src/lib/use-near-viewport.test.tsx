// @vitest-environment jsdom
import { act, render } from '@testing-library/react';
import { useRef } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useNearViewport } from './use-near-viewport';

function Probe({ onState }: { onState: (near: boolean) => void }) {
  const ref = useRef<HTMLDivElement>(null);
  const near = useNearViewport(ref);
  onState(near);
  return <div ref={ref}>{near ? 'vicino' : 'lontano'}</div>;
}

/** Runs the frame and the task after it. */
async function afterFirstPaint() {
  await act(async () => {
    await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 5)));
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('useNearViewport', () => {
  it('is false at first render, then follows the IntersectionObserver', async () => {
    let callback: IntersectionObserverCallback | undefined;
    const disconnect = vi.fn();
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        constructor(cb: IntersectionObserverCallback) {
          callback = cb;
        }
        observe() {}
        disconnect = disconnect;
      },
    );
    const states: boolean[] = [];
    const { container } = render(<Probe onState={(near) => states.push(near)} />);
    expect(container.textContent).toBe('lontano');
    await afterFirstPaint();
    expect(callback).toBeDefined();
    act(() => callback?.([{ isIntersecting: false } as IntersectionObserverEntry], {} as IntersectionObserver));
    expect(container.textContent).toBe('lontano');
    act(() => callback?.([{ isIntersecting: true } as IntersectionObserverEntry], {} as IntersectionObserver));
    expect(container.textContent).toBe('vicino');
    expect(disconnect).toHaveBeenCalled();
    expect(states[0]).toBe(false);
  });

  it('without IntersectionObserver it turns true after the first paint', async () => {
    vi.stubGlobal('IntersectionObserver', undefined);
    const { container } = render(<Probe onState={() => undefined} />);
    expect(container.textContent).toBe('lontano');
    await afterFirstPaint();
    expect(container.textContent).toBe('vicino');
  });
});
