// What the browser parts of `npm run bench` share: the bench build served by the real server
// process on loopback, households seeded straight into its database, and a phone-sized
// Chromium page signed in to one of them (playwright-core, CHROMIUM_PATH or /usr/bin/chromium).
import fs from 'node:fs';
import type { Kysely } from 'kysely';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import type { AppDeps } from '../sync-server/context.js';
import { openDatabase } from '../sync-server/db/database.js';
import { asHouseholdId, type Database } from '../sync-server/db/schema.js';
import { nextSeq } from '../sync-server/services/change-feed.js';
import { spawnServer, type SpawnedServer } from '../sync-server/test-support/server-process.js';
import { seedUser } from '../sync-server/test-support/users.js';
import { BENCH_CLIENT_DIR } from './client-build.js';
import { patience } from './load.js';
import { toyRow } from './seed-toys.js';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const PHONE = { width: 390, height: 844 };

export type Account = { token: string; userId: string; toys: number };

export type BenchSite = { server: SpawnedServer; browser: Browser; accounts: Record<number, Account>; close(): Promise<void> };

/** Writes `count` toys of the bench straight into the server's database, past any plan's limit. */
export async function insertToys(db: Kysely<Database>, userId: string, count: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    for (let i = 1; i <= count; i++) {
      const toy = toyRow(i);
      await trx
        .insertInto('toys')
        .values({ household_id: asHouseholdId(userId), id: toy.id, title: toy.title, category_id: toy.categoryId, caption: toy.caption, media_id: null, created_at: toy.createdAt, last_rotated_at: null, location: null, feedback: null, seq: await nextSeq(trx) })
        .execute();
    }
  });
}

/**
 * The server with one paid household per toy count, and Chromium. Seeded straight into the
 * server's database: 2,000 is past every plan's limit, and the case is a local
 * database that holds them (devices adding offline, decision 008).
 */
export async function openBenchSite(toyCounts: readonly number[], prefix: string): Promise<BenchSite> {
  if (!fs.existsSync(`${BENCH_CLIENT_DIR}/index.html`)) throw new Error(`${BENCH_CLIENT_DIR} is not built: run npm run bench`);
  const server = await spawnServer({ LOG_LEVEL: 'error', CLIENT_DIR: BENCH_CLIENT_DIR }, { prefix, startTimeoutMs: patience(30_000) });
  const accounts: Record<number, Account> = {};
  try {
    const db = await openDatabase({ dataDir: server.dataDir });
    try {
      for (const toys of toyCounts) {
        const { token, userId } = await seedUser({ db, now: Date.now } as AppDeps, { plan: 'paid' });
        accounts[toys] = { token, userId, toys };
        await insertToys(db, userId, toys);
      }
    } finally {
      await db.destroy();
    }
  } catch (error) {
    await server.stop();
    throw error;
  }
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--no-first-run'] });
  return {
    server,
    browser,
    accounts,
    async close() {
      await browser.close();
      await server.stop();
      fs.rmSync(server.dataDir, { recursive: true, force: true });
    },
  };
}

export async function phone(browser: Browser, baseURL: string, serviceWorkers: 'allow' | 'block' = 'allow'): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL, viewport: PHONE, isMobile: true, hasTouch: true, deviceScaleFactor: 1, serviceWorkers });
  context.setDefaultTimeout(patience(60_000));
  return { context, page: await context.newPage() };
}

/** Signs the page in as the account and waits until /inventory counts all its toys. */
export async function signIn(page: Page, account: Account): Promise<void> {
  await page.goto('/frontpage');
  await page.evaluate((a) => {
    localStorage.setItem('authToken', a.token);
    localStorage.setItem('setupTime', String(Date.now()));
    localStorage.setItem('userId', a.userId);
    localStorage.setItem('username', 'Bench parent');
  }, account);
  await page.goto('/inventory');
  await page.locator('.tr-count', { hasText: `${account.toys} /` }).waitFor({ timeout: patience(120_000) });
}

export const ms = (n: number) => `${n.toFixed(n < 10 ? 1 : 0)} ms`;
