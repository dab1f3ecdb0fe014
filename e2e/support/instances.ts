import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import pg from 'pg';
import { startTestS3, type TestS3 } from '../../sync-server/test-support/s3-server.js';
import { spawnServer } from '../../sync-server/test-support/server-process.js';
import { TEST_VAPID_KEYS } from '../../sync-server/test-support/vapid-keys.js';

// Several real server processes (`tsx sync-server/index.ts`) behind no proxy, sharing one new
// PostgreSQL database and one S3-compatible store (s3rver, in this process): the deployment of
// "Running on several machines", on loopback.

const ADMIN_URL = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export type Instances = { urls: string[]; databaseUrl: string; s3: TestS3; logs: string[]; close(): Promise<void> };

export async function startInstances(count: number, clientDir: string): Promise<Instances> {
  const database = await createPostgresDatabase('toy_e2e');
  const databaseUrl = database.url;
  const s3 = await startTestS3();
  const stops: (() => Promise<void>)[] = [];
  const urls: string[] = [];
  const logs: string[] = [];
  const dirs: string[] = [];
  const close = async () => {
    await Promise.all(stops.map((stop) => stop()));
    await s3.close();
    await database.drop();
    if (!process.env.E2E_KEEP_DATA) for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  };
  try {
    for (let i = 0; i < count; i++) {
      const server = await spawnServer({
        ...s3.env,
        CLIENT_DIR: clientDir,
        DATABASE_URL: databaseUrl,
        // Every instance must sign and check captchas with the same key.
        CAPTCHA_SECRET: 'e2e-shared-captcha-secret-key',
        ...TEST_VAPID_KEYS, // and the same push keys
      });
      dirs.push(server.dataDir);
      stops.push(server.stop);
      logs.push(server.log);
      urls.push(server.url);
    }
  } catch (error) {
    await close();
    throw error;
  }
  return { urls, databaseUrl, s3, logs, close };
}

/** A new, empty PostgreSQL database on the test server; returns its URL and a drop function. */
export async function createPostgresDatabase(prefix: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `${prefix}_${process.pid}_${randomBytes(4).toString('hex')}`;
  await admin(`create database "${name}"`);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(`drop database if exists "${name}" with (force)`) };
}

async function admin(text: string): Promise<void> {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}
