// Several instances (npm run bench, second part): real server processes on loopback, one on
// SQLite, then one and two on PostgreSQL (one database). For each: authenticated reads (sync
// pull of 50 toys) and sync pushes (one edit each) per second and p99 under autocannon, and the
// time from a push on instance 1 to the change event on a stream of instance 2 (of the same
// instance with one). Printed as ratios against SQLite. Bounded: BENCH_SECONDS per load run
// (default 4), BENCH_LIVE_EDITS latency samples (default 40).
import fs from 'node:fs';
import autocannon, { type Result } from 'autocannon';
import { openDatabase, type DB } from '../sync-server/db/database.js';
import type { AppDeps } from '../sync-server/context.js';
import { seedUser } from '../sync-server/test-support/users.js';
import { createPostgresDatabase } from '../e2e/support/instances.js';
import { spawnServer, type SpawnedServer } from '../sync-server/test-support/server-process.js';
import { TEST_VAPID_KEYS } from '../sync-server/test-support/vapid-keys.js';
import type { BenchPart } from './report.js';
import { push, toyRow } from './seed-toys.js';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 4);
const LIVE_EDITS = Number(process.env.BENCH_LIVE_EDITS ?? 40);
const CONNECTIONS = 10;
const TOYS = 50;

type Setup = { name: string; reads: Load; pushes: Load; live: { p50: number; p95: number } };
type Load = { perSecond: number; p99: number; failed: number };

async function seed(db: DB): Promise<string> {
  const user = await seedUser({ db, now: Date.now } as AppDeps, { plan: 'paid' });
  return user.token;
}

/** The same load spread over the instances (as a proxy would), summed; p99 is the worse one. */
async function load(urls: string[], options: (url: string) => Parameters<typeof autocannon>[0]): Promise<Load> {
  const results: Result[] = await Promise.all(urls.map((url) => autocannon(options(url))));
  return {
    perSecond: results.reduce((sum, r) => sum + r.requests.average, 0),
    p99: Math.max(...results.map((r) => r.latency.p99)),
    failed: results.reduce((sum, r) => sum + r.non2xx + r.errors + r.timeouts, 0),
  };
}

async function measure(name: string, urls: string[], db: DB): Promise<Setup> {
  const token = await seed(db);
  const first = urls[0]!;
  await push(first, token, Array.from({ length: TOYS }, (_, i) => ({ newDocumentState: toyRow(i) })));
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const connections = Math.max(1, Math.floor(CONNECTIONS / urls.length));
  const reads = await load(urls, (url) => ({
    url: `${url}/api/sync/toys/pull?batchSize=${TOYS}`,
    connections,
    duration: SECONDS,
    headers,
  }));
  let edit = 0;
  const pushes = await load(urls, (url) => ({
    url,
    connections,
    duration: SECONDS,
    requests: [
      {
        method: 'POST',
        path: '/api/sync/toys/push',
        headers,
        // A device's edit: the assumed state it last pulled, one field changed.
        setupRequest: (req) => {
          const i = edit++ % TOYS;
          return { ...req, body: JSON.stringify([{ assumedMasterState: toyRow(i), newDocumentState: toyRow(i, `Toy ${i}`, `edit ${edit}`) }]) };
        },
      },
    ],
  }));
  const live = await liveLatency(first, urls[urls.length - 1]!, token);
  return { name, reads, pushes, live };
}

/** Push on `from`, time until the change event arrives on a stream of `to`. */
async function liveLatency(from: string, to: string, token: string): Promise<{ p50: number; p95: number }> {
  const controller = new AbortController();
  // The stream takes the token in the Authorization header only (never in the URL).
  const res = await fetch(`${to}/api/sync/stream`, { headers: { authorization: `Bearer ${token}` }, signal: controller.signal });
  if (!res.ok || !res.body) throw new Error(`sync stream: ${res.status} ${await res.text()}`);
  const reader = res.body.getReader();
  const decoder = new TextDecoder();
  let text = '';
  /** Reads until `marker` arrives; a stream that ends first is an error, not an endless loop. */
  const readUntil = async (marker: string) => {
    while (!text.includes(marker)) {
      const { done, value } = await reader.read();
      if (done) throw new Error(`the sync stream ended before "${marker}"`);
      text += decoder.decode(value, { stream: true });
    }
  };
  const nextChange = async () => {
    await readUntil('event: change');
    text = text.slice(text.indexOf('event: change') + 1);
  };
  await readUntil(': connected');
  const samples: number[] = [];
  try {
    for (let i = 0; i < LIVE_EDITS; i++) {
      text = '';
      const start = performance.now();
      const arrived = nextChange();
      await push(from, token, [{ newDocumentState: toyRow(1000 + i) }]);
      await arrived;
      samples.push(performance.now() - start);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  } finally {
    controller.abort();
  }
  samples.sort((a, b) => a - b);
  const at = (p: number) => samples[Math.min(samples.length - 1, Math.ceil(p * samples.length) - 1)]!;
  return { p50: at(0.5), p95: at(0.95) };
}

async function withServers<T>(envs: Record<string, string>[], run: (servers: SpawnedServer[]) => Promise<T>): Promise<T> {
  const servers: SpawnedServer[] = [];
  try {
    for (const env of envs) servers.push(await spawnServer({ LOG_LEVEL: 'error', ...env }));
    return await run(servers);
  } finally {
    await Promise.all(servers.map((s) => s.stop()));
    for (const s of servers) fs.rmSync(s.dataDir, { recursive: true, force: true }); // left in /tmp before
  }
}

async function scaleOutBench(): Promise<void> {
  const setups: Setup[] = [];
  setups.push(
    await withServers([{}], async ([server]) => {
      const db = await openDatabase({ dataDir: server!.dataDir });
      try {
        return await measure('SQLite, 1 instance', [server!.url], db);
      } finally {
        await db.destroy();
      }
    }),
  );
  for (const count of [1, 2]) {
    const database = await createPostgresDatabase('toy_bench');
    try {
      const env = { DATABASE_URL: database.url, CAPTCHA_SECRET: 'bench-shared-captcha-secret', ...TEST_VAPID_KEYS };
      setups.push(
        await withServers(Array.from({ length: count }, () => env), async (servers) => {
          const db = await openDatabase({ dataDir: servers[0]!.dataDir, databaseUrl: database.url });
          try {
            return await measure(`PostgreSQL, ${count} instance${count > 1 ? 's' : ''}`, servers.map((s) => s.url), db);
          } finally {
            await db.destroy();
          }
        }),
      );
    } finally {
      await database.drop();
    }
  }
  print(setups);
}

function print(setups: Setup[]): void {
  const base = setups[0]!;
  const ratio = (value: number, of: number) => `${(value / of).toFixed(2)}x`;
  console.log(`\nseveral instances (loopback, ${SECONDS} s per load, ${CONNECTIONS} connections in all, ${LIVE_EDITS} live edits):`);
  for (const s of setups) {
    const failed = s.reads.failed + s.pushes.failed;
    console.log(
      `${s.name.padEnd(24)} reads ${s.reads.perSecond.toFixed(0)}/s (${ratio(s.reads.perSecond, base.reads.perSecond)}), p99 ${s.reads.p99} ms (${ratio(s.reads.p99, base.reads.p99)}); ` +
        `pushes ${s.pushes.perSecond.toFixed(0)}/s (${ratio(s.pushes.perSecond, base.pushes.perSecond)}), p99 ${s.pushes.p99} ms (${ratio(s.pushes.p99, base.pushes.p99)}); ` +
        `push to ${s.name.includes('2') ? 'the other instance' : 'a stream'}: p50 ${s.live.p50.toFixed(1)} ms, p95 ${s.live.p95.toFixed(1)} ms (${ratio(s.live.p95, base.live.p95)})` +
        (failed > 0 ? `; ${failed} requests failed` : ''),
    );
  }
  const across = setups[setups.length - 1]!.live.p95;
  console.log(`cross-instance live edit p95 ${across.toFixed(1)} ms: ${across < 250 ? 'within' : 'OVER'} the 250 ms target`);
}

/** Prints its own report (the ratios against SQLite), so it returns no rows. */
export const scaleOutPart: BenchPart = {
  name: 'scale-out',
  title: 'Several instances on PostgreSQL against one on SQLite',
  run: async () => {
    await scaleOutBench();
    return [];
  },
};
