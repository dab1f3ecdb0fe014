import { useEffect, useState } from 'react';
import { useSession } from '../../app/session.js';
import { localPhoto } from '../../sync/photos.js';

// ADAPTER: the sync engine's photos.ts has no usePhotoUrl yet. The local copy wins (so a toy
// shows its photo offline); otherwise the server's media URL, which the service worker caches.
export function usePhotoUrl(mediaId: string | null): string | null {
  const { userId } = useSession();
  const [url, setUrl] = useState<{ mediaId: string; url: string } | null>(null);
  useEffect(() => {
    if (!mediaId) return;
    let objectUrl: string | null = null;
    let cancelled = false;
    const remote = `/api/media/${mediaId}`;
    (userId ? localPhoto(userId, mediaId) : Promise.resolve(null))
      .catch(() => null)
      .then((blob) => {
        if (cancelled) return;
        if (blob) objectUrl = URL.createObjectURL(blob);
        setUrl({ mediaId, url: objectUrl ?? remote });
      });
    return () => {
      cancelled = true;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [mediaId, userId]);
  return mediaId && url?.mediaId === mediaId ? url.url : null;
}
