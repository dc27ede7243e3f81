/** Vitest reporter (beside the default one): the slowest tests and files of the run, printed at its end. */
import path from 'node:path';
import type { Reporter, TestModule } from 'vitest/node';
import { slowestReport, type TimedTest } from './slowest.ts';

export default class SlowestReporter implements Reporter {
  onTestRunEnd(testModules: readonly TestModule[]): void {
    const tests: TimedTest[] = [];
    for (const module of testModules) {
      for (const test of module.children.allTests()) {
        const diagnostic = test.diagnostic();
        if (!diagnostic) continue; // skipped or not run
        tests.push({ file: path.relative(process.cwd(), module.moduleId), title: test.fullName, ms: diagnostic.duration, attempts: diagnostic.retryCount + 1 });
      }
    }
    const lines = slowestReport(tests);
    if (lines.length > 0) console.log(`\n${lines.join('\n')}\n`);
  }
}
