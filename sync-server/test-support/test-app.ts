import path from 'node:path';
import { createApp } from '../app.js';
import { createDeps } from '../deps.js';
import { dkimSettings, readEnv } from '../env.js';
import { createMailer, type Mail, type Mailer } from '../services/mailer.js';
import { openTestDatabase, type TestDatabase, type TestDialect } from './test-database.js';

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;

/**
 * A real app on a real, empty database of the run's dialect (a SQLite file in a fresh temp
 * dir, or a fresh PostgreSQL schema; see test-database.ts). The clock is movable
 * (`advance(ms)`), sent mail is recorded in `sent` and also written to the outbox.
 * `options.sameDatabaseAs` makes a second instance on another app's database; `options.dialect`
 * picks a dialect other than the run's (a SQLite source for the copy to PostgreSQL).
 */
export async function createTestApp(
  envOverrides: Record<string, string> = {},
  options: { sameDatabaseAs?: TestApp; dialect?: TestDialect } = {},
) {
  const database: TestDatabase = await openTestDatabase(options.sameDatabaseAs?.database, options.dialect);
  const { db, dataDir } = database;
  const env = readEnv({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    PORT: '8080',
    ...envOverrides,
  });
  let offset = 0;
  const sent: Mail[] = [];
  const outbox = createMailer({ smtpUrl: env.SMTP_URL, from: env.MAIL_FROM, outboxDir: path.join(dataDir, 'outbox'), dkim: dkimSettings(env) ?? undefined });
  const mailer: Mailer = {
    async send(mail) {
      sent.push(mail);
      await outbox.send(mail);
    },
  };
  const server = await createDeps(env, { db, mailer, now: () => Date.now() + offset, log: () => {} }).catch(async (error: unknown) => {
    await database.close();
    throw error;
  });
  const { deps } = server;
  const app = createApp(deps);
  return {
    app,
    deps,
    db,
    dataDir,
    database,
    /** PostgreSQL only: this instance's change-feed relay. */
    relay: server.relay,
    sent,
    /**
     * The first mail to `to` from `sent[from]` on, once it is there: mail the server sends after
     * its answer (the password reset mailer) may still be on its way when the answer arrives.
     */
    async mailTo(to: string, from = 0): Promise<Mail> {
      for (let waited = 0; waited < 5000; waited += 10) {
        const mail = sent.slice(from).find((m) => m.to === to);
        if (mail) return mail;
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      throw new Error(`no mail to ${to} within 5 s`);
    },
    advance(ms: number) {
      offset += ms;
    },
    async close() {
      await server.close();
      await database.close();
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
