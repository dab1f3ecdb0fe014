// A toy can reach another device before its photo: the toy syncs at once, the photo uploads
// from the device's outbox a moment (or, offline, hours) later. Until then /api/media/{id}
// answers 404 and the picture shows broken. Instead of waiting for a reload, the photo is
// fetched again with backoff until it is there (issue 9, fault 11; decision 008).

/** Waits between attempts: quick at first (the usual gap is the upload's round trip), then calmer. */
const PHOTO_RETRY_DELAYS_MS = [1_000, 2_000, 4_000, 8_000, 15_000, 30_000] as const;

export function photoRetryDelay(attempt: number): number {
  return PHOTO_RETRY_DELAYS_MS[Math.min(attempt, PHOTO_RETRY_DELAYS_MS.length - 1)] as number;
}

export type PhotoRetryOptions = {
  fetchImpl?: typeof fetch;
  signal?: AbortSignal;
  /** Waits `ms` (or less: the page coming back online wakes it early); resolves on abort too. */
  wait?: (ms: number, signal?: AbortSignal) => Promise<void>;
};

/** Not there yet (or the network hiccuped): worth asking again. Any other answer is final. */
function worthRetrying(status: number): boolean {
  return status === 404 || status === 408 || status === 429 || status >= 500;
}

/**
 * Fetches a photo until it loads. Null when the server refuses it for good (e.g. 403) or when
 * `signal` aborts (the card left the screen). `cache: 'no-store'` so a stale miss is not reused.
 */
export async function loadPhotoWithRetry(url: string, options: PhotoRetryOptions = {}): Promise<Blob | null> {
  const fetchImpl = options.fetchImpl ?? fetch;
  const wait = options.wait ?? waitOrOnline;
  for (let attempt = 0; ; attempt++) {
    if (options.signal?.aborted) return null;
    try {
      const res = await fetchImpl(url, { cache: 'no-store', signal: options.signal });
      if (res.ok) return await res.blob();
      if (!worthRetrying(res.status)) return null;
    } catch (error) {
      if (options.signal?.aborted) return null;
      console.warn(`Photo ${url} did not load yet; trying again`, error);
    }
    await wait(photoRetryDelay(attempt), options.signal);
  }
}

/** The browser's wait: a timer, cut short when the device comes back online or on abort. */
function waitOrOnline(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      globalThis.removeEventListener?.('online', done);
      signal?.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    globalThis.addEventListener?.('online', done);
    signal?.addEventListener('abort', done);
  });
}
