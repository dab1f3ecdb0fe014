import os from 'node:os';
import { describe, expect, it } from 'vitest';
import { freshSchemaUrl } from '../test-support/test-database.js';
import { migrateToLatest, openDatabase, type DB } from './database.js';
import { migrations } from './migrations/index.js';

// Several instances may start together on a database nobody has migrated yet (a first deploy,
// or a deploy that brings a migration): each runs the migrations at start. Kysely's migrator
// creates its tables tolerating a concurrent creator and runs the migrations under a lock, so
// one instance migrates, the others wait and find nothing left to do.

describe('two instances starting together on a fresh database', () => {
  it('both start, and each migration runs exactly once', async () => {
    const url = await freshSchemaUrl();
    const opened = await Promise.allSettled([0, 1].map(() => openDatabase({ dataDir: os.tmpdir(), databaseUrl: url, poolSize: 2 })));
    const dbs = opened.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
    try {
      expect(opened.map((result) => (result.status === 'rejected' ? String(result.reason) : 'started'))).toEqual(['started', 'started']);
      const [a, b] = dbs as [DB, DB];
      const applied = await a.selectFrom('kysely_migration' as never).select('name' as never).orderBy('name' as never).execute();
      expect(applied.map((row) => (row as { name: string }).name)).toEqual(Object.keys(migrations));
      expect(await migrateToLatest(b)).toEqual([]);
      // Both are working servers: each opened its epoch on the one change clock.
      expect(await a.selectFrom('server_epochs').select('id').execute()).toHaveLength(2);
    } finally {
      await Promise.all(dbs.map((db) => db.destroy()));
    }
  });
});
