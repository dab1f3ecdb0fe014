import { liveQuery, type Subscription } from 'dexie';
import { photoStore, type PhotoRow } from './photos.js';

// One photo lookup per photo, shared by every card that shows it (issue 22): each card used to
// run its own live query on the photo store and make its own object URL, again whenever it
// mounted (a scroll through the inventory's window) or its query re-ran. Here a photo's entry
// follows its one row in the store while a card shows it, and a little longer after the last
// card goes (a card scrolled back into view finds its URL at once). The row's id is the hash of
// its bytes, so the same id is the same picture: the object URL is made once per photo.

/** How long an entry nobody shows stays (its lookup and object URL). */
const KEEP_UNUSED_MS = 30_000;

type Entry = {
  /** null while the local lookup runs (one frame), then the URL to show. */
  url: string | null;
  objectUrl: string | null;
  readonly listeners: Set<() => void>;
  subscription: Subscription | null;
  unusedTimer: ReturnType<typeof setTimeout> | null;
};

const entries = new Map<string, Entry>();

function show(entry: Entry, mediaId: string, row: PhotoRow | null) {
  const local = row !== null && row.status !== 'failed';
  if (local && !entry.objectUrl) entry.objectUrl = URL.createObjectURL(new Blob([row.bytes], { type: row.type }));
  if (!local && entry.objectUrl) {
    URL.revokeObjectURL(entry.objectUrl);
    entry.objectUrl = null;
  }
  // The local blob while we have it (a photo taken offline shows offline), else the server copy,
  // which the service worker caches.
  const url = local ? entry.objectUrl : `/api/media/${mediaId}`;
  if (url === entry.url) return;
  entry.url = url;
  for (const listener of entry.listeners) listener();
}

function end(key: string, entry: Entry) {
  entry.subscription?.unsubscribe();
  if (entry.objectUrl) URL.revokeObjectURL(entry.objectUrl);
  entries.delete(key);
}

/** The photo's shared entry: `url` to read during render, `subscribe` while it is shown. */
export function photoUrlSource(householdId: string, mediaId: string): { url(): string | null; subscribe(listener: () => void): () => void } {
  const key = `${householdId}/${mediaId}`;
  const entry = (): Entry => {
    let found = entries.get(key);
    if (!found) {
      found = { url: null, objectUrl: null, listeners: new Set(), subscription: null, unusedTimer: null };
      entries.set(key, found);
    }
    return found;
  };
  return {
    url: () => entries.get(key)?.url ?? null,
    subscribe(listener) {
      const shown = entry();
      if (shown.unusedTimer) clearTimeout(shown.unusedTimer);
      shown.unusedTimer = null;
      shown.listeners.add(listener);
      shown.subscription ??= liveQuery(async () => (await photoStore(householdId).photos.get(mediaId)) ?? null).subscribe({
        next: (row) => show(shown, mediaId, row),
        // The store cannot be read (private mode, storage gone): the server copy.
        error: () => show(shown, mediaId, null),
      });
      return () => {
        shown.listeners.delete(listener);
        if (shown.listeners.size === 0) shown.unusedTimer = setTimeout(() => end(key, shown), KEEP_UNUSED_MS);
      };
    },
  };
}
