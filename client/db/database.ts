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
import { PRACTICE_DEFAULTS, type ListDoc, type RotationDoc, type SettingsDoc, type ToyDoc } from '../../shared/schemas/docs.js';
import { monotonicLwtStorage } from './monotonic-lwt-storage.js';
import { quietStorageAdvert } from './quiet-storage-advert.js';
import { listRxSchema, rotationRxSchema, settingsRxSchema, toyRxSchema } from './rx-schemas.js';

addRxPlugin(RxDBLeaderElectionPlugin); // one tab replicates; writes in any tab reach it
addRxPlugin(RxDBMigrationSchemaPlugin); // schema version bumps keep queued offline writes

// RxDB calls its stores "collections"; in our own names they are tables, because a
// "collection" is the parent's basket of toys (spec section 5).

export type ToyTable = RxCollection<ToyDoc>;
export type ListTable = RxCollection<ListDoc>;
export type SettingsTable = RxCollection<SettingsDoc>;
export type RotationTable = RxCollection<RotationDoc>;

export type ToyDatabaseTables = {
  toys: ToyTable;
  lists: ListTable;
  settings: SettingsTable;
  rotations: RotationTable;
};
/** `householdId`: whose data this is (decision 017); the settings document's id. */
export type ToyDatabase = RxDatabase<ToyDatabaseTables> & { householdId: string };

type TableDefinition<Doc> = { schema: RxJsonSchema<Doc>; migrationStrategies?: MigrationStrategies };
type TableDefinitions = {
  toys: TableDefinition<ToyDoc>;
  lists: TableDefinition<ListDoc>;
  settings: TableDefinition<SettingsDoc>;
  rotations: TableDefinition<RotationDoc>;
};

/**
 * Exactly four collections: RxDB's free build allows 13 open collections per JavaScript
 * process (counted across databases), and tests run three clients in one process.
 * Bumping a schema version needs a migration strategy here (see database.test.ts).
 */
export const TABLES: TableDefinitions = {
  toys: {
    schema: toyRxSchema,
    // Version 1: shared by every child, not retired (issue 14, decision 018); the server-written
    // createdBy and updatedBy unknown for toys stored before (issue 13: the server sends them
    // with the toy's next change).
    migrationStrategies: { 1: (doc: Record<string, unknown>) => ({ ...migrateToyToV1(doc), createdBy: null, updatedBy: null }) },
  },
  lists: { schema: listRxSchema },
  settings: {
    schema: settingsRxSchema,
    // Version 1 (issue 14): the spec's behaviour (random picks, no schedule, one child).
    // Version 2 (issue 23): `starterCategoriesDone`, left absent: the next pull brings the
    // server's value (a false written here would be pushed over another device's true).
    migrationStrategies: { 1: migrateSettingsToV1, 2: (doc: Record<string, unknown>) => doc },
  },
  rotations: {
    schema: rotationRxSchema,
    migrationStrategies: {
      // Version 1 added the server-owned `serverOrder`. Rotations stored before it were pulled
      // from (or pushed to) the server already, so 0 ranks them below every newly ordered one;
      // an unpushed one is re-stored by its push and pulled back with its real order.
      1: (doc: Record<string, unknown>) => ({ ...doc, serverOrder: 0 }),
      // Version 2 (issue 14): every rotation made before children existed is the first child's.
      // and the server-written createdBy (issue 13), unknown for rotations stored before.
      2: (doc: Record<string, unknown>) => ({ ...migrateRotationToV2(doc), createdBy: null }),
    },
  },
};

function migrateToyToV1(doc: Record<string, unknown>): Record<string, unknown> {
  return { ...doc, ...PRACTICE_DEFAULTS.toys, childIds: [], retired: doc.retired === true };
}

function migrateSettingsToV1(doc: Record<string, unknown>): Record<string, unknown> {
  return { ...doc, ...PRACTICE_DEFAULTS.settings, children: {} };
}

function migrateRotationToV2(doc: Record<string, unknown>): Record<string, unknown> {
  return { ...doc, ...PRACTICE_DEFAULTS.rotations, observations: {} };
}

export type OpenOptions = {
  /** Default: Dexie on the browser's IndexedDB. Tests pass Dexie on fake-indexeddb, or memory (both wrapped in monotonicLwtStorage). */
  storage?: RxStorage<unknown, unknown>;
  /** Default: one name per household. Tests that simulate several devices in one process override it. */
  name?: string;
  /** Default true (several tabs share the database); tests simulating devices pass false. */
  multiInstance?: boolean;
  /** Tests of schema migrations override the definitions. */
  tables?: TableDefinitions;
};

/**
 * One local database per household (decision 017). A household's id is its founder's user id,
 * so an account's own household keeps the name its database had before households existed.
 */
export function databaseName(householdId: string): string {
  // RxDB names are lower-case; ids are UUIDs, but normalise anything else to be safe.
  return `toyrotation-${householdId.toLowerCase().replace(/[^a-z0-9-]/g, '-')}`;
}

let advertQuieted = false;

/** Dexie, with local write stamps that do not follow the device clock (monotonic-lwt-storage.ts). */
export function defaultStorage(): RxStorage<unknown, unknown> {
  if (!advertQuieted) {
    advertQuieted = true;
    quietStorageAdvert();
  }
  return monotonicLwtStorage(getRxStorageDexie());
}

export async function openUserDatabase(householdId: string, options: OpenOptions = {}): Promise<ToyDatabase> {
  const db = await createRxDatabase<ToyDatabaseTables>({
    name: options.name ?? databaseName(householdId),
    storage: options.storage ?? defaultStorage(),
    multiInstance: options.multiInstance ?? true,
    eventReduce: true,
    closeDuplicates: true,
  });
  await db.addCollections(options.tables ?? TABLES);
  return Object.assign(db, { householdId });
}

export async function closeUserDatabase(db: ToyDatabase): Promise<void> {
  await db.close();
}

/**
 * That household's local database goes (what sync keeps beside it goes with
 * removeHouseholdData in client/sync/remove-household-data.ts, which calls this).
 */
export async function removeUserDatabase(
  householdId: string,
  options: { storage?: RxStorage<unknown, unknown>; name?: string } = {},
): Promise<void> {
  await removeRxDatabase(options.name ?? databaseName(householdId), options.storage ?? defaultStorage());
}
