import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { serve } from '@hono/node-server';
import { createApp } from './app.js';
import { createDeps } from './deps.js';
import { EnvError, readEnv, type Env } from './env.js';
import { collectProcessMetrics } from './lib/metrics.js';
import { startUpLine, startUpSummary } from './lib/start-up-summary.js';
import { startScheduledJobs } from './services/scheduled-jobs.js';

// Bootstrap only: read config, build the dependencies (opening and migrating the database), serve.

function readEnvOrExit(): Env {
  try {
    const env = readEnv();
    return { ...env, DATA_DIR: path.resolve(env.DATA_DIR) };
  } catch (error) {
    if (error instanceof EnvError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

async function main() {
  const env = readEnvOrExit();
  const server = await createDeps(env);
  const { deps } = server;
  const clientDir = env.CLIENT_DIR ? path.resolve(env.CLIENT_DIR) : fileURLToPath(new URL('../dist', import.meta.url));
  const app = createApp(deps, { clientDir });
  collectProcessMetrics(deps.metrics);
  const stopJobs = startScheduledJobs(deps);
  const http = serve({ fetch: app.fetch, port: env.PORT, hostname: env.HOST }, (info) => {
    const listening = `http://${info.address.includes(':') ? `[${info.address}]` : info.address}:${info.port}`;
    // Said once, whatever LOG_LEVEL: the line that says the server is up and how it runs (process
    // supervisors and the test harness wait for it), with the same facts as fields for log tools.
    deps.logger.child({}, { level: 'info' }).info({ appUrl: env.APP_URL, listening, ...startUpSummary(env) }, startUpLine(env, listening));
  });

  const shutdown = () => {
    stopJobs();
    http.close(() => void server.close().then(() => process.exit(0)));
    setTimeout(() => process.exit(0), 5000).unref(); // open SSE streams must not block exit
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
}

main().catch((error: unknown) => {
  console.error('[toy-rotation] failed to start:', error instanceof Error ? error.message : error);
  process.exit(1);
});
