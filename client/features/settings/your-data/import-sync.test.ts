import { describe, expect, it } from 'vitest';
// First: it installs fake-indexeddb before Dexie loads.
import { enableDevMode, newUser, openDevice, syncTestBed } from '../../../test-support/sync-harness.js';
import { addToy, setRotationCount, rotate } from '../../../db/ops/index.js';
import { buildExport, prepareImport, runImport, type PhotoTools } from './your-data-files.js';
import { asHouseholdId } from '../../../../sync-server/db/schema.js';

// An import on a device that syncs: its documents reach the server together, after the last
// one is written; an import that fails and is undone never sends a live document.

enableDevMode();
const bed = syncTestBed();

const tools: PhotoTools = { measure: async () => ({ width: 1, height: 1 }), shrink: async (blob) => blob };
const offline: typeof fetch = async () => {
  throw new TypeError('Failed to fetch');
};

/** A fetch that records every document a push sends, with whether it was live. */
function recordingFetch() {
  const pushed: { collection: string; id: string; deleted: boolean }[] = [];
  const fetchImpl: typeof fetch = async (input, init) => {
    const push = /\/api\/sync\/(\w+)\/push/.exec(String(input));
    if (push && typeof init?.body === 'string') {
      for (const row of JSON.parse(init.body) as { newDocumentState: { id: string; _deleted: boolean } }[]) {
        pushed.push({ collection: push[1] as string, id: row.newDocumentState.id, deleted: row.newDocumentState._deleted });
      }
    }
    return fetch(input, init);
  };
  return { pushed, fetchImpl };
}

async function exportedZip(label: string): Promise<File> {
  const user = await newUser(bed.server, 'paid');
  const source = await openDevice(bed.server, user, { label });
  bed.devices.push(source);
  await source.db.lists.insert({ id: 'uncategorized', kind: 'category', name: 'Uncategorized', position: 0, createdAt: 0 });
  for (const title of ['Duplo', 'Train', 'Ball']) await addToy(source.db, { title });
  await setRotationCount(source.db, 1);
  await rotate(source.db);
  await rotate(source.db);
  const { blob } = await buildExport(source.db, { fetchImpl: offline });
  return new File([await blob.arrayBuffer()], 'export.zip', { type: 'application/zip' });
}

describe('an import on a syncing device', () => {
  it('that fails and is undone sends no live document of it to the server', async () => {
    const zip = await exportedZip('source');
    const user = await newUser(bed.server, 'paid');
    const device = await openDevice(bed.server, user, { label: 'importer' });
    bed.devices.push(device);
    const { pushed, fetchImpl } = recordingFetch();
    await device.online({ fetch: fetchImpl }).awaitInSync();
    const prepared = await prepareImport(device.db, [zip], { tools });
    // The last rotation arrives meanwhile (another device imported the same zip): its insert fails.
    const arrived = prepared.plan.rotations.at(-1)!;
    await device.db.rotations.insert(arrived);
    await device.sync!.awaitInSync();
    pushed.length = 0;

    await expect(runImport(device.db, prepared)).rejects.toThrow(/Nothing was imported/);
    await device.sync!.awaitInSync();
    const imported = new Set([...prepared.plan.lists.map((l) => l.id), ...prepared.plan.toys.map((t) => t.doc.id), ...prepared.plan.rotations.map((r) => r.id)]);
    imported.delete(arrived.id);
    expect(pushed.filter((row) => imported.has(row.id) && !row.deleted)).toEqual([]);
    const liveToys = await bed.server.t.db.selectFrom('toys').select('id').where('household_id', '=', asHouseholdId(user.userId)).where('deleted', '=', 0).execute();
    expect(liveToys).toEqual([]);
  });

  it('that succeeds reaches the server whole', async () => {
    const zip = await exportedZip('source2');
    const user = await newUser(bed.server, 'paid');
    const device = await openDevice(bed.server, user, { label: 'importer2' });
    bed.devices.push(device);
    await device.online().awaitInSync();
    const prepared = await prepareImport(device.db, [zip], { tools });
    await runImport(device.db, prepared);
    await device.sync!.awaitInSync();
    const live = async (table: 'toys' | 'rotations') =>
      (await bed.server.t.db.selectFrom(table).select('id').where('household_id', '=', asHouseholdId(user.userId)).where('deleted', '=', 0).execute()).length;
    expect(await live('toys')).toBe(3);
    expect(await live('rotations')).toBe(2);
  });
});
