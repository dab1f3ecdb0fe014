import type { ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import type { AppDeps } from './context.js';
import { openDatabase } from './db/database.js';
import { makePng, dataUrl } from './test-support/test-images.js';
import { freePort, portIsFree, spawnServer } from './test-support/server-process.js';
import { seedUser } from './test-support/users.js';
import { toyDoc } from './test-support/docs.js';
import { asHouseholdId } from './db/schema.js';

// Issue 10: nothing an acknowledged request wrote is lost. A real server runs as a child
// process; writers send toys through sync push and REST (with photos); the process is killed
// with SIGKILL while requests are in flight, restarted on the same DATA_DIR, and every
// acknowledged write must be there, in a database that passes PRAGMA integrity_check. The
// killed process must be the server itself (not a wrapper that runs it), gone before the
// restart: otherwise the old server would go on answering and nothing would be tested.

const KILL_ROUNDS = 2;
const WRITES_BEFORE_KILL = 40;

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'toy-rotation-kill-'));
let child: ChildProcess | undefined;

afterAll(() => {
  child?.kill('SIGKILL');
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function startServer(port: number): Promise<ChildProcess> {
  const server = await spawnServer({ LOG_LEVEL: 'silent', CLIENT_DIR: path.join(dataDir, 'no-client') }, { dataDir, port });
  return server.child;
}

const toy = (id: string) => toyDoc(id, { title: `Toy ${id}` });

/** Whether a process of this id still exists (signal 0 only checks). */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe('durability under SIGKILL', () => {
  it(`keeps every acknowledged write through ${KILL_ROUNDS} kill -9 rounds, and the database stays sound`, async () => {
    // A paid account (500 toys), written straight into the fresh database before the server starts.
    const setup = await openDatabase({ dataDir });
    const deps = { db: setup, now: Date.now } as unknown as AppDeps;
    const user = await seedUser(deps, { plan: 'paid' });
    await setup.destroy();

    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const headers = { 'content-type': 'application/json', authorization: `Bearer ${user.token}` };
    const acknowledged = new Set<string>();
    const refusedPushes: string[] = [];
    let counter = 0;

    const writeOne = async (): Promise<void> => {
      const n = counter++;
      if (n % 3 === 0) {
        const res = await fetch(`${base}/api/private/addToy`, {
          method: 'POST',
          headers,
          body: JSON.stringify({ title: `REST ${n}`, data: dataUrl(makePng(4, 4, n), 'image/png') }),
        });
        if (res.ok) acknowledged.add(((await res.json()) as { toy: { _id: string } }).toy._id);
        return;
      }
      const id = `kill-${n}`;
      const res = await fetch(`${base}/api/sync/toys/push`, { method: 'POST', headers, body: JSON.stringify([{ newDocumentState: toy(id) }]) });
      if (res.ok) {
        const conflicts = (await res.json()) as unknown[];
        if (conflicts.length > 0) refusedPushes.push(id); // would mean "answered but not stored"
        else acknowledged.add(id);
      }
    };

    let server = await startServer(port);
    child = server;
    for (let round = 0; round < KILL_ROUNDS; round++) {
      const target = acknowledged.size + WRITES_BEFORE_KILL;
      let stop = false;
      const writer = async () => {
        while (!stop) await writeOne().catch(() => {}); // a request cut by the kill is not acknowledged
      };
      const writers = [writer(), writer(), writer()];
      while (acknowledged.size < target) await new Promise((resolve) => setTimeout(resolve, 5));
      const pid = server.pid!;
      server.kill('SIGKILL'); // while the writers are mid-request
      await once(server, 'exit');
      stop = true;
      await Promise.all(writers);
      // The server itself died: no process left, nothing listening (spawnServer checks it too).
      expect(alive(pid)).toBe(false);
      expect(await portIsFree(port)).toBe(true);
      server = await startServer(port);
      expect(server.pid).not.toBe(pid);
      child = server;
    }

    // Every acknowledged toy is served by the restarted server...
    const res = await fetch(`${base}/api/private/getusertoys`, { headers });
    const served = new Set(((await res.json()) as Array<{ _id: string }>).map((toy) => toy._id));
    const missing = [...acknowledged].filter((id) => !served.has(id));
    expect(missing).toEqual([]);
    expect(refusedPushes).toEqual([]);
    expect(acknowledged.size).toBeGreaterThanOrEqual(KILL_ROUNDS * WRITES_BEFORE_KILL);
    server.kill('SIGKILL');
    await once(server, 'exit');
    child = undefined;

    // ...and the file is sound, with every photo of those toys on disk.
    const db = await openDatabase({ dataDir });
    const check = await sql<{ integrity_check: string }>`pragma integrity_check`.execute(db);
    expect(check.rows.map((row) => row.integrity_check)).toEqual(['ok']);
    const photos = await db.selectFrom('toys').select('media_id').where('household_id', '=', asHouseholdId(user.userId)).where('media_id', 'is not', null).execute();
    for (const { media_id } of photos) expect(fs.existsSync(path.join(dataDir, 'media', media_id!.slice(0, 2), media_id!))).toBe(true);
    await db.destroy();
  }, 120_000);
});
