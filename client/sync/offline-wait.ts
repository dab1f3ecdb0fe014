// While the browser says it is offline (navigator.onLine === false), nothing is sent: a request
// fails at once as offline, without touching the network, and the `online` event starts things
// again (RxDB's retry, start-sync's stream reopen). When it says online but the server does
// not answer, retries back off (retryDelay). Issue 16, polish 8.

/** The browser knows it has no network (a `true` can still be wrong; a `false` is reliable). */
export function browserOffline(): boolean {
  return typeof navigator !== 'undefined' && navigator.onLine === false;
}

/** A fetch that refuses at once while the browser is offline (the caller's OfflineError path). */
export function offlineAwareFetch(fetchImpl: typeof fetch): typeof fetch {
  return (input, init) => (browserOffline() ? Promise.reject(new TypeError('The browser is offline')) : fetchImpl(input, init));
}

/** The jittered back-off of every retry (client/lib/backoff.ts). */
export { retryDelay } from '../lib/backoff.js';
