import { APP_CACHE_NAME } from './media-cache.js';

// The service worker precaches only the shell and the public screens, so a visitor's first
// visit downloads only what it shows. Once someone signs in, the page caches the rest of the
// app (RxDB, the screens, the captcha) from the list the build wrote into index.html
// (client/pwa/app-chunks.ts); the worker then serves those chunks offline (pwa-options.ts).

/** The ids of the JSON blocks in index.html that list chunks (app-chunks.ts writes them). */
const APP_CHUNKS_ELEMENT_ID = 'app-chunks';
const LANGUAGE_CHUNKS_ELEMENT_ID = 'language-chunks';

/** The app's chunk URLs as this page's build lists them (none in development). */
export function appChunkUrls(doc: Document = document): string[] {
  return listedUrls(doc, APP_CHUNKS_ELEMENT_ID);
}

/** The chunks of the languages other than English (also among the app's chunks). */
export function languageChunkUrls(doc: Document = document): string[] {
  return listedUrls(doc, LANGUAGE_CHUNKS_ELEMENT_ID);
}

function listedUrls(doc: Document, id: string): string[] {
  const text = doc.getElementById(id)?.textContent;
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
  await addMissing(cache, urls);
}

async function addMissing(cache: Cache, urls: readonly string[]): Promise<void> {
  const missing: string[] = [];
  for (const url of urls) {
    if (!(await cache.match(url, { ignoreVary: true }))) missing.push(url);
  }
  await cache.addAll(missing);
}

/**
 * For a visitor who reaches for the language menu: every language into the app cache (the
 * worker serves them from there), so a change of language works offline later. Nothing is
 * removed here; after sign-in cacheAppChunks keeps them, being app chunks too.
 */
export async function cacheLanguageChunks(urls: readonly string[]): Promise<void> {
  await addMissing(await caches.open(APP_CACHE_NAME), urls);
}
