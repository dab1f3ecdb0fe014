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

/**
 * The wait before retry number `failures` (1, 2, ...): doubling from `baseMs`, at most twelve
 * times the base and never above a minute (5 s, 10 s, 20 s, 40 s, then every 60 s).
 */
export function retryDelay(failures: number, baseMs: number): number {
  const cap = Math.min(60_000, baseMs * 12);
  return Math.min(cap, baseMs * 2 ** Math.max(0, failures - 1));
}
