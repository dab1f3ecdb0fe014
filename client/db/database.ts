import {
  addRxPlugin,
  createRxDatabase,
  removeRxDatabase,
  type MigrationStrategies,
  type RxCollection,
  type RxDatabase,
  type RxJsonSchema,
  type RxStorage,
} from 'rxdb';
import { RxDBLeaderElectionPlugin } from 'rxdb/plugins/leader-election';
import { RxDBMigrationSchemaPlugin } from 'rxdb/plugins/migration-schema';
import { getRxStorageDexie } from 'rxdb/plugins/storage-dexie';
import type { ListDoc, RotationDoc, SettingsDoc, ToyDoc } from '../../shared/schemas/docs.js';
import { deleteMediaCache, setActivePhotoUser } from '../sync/photos.js';
import { listRxSchema, rotationRxSchema, settingsRxSchema, toyRxSchema } from './rx-schemas.js';

addRxPlugin(RxDBLeaderElectionPlugin); // one tab replicates; writes in any tab reach it
addRxPlugin(RxDBMigrationSchemaPlugin); // schema version bumps keep queued offline writes

export type ToyCollection = RxCollection<ToyDoc>;
export type ListCollection = RxCollection<ListDoc>;
export type SettingsCollection = RxCollection<SettingsDoc>;
export type RotationCollection = RxCollection<RotationDoc>;

export type ToyDatabaseCollections = {
  toys: ToyCollection;
  lists: ListCollection;
  settings: SettingsCollection;
  rotations: RotationCollection;
};
export type ToyDatabase = RxDatabase<ToyDatabaseCollections> & { userId: string };

export type CollectionDefinition = { schema: RxJsonSchema<any>; migrationStrategies?: MigrationStrategies };

/**
 * Exactly four collections: RxDB's free build allows 13 open collections per JavaScript
 * process (counted across databases), and tests run three clients in one process.
 * Bumping a schema version needs a migration strategy here (see database.test.ts).
 */
export const COLLECTIONS: Record<keyof ToyDatabaseCollections, CollectionDefinition> = {
  toys: { schema: toyRxSchema },
  lists: { schema: listRxSchema },
  settings: { schema: settingsRxSchema },
  rotations: { schema: rotationRxSchema },
};

export type OpenOptions = {
  /** Default: Dexie on the browser's IndexedDB. Tests pass Dexie on fake-indexeddb, or memory. */
  storage?: RxStorage<any, any>;
  /** Default: one name per user. Tests that simulate several devices in one process override it. */
  name?: string;
  /** Default true (several tabs share the database); tests simulating devices pass false. */
  multiInstance?: boolean;
  /** Tests of schema migrations override the definitions. */
  collections?: Record<keyof ToyDatabaseCollections, CollectionDefinition>;
};

export function databaseName(userId: string): string {
  // RxDB names are lower-case; user ids are UUIDs, but normalise anything else to be safe.
  return `toyrotation-${userId.toLowerCase().replace(/[^a-z0-9-]/g, '-')}`;
}

export function defaultStorage(): RxStorage<any, any> {
  return getRxStorageDexie();
}

export async function openUserDatabase(userId: string, options: OpenOptions = {}): Promise<ToyDatabase> {
  const db = await createRxDatabase<ToyDatabaseCollections>({
    name: options.name ?? databaseName(userId),
    storage: options.storage ?? defaultStorage(),
    multiInstance: options.multiInstance ?? true,
    eventReduce: true,
    closeDuplicates: true,
  });
  await db.addCollections(options.collections ?? COLLECTIONS);
  setActivePhotoUser(userId);
  return Object.assign(db, { userId });
}

export async function closeUserDatabase(db: ToyDatabase): Promise<void> {
  await db.close();
}

/** Logout and account deletion: the user's local database and media cache go. */
export async function removeUserDatabase(
  userId: string,
  options: { storage?: RxStorage<any, any>; name?: string } = {},
): Promise<void> {
  await removeRxDatabase(options.name ?? databaseName(userId), options.storage ?? defaultStorage());
  await deleteMediaCache(userId);
}
