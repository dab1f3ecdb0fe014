import { APP_CACHE_NAME } from './media-cache.js';

// The service worker precaches only the shell and the public screens, so a visitor's first
// visit downloads only what it shows. Once someone signs in, the page caches the rest of the
// app (RxDB, the screens, the captcha) from the list the build wrote into index.html
// (client/pwa/app-chunks.ts); the worker then serves those chunks offline (pwa-options.ts).

/** The id of the JSON block in index.html that lists the app's chunks (app-chunks.ts writes it). */
const APP_CHUNKS_ELEMENT_ID = 'app-chunks';

/** The app's chunk URLs as this page's build lists them (none in development). */
export function appChunkUrls(doc: Document = document): string[] {
  const text = doc.getElementById(APP_CHUNKS_ELEMENT_ID)?.textContent;
  if (!text) return [];
  try {
    const list: unknown = JSON.parse(text);
    return Array.isArray(list) ? list.filter((url): url is string => typeof url === 'string') : [];
  } catch {
    return [];
  }
}

/**
 * Puts every listed chunk in the app cache (fetching only those missing) and removes chunks
 * of earlier versions. Rejects when a chunk cannot be fetched (offline): nothing half-done is
 * reported as ready.
 */
export async function cacheAppChunks(urls: readonly string[]): Promise<void> {
  const cache = await caches.open(APP_CACHE_NAME);
  const wanted = new Set(urls.map((url) => new URL(url, location.href).href));
  for (const request of await cache.keys()) {
    if (!wanted.has(request.url)) await cache.delete(request);
  }
  const missing: string[] = [];
  for (const url of urls) {
    if (!(await cache.match(url, { ignoreVary: true }))) missing.push(url);
  }
  await cache.addAll(missing);
}
