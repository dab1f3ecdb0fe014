import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { pwaOptions } from './client/pwa/pwa-options.js';
import { appChunks, preloadShellOnly } from './client/pwa/app-chunks.js';
import { precompress } from './client/pwa/precompress.js';
import { prerender } from './client/prerender/prerender-plugin.js';
import { buildStamp } from './scripts/build-stamp.js';
import { zodWithoutEval } from './client/build/zod-without-eval.js';
import { rxJsonSchemas } from './client/db/rx-schemas-from-zod.js';

// One config for the client build (root: client/, output: dist/) and for vitest,
// which runs every *.test.ts(x) of client/, shared/ and sync-server/ and the ESLint rules'
// *.test.js (e2e/ has its own runner).
export default defineConfig({
  root: 'client',
  publicDir: 'public',
  plugins: [zodWithoutEval(), react(), appChunks(), prerender(), VitePWA(pwaOptions), precompress(), buildStamp()],
  // The RxDB schemas, converted from zod once here rather than on every device start
  // (client/db/rx-schemas.ts, decision 060).
  define: { __RX_JSON_SCHEMAS__: JSON.stringify(rxJsonSchemas()) },
  build: {
    outDir: '../dist',
    emptyOutDir: true,
    // No source maps by default: the app does not need them, and they were most of the output
    // (5.6 of 9 MB) and part of its time. `npx vite build --sourcemap` makes them for a profile.
    sourcemap: false,
    modulePreload: { resolveDependencies: preloadShellOnly },
  },
  server: {
    proxy: { '/api': 'http://127.0.0.1:8080' },
  },
  test: {
    root: '.',
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 30_000,
    pool: 'forks',
    // Every server test runs twice, with the same assertions: on SQLite (the default) and on
    // PostgreSQL (each file creates and drops its own database). The PostgreSQL run also takes
    // the client sync suites that drive the real server from simulated devices, and 100 seeds
    // of the randomized one. A test that only makes sense on one dialect is named
    // *.sqlite.test.ts or *.postgres.test.ts.
    // `npx vitest run --project postgres path` runs one file on PostgreSQL only.
    projects: [
      {
        extends: true,
        test: {
          name: 'sqlite',
          include: ['{client,shared,sync-server,bench,scripts}/**/*.test.{ts,tsx}', 'eslint-rules/**/*.test.js'],
          exclude: ['**/node_modules/**', '**/*.postgres.test.ts', '**/*.reload.test.ts'],
          env: { TEST_DIALECT: 'sqlite' },
        },
      },
      {
        extends: true,
        test: {
          name: 'postgres',
          include: [
            'sync-server/**/*.test.ts',
            'client/sync/{convergence,domain-invariants,server-restore}.test.ts',
            'client/**/*.postgres.test.ts',
          ],
          exclude: ['**/node_modules/**', '**/*.sqlite.test.ts'],
          env: { TEST_DIALECT: 'postgres' },
          globalSetup: ['sync-server/test-support/postgres-global-setup.ts'],
          setupFiles: ['sync-server/test-support/postgres-setup.ts'],
        },
      },
      // Page-reload tests (client/**/*.reload.test.ts) load a fresh copy of RxDB and Dexie per
      // simulated page load (vi.resetModules), which works only for inlined dependencies.
      {
        extends: true,
        test: {
          name: 'reload',
          include: ['client/**/*.reload.test.ts'],
          env: { TEST_DIALECT: 'sqlite' },
          server: { deps: { inline: ['rxdb', 'dexie'] } },
        },
      },
    ],
  },
});
