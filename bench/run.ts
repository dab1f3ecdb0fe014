// Benchmarks (npm run bench), all on loopback and bounded in time:
//  0. issue 16's table (server-bench.ts, browser-bench.ts): each row beside its baseline from
//     the same run (a bare Hono route, the 100-toy case, the page alone, first paint);
//  1. the time for 500 changes queued offline on one device to converge with a second,
//     live device (from reconnect until both hold the same state as the server), devices as
//     RxDB on Dexie over fake-indexeddb (the browser's storage stack, in Node);
//  2. the p50/p95 time for one edit on a live device to reach a second live device;
//  3. several instances on PostgreSQL against one on SQLite (scale-out.ts).
// BENCH_ONLY=table runs only part 0, BENCH_ONLY=server only its server rows (no build needed
// for those but the compression row); BENCH_ONLY=sync only parts 1-3.
import { addToy, updateToy } from '../client/db/ops/index.js';
import { newUser, openDevice, snapshot, startTestServer, type Device } from '../client/test-support/sync-harness.js';
import { browserBench } from './browser-bench.js';
import { printTable } from './report.js';
import { scaleOutBench } from './scale-out.js';
import { serverBench } from './server-bench.js';

const QUEUED = 500;
const LIVE_EDITS = Number(process.env.BENCH_EDITS ?? 100);

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] as number;
}

async function waitFor(check: () => Promise<boolean>, timeoutMs = 120_000): Promise<void> {
  const start = Date.now();
  while (!(await check())) {
    if (Date.now() - start > timeoutMs) throw new Error('benchmark timed out');
    await new Promise((r) => setTimeout(r, 2));
  }
}

async function queuedOffline(server: Awaited<ReturnType<typeof startTestServer>>) {
  const user = await newUser(server, 'paid');
  const a = await openDevice(server, user, { label: 'bench-a' });
  const b = await openDevice(server, user, { label: 'bench-b' });
  try {
    b.online({ retryMs: 1000 });
    a.online({ retryMs: 1000 }); // signed in once (settings, plan), then the network goes
    await a.sync!.awaitInSync();
    await b.sync!.awaitInSync();
    await a.offline();
    // 300 new toys and 200 edits of them, all while device A is offline.
    const ids: string[] = [];
    for (let i = 0; i < 300; i++) ids.push((await addToy(a.db, { title: `Toy ${i}` })).id);
    for (let i = 0; i < QUEUED - 300; i++) await updateToy(a.db, ids[i % ids.length]!, { caption: `edit ${i}` });
    const start = performance.now();
    a.online({ retryMs: 1000 });
    await waitFor(async () => {
      const count = await b.db.toys.count().exec();
      if (count !== 300) return false;
      const last = await b.db.toys.findOne(ids[(QUEUED - 301) % ids.length]!).exec();
      return last?.caption === `edit ${QUEUED - 301}`;
    });
    await a.sync!.awaitInSync();
    await b.sync!.awaitInSync();
    const elapsed = performance.now() - start;
    const [sa, sb] = await Promise.all([snapshot(a.db), snapshot(b.db)]);
    if (JSON.stringify(sa) !== JSON.stringify(sb)) throw new Error('devices differ after convergence');
    return elapsed;
  } finally {
    await a.close();
    await b.close();
  }
}

async function liveLatency(server: Awaited<ReturnType<typeof startTestServer>>) {
  const user = await newUser(server, 'paid');
  const a = await openDevice(server, user, { label: 'live-a' });
  const b = await openDevice(server, user, { label: 'live-b' });
  const devices: Device[] = [a, b];
  try {
    for (const d of devices) d.online({ retryMs: 1000 });
    const toy = await addToy(a.db, { title: 'Live toy' });
    await waitFor(async () => (await b.db.toys.findOne(toy.id).exec()) !== null);
    const samples: number[] = [];
    for (let i = 0; i < LIVE_EDITS; i++) {
      const caption = `live ${i}`;
      const arrived = new Promise<number>((resolve) => {
        const sub = b.db.toys.findOne(toy.id).$.subscribe((doc) => {
          if (doc?.caption === caption) {
            sub.unsubscribe();
            resolve(performance.now());
          }
        });
      });
      const start = performance.now();
      await updateToy(a.db, toy.id, { caption });
      samples.push((await arrived) - start);
      await new Promise((r) => setTimeout(r, 20)); // edits of a person, not a flood
    }
    return samples.sort((x, y) => x - y);
  } finally {
    for (const d of devices) await d.close();
  }
}

const only = process.env.BENCH_ONLY;

if (only !== 'sync') printTable('Issue 16: server (autocannon, loopback)', await serverBench());
if (only !== 'sync' && only !== 'server') {
  printTable('Issue 16: browser (headless Chromium, phone viewport, loopback)', await browserBench());
}
if (only === 'table' || only === 'server') process.exit(0);

const server = await startTestServer();
try {
  const converge = await queuedOffline(server);
  const latencies = await liveLatency(server);
  console.log(`500 queued offline changes converged in ${converge.toFixed(0)} ms`);
  console.log(
    `one edit to a second live client (${latencies.length} edits): p50 ${percentile(latencies, 50).toFixed(1)} ms, ` +
      `p95 ${percentile(latencies, 95).toFixed(1)} ms, max ${latencies[latencies.length - 1]!.toFixed(1)} ms`,
  );
} finally {
  await server.close();
}

await scaleOutBench();
