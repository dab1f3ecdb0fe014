import { randomUUID } from 'node:crypto';
import type { SyncCheckpoint } from '../../../shared/schemas/sync.js';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

// Kysely<Database> spelled out, not database.ts's `DB`: database.ts calls beginEpoch, so
// importing from it would tie the two modules in a cycle.
type DB = Kysely<Database>;

// Server epochs (issue 9, fault 3; decision 007). A server restored from a backup hands out
// sequence numbers again that devices have already seen, so a device's checkpoint alone cannot
// tell it that the server forgot writes. Every start of the server opens an epoch that records
// where the change clock stood; pull checkpoints carry the latest epoch's id. A checkpoint
// (epoch E, seq s) is still good when E is the latest epoch, or when s lies before the start
// of the epoch that followed E (everything the device saw existed before that start). Anything
// else (an unknown epoch, or a seq the server never reached in E) means the server went back:
// the device must reconverge. Several instances sharing PostgreSQL open epochs while others
// write, which can raise a false alarm; that costs a full resync, never data.

export type Epoch = { id: string; startSeq: number; createdAt: number };

/** Epoch ids begin with their creation time, so an epoch this database never saw can be placed. */
function epochId(createdAt: number): string {
  return `${createdAt.toString(36)}-${randomUUID().slice(0, 8)}`;
}

function createdAtOf(id: string): number | null {
  const value = parseInt(id.split('-')[0] ?? '', 36);
  return Number.isFinite(value) ? value : null;
}

async function clockValue(db: DB): Promise<number> {
  const row = await db.selectFrom('change_clock').select('value').where('id', '=', 1).executeTakeFirstOrThrow();
  return Number(row.value);
}

/** Called once per server start, after the migrations. */
export async function beginEpoch(db: DB, now: number): Promise<Epoch> {
  const epoch = { id: epochId(now), startSeq: (await clockValue(db)) + 1, createdAt: now };
  await db.insertInto('server_epochs').values({ id: epoch.id, start_seq: epoch.startSeq, created_at: epoch.createdAt }).execute();
  return epoch;
}

async function loadEpochs(db: DB): Promise<Epoch[]> {
  const rows = await db.selectFrom('server_epochs').selectAll().orderBy('created_at').orderBy('start_seq').execute();
  return rows.map((row) => ({ id: row.id, startSeq: Number(row.start_seq), createdAt: Number(row.created_at) }));
}

/**
 * `epoch`: the id to put in checkpoints from now on. `restoredFrom`: the server went back and
 * the device must reconverge; rows with a sequence below this number are as the device last
 * knew them or older (0: no row can be vouched for).
 */
export type CheckpointVerdict = { epoch: string | undefined; restoredFrom?: number };

/** Routes call this, so `deps` comes first (decision 013), written out: AppDeps (context.ts) imports database.ts (above). */
export async function judgeCheckpoint({ db }: { db: DB }, checkpoint: SyncCheckpoint | null): Promise<CheckpointVerdict> {
  const epochs = await loadEpochs(db);
  const latest = epochs.at(-1)?.id;
  if (!checkpoint) return { epoch: latest };
  const index = checkpoint.epoch ? epochs.findIndex((epoch) => epoch.id === checkpoint.epoch) : -1;
  if (!checkpoint.epoch || index === epochs.length - 1) {
    // The latest epoch, or a checkpoint from before epochs existed: only a sequence the
    // server never reached gives the going back away, and then no row can be vouched for.
    const beyond = checkpoint.seq > (await clockValue(db));
    return beyond ? { epoch: latest, restoredFrom: 0 } : { epoch: latest };
  }
  if (index >= 0) {
    const next = epochs[index + 1]!;
    return checkpoint.seq < next.startSeq ? { epoch: latest } : { epoch: latest, restoredFrom: next.startSeq };
  }
  // An epoch this database never recorded: it began after the backup was taken, so the first
  // epoch begun after it is where this database's history and the device's part ways.
  const seen = createdAtOf(checkpoint.epoch);
  const after = seen === null ? undefined : epochs.find((epoch) => epoch.createdAt > seen);
  return { epoch: latest, restoredFrom: after?.startSeq ?? 0 };
}
