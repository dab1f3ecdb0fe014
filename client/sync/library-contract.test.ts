import 'fake-indexeddb/auto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import Dexie, { type Table } from 'dexie';
import { afterEach, describe, expect, test } from 'vitest';
import { createRevision, createRxDatabase, deepEqual, getChangedDocumentsSince, now, type RxCollection, type RxJsonSchema } from 'rxdb';
import { getRxStorageDexie } from 'rxdb/plugins/storage-dexie';
import { monotonicLwtStorage } from '../db/monotonic-lwt-storage.js';

// What the sync code relies on from RxDB and Dexie, through their public APIs only (decision
// 032). Both are pinned to exact versions; an upgrade that changes any of this fails here, not
// on a family's phone.

type Doc = { id: string; name: string; tags: string[] };
const schema: RxJsonSchema<Doc> = {
  version: 0,
  primaryKey: 'id',
  type: 'object',
  properties: { id: { type: 'string', maxLength: 64 }, name: { type: 'string' }, tags: { type: 'array', items: { type: 'string' } } },
  required: ['id', 'name', 'tags'],
};

let counter = 0;
const open: { remove(): Promise<unknown> }[] = [];
afterEach(async () => {
  for (const db of open.splice(0)) await db.remove();
});

async function table(): Promise<RxCollection<Doc>> {
  const db = await createRxDatabase<{ items: RxCollection<Doc> }>({
    name: `contract${++counter}`,
    storage: monotonicLwtStorage(getRxStorageDexie()),
    multiInstance: false,
  });
  open.push(db);
  await db.addCollections({ items: { schema } });
  return db.items;
}

const doc = (id: string, name = id, tags: string[] = []): Doc => ({ id, name, tags });
const plain = (d: Record<string, unknown>) => {
  const { _meta, _rev, _attachments, ...rest } = d;
  return rest;
};

describe('pinned versions', () => {
  test('package.json names exact versions, and they are the ones installed', () => {
    const manifest = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { dependencies: Record<string, string> };
    const require = createRequire(import.meta.url);
    for (const name of ['rxdb', 'dexie']) {
      expect(manifest.dependencies[name]).toMatch(/^\d+\.\d+\.\d+$/);
      expect((require(`${name}/package.json`) as { version: string }).version).toBe(manifest.dependencies[name]);
    }
  });
});

describe('RxDB storage and queries', () => {
  test('a bulk write is one change event bulk and one query result', async () => {
    const items = await table();
    const bulks: number[] = [];
    const results: number[] = [];
    const events = items.eventBulks$.subscribe((bulk) => bulks.push(bulk.events.length));
    const query = items.find().$.subscribe((docs) => results.push(docs.length));
    await new Promise((r) => setTimeout(r, 20));
    const result = await items.bulkUpsert(Array.from({ length: 50 }, (_, i) => doc(`d${i}`)));
    expect(result.error).toEqual([]);
    await new Promise((r) => setTimeout(r, 20));
    events.unsubscribe();
    query.unsubscribe();
    expect(bulks).toEqual([50]);
    expect(results).toEqual([0, 50]);
  });

  test('a removed document stays in storage as deleted, and the changes feed lists every write in order', async () => {
    const items = await table();
    await items.bulkInsert([doc('a'), doc('b'), doc('c')]);
    await (await items.findOne('b').exec())!.remove();
    await (await items.findOne('a').exec())!.incrementalPatch({ name: 'A' });
    const [deleted] = await items.storageInstance.findDocumentsById(['b'], true);
    expect(deleted?._deleted).toBe(true);
    expect(await items.storageInstance.findDocumentsById(['b'], false)).toEqual([]);
    const first = await getChangedDocumentsSince(items.storageInstance, 2, undefined);
    expect(first.documents.map((d) => d.id)).toEqual(['c', 'b']);
    const all = await getChangedDocumentsSince(items.storageInstance, 10, undefined);
    expect(all.documents.map((d) => d.id)).toEqual(['c', 'b', 'a']);
    const rest = await getChangedDocumentsSince(items.storageInstance, 10, first.checkpoint);
    expect(rest.documents.map((d) => d.id)).toEqual(['a']);
    expect(plain(all.documents[2] as Record<string, unknown>)).toEqual({ id: 'a', name: 'A', tags: [], _deleted: false });
  });

  test('a storage write over a previous state the document no longer holds is refused (409), not applied', async () => {
    // The sync engine writes a pulled state only over the state it computed it from (engine/local-docs.ts).
    const items = await table();
    await items.insert(doc('a'));
    const [held] = await items.storageInstance.findDocumentsById(['a'], false);
    await (await items.findOne('a').exec())!.incrementalPatch({ name: 'local edit' });
    const write = (previous: typeof held, name: string) => items.storageInstance.bulkWrite(
      [{ previous, document: { ...doc('a', name), _deleted: false, _attachments: {}, _meta: { lwt: now() }, _rev: createRevision(items.database.token, previous) } }],
      'contract',
    );
    const stale = await write(held!, 'pulled');
    expect(stale.error.map((error) => error.status)).toEqual([409]);
    expect((await items.findOne('a').exec())!.name).toBe('local edit');
    const [current] = await items.storageInstance.findDocumentsById(['a'], false);
    const events: number[] = [];
    const subscription = items.eventBulks$.subscribe((bulk) => events.push(bulk.events.length));
    expect((await write(current!, 'pulled')).error).toEqual([]);
    subscription.unsubscribe();
    expect((await items.findOne('a').exec())!.name).toBe('pulled');
    expect(events).toEqual([1]);
  });

  test('deepEqual compares plain data deeply and by value', () => {
    expect(deepEqual({ a: [1, { b: 2 }] }, { a: [1, { b: 2 }] })).toBe(true);
    expect(deepEqual({ a: [1, 2] }, { a: [2, 1] })).toBe(false);
    expect(deepEqual({ a: undefined }, {})).toBe(false);
  });
});

describe('Dexie', () => {
  test('bulk writes, key prefix queries and read-write transactions', async () => {
    const db = new Dexie(`contract-dexie-${++counter}`) as Dexie & { rows: Table<{ key: string; n: number }, string> };
    db.version(1).stores({ rows: '&key' });
    await db.rows.bulkPut([{ key: 'a:1', n: 1 }, { key: 'a:2', n: 2 }, { key: 'b:1', n: 3 }]);
    expect((await db.rows.where('key').startsWith('a:').toArray()).map((r) => r.n)).toEqual([1, 2]);
    expect((await db.rows.bulkGet(['a:2', 'zz'])).map((r) => r?.n)).toEqual([2, undefined]);
    await expect(
      db.transaction('rw', db.rows, async () => {
        await db.rows.bulkDelete(['a:1']);
        throw new Error('undo');
      }),
    ).rejects.toThrow('undo');
    expect(await db.rows.count()).toBe(3);
    db.close();
    await Dexie.delete(db.name);
  });
});
