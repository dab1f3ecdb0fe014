// Lighthouse rows of `npm run bench` (and `npm run lighthouse` alone): Lighthouse 12's mobile
// preset (simulated slow 4G and 4x slower CPU), the same measure people run from outside, on
// the bench build served by the real server. Three runs of each page, median and range:
//  - /frontpage as a first visit (storage and cache cleared), against the same page with its
//    scripts blocked (what HTML and CSS alone score on this machine in these minutes);
//  - /inventory signed in with 100 toys, after one visit that stored them on the device.
// Chromium is Debian's, driven by Playwright (to sign in) with its DevTools port open for
// Lighthouse, in a profile of its own. BENCH_LIGHTHOUSE_REPORTS=dir keeps each run's full
// report (JSON) there, for its diagnostics (long tasks, script bootup, unused JavaScript).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import lighthouse, { type Flags } from 'lighthouse';
import { chromium } from 'playwright-core';
import type { AppDeps } from '../sync-server/context.js';
import { openDatabase } from '../sync-server/db/database.js';
import { freePort, spawnServer } from '../sync-server/test-support/server-process.js';
import { seedUser } from '../sync-server/test-support/users.js';
import { BENCH_CLIENT_DIR } from './client-build.js';
import { patience, progress } from './load.js';
import { row, type BenchPart, type Row } from './report.js';
import { seedToys } from './seed-toys.js';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
const TOYS = 100;
const REPORTS = process.env.BENCH_LIGHTHOUSE_REPORTS;
let reportCount = 0;

type Score = { score: number; lcp: number; tbt: number; cls: number };

async function audit(url: string, port: number, flags: Flags = {}): Promise<Score> {
  const result = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: ['performance'], ...flags });
  const lhr = result?.lhr;
  if (!lhr || lhr.runtimeError) throw new Error(`Lighthouse could not measure ${url}: ${lhr?.runtimeError?.message ?? 'no result'}`);
  if (REPORTS) {
    fs.mkdirSync(REPORTS, { recursive: true });
    const name = `${++reportCount}-${new URL(url).pathname.slice(1)}${flags.blockedUrlPatterns ? '-no-js' : ''}.json`;
    fs.writeFileSync(path.join(REPORTS, name), JSON.stringify(lhr));
  }
  const value = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
  return {
    score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    lcp: value('largest-contentful-paint'),
    tbt: value('total-blocking-time'),
    cls: value('cumulative-layout-shift'),
  };
}

async function runs(what: string, measure: () => Promise<Score>): Promise<Score[]> {
  const all: Score[] = [];
  for (let i = 0; i < RUNS; i++) {
    progress(`lighthouse: ${what}, run ${i + 1} of ${RUNS}`);
    all.push(await measure());
  }
  return all;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const range = (values: number[], format: (n: number) => string) => `${format(Math.min(...values))}-${format(Math.max(...values))}`;
const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const ms = (n: number) => `${n.toFixed(0)} ms`;
const int = (n: number) => n.toFixed(0);

/** "score 97 (95-98), LCP 1.90 s, TBT 120 ms (80-150 ms)": medians, with the range where it matters. */
function summary(scores: Score[]): string {
  const pick = (key: keyof Score) => scores.map((x) => x[key]);
  return `score ${median(pick('score'))} (${range(pick('score'), int)}), LCP ${s(median(pick('lcp')))}, TBT ${ms(median(pick('tbt')))} (${range(pick('tbt'), ms)})`;
}

async function lighthouseRows(): Promise<Row[]> {
  if (!fs.existsSync(path.join(BENCH_CLIENT_DIR, 'frontpage.html'))) throw new Error(`${BENCH_CLIENT_DIR} is not built: run npm run bench`);
  const server = await spawnServer({ LOG_LEVEL: 'error', CLIENT_DIR: BENCH_CLIENT_DIR }, { prefix: 'toy-rotation-lighthouse', startTimeoutMs: patience(30_000) });
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'toy-rotation-lighthouse-profile-'));
  const port = await freePort();
  const browser = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    args: [`--remote-debugging-port=${port}`, '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--no-first-run'],
  });
  try {
    const db = await openDatabase({ dataDir: server.dataDir });
    const user = await seedUser({ db, now: Date.now } as AppDeps, { plan: 'paid' }).finally(() => db.destroy());
    await seedToys(server.url, user.token, TOYS);

    const front = await runs('/frontpage', () => audit(`${server.url}/frontpage`, port));
    const still = await runs('/frontpage with its scripts blocked', () => audit(`${server.url}/frontpage`, port, { blockedUrlPatterns: ['*.js'] }));

    // Signed in as the app stores a session, then one visit that stores the toys on the device;
    // Lighthouse then keeps the storage (a returning parent), and clears only the HTTP cache.
    const page = browser.pages()[0] ?? (await browser.newPage());
    await page.goto(`${server.url}/frontpage`);
    await page.evaluate((u) => {
      localStorage.setItem('authToken', u.token);
      localStorage.setItem('setupTime', String(Date.now()));
      localStorage.setItem('userId', u.userId);
      localStorage.setItem('username', 'Bench parent');
    }, user);
    await page.goto(`${server.url}/inventory`);
    await page.locator('.tr-count', { hasText: `${TOYS} /` }).waitFor({ timeout: patience(60_000) });
    const inventory = await runs('/inventory signed in', () => audit(`${server.url}/inventory`, port, { disableStorageReset: true }));

    const at = (scores: Score[], key: keyof Score) => median(scores.map((x) => x[key]));
    return [
      row('Lighthouse mobile /frontpage, first visit', summary(front), `scripts blocked: ${summary(still)}`, 'score >= 95, LCP <= 2.5 s, TBT <= 200 ms', at(front, 'score') >= 95 && at(front, 'lcp') <= 2500 && at(front, 'tbt') <= 200),
      row(`Lighthouse mobile /inventory, signed in, ${TOYS} toys`, summary(inventory), `/frontpage scripts blocked: score ${median(still.map((x) => x.score))}`, 'score >= 90, TBT <= 200 ms', at(inventory, 'score') >= 90 && at(inventory, 'tbt') <= 200),
    ];
  } finally {
    await browser.close();
    await server.stop();
    fs.rmSync(profile, { recursive: true, force: true });
    fs.rmSync(server.dataDir, { recursive: true, force: true });
  }
}

export const lighthousePart: BenchPart = { name: 'lighthouse', title: `Lighthouse 12, mobile preset (${RUNS} runs each: median (range))`, run: lighthouseRows };
