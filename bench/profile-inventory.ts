// `npm run profile:inventory`: where the main thread goes while /inventory loads for a signed-in
// parent with 100 toys, the page Lighthouse's blocking time is measured on (bench/lighthouse.ts).
// Builds the bench client with source maps into a folder of its own (once per change of the
// sources), serves it with the real server, stores the toys on the device with one visit, then
// reloads PROFILE_RUNS times (default 3) under a 4x CPU slowdown (Lighthouse's mobile preset)
// with V8's sampling profiler on. Prints, per run on average, the self time by package or source
// folder, and each busy stretch over 50 ms (the part a long task blocks for counts towards TBT)
// with its outermost frames, mapped through the source maps. Vite's preload helper has no source
// of its own in the maps, so its frames show under the module it was bundled beside (read
// `appendChild` under a lazy import as the helper adding <link rel="modulepreload"> tags).
import fs from 'node:fs';
import path from 'node:path';
import { TraceMap, originalPositionFor } from '@jridgewell/trace-mapping';
import { chromium, type CDPSession, type Page } from 'playwright-core';
import type { AppDeps } from '../sync-server/context.js';
import { openDatabase } from '../sync-server/db/database.js';
import { spawnServer } from '../sync-server/test-support/server-process.js';
import { seedUser } from '../sync-server/test-support/users.js';
import { insertToys, phone, signIn } from './browser-setup.js';
import { ensureBenchBuild } from './client-build.js';
import { patience, progress } from './load.js';
import { seedToys } from './seed-toys.js';

const repo = path.resolve(import.meta.dirname, '..');
const DIR = path.join(repo, '.tmp/profile-client');
const RUNS = Number(process.env.PROFILE_RUNS ?? 3);
/** PROFILE_TOYS=2000 profiles the load with the bench's larger inventory (its first-card row). */
const TOYS = Number(process.env.PROFILE_TOYS ?? 100);
/**
 * PROFILE_WRITE=1 profiles the bench's one-write row instead of the load: Kept toggled on the
 * newest toy's card, with no CPU slowdown (as the bench measures it), each stretch over 5 ms.
 */
const WRITE = process.env.PROFILE_WRITE === '1';

type Frame = { functionName: string; url: string; lineNumber: number; columnNumber: number };
type ProfileNode = { id: number; callFrame: Frame; children?: number[] };
type Profile = { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] };

const maps = new Map<string, TraceMap | null>();
function mapFor(url: string): TraceMap | null {
  if (!maps.has(url)) {
    const file = path.join(DIR, new URL(url).pathname + '.map');
    maps.set(url, fs.existsSync(file) ? new TraceMap(fs.readFileSync(file, 'utf8')) : null);
  }
  return maps.get(url) ?? null;
}

/** "name source:line" through the source map, or the browser's own name for native work. */
function label(frame: Frame): { name: string; source: string } {
  const name = frame.functionName || '(anonymous)';
  if (!frame.url.startsWith('http') || frame.lineNumber < 0) return { name, source: frame.url ? 'other' : name };
  const original = mapFor(frame.url) && originalPositionFor(mapFor(frame.url)!, { line: frame.lineNumber + 1, column: frame.columnNumber });
  if (!original?.source) return { name, source: new URL(frame.url).pathname };
  const source = original.source.replace(/.*node_modules\//, 'node_modules/').replace(/^(\.\.\/)+/, '');
  return { name: `${original.name ?? name} ${source}:${original.line}`, source };
}

/** The package (node_modules/x) or the project's top two folders a source belongs to. */
const groupOf = (source: string) => {
  const parts = source.split('/');
  if (parts[0] === 'node_modules') return parts.slice(0, parts[1]?.startsWith('@') ? 3 : 2).join('/');
  return parts.length > 1 ? parts.slice(0, 2).join('/') : source;
};

class Tally {
  readonly totals = new Map<string, number>();
  add(key: string, ms: number) {
    this.totals.set(key, (this.totals.get(key) ?? 0) + ms);
  }
  top(count: number, divide = 1): string {
    return [...this.totals].sort((a, b) => b[1] - a[1]).slice(0, count).map(([key, ms]) => `${(ms / divide).toFixed(0).padStart(6)} ms  ${key}`).join('\n');
  }
}

/** Self time by group; busy stretches over 50 ms, each with its outermost mapped frames. */
function analyse(profile: Profile, groups: Tally, run: number, reportOverMs = 50): void {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const outer = (id: number) => {
    const chain: string[] = [];
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) chain.unshift(label(byId.get(at)!.callFrame).name);
    return chain.filter((name) => name.includes(':')).slice(0, 3).join(' > ') || '(browser: parse, style, layout, GC)';
  };
  let time = 0;
  let stretch: { start: number; samples: { id: number; ms: number }[] } | null = null;
  const end = () => {
    const ms = stretch ? stretch.samples.reduce((sum, s) => sum + s.ms, 0) : 0;
    if (stretch && ms > reportOverMs) {
      const frames = new Tally();
      for (const sample of stretch.samples) frames.add(outer(sample.id), sample.ms);
      console.log(`run ${run}: busy ${ms.toFixed(0)} ms from ${stretch.start.toFixed(0)} ms\n${frames.top(5).replace(/^/gm, '    ')}`);
    }
    stretch = null;
  };
  profile.samples.forEach((id, i) => {
    const ms = (profile.timeDeltas[i] ?? 0) / 1000;
    time += ms;
    const frame = byId.get(id)!.callFrame;
    if (frame.functionName === '(idle)') return end();
    stretch ??= { start: time, samples: [] };
    stretch.samples.push({ id, ms });
    if (frame.functionName !== '(program)') groups.add(groupOf(label(frame).source), ms);
    else groups.add('(browser: parse, style, layout)', ms);
  });
  end();
}

async function profileRuns(url: string, account: { token: string; userId: string }): Promise<void> {
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox'] });
  try {
    const { page } = await phone(browser, url);
    await signIn(page, { ...account, toys: TOYS }); // one visit stores the toys on the device
    await page.waitForTimeout(2000); // the first sync settles; the app chunks are cached
    const cdp: CDPSession = await page.context().newCDPSession(page);
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    if (WRITE) return await profileWrites(page, cdp);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    const groups = new Tally();
    for (let run = 1; run <= RUNS; run++) {
      progress(`profile: /inventory, run ${run} of ${RUNS}`);
      await cdp.send('Profiler.start');
      await page.reload();
      await page.locator('.tr-count', { hasText: `${TOYS} /` }).waitFor({ timeout: patience(60_000) });
      await page.waitForTimeout(3000);
      analyse((await cdp.send('Profiler.stop')).profile as Profile, groups, run);
    }
    console.log(`\nself time per load (mean of ${RUNS}, 4x CPU slowdown), by package or folder:\n${groups.top(20, RUNS)}`);
  } finally {
    await browser.close();
  }
}

/** Kept on, off and on again on the newest toy, each profiled from the click until painted. */
async function profileWrites(page: Page, cdp: CDPSession): Promise<void> {
  await page.locator('.tr-card').first().click();
  const dialog = page.getByRole('dialog');
  await dialog.waitFor();
  const groups = new Tally();
  for (let run = 1; run <= RUNS; run++) {
    progress(`profile: one write at ${TOYS} toys, run ${run} of ${RUNS}`);
    const kept = run % 2 === 1;
    await cdp.send('Profiler.start');
    await dialog.locator('label', { hasText: 'Kept in rotation' }).click();
    await page.locator('.tr-gallery li:first-child .tr-badge--kept').waitFor({ state: kept ? 'visible' : 'detached' });
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0))));
    analyse((await cdp.send('Profiler.stop')).profile as Profile, groups, run, 5);
    await page.waitForTimeout(300);
  }
  console.log(`\nself time per write (mean of ${RUNS}), by package or folder:\n${groups.top(20, RUNS)}`);
}

ensureBenchBuild(DIR, ['--sourcemap']);
const server = await spawnServer({ LOG_LEVEL: 'error', CLIENT_DIR: DIR }, { prefix: 'toy-rotation-profile', startTimeoutMs: patience(30_000) });
try {
  const db = await openDatabase({ dataDir: server.dataDir });
  const user = await seedUser({ db, now: Date.now } as AppDeps, { plan: 'paid' });
  // Through the API as a parent adds them, or, past the plan's limit, as the bench's 2,000.
  if (TOYS <= 500) await seedToys(server.url, user.token, TOYS);
  else await insertToys(db, user.userId, TOYS);
  await db.destroy();
  await profileRuns(server.url, user);
} finally {
  await server.stop();
  fs.rmSync(server.dataDir, { recursive: true, force: true });
}
