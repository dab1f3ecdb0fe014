import { useLiveQuery } from 'dexie-react-hooks';
import { useCallback, useEffect, useState } from 'react';
import { loadPhotoWithRetry } from './photo-retry.js';
import { photoStore } from './photos.js';

/**
 * The URL to show for a toy's photo: the local blob while we have it (a photo taken offline
 * shows offline), else the server copy, which the service worker caches. Null while the local
 * lookup runs (one frame) or when the toy has no photo.
 *
 * `householdId` is the household whose local photos to look in (the caller reads it from the session).
 */
export function usePhotoUrl(mediaId: string | null | undefined, householdId: string | null): string | null {
  const row = useLiveQuery(
    async () => (mediaId && householdId ? ((await photoStore(householdId).photos.get(mediaId)) ?? null) : null),
    [mediaId, householdId],
  );
  // Kept with the row it was made from, so a URL made for an earlier row (revoked) is never returned.
  const [made, setMade] = useState<{ row: typeof row; url: string } | null>(null);
  useEffect(() => {
    if (!row || row.status === 'failed') return;
    // Created and revoked in the same effect, so StrictMode's double run cannot revoke a URL in use.
    const url = URL.createObjectURL(new Blob([row.bytes], { type: row.type }));
    // eslint-disable-next-line react-hooks/set-state-in-effect -- the object URL is a resource made and revoked in this effect; render needs it
    setMade({ row, url });
    return () => URL.revokeObjectURL(url);
  }, [row]);
  if (!mediaId || row === undefined) return null;
  if (row && row.status !== 'failed') return made?.row === row ? made.url : null;
  return `/api/media/${mediaId}`;
}

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
