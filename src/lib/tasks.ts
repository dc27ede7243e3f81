/**
 * Main-thread scheduling helpers. A Firestore request costs a few milliseconds of main thread to send
 * (the SDK's XHR set-up), so a screen that fires ten of them in one go blocks input for one long task; started one
 * per task they run just as concurrently and the browser can paint and answer clicks between them.
 */

interface Scheduler {
  yield?: () => Promise<void>;
}

/** Resolves in a later task (scheduler.yield where the browser has it: the continuation keeps its priority). */
export function nextTask(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: Scheduler }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/**
 * Starts each job in its own task, without waiting for the previous one to finish, and resolves with every
 * result in order (rejects with the first failure, like Promise.all).
 */
export async function startInTurn<T extends readonly unknown[]>(jobs: { readonly [K in keyof T]: () => Promise<T[K]> }): Promise<T> {
  const running: Promise<unknown>[] = [];
  for (const job of jobs as readonly (() => Promise<unknown>)[]) {
    if (running.length > 0) await nextTask();
    const started = job();
    // Handled by Promise.all below; without this an early failure would be reported as unhandled while the
    // later jobs are still being started.
    started.catch(() => undefined);
    running.push(started);
  }
  return (await Promise.all(running)) as unknown as T;
}

/**
 * Runs `work` once the browser is idle (at the latest after `timeoutMs`): for what the user does not need for
 * the first paint, such as the bell's first poll. Returns a cancel function.
 */
export function whenIdle(work: () => void, timeoutMs: number): () => void {
  if (typeof requestIdleCallback === 'function') {
    const handle = requestIdleCallback(work, { timeout: timeoutMs });
    return () => cancelIdleCallback(handle);
  }
  const timer = setTimeout(work, Math.min(timeoutMs, 1000));
  return () => clearTimeout(timer);
}

/**
 * Runs `jobs` with at most `limit` in flight, reporting each result as it arrives (in completion order). Rows of a
 * table that each ask several queries then appear one after another instead of all together at the end.
 */
export async function runWithLimit<T>(jobs: readonly (() => Promise<T>)[], limit: number, onResult: (index: number, result: PromiseSettledResult<T>) => void): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < jobs.length) {
      const index = next++;
      const job = jobs[index];
      if (!job) continue;
      try {
        onResult(index, { status: 'fulfilled', value: await job() });
      } catch (reason) {
        onResult(index, { status: 'rejected', reason });
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, jobs.length) }, worker));
}
