/**
 * The table both test runners print at the end of a run (Vitest: ./vitest-slowest.ts, Playwright:
 * ./playwright-slowest.ts): the slowest tests and the files that took longest, so anyone sees where a layer's time
 * goes without a profiler.
 */

export interface TimedTest {
  /** Repository-relative file of the test. */
  file: string;
  /** The test's full title (describe blocks included). */
  title: string;
  /** Wall time of the test in ms (every attempt of a retried test, added up). */
  ms: number;
  /** How many times it ran (more than 1 = it passed or failed on a retry). */
  attempts?: number;
}

const seconds = (ms: number) => (ms < 1000 ? `${ms.toFixed(0)} ms` : `${(ms / 1000).toFixed(1)} s`).padStart(9);

/** Lines of the report: the `count` slowest tests, then the `count` slowest files (sum of their tests). */
export function slowestReport(tests: readonly TimedTest[], count = 10): string[] {
  if (tests.length === 0) return [];
  const byTest = [...tests].sort((a, b) => b.ms - a.ms).slice(0, count);
  const files = new Map<string, { ms: number; tests: number }>();
  for (const t of tests) {
    const file = files.get(t.file) ?? { ms: 0, tests: 0 };
    file.ms += t.ms;
    file.tests += 1;
    files.set(t.file, file);
  }
  const byFile = [...files].sort((a, b) => b[1].ms - a[1].ms).slice(0, count);
  const total = tests.reduce((sum, t) => sum + t.ms, 0);
  return [
    `Test più lenti (${String(byTest.length)} su ${String(tests.length)}, ${seconds(total).trim()} in tutto):`,
    ...byTest.map((t) => `${seconds(t.ms)}  ${t.file} › ${t.title}${(t.attempts ?? 1) > 1 ? ` (${String(t.attempts)} tentativi)` : ''}`),
    `File più lenti (somma dei loro test):`,
    ...byFile.map(([file, f]) => `${seconds(f.ms)}  ${file} (${String(f.tests)} test)`),
  ];
}
