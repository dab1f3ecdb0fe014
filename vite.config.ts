import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { pwaOptions } from './client/pwa/pwa-options';

// One config for the client build (root: client/, output: dist/) and for vitest,
// which runs every *.test.ts(x) of client/, shared/ and sync-server/ (e2e/ has its own runner).
export default defineConfig({
  root: 'client',
  publicDir: 'public',
  plugins: [react(), VitePWA(pwaOptions)],
  build: {
    outDir: '../dist',
    emptyOutDir: true,
    sourcemap: true,
  },
  server: {
    proxy: { '/api': 'http://127.0.0.1:8080' },
  },
  test: {
    root: '.',
    include: ['{client,shared,sync-server}/**/*.test.{ts,tsx}'],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 30_000,
    pool: 'forks',
  },
});
