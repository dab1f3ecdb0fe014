import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { serve } from '@hono/node-server';
import { createApp } from './app.js';
import { openDatabase } from './db/database.js';
import { EnvError, readEnv } from './env.js';
import { ChangeFeed } from './services/change-feed.js';
import { createMailer } from './services/mailer.js';
import { startScheduledJobs } from './services/scheduled-jobs.js';

// Bootstrap only: read config, open the database (migrating it), serve.

const log = (line: string) => console.log(`[toy-rotation] ${line}`);

async function main() {
  let env;
  try {
    env = readEnv();
  } catch (error) {
    if (error instanceof EnvError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const dataDir = path.resolve(env.DATA_DIR);
  const db = await openDatabase({ dataDir, databaseUrl: env.DATABASE_URL });
  const deps = {
    env: { ...env, DATA_DIR: dataDir },
    db,
    feed: new ChangeFeed(),
    mailer: createMailer({
      smtpUrl: env.SMTP_URL,
      from: env.MAIL_FROM,
      outboxDir: path.join(dataDir, 'outbox'),
      log,
    }),
    now: Date.now,
    log: env.LOG_LEVEL === 'silent' ? () => {} : log,
  };
  const clientDir = env.CLIENT_DIR ? path.resolve(env.CLIENT_DIR) : fileURLToPath(new URL('../dist', import.meta.url));
  const app = createApp(deps, { clientDir });
  const stopJobs = startScheduledJobs(deps);
  const server = serve({ fetch: app.fetch, port: env.PORT, hostname: env.HOST }, (info) => {
    log(`serving ${env.APP_URL} on http://${info.address}:${info.port} (data in ${dataDir})`);
  });

  const shutdown = () => {
    stopJobs();
    server.close(() => void db.destroy().then(() => process.exit(0)));
    setTimeout(() => process.exit(0), 5000).unref(); // open SSE streams must not block exit
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
}

main().catch((error: unknown) => {
  console.error('[toy-rotation] failed to start:', error instanceof Error ? error.message : error);
  process.exit(1);
});
