// Sync rows of `npm run bench`, devices as RxDB on Dexie over fake-indexeddb (the browser's
// storage stack, in Node) against a real server:
//  - the time for 500 changes queued offline on one device to converge with a second, live
//    device (from reconnect until both hold the same state as the server), against 100;
//  - the p50/p95 time for one edit on a live device to reach a second live device.
import { addToy, updateToy } from '../client/db/ops/index.js';
import { newUser, openDevice, snapshot, startTestServer, type Device } from '../client/test-support/sync-harness.js';
import { patience, progress } from './load.js';
import { row, type BenchPart } from './report.js';

const LIVE_EDITS = Number(process.env.BENCH_EDITS ?? 100);
type Server = Awaited<ReturnType<typeof startTestServer>>;

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] as number;
}

/** Polls `check` until it holds; the limit is for a quiet machine, stretched by the load (load.ts). */
async function waitFor(what: string, check: () => Promise<boolean>, quietMs = 60_000): Promise<void> {
  const limit = patience(quietMs);
  const start = Date.now();
  while (!(await check())) {
    if (Date.now() - start > limit) throw new Error(`benchmark: ${what} did not happen within ${limit} ms`);
    await new Promise((r) => setTimeout(r, 2));
  }
}

/** `queued` changes (new toys, then edits of them) made offline on one device, until both devices agree. */
async function queuedOffline(server: Server, queued: number): Promise<number> {
  const user = await newUser(server, 'paid');
  const a = await openDevice(server, user, { label: `bench-a-${queued}` });
  const b = await openDevice(server, user, { label: `bench-b-${queued}` });
  try {
    b.online({ retryMs: 1000 });
    a.online({ retryMs: 1000 }); // signed in once (settings, plan), then the network goes
    await a.sync!.awaitInSync();
    await b.sync!.awaitInSync();
    await a.offline();
    const added = Math.round(queued * 0.6);
    const ids: string[] = [];
    for (let i = 0; i < added; i++) ids.push((await addToy(a.db, { title: `Toy ${i}` })).id);
    for (let i = 0; i < queued - added; i++) await updateToy(a.db, ids[i % ids.length]!, { caption: `edit ${i}` });
    const lastEdited = ids[(queued - added - 1) % ids.length]!;
    const start = performance.now();
    a.online({ retryMs: 1000 });
    await waitFor(`${queued} queued changes reaching the second device`, async () => {
      if ((await b.db.toys.count().exec()) !== added) return false;
      return (await b.db.toys.findOne(lastEdited).exec())?.caption === `edit ${queued - added - 1}`;
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

async function liveLatency(server: Server): Promise<number[]> {
  const user = await newUser(server, 'paid');
  const a = await openDevice(server, user, { label: 'live-a' });
  const b = await openDevice(server, user, { label: 'live-b' });
  const devices: Device[] = [a, b];
  try {
    for (const d of devices) d.online({ retryMs: 1000 });
    const toy = await addToy(a.db, { title: 'Live toy' });
    await waitFor('the first toy reaching the second device', async () => (await b.db.toys.findOne(toy.id).exec()) !== null);
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
      if (i % 25 === 24) progress(`live edits: ${i + 1} of ${LIVE_EDITS}`);
      await new Promise((r) => setTimeout(r, 20)); // edits of a person, not a flood
    }
    return samples.sort((x, y) => x - y);
  } finally {
    for (const d of devices) await d.close();
  }
}

export const syncPart: BenchPart = {
  name: 'sync',
  title: 'Sync between two devices (RxDB on fake-indexeddb, real server, loopback)',
  async run() {
    const server = await startTestServer();
    try {
      progress('sync: 100 changes queued offline (baseline)');
      const small = await queuedOffline(server, 100);
      progress('sync: 500 changes queued offline');
      const large = await queuedOffline(server, 500);
      progress(`sync: ${LIVE_EDITS} live edits`);
      const latencies = await liveLatency(server);
      const p50 = percentile(latencies, 50);
      const p95 = percentile(latencies, 95);
      return [
        row('500 changes queued offline, reconnect until both devices agree', `${large.toFixed(0)} ms`, `100 changes ${small.toFixed(0)} ms`, '(informational)', true),
        row(`one edit to a second live device (${latencies.length} edits)`, `p50 ${p50.toFixed(1)} ms, p95 ${p95.toFixed(1)} ms`, `max ${latencies[latencies.length - 1]!.toFixed(1)} ms`, 'p95 <= 250 ms', p95 <= 250),
      ];
    } finally {
      await server.close();
    }
  },
};
