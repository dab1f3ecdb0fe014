import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useState } from 'react';
import { activePhotoUser, photoStore } from './photos.js';

/**
 * The URL to show for a toy's photo: the local blob while we have it (a photo taken offline
 * shows offline), else the server copy, which the service worker caches. Null while the local
 * lookup runs (one frame) or when the toy has no photo.
 */
export function usePhotoUrl(mediaId: string | null | undefined, userId: string | null = activePhotoUser()): string | null {
  const row = useLiveQuery(
    async () => (mediaId && userId ? ((await photoStore(userId).photos.get(mediaId)) ?? null) : null),
    [mediaId, userId],
  );
  const [objectUrl, setObjectUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!row || row.status === 'failed') {
      setObjectUrl(null);
      return;
    }
    // Created and revoked in the same effect, so StrictMode's double run cannot revoke a URL in use.
    const url = URL.createObjectURL(new Blob([row.bytes], { type: row.type }));
    setObjectUrl(url);
    return () => URL.revokeObjectURL(url);
  }, [row]);
  if (!mediaId || row === undefined) return null;
  if (row && row.status !== 'failed') return objectUrl;
  return `/api/media/${mediaId}`;
}
