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
    retry: 0,
  },
});
