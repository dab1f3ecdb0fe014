import type { SyncTable } from '../../../shared/schemas/docs.js';
import type { SyncCheckpoint } from '../../../shared/schemas/sync.js';
import type { HttpClient } from '../http.js';
import type { Doc } from '../protocol-fields.js';
import type { Event } from '../protocol.js';
import type { Reconvergence } from '../reconverge.js';
import type { SyncedTable } from '../rx-types.js';
import type { SyncRecords } from './sync-records.js';

// What one table's engine is made with, and what its queue carries.

export type TableEngineOptions = {
  name: SyncTable;
  collection: SyncedTable;
  http: HttpClient;
  records: SyncRecords;
  retryMs: number;
  /** Rows per push request at most (a request's body is bounded too: SYNC_PUSH_MAX_BYTES). */
  batchSize: number;
  /**
   * Documents per pull page (default: as many as the server gives, SYNC_MAX_BATCH): a burst
   * from another device is then one request, one write and one screen update, not five.
   */
  pullBatchSize?: number;
  onSuccess: () => void;
  onError: (error: unknown) => void;
  onNotice: (message: string) => void;
  reconvergence: Reconvergence;
  /**
   * The state the device makes a document from while it has none from the server (settings:
   * the defaults the screens show before the first pull; decision 053): that is its base, so an
   * edit of it is an edit, not a create the server's stored state would win over.
   */
  madeFrom?: (doc: Doc) => Doc | undefined;
  /**
   * Where the device's pulls stand, sent with every push so that a server that went back in
   * time refuses it (409) before merging it (decision 007): the furthest position any of the
   * device's tables has pulled (the server's change clock is one for all tables). Default: this
   * table's own.
   */
  pulledTo?: () => SyncCheckpoint | null;
  /** A push was refused (409): the server went back in time; every table pulls and finds out. */
  onRefused?: () => void;
  /** Runs before each push with the states about to be sent (toys: their lists and photos first). */
  beforePush?: (docs: Doc[]) => Promise<void>;
};

export type Input = Event<SyncCheckpoint> | { type: 'changed'; ids: string[] } | { type: 'load' };
