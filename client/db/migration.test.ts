import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// First: it installs fake-indexeddb before Dexie loads.
import { dexieStorage, enableDevMode, eventually, newUser, startTestServer, type TestServer } from '../test-support/sync-harness.js';
import { TABLES, openUserDatabase, removeUserDatabase } from './database.js';
import { rotationRxSchema, settingsRxSchema, toyRxSchema } from './rx-schemas.js';
import { addToy, updateToy } from './ops/toys.js';
import { currentRotation } from './ops/rotation.js';
import { startSync } from '../sync/start-sync.js';
import { asHouseholdId } from '../../sync-server/db/schema.js';

enableDevMode();

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server.close());

describe('a schema version bump', () => {
  it('keeps 50 writes queued offline, migrates them, and pushes them afterwards', async () => {
    const user = await newUser(server);
    const name = 'migration-test';
    const storage = dexieStorage();
    const v0 = await openUserDatabase(user.userId, { storage, name, multiInstance: false });
    // Synced once, so the replication has state of its own to carry across the migration.
    const first = startSync(v0, { baseUrl: server.baseUrl, getToken: () => user.token, retryMs: 50 });
    const synced = await addToy(v0, { title: 'Synced before' });
    await first.awaitInSync();
    await first.stop();
    for (let i = 0; i < 49; i++) await addToy(v0, { title: `Offline ${i}` });
    await updateToy(v0, synced.id, { caption: 'edited offline' }); // the 50th queued write
    await v0.close();

    // The next app version ships toys one version up, with a strategy for the current documents.
    const next = toyRxSchema.version + 1;
    const v1Tables = {
      ...TABLES,
      toys: {
        schema: { ...toyRxSchema, version: next },
        migrationStrategies: {
          ...TABLES.toys.migrationStrategies,
          [next]: (doc: Record<string, unknown>) => ({ ...doc, caption: `${doc.caption ?? ''}(migrated)` }),
        },
      },
    };
    const v1 = await openUserDatabase(user.userId, { storage, name, multiInstance: false, tables: v1Tables });
    expect(await v1.toys.count().exec()).toBe(50);
    const sync = startSync(v1, { baseUrl: server.baseUrl, getToken: () => user.token, retryMs: 50 });
    await eventually(async () => {
      await sync.awaitInSync();
      const rows = await server.t.db.selectFrom('toys').select(['title', 'caption']).where('household_id', '=', asHouseholdId(user.userId)).execute();
      expect(rows).toHaveLength(50);
      expect(rows.filter((row) => row.caption === '(migrated)')).toHaveLength(49);
      expect(rows.find((row) => row.title === 'Synced before')?.caption).toBe('edited offline(migrated)');
    });
    await sync.stop();
    await v1.close();
    await removeUserDatabase(user.userId, { storage, name });
  });

  it('toys from before households (version 0) migrate with no createdBy/updatedBy, and get them from the server once changed', async () => {
    const user = await newUser(server);
    const name = 'migration-toys-households';
    const storage = dexieStorage();
    const { createdBy: _c, updatedBy: _u, ...v0Properties } = toyRxSchema.properties as Record<string, unknown>;
    const v0Toys = { schema: { ...toyRxSchema, version: 0, properties: v0Properties } };
    const v0 = await openUserDatabase(user.userId, { storage, name, multiInstance: false, tables: { ...TABLES, toys: v0Toys } as typeof TABLES });
    const made = await addToy(v0, { title: 'Before households' });
    await v0.close();

    const v1 = await openUserDatabase(user.userId, { storage, name, multiInstance: false });
    const migrated = await v1.toys.findOne(made.id).exec();
    expect(migrated?.title).toBe('Before households');
    expect(migrated?.createdBy ?? null).toBeNull();
    const sync = startSync(v1, { baseUrl: server.baseUrl, getToken: () => user.token, retryMs: 50 });
    await eventually(async () => {
      await sync.awaitInSync();
      const synced = await v1.toys.findOne(made.id).exec();
      expect(synced?.createdBy).toBe(user.userId);
      expect(synced?.updatedBy).toBe(user.userId);
    });
    await sync.stop();
    await v1.close();
    await removeUserDatabase(user.userId, { storage, name });
  });

  it('rotations from before serverOrder (version 0) migrate, and an unpushed one becomes current once pushed', async () => {
    const user = await newUser(server);
    const name = 'migration-rotations';
    const storage = dexieStorage();
    // Version 0: before serverOrder (and before issue 14's childId, observations; issue 13's createdBy).
    const later = ['serverOrder', 'childId', 'observations', 'createdBy'];
    const v0Properties = Object.fromEntries(Object.entries(rotationRxSchema.properties as Record<string, unknown>).filter(([k]) => !later.includes(k)));
    const v0Rotations = {
      schema: { ...rotationRxSchema, version: 0, properties: v0Properties, required: (rotationRxSchema.required as string[]).filter((k) => !later.includes(k)) },
    };
    const v0 = await openUserDatabase(user.userId, { storage, name, multiInstance: false, tables: { ...TABLES, rotations: v0Rotations } as typeof TABLES });
    const first = startSync(v0, { baseUrl: server.baseUrl, getToken: () => user.token, retryMs: 50 });
    await v0.rotations.insert({ id: 'synced', createdAt: 5_000, toyIds: [] } as never);
    await first.awaitInSync();
    await first.stop();
    await v0.rotations.insert({ id: 'offline', createdAt: 1_000, toyIds: [] } as never); // made later, clock behind
    await v0.close();

    const v1 = await openUserDatabase(user.userId, { storage, name, multiInstance: false });
    expect((await v1.rotations.find().exec()).map((doc) => doc.serverOrder)).toEqual([0, 0]);
    // Issue 14 (version 2): every rotation from before is the first child's, with no observations.
    expect((await v1.rotations.find().exec()).map((doc) => [doc.childId, doc.observations])).toEqual([['first-child', {}], ['first-child', {}]]);
    const sync = startSync(v1, { baseUrl: server.baseUrl, getToken: () => user.token, retryMs: 50 });
    await eventually(async () => {
      await sync.awaitInSync();
      expect((await v1.rotations.findOne('offline').exec())?.serverOrder).toBeGreaterThan(0);
      expect((await currentRotation(v1))?.id).toBe('offline');
    });
    await sync.stop();
    await v1.close();
    await removeUserDatabase(user.userId, { storage, name });
  });
});

describe('issue 14 schema versions (toys 1, settings 1, rotations 2)', () => {
  it('migrate documents from before: one child, random picks, no schedule, nothing retired', async () => {
    const user = await newUser(server);
    const name = 'migration-practice';
    const storage = dexieStorage();
    const without = (schema: typeof toyRxSchema | typeof settingsRxSchema, keys: string[]) => ({
      schema: {
        ...schema,
        version: 0,
        properties: Object.fromEntries(Object.entries(schema.properties as Record<string, unknown>).filter(([k]) => !keys.includes(k))),
        required: (schema.required as string[]).filter((k) => !keys.includes(k)),
      },
    });
    const toyKeys = ['childIds', 'retiredReason', 'retiredNote', 'retiredAt'];
    const settingsKeys = ['rotationMode', 'rotationIntervalDays', 'firstChildName', 'firstChildBirthMonth', 'firstChildBirthYear', 'children', 'reminderEmail', 'timeZone'];
    const v0Tables = { ...TABLES, toys: without(toyRxSchema, toyKeys), settings: without(settingsRxSchema, settingsKeys) } as unknown as typeof TABLES;
    const v0 = await openUserDatabase(user.userId, { storage, name, multiInstance: false, tables: v0Tables });
    await v0.toys.insert({ id: 't1', title: 'Old', categoryId: 'uncategorized', caption: '', mediaId: null, collectionIds: [], excluded: false, favorite: false, createdAt: 1, lastRotatedAt: null, location: 'Bin 1', retired: false, feedback: null } as never);
    await v0.settings.insert({ id: user.userId, rotationToysNumber: 3, lastRotationDate: 9, tipsDismissed: true, plan: 'free', toysLimit: 100, collectionsLimit: 3 } as never);
    await v0.close();

    const v1 = await openUserDatabase(user.userId, { storage, name, multiInstance: false });
    expect((await v1.toys.findOne('t1').exec())?.toMutableJSON()).toMatchObject({ location: 'Bin 1', childIds: [], retired: false, retiredReason: null, retiredNote: null, retiredAt: null });
    expect((await v1.settings.findOne(user.userId).exec())?.toMutableJSON()).toMatchObject({
      rotationToysNumber: 3,
      lastRotationDate: 9,
      rotationMode: 'random',
      rotationIntervalDays: null,
      firstChildName: '',
      children: {},
      reminderEmail: false,
      timeZone: null,
    });
    await v1.close();
    await removeUserDatabase(user.userId, { storage, name });
  });
});
