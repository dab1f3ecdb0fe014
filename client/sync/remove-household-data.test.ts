import { afterEach, describe, expect, it } from 'vitest';
import { dexieStorage } from '../test-support/sync-harness.js';
import { closeUserDatabase, openUserDatabase, type ToyDatabase } from '../db/database.js';
import { addToy } from '../db/ops/toys.js';
import { localPhoto, savePhoto } from './photos.js';
import { removeHouseholdData } from './remove-household-data.js';

let db: ToyDatabase | null = null;
afterEach(async () => {
  if (db) await closeUserDatabase(db);
  db = null;
});

describe('removeHouseholdData', () => {
  it('deletes the local documents and the photo cache of that household', async () => {
    db = await openUserDatabase('user-b', { storage: dexieStorage(), multiInstance: false, name: 'remove-test-b' });
    await addToy(db, { title: 'Ball' });
    const photo = await savePhoto('user-b', new Blob([new Uint8Array([1, 2, 3])], { type: 'image/jpeg' }));
    expect(await localPhoto('user-b', photo)).not.toBeNull();
    await closeUserDatabase(db);
    db = null;
    await removeHouseholdData('user-b', { storage: dexieStorage(), name: 'remove-test-b' });
    expect(await localPhoto('user-b', photo)).toBeNull();
    db = await openUserDatabase('user-b', { storage: dexieStorage(), multiInstance: false, name: 'remove-test-b' });
    expect(await db.toys.count().exec()).toBe(0);
  });
});
