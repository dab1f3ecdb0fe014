import { HttpError } from '../../lib/http-error.js';

// Password hashing is the server's most expensive work: one scrypt at our cost takes ~128 MiB
// and a few hundred ms of a libuv thread. Unbounded, 60 parallel logins for made-up emails
// filled libuv's 4 threads (which also read photo files) and took 600 MB (issue 10, item 2).
// So hashes run a few at a time (fewer than libuv's threads, so file reads always find a free
// one), a short queue waits, and beyond it the request is answered 429 at once.

export const HASHING_BUSY_MESSAGE = 'The server is busy checking passwords. Please try again in a few seconds.';

export class HashingBusyError extends HttpError {
  constructor(retryAfterSeconds: number, message = HASHING_BUSY_MESSAGE) {
    super(429, message, { 'Retry-After': String(retryAfterSeconds) });
  }
}

export type HashingPool = {
  /** Runs the task when a slot is free; throws HashingBusyError when the queue is full. */
  run<T>(task: () => Promise<T>): Promise<T>;
  readonly active: number;
  readonly queued: number;
};

/** A bounded pool for expensive work (password hashes here; photo decoding uses one too). */
export function createHashingPool(options: { concurrency: number; maxQueue: number; retryAfterSeconds: number; busyMessage?: string }): HashingPool {
  let active = 0;
  const waiting: Array<() => void> = [];

  const release = () => {
    const next = waiting.shift();
    if (next) next(); // the slot passes straight to the next in line
    else active--;
  };

  return {
    async run(task) {
      if (active < options.concurrency) active++;
      else if (waiting.length < options.maxQueue) await new Promise<void>((resolve) => waiting.push(resolve));
      else throw new HashingBusyError(options.retryAfterSeconds, options.busyMessage);
      try {
        return await task();
      } finally {
        release();
      }
    },
    get active() {
      return active;
    },
    get queued() {
      return waiting.length;
    },
  };
}

/**
 * The process's one pool: libuv has 4 threads by default (UV_THREADPOOL_SIZE), two are left
 * for file reads, DNS and zlib. Eight waiting hashes take at most ~2 s to drain.
 */
export const passwordHashing = createHashingPool({ concurrency: 2, maxQueue: 8, retryAfterSeconds: 2 });
