import type { RxCollection, RxStorageInstance, RxStorageReplicationMeta } from 'rxdb';
import type { RxReplicationState } from 'rxdb/plugins/replication';
import type { SyncCheckpoint } from '../../shared/schemas/sync.js';

// The sync code treats the four tables alike and reads fields by name.

/** A synced document as the sync code sees it (any of the four tables). */
export type SyncedDoc = Record<string, unknown>;

/**
 * RxDB's collection type is invariant in its document type (it both takes and returns
 * documents), so neither the union of the four table types nor `unknown` fits every table;
 * RxDB's own default document parameter does.
 */
export type SyncedTable = RxCollection;

export type SyncedReplication = RxReplicationState<SyncedDoc, SyncCheckpoint>;

/** The replication's meta storage: per document, the state last agreed with the server. */
export type ReplicationMetaStorage = RxStorageInstance<RxStorageReplicationMeta<SyncedDoc, SyncCheckpoint>, unknown, unknown>;
