import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { APP_CACHE_NAME } from './media-cache.js';
import { appChunkUrls, cacheAppChunks, cacheLanguageChunks, languageChunkUrls } from './offline-cache.js';

// Issue 16: after sign-in the page caches the app's chunks listed in index.html.

class FakeCache {
  entries = new Map<string, string>();
  fetched: string[] = [];
  async keys() {
    return [...this.entries.keys()].map((url) => ({ url }));
  }
  async delete(request: { url: string }) {
    return this.entries.delete(request.url);
  }
  async match(url: string) {
    return this.entries.get(new URL(url, 'http://app.test/').href);
  }
  async addAll(urls: string[]) {
    for (const url of urls) {
      if (url.includes('missing')) throw new TypeError('Failed to fetch');
    }
    for (const url of urls) {
      this.fetched.push(url);
      this.entries.set(new URL(url, 'http://app.test/').href, 'body');
    }
  }
}

let cache: FakeCache;
beforeEach(() => {
  cache = new FakeCache();
  vi.stubGlobal('caches', { open: vi.fn(async (name: string) => (name === APP_CACHE_NAME ? cache : null)) });
  vi.stubGlobal('location', new URL('http://app.test/inventory'));
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('appChunkUrls', () => {
  const doc = (html: string) => ({ getElementById: (id: string) => (id === 'app-chunks' && html ? { textContent: html } : null) }) as unknown as Document;

  it('reads the list the build wrote, and nothing from a development page or a broken list', () => {
    expect(appChunkUrls(doc('["/assets/a.js","/assets/b.css"]'))).toEqual(['/assets/a.js', '/assets/b.css']);
    expect(appChunkUrls(doc(''))).toEqual([]);
    expect(appChunkUrls(doc('{not json'))).toEqual([]);
    expect(appChunkUrls(doc('[1, "/assets/a.js"]'))).toEqual(['/assets/a.js']);
  });
});

describe('cacheAppChunks', () => {
  it('fetches only the chunks not cached yet and drops those of earlier builds', async () => {
    cache.entries.set('http://app.test/assets/kept.js', 'old body');
    cache.entries.set('http://app.test/assets/old-build.js', 'old body');
    await cacheAppChunks(['/assets/kept.js', '/assets/new.js']);
    expect(cache.fetched).toEqual(['/assets/new.js']);
    expect([...cache.entries.keys()].sort()).toEqual(['http://app.test/assets/kept.js', 'http://app.test/assets/new.js']);
  });

  it('rejects when a chunk cannot be fetched, caching none of that batch', async () => {
    await expect(cacheAppChunks(['/assets/a.js', '/assets/missing.js'])).rejects.toThrow('Failed to fetch');
    expect(cache.entries.size).toBe(0);
  });
});

describe('the languages for a visitor', () => {
  it('reads their own list, apart from the app list', () => {
    const doc = { getElementById: (id: string) => (id === 'language-chunks' ? { textContent: '["/assets/de-1.js"]' } : { textContent: '["/assets/app.js"]' }) } as unknown as Document;
    expect(languageChunkUrls(doc)).toEqual(['/assets/de-1.js']);
    expect(appChunkUrls(doc)).toEqual(['/assets/app.js']);
  });

  it('adds the missing languages and keeps what the app cache holds', async () => {
    cache.entries.set('http://app.test/assets/inventory-page.js', 'body');
    cache.entries.set('http://app.test/assets/de-1.js', 'body');
    await cacheLanguageChunks(['/assets/de-1.js', '/assets/fr-1.js']);
    expect(cache.fetched).toEqual(['/assets/fr-1.js']);
    expect([...cache.entries.keys()].sort()).toEqual(['http://app.test/assets/de-1.js', 'http://app.test/assets/fr-1.js', 'http://app.test/assets/inventory-page.js']);
  });
});
