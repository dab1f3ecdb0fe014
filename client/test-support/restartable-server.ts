import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { createApp } from '../../sync-server/app.js';
import type { DB } from '../../sync-server/db/database.js';
import { createDeps } from '../../sync-server/deps.js';
import { readEnv } from '../../sync-server/env.js';
import { serveOnFreePort } from '../../sync-server/test-support/serve-app.js';
import { TEST_VAPID_KEYS } from '../../sync-server/test-support/vapid-keys.js';
import { openTestDatabase, readAllRows, replaceAllRows } from '../../sync-server/test-support/test-database.js';
import type { TestServer } from './sync-harness.js';

// Test support (not shipped): a real server that can be killed, restarted on the same port,
// and restored from a backup copy of its database. On the run's dialect (TEST_DIALECT, as the
// server tests): a SQLite file, or a PostgreSQL schema of its own (the `postgres` project).

export type RestartableServer = TestServer & {
  /** A consistent copy of the database as it is now. */
  backup(): Promise<string>;
  /** Stops the server (open streams drop), as a crash or a deploy would. */
  stop(): Promise<void>;
  /** Starts it again on the same port, first putting `backupFile` back if given. */
  start(backupFile?: string): Promise<void>;
};

/** Where the server's data lives, and how it is copied and put back. */
type Storage = {
  env: Record<string, string>;
  backup(db: DB): Promise<string>;
  /** With the server stopped. */
  restore(backup: string): Promise<void>;
  close(): Promise<void>;
};

const FILE = 'toy-rotation.sqlite';

/** Memory-backed where the system has it: SYNCHRONOUS=FULL's fsyncs cost nothing there. */
function scratchDir(): string {
  const shm = '/dev/shm';
  return fs.existsSync(shm) && fs.statSync(shm).isDirectory() ? shm : os.tmpdir();
}

function sqliteStorage(): Storage {
  const dataDir = fs.mkdtempSync(path.join(scratchDir(), 'toy-rotation-restart-'));
  let backups = 0;
  return {
    env: { DATA_DIR: dataDir },
    async backup(db) {
      const file = path.join(dataDir, `backup-${++backups}.sqlite`);
      await sql`VACUUM INTO ${file}`.execute(db);
      return file;
    },
    async restore(file) {
      for (const suffix of ['', '-wal', '-shm']) fs.rmSync(path.join(dataDir, FILE + suffix), { force: true });
      fs.copyFileSync(file, path.join(dataDir, FILE));
    },
    async close() {
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A fresh schema; a backup is every row of every table, kept in memory. */
async function postgresStorage(): Promise<Storage> {
  const database = await openTestDatabase(); // its connection does the restores
  const backups = new Map<string, Awaited<ReturnType<typeof readAllRows>>>();
  return {
    env: { DATA_DIR: database.dataDir, DATABASE_URL: database.databaseUrl!, CAPTCHA_SECRET: 'restartable-test-server-captcha', ...TEST_VAPID_KEYS },
    async backup(db) {
      const name = `backup-${backups.size + 1}`;
      backups.set(name, await readAllRows(db));
      return name;
    },
    async restore(name) {
      await replaceAllRows(database.db, backups.get(name)!);
    },
    close: () => database.close(),
  };
}

export async function startRestartableServer(): Promise<RestartableServer> {
  const storage = process.env.TEST_DIALECT === 'postgres' ? await postgresStorage() : sqliteStorage();
  let port = 0;
  let running: { close(): Promise<void> } | null = null;

  const server = {} as RestartableServer;
  server.start = async (backupFile?: string) => {
    if (backupFile) await storage.restore(backupFile);
    const env = readEnv({ ...storage.env, LOG_LEVEL: 'silent', PORT: '8080' });
    const built = await createDeps(env, { mailer: { send: async () => {} } });
    const app = createApp(built.deps);
    const http = await serveOnFreePort(app.fetch, { port });
    port = http.port;
    server.baseUrl = http.url;
    server.t = { app, deps: built.deps, db: built.deps.db } as unknown as TestServer['t'];
    running = {
      async close() {
        await http.close();
        await built.close();
      },
    };
  };
  server.stop = async () => {
    await running?.close();
    running = null;
  };
  server.backup = () => storage.backup(server.t.db);
  server.close = async () => {
    await server.stop();
    await storage.close();
  };
  await server.start();
  return server;
}
