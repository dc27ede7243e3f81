/**
 * How every CSV import writes its plan (customers, products, price updates): the planned documents in batches
 * (each batch all-or-nothing, written by the caller), a few batches in flight at once, progress after each
 * wave, and a stop at the first wave with a failed batch. What the server confirmed is kept in `written`; the
 * plans use stable ids, so running the import again writes only the rest.
 */

export function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

export interface BatchedWriteRun {
  /** Ids whose batch the server confirmed. */
  written: Set<string>;
  /** The first failure (the writes stopped there), or undefined. */
  error: unknown;
}

export async function writeInWaves<T extends { id: string }>(
  items: readonly T[],
  options: { batchSize: number; parallel: number },
  writeBatch: (batch: readonly T[]) => Promise<void>,
  onProgress: (done: number, total: number) => void,
): Promise<BatchedWriteRun> {
  const run: BatchedWriteRun = { written: new Set(), error: undefined };
  const batches = chunks(items, options.batchSize);
  onProgress(0, items.length);
  try {
    for (let i = 0; i < batches.length; i += options.parallel) {
      const wave = batches.slice(i, i + options.parallel);
      const results = await Promise.allSettled(wave.map((batch) => writeBatch(batch)));
      results.forEach((result, k) => {
        if (result.status === 'fulfilled') for (const item of wave[k] ?? []) run.written.add(item.id);
      });
      onProgress(run.written.size, items.length);
      const failure = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
      if (failure) throw failure.reason;
    }
  } catch (error) {
    run.error = error;
  }
  return run;
}
