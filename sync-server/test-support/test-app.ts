import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createApp } from '../app.js';
import type { AppDeps } from '../context.js';
import { openDatabase } from '../db/database.js';
import { readEnv } from '../env.js';
import { ChangeFeed } from '../services/change-feed.js';
import { createMailer, type Mail, type Mailer } from '../services/mailer.js';

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;

/**
 * A real app on a real SQLite file in a fresh temp dir. The clock is movable
 * (`advance(ms)`), sent mail is recorded in `sent` and also written to the outbox.
 */
export async function createTestApp(envOverrides: Record<string, string> = {}) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'toy-rotation-test-'));
  const env = readEnv({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', PORT: '8080', ...envOverrides });
  const db = await openDatabase({ dataDir });
  let offset = 0;
  const sent: Mail[] = [];
  const outbox = createMailer({ smtpUrl: env.SMTP_URL, from: env.MAIL_FROM, outboxDir: path.join(dataDir, 'outbox') });
  const mailer: Mailer = {
    async send(mail) {
      sent.push(mail);
      await outbox.send(mail);
    },
  };
  const deps: AppDeps = {
    env,
    db,
    feed: new ChangeFeed(),
    mailer,
    now: () => Date.now() + offset,
    log: () => {},
  };
  const app = createApp(deps);
  return {
    app,
    deps,
    db,
    dataDir,
    sent,
    advance(ms: number) {
      offset += ms;
    },
    async close() {
      await db.destroy();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** JSON request helper for app.request(). */
export function jsonRequest(method: string, body?: unknown, token?: string): RequestInit {
  const headers: Record<string, string> = {};
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (token) headers.authorization = `Bearer ${token}`;
  return { method, headers, body: body === undefined ? undefined : JSON.stringify(body) };
}
