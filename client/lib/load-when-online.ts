import { retryDelay } from './backoff.js';

// Parts of the app load as separate chunks once someone is signed in (the database, the sync
// engine). A chunk asked for while offline, before the service worker has saved it, fails to
// load; nothing would ask again, so sync would never start until a reload. Here the load is
// tried again when the browser says it is back online, and (when it says online but the server
// does not answer) after a growing, jittered wait.

type Options = {
  /** Where the browser's `online` event arrives (the window; a plain EventTarget in tests). */
  events?: EventTarget;
  /** The first wait between tries. */
  baseMs?: number;
  random?: () => number;
};

/** Resolves with the loaded module; rejects only when `signal` aborts (or already has). */
export async function loadWhenOnline<M>(load: () => Promise<M>, signal: AbortSignal, options: Options = {}): Promise<M> {
  for (let failures = 1; ; failures++) {
    signal.throwIfAborted();
    try {
      return await load();
    } catch (error) {
      signal.throwIfAborted();
      console.warn('[load] a part of the app could not be loaded; trying again when online', error);
      await nextTry(retryDelay(failures, options.baseMs ?? 2000, options.random), signal, options.events);
    }
  }
}

function nextTry(waitMs: number, signal: AbortSignal, events: EventTarget | undefined = globalThis.window): Promise<void> {
  return new Promise((resolve, reject) => {
    const done = () => {
      clearTimeout(timer);
      events?.removeEventListener('online', done);
      signal.removeEventListener('abort', aborted);
      resolve();
    };
    const aborted = () => {
      done();
      reject(signal.reason);
    };
    const timer = setTimeout(done, waitMs);
    events?.addEventListener('online', done);
    signal.addEventListener('abort', aborted);
  });
}
