import { sql } from 'kysely';
import type { AppDeps } from '../../context.js';
import { isPostgres } from '../../db/database.js';

// Scheduled jobs with several instances: each instance has the timer, exactly one runs the job.
// A conditional upsert on job_runs claims the run for this period (atomic on SQLite and
// PostgreSQL, so a job never runs twice in a period); on PostgreSQL an advisory lock held for
// the whole run also keeps a slow run from overlapping a late-starting one.

/** Advisory-lock namespace of this app ("toyr"), so its locks never collide with another app's. */
const LOCK_NAMESPACE = 0x746f7972;

/**
 * Runs `job` unless another instance (or this one) ran it less than `minGapMs` ago or is
 * running it now. Returns whether it ran here. A failed run gives its claim back, so the
 * next attempt retries.
 */
export async function runOncePer<T>(
  deps: Pick<AppDeps, 'db' | 'now'>,
  name: string,
  minGapMs: number,
  job: () => Promise<T>,
): Promise<{ ran: true; result: T } | { ran: false }> {
  if (!isPostgres(deps.db)) return claimAndRun(deps, name, minGapMs, job);
  return deps.db.connection().execute(async (conn) => {
    const { rows } = await sql<{ locked: boolean }>`select pg_try_advisory_lock(${LOCK_NAMESPACE}, hashtext(${name})) as locked`.execute(conn);
    if (!rows[0]?.locked) return { ran: false } as const;
    try {
      return await claimAndRun(deps, name, minGapMs, job);
    } finally {
      await sql`select pg_advisory_unlock(${LOCK_NAMESPACE}, hashtext(${name}))`.execute(conn);
    }
  });
}

async function claimAndRun<T>(
  deps: Pick<AppDeps, 'db' | 'now'>,
  name: string,
  minGapMs: number,
  job: () => Promise<T>,
): Promise<{ ran: true; result: T } | { ran: false }> {
  const now = deps.now();
  const previous = await deps.db.selectFrom('job_runs').select('ran_at').where('name', '=', name).executeTakeFirst();
  const claim = await deps.db
    .insertInto('job_runs')
    .values({ name, ran_at: now })
    .onConflict((oc) =>
      oc
        .column('name')
        .doUpdateSet({ ran_at: now })
        .where('job_runs.ran_at', '<=', now - minGapMs),
    )
    .executeTakeFirst();
  if (Number(claim.numInsertedOrUpdatedRows ?? 0) === 0) return { ran: false };
  try {
    return { ran: true, result: await job() };
  } catch (error) {
    await (previous
      ? deps.db.updateTable('job_runs').set({ ran_at: previous.ran_at }).where('name', '=', name).where('ran_at', '=', now)
      : deps.db.deleteFrom('job_runs').where('name', '=', name).where('ran_at', '=', now)
    ).execute();
    throw error;
  }
}
