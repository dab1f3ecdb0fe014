import { afterEach, describe, expect, it } from 'vitest';
// First: it installs fake-indexeddb before Dexie loads.
import { memoryStorage } from '../../test-support/sync-harness.js';
import Dexie from 'dexie';
import { openUserDatabase, TABLES } from '../../db/database.js';
import { addToy, updateToy } from '../../db/ops/index.js';
import { openSyncRecords } from './sync-records.js';
import { toysEngine } from '../../test-support/toys-engine.js';

// A device that synced before this engine (decision 054) upgrades with an edit waiting: the
// engine takes the base the earlier sync kept, so the edit goes up on it (the server merges
// it) rather than as a create without a base, which the server's state would win over.

const onlyToys = { toys: TABLES.toys } as typeof TABLES;
const open: { close(): unknown }[] = [];
afterEach(async () => {
  for (const item of open.splice(0).reverse()) await item.close();
});

describe('the first load after the upgrade', () => {
  it('pushes an edit waiting from before it on the base the earlier sync kept', async () => {
    const name = `upgrade-${Date.now()}`;
    const db = await openUserDatabase('household', { name, storage: memoryStorage(), multiInstance: false, tables: onlyToys });
    open.push(db);
    const toy = await addToy(db, { title: 'Ball' });
    const agreed = (await db.toys.findOne(toy.id).exec())!.toMutableJSON();
    const old = new Dexie(`${name}-pulled-bases`);
    old.version(1).stores({ bases: '&key' });
    await old.table('bases').put({ key: `toys:${toy.id}`, doc: { ...agreed, _deleted: false } });
    old.close();
    await updateToy(db, toy.id, { title: 'Red ball' });

    const pushes: { newDocumentState: Record<string, unknown>; assumedMasterState?: Record<string, unknown> }[] = [];
    const fetchImpl: typeof fetch = async (input, init) => {
      if (String(input).includes('/pull')) return Response.json({ documents: [], checkpoint: null });
      pushes.push(...(JSON.parse(String(init?.body)) as typeof pushes));
      return Response.json([]);
    };
    const records = openSyncRecords(name);
    const engine = toysEngine(db, records, fetchImpl);
    open.push(records, { close: () => engine.cancel() });
    engine.start();
    await engine.awaitInSync();
    expect(pushes).toHaveLength(1);
    expect(pushes[0]!.newDocumentState).toMatchObject({ id: toy.id, title: 'Red ball' });
    expect(pushes[0]!.assumedMasterState).toMatchObject({ id: toy.id, title: 'Ball' });
  });
});
