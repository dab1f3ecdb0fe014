import net from 'node:net';
import type { PostgresPool, PostgresPoolClient, PostgresQueryResult } from 'kysely';
import pg from 'pg';
import { DependencyUnavailable } from '../lib/unavailable.js';

// PostgreSQL behind a network that went quiet (a host that drops packets, a frozen link) says
// nothing at all: no error, no close. A query on a pooled connection would wait for minutes, a
// new connection for the pool's whole connect timeout. Yet a wait alone proves nothing: a
// statement may legitimately run for seconds, or wait for a free connection while the others
// run. So a wait longer than SLOW_AFTER_MS asks a probe: a fresh connection of its own (never
// from the pool, which may be full) running `select 1` within PROBE_TIMEOUT_MS. The database
// answers the probe: the wait goes on, however long. It does not: the wait ends as "the database
// is unavailable" (503 with Retry-After), the hung connection is destroyed rather than reused,
// and recovery needs nothing (the next connection made once the network is back works).
// Decision 049.

/** A wait longer than this asks the probe whether the database is there at all. */
const SLOW_AFTER_MS = 150;
/** The probe's connection and `select 1` must finish within this (a loopback or LAN round trip is a few ms). */
const PROBE_TIMEOUT_MS = 400;
/** A probe's "reachable" serves every wait that asks within this long (many slow requests, one probe). */
const PROBE_ANSWER_FRESH_MS = 1_000;

export type ReachabilityProbe = () => Promise<boolean>;

/** Whether PostgreSQL at `connectionString` answers `select 1` on a new connection within PROBE_TIMEOUT_MS. */
export function postgresProbe(connectionString: string): ReachabilityProbe {
  const probeOnce = async (): Promise<boolean> => {
    let socket: net.Socket | undefined;
    const client = new pg.Client({
      connectionString,
      // Our own socket, so that a probe stuck on a silent network is ended for sure.
      stream: () => (socket = new net.Socket()),
      connectionTimeoutMillis: PROBE_TIMEOUT_MS,
    });
    client.on('error', () => {});
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), PROBE_TIMEOUT_MS)));
    const answered = (async () => {
      await client.connect();
      await client.query('select 1');
      return true;
    })().catch(() => false);
    try {
      return await Promise.race([answered, late]);
    } finally {
      clearTimeout(timer);
      socket?.destroy();
      void client.end().catch(() => {});
    }
  };
  // A probe under way answers every wait that asks meanwhile; a "reachable" stays fresh a while
  // (a busy database is not asked again and again), an "unreachable" does not: the first wait
  // after the network is back must not be failed by an old answer.
  let reachableAt = -Infinity;
  let inFlight: Promise<boolean> | undefined;
  return () => {
    if (Date.now() - reachableAt < PROBE_ANSWER_FRESH_MS) return Promise.resolve(true);
    inFlight ??= probeOnce().then((reachable) => {
      inFlight = undefined;
      if (reachable) reachableAt = Date.now();
      return reachable;
    });
    return inFlight;
  };
}

function unreachable(): DependencyUnavailable {
  return new DependencyUnavailable('database', new Error(`PostgreSQL did not answer, and a new connection could not reach it within ${PROBE_TIMEOUT_MS} ms`));
}

/**
 * Waits for `work`; past SLOW_AFTER_MS, asks the probe once and gives up (rejecting with
 * DependencyUnavailable) when the database does not answer it. `abandon` runs then, to clean up
 * what `work` will still deliver.
 */
async function unlessUnreachable<T>(work: Promise<T>, probe: ReachabilityProbe, abandon: () => void): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  let settled = false;
  const verdict = new Promise<never>((_, reject) => {
    const check = () => {
      probe().then(
        (reachable) => {
          if (settled) return;
          // Reachable: a slow statement or a full pool. Ask again later, the network may still go quiet.
          if (reachable) {
            timer = setTimeout(check, PROBE_ANSWER_FRESH_MS);
            return;
          }
          abandon();
          reject(unreachable());
        },
        () => {},
      );
    };
    timer = setTimeout(check, SLOW_AFTER_MS);
  });
  try {
    return await Promise.race([work, verdict]);
  } finally {
    settled = true;
    clearTimeout(timer);
  }
}

/**
 * The pool Kysely uses, with every connection checkout and every query watched as above. A
 * connection whose query was given up is destroyed when Kysely releases it, never reused.
 */
/**
 * Work on PostgreSQL outside Kysely (the rate limiters' counters) under the same rule: past
 * SLOW_AFTER_MS a probe decides, and a database gone quiet ends the wait as 503.
 */
export function guardWork<T>(work: Promise<T>, probe: ReachabilityProbe): Promise<T> {
  return unlessUnreachable(work, probe, () => void work.catch(() => {}));
}

export function guardedPool(pool: pg.Pool, probe: ReachabilityProbe): PostgresPool {
  return {
    async connect(): Promise<PostgresPoolClient> {
      const checkout = pool.connect();
      const client = await unlessUnreachable(checkout, probe, () => {
        // The checkout may still succeed later: give that connection straight back, destroyed.
        checkout.then((late) => late.release(true), () => {});
      });
      return guardedClient(client, probe);
    },
    end: () => pool.end(),
  };
}

function guardedClient(client: pg.PoolClient, probe: ReachabilityProbe): PostgresPoolClient {
  let broken = false;
  return {
    query<R>(sqlText: string, parameters: ReadonlyArray<unknown>): Promise<PostgresQueryResult<R>> {
      // A connection given up on answers nothing more (Kysely's rollback after the failure included) at once.
      if (broken) return Promise.reject(unreachable());
      const running = client.query(sqlText, [...parameters]) as unknown as Promise<PostgresQueryResult<R>>;
      return unlessUnreachable(running, probe, () => {
        broken = true;
        running.catch(() => {});
      });
    },
    release() {
      // true: pg ends this connection instead of handing it to the next request.
      client.release(broken ? true : undefined);
    },
  } as PostgresPoolClient;
}
