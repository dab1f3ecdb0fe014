// First: it installs fake-indexeddb before Dexie loads.
import './sync-harness.js';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startRestartableServer, type RestartableServer } from './restartable-server.js';
import { checkIntent, converge } from './randomized/final-check.js';
import { newIntent, randomOperation } from './randomized/operations.js';
import { prng } from './randomized/prng.js';
import { acting, closeWorld, MINUTE, openWorld, realNow, reload, separateUsers, worldFor, type AccountSetup, type World } from './randomized/world.js';

// The randomized convergence test (issue 9; decision 015), shared by client/sync/randomized-*.test.ts.
// Each seed is one trial in a world of its own: a fresh account (or accounts) on one real
// server per test file, three devices replicating all four collections over a network that
// drops, lags and reloads. Each device has its own clock, skewed and jumping back and forth,
// which stamps its local writes (fault 2). Random devices go offline, reload (offline, or
// online in the middle of a push), and make random per-field edits of toys and settings,
// toggles, collection moves, rotations, category and collection adds and renames with
// clashing names, creates and deletes; the server is sometimes killed and restarted, or
// restored from a copy taken at the start of the trial. Some worlds start near the free plan's
// toy and collection limits, so pushes cross them. Then everyone reconnects: devices and
// server must end identical, with nothing made lost, no uncontested edit lost, no delete
// undone, names unique, kept and excluded never both on, the current rotation the last the
// server accepted, and every device's status "online" after the digest check.
//
// Environment: SYNC_TRIALS (all shards together, default 1000), SYNC_SHARDS (how many files
// share them, default 4), SYNC_SEED_START (first seed, default 1). Shard k of n runs its
// consecutive slice of the seeds. A failing seed prints the command that replays it alone.

const JUMPS = [-45 * MINUTE, 0, 45 * MINUTE];

async function runTrial(server: RestartableServer, world: World, trace: (line: string) => void): Promise<string[]> {
  const { seed, devices, networks, clocks, shape } = world;
  const rnd = prng(seed);
  const intent = newIntent();
  for (const clock of clocks) clock.skew = rnd.pick([-45 * MINUTE, 0, 0, 45 * MINUTE]);
  const restoreAt = rnd.next() < 0.08 ? rnd.int(3) : -1;
  const restartAt = rnd.next() < 0.1 ? rnd.int(3) : -1;
  const backup = restoreAt >= 0 ? await server.backup() : null;
  trace(`world ${shape.kind}, lag ${networks.map((n) => n.lagMs)}, clocks ${clocks.map((c) => c.skew / MINUTE)} min, restore after round ${restoreAt}, restart after round ${restartAt}`);

  const rounds = 2 + rnd.int(3);
  for (let round = 0; round < rounds; round++) {
    for (const network of networks) network.up = rnd.next() < 0.5;
    trace(`round ${round}: online ${networks.map((n) => (n.up ? 'y' : 'n')).join('')}`);
    for (let di = 0; di < devices.length; di++) {
      if (rnd.next() < 0.15) {
        clocks[di]!.skew = rnd.pick(JUMPS); // a clock jump (a correction, or a wrong one)
        trace(`d${di} clock ${clocks[di]!.skew / MINUTE} min`);
      }
      // An offline reload; online, a page closed in the middle of whatever it was sending.
      if (rnd.next() < (networks[di]!.up ? 0.06 : 0.15)) {
        trace(`d${di} reloads ${networks[di]!.up ? 'online' : 'offline'}`);
        await reload(server, world, di);
      }
    }
    const ops = 2 + rnd.int(5);
    for (let op = 0; op < ops; op++) {
      const di = rnd.int(devices.length);
      acting.offset = clocks[di]!.skew;
      try {
        await randomOperation({ world, intent, rnd, device: di, label: `d${di}${networks[di]!.up ? '' : '(off)'}`, trace }, `${seed}-${di}-${round}-${op}`);
      } finally {
        acting.offset = 0;
      }
    }
    // Let the devices that are online exchange something before the next period.
    await new Promise((resolve) => setTimeout(resolve, rnd.int(40)));
    if (round === restartAt) {
      trace('server killed and restarted');
      await server.stop(); // killed; what it acknowledged is on disk
      await server.start();
    }
    if (round === restoreAt && backup) {
      for (const network of networks) network.up = true;
      await converge(server, world); // every device holds what the server is about to forget
      trace('server restored from the copy taken at the start');
      await server.stop();
      await server.start(backup);
    }
  }

  for (const network of networks) network.up = true;
  trace('all online');
  await converge(server, world);
  trace('converged');
  return checkIntent(server, world, intent);
}

/** The seeds of shard `shard` (1-based) under the environment's SYNC_TRIALS, SYNC_SHARDS, SYNC_SEED_START. */
function shardSeeds(shard: number, env: Record<string, string | undefined> = process.env): number[] {
  const trials = Number(env.SYNC_TRIALS ?? 1000);
  const shards = Number(env.SYNC_SHARDS ?? 4);
  const start = Number(env.SYNC_SEED_START ?? 1);
  const per = Math.ceil(trials / shards);
  const seeds: number[] = [];
  for (let i = (shard - 1) * per; i < Math.min(trials, shard * per); i++) seeds.push(start + i);
  return seeds;
}

const replayCommand = (seed: number) =>
  `SYNC_SEED_START=${seed} SYNC_TRIALS=1 SYNC_SHARDS=1 npx vitest run --project ${process.env.TEST_DIALECT === 'postgres' ? 'postgres client/sync/randomized.postgres.test.ts' : 'sqlite client/sync/randomized-1.test.ts'}`;

/** Defines shard `shard` (1-based) of the randomized test in the calling test file. */
export function randomizedShard(shard: number, file: string, setup: AccountSetup = separateUsers): void {
  const seeds = shardSeeds(shard);
  let server: RestartableServer;
  beforeAll(async () => {
    vi.spyOn(Date, 'now').mockImplementation(() => realNow() + acting.offset);
    server = await startRestartableServer();
  });
  afterAll(async () => {
    await server?.close();
    vi.restoreAllMocks();
  });

  describe(`randomized convergence, shard ${shard}`, () => {
    // With SYNC_SHARDS below this file's number (a replay), this shard has no seeds.
    it.runIf(seeds.length > 0)(`seeds ${seeds[0]}-${seeds.at(-1)} end identical everywhere, losing nothing`, async () => {
      const broken: string[] = [];
      const cpu = { open: 0, trial: 0, close: 0 };
      for (const seed of seeds) {
        const lines: string[] = [];
        const started = performance.now();
        const trace = (line: string) => {
          lines.push(`${String(Math.round(performance.now() - started)).padStart(5)} ms  ${line}`);
          if (process.env.SYNC_DEBUG) console.log(`[seed ${seed}] ${lines.at(-1)}`);
        };
        const c0 = process.cpuUsage();
        const world = await openWorld(server, worldFor(seed), seed, setup);
        if (process.env.SYNC_PROGRESS && (seed - seeds[0]!) % 50 === 0) console.log(`shard ${shard}: seed ${seed}`);
        try {
          await converge(server, world, { verified: false });
          cpu.open += process.cpuUsage(c0).user;
          trace('world open');
          const c1 = process.cpuUsage();
          const found = await runTrial(server, world, trace);
          cpu.trial += process.cpuUsage(c1).user;
          // Reported together at the end, each with its replay command.
          broken.push(...found.map((line) => `${line}; replay it alone: ${replayCommand(seed)}`));
        } catch (error) {
          const message = `seed ${seed} (${file}) failed; replay it alone: ${replayCommand(seed)}\n${lines.join('\n')}\n${String(error)}`;
          console.error(message); // at once: a long run reports its failures only at the end
          throw new Error(message, { cause: error });
        } finally {
          const c2 = process.cpuUsage();
          await closeWorld(world);
          cpu.close += process.cpuUsage(c2).user;
        }
      }
      console.log(`shard ${shard}: ${seeds.length} trials, CPU ms per trial`, JSON.stringify(Object.fromEntries(Object.entries(cpu).map(([k, v]) => [k, Math.round(v / 1000 / seeds.length)]))));
      if (broken.length > 0) console.error(`Merge-rule invariants broken (issue 9, faults 7 and 8):\n${broken.join('\n')}`);
      expect(broken, 'merge-rule invariants (issue 9, faults 7 and 8)').toEqual([]);
    }, 3_600_000);
  });
}
