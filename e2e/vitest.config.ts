import { defineConfig } from 'vitest/config';

// Browser tests: real Chromium (playwright-core) against the built client and the real server,
// which e2e/global-setup.ts builds and starts once for the whole run.
export default defineConfig({
  test: {
    root: '.',
    include: ['e2e/**/*.e2e.ts'],
    globalSetup: ['e2e/global-setup.ts'],
    environment: 'node',
    pool: 'forks',
    // Two files at a time: each drives its own Chromium, and CI machines have 2 cores.
    maxWorkers: 2,
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // One more run for a test that fails once (decision 059): on a loaded 2-core machine a
    // browser step can miss its time; a real fault fails both runs. Flaky passes are listed.
    retry: 1,
    reporters: ['default', './e2e/support/flaky-reporter.ts'],
    // A poll waits as long as a Playwright action (support/browser.ts: 15 s), not vitest's 1 s:
    // on a loaded 2-core machine reopening the local database after a reload takes seconds.
    expect: { poll: { timeout: 15_000, interval: 100 } },
  },
});
