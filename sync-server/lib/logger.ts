import { AsyncLocalStorage } from 'node:async_hooks';
import { pino, type DestinationStream, type Logger } from 'pino';
import type { Env } from '../env.js';

// Structured logs: one JSON object per line (pino), with the request's id on every line written
// while a request is handled, whoever writes it (a route, a service through deps.log, the error
// handler), carried by AsyncLocalStorage rather than passed down every call.

export type { Logger };

const requests = new AsyncLocalStorage<{ requestId: string }>();

/** Runs `fn` (and everything it awaits) as part of the request with this id. */
export function inRequest<T>(requestId: string, fn: () => T): T {
  return requests.run({ requestId }, fn);
}

/** The id of the request being handled; undefined outside one (start-up, scheduled jobs). */
function currentRequestId(): string | undefined {
  return requests.getStore()?.requestId;
}

/** The server's logger at LOG_LEVEL; `destination` (tests) instead of standard output. */
export function createLogger(level: Env['LOG_LEVEL'], destination?: DestinationStream): Logger {
  const options = {
    level,
    base: { service: 'toy-rotation' },
    timestamp: pino.stdTimeFunctions.isoTime,
    // "level":"info" rather than 30: read by people and by log tools alike.
    formatters: { level: (label: string) => ({ level: label }) },
    mixin: () => {
      const requestId = currentRequestId();
      return requestId ? { requestId } : {};
    },
  };
  return destination ? pino(options, destination) : pino(options);
}

/**
 * The one-line `deps.log` the services write through: a line that starts with "error" is an
 * error, any other is information.
 */
export function lineLogger(logger: Logger): (line: string) => void {
  return (line) => {
    if (/^error\b/i.test(line)) logger.error(line);
    else logger.info(line);
  };
}
