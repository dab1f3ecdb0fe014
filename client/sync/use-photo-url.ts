import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useMemo } from 'react';
import { activePhotoUser, photoStore } from './photos.js';

/**
 * The URL to show for a toy's photo: the local blob while we have it (a photo taken offline
 * shows offline), else the server copy, which the service worker caches.
 */
export function usePhotoUrl(mediaId: string | null | undefined, userId: string | null = activePhotoUser()): string | null {
  const row = useLiveQuery(
    async () => (mediaId && userId ? ((await photoStore(userId).photos.get(mediaId)) ?? null) : null),
    [mediaId, userId],
  );
  const objectUrl = useMemo(
    () => (row && row.status !== 'failed' ? URL.createObjectURL(new Blob([row.bytes], { type: row.type })) : null),
    [row],
  );
  useEffect(() => () => {
    if (objectUrl) URL.revokeObjectURL(objectUrl);
  }, [objectUrl]);
  if (!mediaId) return null;
  // undefined: the local lookup has not answered yet; asking the server now would 404 (or fail offline) for a photo still waiting to upload.
  if (row === undefined) return null;
  return objectUrl ?? `/api/media/${mediaId}`;
}
