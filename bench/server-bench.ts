// Server rows of `npm run bench` (issue 16): the real server process (SQLite, the production
// entry point) and, in the same run, a bare Hono JSON route in a process of its own as the
// baseline. autocannon on loopback, BENCH_SECONDS per run (default 4), 50 connections, two
// alternating rounds each (the best kept).
//  - /api/health against the bare route;
//  - authenticated getusertoys with 100 toys against the bare route, and its p99;
//  - the server process's own peak memory (resident set, VmHWM) over all runs, started with the
//    V8 flags of `npm start` (package.json), against the same server with V8's defaults and the
//    bare route's process under the same loads;
//  - the JS, CSS and HTML bytes of the built client as sent with and without compression.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import autocannon from 'autocannon';
import type { AppDeps } from '../sync-server/context.js';
import { openDatabase } from '../sync-server/db/database.js';
import { freePort, spawnServer } from '../sync-server/test-support/server-process.js';
import { seedUser } from '../sync-server/test-support/users.js';
import { BENCH_CLIENT_DIR } from './client-build.js';
import { patience, progress } from './load.js';
import { row, type BenchPart, type Row } from './report.js';
import { seedToys } from './seed-toys.js';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 4);

/** The V8 flags `npm start` and `npm run serve` give the server (package.json), as NODE_OPTIONS. */
function serveFlags(): string {
  const scripts = (JSON.parse(fs.readFileSync(path.resolve(import.meta.dirname, '../package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;
  const flags = (script: string) => (scripts[script]?.match(/--max-[a-z-]+=\d+/g) ?? []).join(' ');
  if (flags('start') !== flags('serve')) throw new Error('package.json: start and serve give the server different V8 flags');
  return flags('serve');
}
const CONNECTIONS = 50;
const TOYS = 100;
const BROWSER_HEADERS = { 'accept-encoding': 'gzip, deflate, br, zstd', accept: 'application/json' };

type Load = { perSecond: number; p99: number; failed: number };

async function load(url: string, headers: Record<string, string> = {}): Promise<Load> {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: SECONDS, headers: { ...BROWSER_HEADERS, ...headers } });
  return { perSecond: result.requests.average, p99: result.latency.p99, failed: result.non2xx + result.errors + result.timeouts };
}

/** The bare Hono route in its own process, run the way the server is (`node --import tsx`). */
async function startBareHono(): Promise<{ url: string; pid: number; stop: () => void }> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/bare-hono.ts', String(port)], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => chunk.toString().includes('ready') && resolve());
    child.once('exit', (code) => reject(new Error(`the bare Hono server exited (${code})`)));
  });
  return { url: `http://127.0.0.1:${port}/json`, pid: child.pid!, stop: () => void child.kill('SIGTERM') };
}

/**
 * Peak resident memory (VmHWM) in MB of one process: the server is started as `node --import
 * tsx` (server-process.ts), so its pid is the server itself, with no launcher in between.
 */
function peakMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = /VmHWM:\s+(\d+) kB/.exec(status)?.[1];
  if (!kb) throw new Error(`no VmHWM for process ${pid}`);
  return Number(kb) / 1024;
}

/**
 * Runs each load `rounds` times, alternating between them, and keeps each one's best round:
 * on a machine shared with other work, a round can lose the CPU for a while, and alternating
 * gives both the same chances.
 */
async function alternate(runs: (() => Promise<Load>)[], rounds = 2): Promise<Load[]> {
  const best: (Load | undefined)[] = runs.map(() => undefined);
  for (let round = 0; round < rounds; round++) {
    for (const [i, run] of runs.entries()) {
      const result = await run();
      const current = best[i];
      best[i] = !current || result.perSecond > current.perSecond ? { ...result, failed: result.failed + (current?.failed ?? 0) } : { ...current, failed: current.failed + result.failed };
    }
  }
  return best as Load[];
}

/** The bytes a browser receives for a URL, before it decompresses them. */
function rawBytes(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { 'accept-encoding': 'gzip, deflate, br, zstd', accept: 'text/html,*/*' } }, (res) => {
        let bytes = 0;
        res.on('data', (chunk: Buffer) => (bytes += chunk.length));
        res.on('end', () => resolve(bytes));
      })
      .on('error', reject);
  });
}

/** Bytes of the built client's text files as sent: plain, and as the server sends them to a browser. */
async function transferSizes(url: string): Promise<{ plain: number; sent: number; files: number }> {
  const dist = BENCH_CLIENT_DIR;
  const files = fs
    .readdirSync(path.join(dist, 'assets'))
    .filter((name) => /\.(?:js|css)$/.test(name))
    .map((name) => `/assets/${name}`);
  let plain = 0;
  let sent = 0;
  for (const file of [...files, '/frontpage']) {
    sent += await rawBytes(`${url}${file}`);
    plain += fs.statSync(path.join(dist, file === '/frontpage' ? 'frontpage.html' : file)).size;
  }
  return { plain, sent, files: files.length + 1 };
}

async function serverBench(): Promise<Row[]> {
  progress('server: starting the server and the bare Hono route');
  const bare = await startBareHono();
  const flags = serveFlags();
  const server = await spawnServer({ LOG_LEVEL: 'error', CLIENT_DIR: BENCH_CLIENT_DIR, NODE_OPTIONS: flags }, { prefix: 'toy-rotation-bench', startTimeoutMs: patience(30_000) });
  const defaults = await spawnServer({ LOG_LEVEL: 'error', CLIENT_DIR: BENCH_CLIENT_DIR }, { prefix: 'toy-rotation-bench-defaults', startTimeoutMs: patience(30_000) });
  try {
    const db = await openDatabase({ dataDir: server.dataDir });
    const { token } = await seedUser({ db, now: Date.now } as AppDeps, { plan: 'paid' }).finally(() => db.destroy());
    await seedToys(server.url, token, TOYS);
    const db2 = await openDatabase({ dataDir: defaults.dataDir });
    const other = await seedUser({ db: db2, now: Date.now } as AppDeps, { plan: 'paid' }).finally(() => db2.destroy());
    await seedToys(defaults.url, other.token, TOYS);
    const check = await fetch(`${server.url}/api/private/getusertoys`, { headers: { authorization: `Bearer ${token}` } });
    const listed = (await check.json()) as unknown[];
    if (listed.length !== TOYS) throw new Error(`getusertoys listed ${listed.length} toys, not ${TOYS}`);

    progress(`server: autocannon, ${SECONDS} s per run, two rounds of four loads after a warm-up`);
    await load(bare.url); // warm-up of both, not counted
    await load(`${server.url}/api/health`);
    const [bareRun, health, toys, defaultToys] = await alternate([
      () => load(bare.url),
      () => load(`${server.url}/api/health`),
      () => load(`${server.url}/api/private/getusertoys`, { authorization: `Bearer ${token}` }),
      () => load(`${defaults.url}/api/private/getusertoys`, { authorization: `Bearer ${other.token}` }),
    ]);
    const memory = { server: peakMb(server.child.pid!), defaults: peakMb(defaults.child.pid!), bare: peakMb(bare.pid) };
    const sizes = fs.existsSync(path.join(BENCH_CLIENT_DIR, 'index.html')) ? await transferSizes(server.url) : null;

    const failed = health!.failed + toys!.failed + defaultToys!.failed + bareRun!.failed;
    const rows: Row[] = [
      row('/api/health, 50 connections', `${health!.perSecond.toFixed(0)}/s = ${(health!.perSecond / bareRun!.perSecond).toFixed(2)}x`, `bare Hono JSON route ${bareRun!.perSecond.toFixed(0)}/s`, '>= 0.7x', health!.perSecond / bareRun!.perSecond >= 0.7),
      row(
        `getusertoys (${TOYS} toys, signed in, compressed), 50 connections`,
        `${toys!.perSecond.toFixed(0)}/s = ${(toys!.perSecond / bareRun!.perSecond).toFixed(3)}x, p99 ${toys!.p99} ms`,
        `bare Hono JSON route ${bareRun!.perSecond.toFixed(0)}/s, p99 ${bareRun!.p99} ms`,
        '>= 0.15x, p99 <= 50 ms',
        toys!.perSecond / bareRun!.perSecond >= 0.15 && toys!.p99 <= 50,
      ),
      row(
        `server memory under load (peak RSS of its process, ${flags || 'no flags'})`,
        `${memory.server.toFixed(0)} MB, getusertoys ${toys!.perSecond.toFixed(0)}/s`,
        `V8 defaults ${memory.defaults.toFixed(0)} MB, ${defaultToys!.perSecond.toFixed(0)}/s; bare route ${memory.bare.toFixed(0)} MB`,
        '<= 250 MB',
        memory.server > 0 && memory.server <= 250,
      ),
    ];
    if (sizes) {
      rows.push(
        row(
          `compression of the built client (${sizes.files} JS/CSS/HTML files)`,
          `${(sizes.sent / 1024).toFixed(0)} KiB sent = ${(sizes.sent / sizes.plain).toFixed(2)}x`,
          `uncompressed ${(sizes.plain / 1024).toFixed(0)} KiB`,
          'brotli or gzip',
          sizes.sent < sizes.plain * 0.5,
        ),
      );
    }
    if (failed > 0) rows.push(row('failed requests in the server runs', String(failed), '0', '0', false));
    return rows;
  } finally {
    bare.stop();
    await server.stop();
    await defaults.stop();
    fs.rmSync(server.dataDir, { recursive: true, force: true });
    fs.rmSync(defaults.dataDir, { recursive: true, force: true });
  }
}

export const serverPart: BenchPart = { name: 'server', title: 'Server (autocannon, loopback)', run: serverBench };
