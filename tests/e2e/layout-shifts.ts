/**
 * The page's cumulative layout shift as Lighthouse counts it (shifts without recent input), with each shift's
 * elements and rectangles, so a failing test says what moved (CLS measured by Lighthouse on a phone).
 */
import type { Page } from '@playwright/test';

/** Before the page loads: observe every layout shift from the first paint. */
export async function recordLayoutShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as { layoutShift: number; shifts: string[] };
    w.layoutShift = 0;
    w.shifts = [];
    const describe = (node: Node | null | undefined) =>
      node instanceof Element ? `${node.tagName.toLowerCase()}${node.className ? `.${String(node.className).replace(/\s+/g, '.')}` : ''}${node.getAttribute('data-testid') ? `[${node.getAttribute('data-testid')}]` : ''}` : String(node?.nodeName);
    const rect = (r: DOMRectReadOnly) => `${Math.round(r.x)},${Math.round(r.y)} ${Math.round(r.width)}×${Math.round(r.height)}`;
    new PerformanceObserver((list) => {
      type Source = { node?: Node | null; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly };
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean; sources?: Source[] })[]) {
        if (entry.hadRecentInput) continue;
        w.layoutShift += entry.value;
        w.shifts.push(`${Math.round(entry.startTime)} ms ${entry.value.toFixed(3)}: ${(entry.sources ?? []).map((s) => `${describe(s.node)} ${rect(s.previousRect)} → ${rect(s.currentRect)}`).join('; ')}`);
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

/** The shifts so far: their sum and one line per shift. */
export function layoutShifts(page: Page): Promise<{ layoutShift: number; shifts: string[] }> {
  return page.evaluate(() => {
    const w = window as unknown as { layoutShift: number; shifts: string[] };
    return { layoutShift: w.layoutShift, shifts: w.shifts };
  });
}
