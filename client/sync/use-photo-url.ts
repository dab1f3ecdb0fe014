import { useCallback, useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { loadPhotoWithRetry } from './photo-retry.js';
import { photoUrlSource } from './photo-urls.js';

/**
 * The URL to show for a toy's photo: the local blob while we have it (a photo taken offline
 * shows offline), else the server copy, which the service worker caches. Null while the local
 * lookup runs (one frame) or when the toy has no photo. Every card showing the same photo shares
 * one lookup and one object URL (photo-urls.ts); a card that re-renders or comes back into view
 * does not look again.
 *
 * `householdId` is the household whose local photos to look in (the caller reads it from the session).
 */
export function usePhotoUrl(mediaId: string | null | undefined, householdId: string | null): string | null {
  const source = useMemo(() => (mediaId && householdId ? photoUrlSource(householdId, mediaId) : null), [mediaId, householdId]);
  return useSyncExternalStore(source?.subscribe ?? noSubscription, source?.url ?? noUrl);
}

const noSubscription = () => () => {};
const noUrl = () => null;

/**
 * The `src` to give the <img> for `url`, and its `onError`. When a server photo fails to load
 * (the toy synced before its photo upload finished on the other device), it is fetched again
 * with backoff until it is there, then shown from the fetched bytes: no reload needed
 * (photo-retry.ts). Local blob URLs never need this.
 */
export function useRetryingPhotoSrc(url: string | null): { src: string | null; onError: () => void } {
  const [failed, setFailed] = useState<string | null>(null);
  const [recovered, setRecovered] = useState<{ url: string; objectUrl: string } | null>(null);
  useEffect(() => {
    if (!url || failed !== url || !url.startsWith('/api/media/')) return;
    const controller = new AbortController();
    let objectUrl: string | null = null;
    void loadPhotoWithRetry(url, { signal: controller.signal }).then((blob) => {
      if (!blob || controller.signal.aborted) return;
      objectUrl = URL.createObjectURL(blob);
      setRecovered({ url, objectUrl });
    });
    return () => {
      controller.abort();
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [url, failed]);
  const onError = useCallback(() => setFailed(url), [url]);
  if (recovered && recovered.url === url) return { src: recovered.objectUrl, onError };
  return { src: url, onError };
}
