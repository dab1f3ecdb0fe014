import { AuthError, HouseholdLeftError, OfflineError, ServerError, type HttpClient } from './http.js';
import { pendingPhotos, photoStore } from './photos.js';

export type UploadProgress = { total: number; done: number; currentId: string | null };

/**
 * Uploads queued photos one at a time, each exactly once: the media id is the content hash,
 * the server verifies it, and a 200 for an id it already holds counts as done. One uploader
 * runs per user (only the leader tab starts sync), and `run()` never overlaps itself.
 */
export function createPhotoUploader(options: {
  userId: string;
  http: HttpClient;
  onProgress: (progress: UploadProgress) => void;
  onAuthError: () => void;
  /** 403 `household: "left"`: the photo is not refused, this device is no longer a member (hand-in.ts sends it). */
  onLeft: (message: string) => void;
  onNotice: (message: string) => void;
}) {
  let running: Promise<void> | null = null;
  let again = false;

  async function uploadAll(): Promise<void> {
    const queue = await pendingPhotos(options.userId);
    let done = 0;
    for (const photo of queue) {
      options.onProgress({ total: queue.length, done, currentId: photo.id });
      try {
        await options.http.request(`/api/media/${photo.id}`, {
          method: 'PUT',
          headers: { 'content-type': photo.type || 'image/jpeg' },
          body: photo.bytes,
        });
        await photoStore(options.userId).photos.update(photo.id, { status: 'uploaded' });
      } catch (error) {
        if (error instanceof AuthError) return options.onAuthError();
        if (error instanceof HouseholdLeftError) return options.onLeft(error.message);
        if (error instanceof OfflineError) break; // try again when the network is back
        if (error instanceof ServerError && error.status >= 400 && error.status < 500 && error.status !== 429) {
          // Refused for good (not an image, too large...): never retried, and the parent is told.
          await photoStore(options.userId).photos.update(photo.id, { status: 'failed', error: error.message });
          options.onNotice(error.message);
        } else {
          break; // a server hiccup: the next run retries
        }
      }
      done++;
    }
    const left = (await pendingPhotos(options.userId)).length;
    options.onProgress({ total: left, done: 0, currentId: null });
  }

  return {
    /** Starts an upload pass, or queues one more after the current pass. */
    run(): Promise<void> {
      if (running) {
        again = true;
        return running;
      }
      running = (async () => {
        do {
          again = false;
          await uploadAll();
        } while (again);
      })().finally(() => {
        running = null;
      });
      return running;
    },
  };
}
