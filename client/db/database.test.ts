import { afterEach, describe, expect, it } from 'vitest';
import { dexieStorage, enableDevMode } from '../test-support/sync-harness.js';
import { closeUserDatabase, openUserDatabase, type ToyDatabase } from './database.js';
import { toyRxSchema, settingsRxSchema } from './rx-schemas.js';
import { addToy } from './ops/toys.js';

enableDevMode(); // validates the derived schemas and every write against them

let db: ToyDatabase | null = null;
afterEach(async () => {
  if (db) await closeUserDatabase(db);
  db = null;
});

describe('the RxDB schemas derived from the zod schemas', () => {
  it('keep the zod limits RxDB needs and drop what it does not accept', () => {
    expect(toyRxSchema.primaryKey).toBe('id');
    expect(toyRxSchema.properties.id).toMatchObject({ type: 'string', maxLength: 64 });
    expect(toyRxSchema.properties.mediaId).toMatchObject({ type: ['string', 'null'] });
    expect(JSON.stringify(toyRxSchema)).not.toContain('$schema');
    expect(JSON.stringify(toyRxSchema)).not.toContain('anyOf');
    expect(settingsRxSchema.properties.plan).toMatchObject({ enum: ['free', 'paid'] });
  });

  it('open as one database with exactly four collections, and refuse invalid documents', async () => {
    db = await openUserDatabase('user-a', { storage: dexieStorage(), multiInstance: false, name: 'schema-test-a' });
    expect(Object.keys(db.collections).sort()).toEqual(['lists', 'rotations', 'settings', 'toys']);
    const toy = await addToy(db, { title: 'Blocks' });
    expect((await db.toys.findOne(toy.id).exec())?.title).toBe('Blocks');
    await expect(db.toys.insert({ ...toy, id: 'other', title: 5 } as never)).rejects.toThrow();
  });
});
