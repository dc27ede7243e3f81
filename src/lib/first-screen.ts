/**
 * The first screen before the data: at the start of a page load the Firestore reads that the first screen does not
 * need in order to be drawn (the profile's refresh, the top bar's shop, the connection watcher, the permissions, the
 * screen's own live reads) wait until the shell and the screen's title have been painted.
 *
 * Why: the SDK opens one streaming connection that carries every answer, and on a slow phone everything it decodes
 * competes with drawing the page; the title, the menu and the loading state come first, the data right after (one
 * frame later). Only the first load waits: once painted, and in unit tests (nothing holds the gate), reads start at
 * once. A screen that never paints (a tab opened in the background draws no frame) holds nothing for long: the gate
 * opens after FIRST_SCREEN_MAX_WAIT_MS.
 */

/** The latest the reads wait for the first screen (a route that renders nothing, a page opened in the background). */
export const FIRST_SCREEN_MAX_WAIT_MS = 5_000;

let open = true;
let waiting: (() => void)[] = [];
let fallback: ReturnType<typeof setTimeout> | undefined;

/** At the start of the app (main.tsx): reads wait for `firstScreenPainted` from now on. */
export function holdReadsUntilFirstScreen(): void {
  if (!open) return;
  open = false;
  fallback = setTimeout(firstScreenPainted, FIRST_SCREEN_MAX_WAIT_MS);
}

/** The first screen is on the display: the reads held so far start, in the order they were asked for. */
export function firstScreenPainted(): void {
  if (open) return;
  open = true;
  clearTimeout(fallback);
  const run = waiting;
  waiting = [];
  for (const start of run) start();
}

/** Runs `start` now when nothing is held, else once the first screen is painted. Returns a cancel function. */
export function afterFirstScreen(start: () => void): () => void {
  if (open) {
    start();
    return () => undefined;
  }
  let cancelled = false;
  waiting.push(() => {
    if (!cancelled) start();
  });
  return () => {
    cancelled = true;
  };
}

/** The promise form of `afterFirstScreen`, for async flows. */
export function untilFirstScreen(): Promise<void> {
  return new Promise((resolve) => afterFirstScreen(resolve));
}

/** After the browser has painted the frame being prepared now (the next frame, then a task). */
export function afterNextPaint(run: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const frame = requestAnimationFrame(() => {
    timer = setTimeout(run, 0);
  });
  return () => {
    cancelAnimationFrame(frame);
    clearTimeout(timer);
  };
}
