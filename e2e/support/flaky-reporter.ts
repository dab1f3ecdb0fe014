import path from 'node:path';
import type { Reporter, TestCase } from 'vitest/node';

// Lists, at the end of a browser run, every test that failed once and passed on its second run
// (decision 059): a retry keeps CI from failing on load-dependent timing, but a flaky test is a
// finding to follow up, not something to hide.
export default class FlakyReporter implements Reporter {
  private readonly flaky: string[] = [];

  onTestCaseResult(testCase: TestCase): void {
    if (!testCase.diagnostic()?.flaky) return;
    // The first run's error stays with the passed result: say it, to mend the test at its cause.
    const firstError = testCase.result().errors?.[0]?.message.split('\n')[0] ?? 'no error recorded';
    this.flaky.push(`${path.relative(process.cwd(), testCase.module.moduleId)}: ${testCase.fullName}\n      first run: ${firstError}`);
  }

  onTestRunEnd(): void {
    if (this.flaky.length === 0) return;
    console.log(`\nFlaky: ${this.flaky.length} browser test(s) failed once and passed on their second run:`);
    for (const name of this.flaky) console.log(`  - ${name}`);
  }
}
