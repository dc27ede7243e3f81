/** Playwright reporter (beside 'list'): the slowest tests and spec files of the run, printed at its end. */
import path from 'node:path';
import type { FullResult, Reporter, TestCase, TestResult } from '@playwright/test/reporter';
import { slowestReport, type TimedTest } from './slowest.ts';

export default class SlowestReporter implements Reporter {
  private readonly tests = new Map<TestCase, TimedTest>();

  onTestEnd(test: TestCase, result: TestResult): void {
    if (result.status === 'skipped') return;
    const timed = this.tests.get(test) ?? { file: path.relative(process.cwd(), test.location.file), title: test.titlePath().slice(3).join(' › '), ms: 0, attempts: 0 };
    timed.ms += result.duration;
    timed.attempts = (timed.attempts ?? 0) + 1;
    this.tests.set(test, timed);
  }

  onEnd(_result: FullResult): void {
    const lines = slowestReport([...this.tests.values()]);
    if (lines.length > 0) console.log(`\n${lines.join('\n')}\n`);
  }

  printsToStdio(): boolean {
    return false;
  }
}
