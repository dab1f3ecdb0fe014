import { HttpError } from './http-error.js';

// A service the server needs is down (the database, the photo store): the request did not
// fail, it could not be tried. The answer is 503 with Retry-After and a message for people,
// at once, rather than a 500 "Something went wrong" after the client's retries ran out; the
// device keeps what it was sending and sends it again (decision 027).

export type Dependency = 'database' | 'photo_store';

/** Seconds a client waits before trying again: long enough for a restart, short enough to notice recovery. */
export const UNAVAILABLE_RETRY_AFTER_SECONDS = 10;

export const UNAVAILABLE_MESSAGES: Record<Dependency, string> = {
  database: 'The server cannot reach its database right now, so nothing was changed. Please try again in a minute.',
  photo_store: 'Photos cannot be stored or shown right now (the photo store does not answer), so nothing was changed. Please try again in a minute.',
};

/** Thrown by a store wrapper (services/media/create-media-store.ts) when the store failed. */
export class DependencyUnavailable extends Error {
  constructor(
    readonly dependency: Dependency,
    cause: unknown,
  ) {
    super(`${dependency} unavailable: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
  }
}

// Socket-level failures (node), PostgreSQL's "connection exception" class 08, shutdowns
// (57P01-57P03) and too many connections (53300), SQLite's busy, I/O, full-disk and
// cannot-open codes: all say "the database is not there right now", none "this request is wrong".
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH']);
const PG_UNAVAILABLE = /^(08...|57P0[123]|53300)$/;
const SQLITE_UNAVAILABLE = /^SQLITE_(BUSY|IOERR|CANTOPEN|FULL|NOTADB|PROTOCOL)/;
const UNAVAILABLE_MESSAGE =
  /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Cannot use a pool after calling end|The database connection is not open|driver has already been destroyed/;

/** Which dependency an error says is down, looking through its causes; null for any other failure. */
export function unavailableDependency(error: unknown): Dependency | null {
  for (let at = error, depth = 0; at && depth < 5; at = (at as { cause?: unknown }).cause, depth++) {
    if (at instanceof DependencyUnavailable) return at.dependency;
    const code = String((at as { code?: unknown }).code ?? '');
    if (NETWORK_CODES.has(code) || PG_UNAVAILABLE.test(code) || SQLITE_UNAVAILABLE.test(code)) return 'database';
    if (at instanceof Error && UNAVAILABLE_MESSAGE.test(at.message)) return 'database';
  }
  return null;
}

/** The 503 answer for a dependency that is down. */
export function unavailableError(dependency: Dependency): HttpError {
  return new HttpError(503, UNAVAILABLE_MESSAGES[dependency], { 'Retry-After': String(UNAVAILABLE_RETRY_AFTER_SECONDS) });
}
