import { liveQuery } from 'dexie';
import type { ShowMessage } from '../../hooks/use-timed-message.js';
import { photoStore } from '../../sync/photos.js';

/** Spec section 5's wording, shown only once the photo is really on the server. */
const PHOTO_UPLOADED_MESSAGE = 'Image uploaded successfully';
/** Offline nothing was uploaded: the photo waits in the upload queue (client/sync/photos.ts). */
const SAVED_OFFLINE_MESSAGE = 'Toy saved on this device. Its photo will upload when you are back online.';
const UPLOADING_MESSAGE = 'Toy saved. Uploading its photo…';
/** Online, but the upload did not finish in time: the server is down, or the network is slow. */
const NOT_UPLOADED_YET_MESSAGE = 'Toy saved on this device. Its photo has not reached the server yet; it will upload when the connection allows.';

/** How long the message waits for the upload before saying it has not finished. */
const UPLOAD_WAIT_MS = 8000;

type Outcome = { status: 'uploaded' } | { status: 'failed'; error: string } | { status: 'waiting' };

/** The queued photo's upload: done, refused by the server, or still waiting after `timeoutMs`. */
export function photoUploadOutcome(householdId: string, mediaId: string, timeoutMs: number): Promise<Outcome> {
  return new Promise((resolve) => {
    const finish = (outcome: Outcome) => {
      clearTimeout(timer);
      subscription.unsubscribe();
      resolve(outcome);
    };
    const timer = setTimeout(() => finish({ status: 'waiting' }), timeoutMs);
    const subscription = liveQuery(() => photoStore(householdId).photos.get(mediaId)).subscribe({
      next: (row) => {
        if (row?.status === 'uploaded') finish({ status: 'uploaded' });
        else if (row?.status === 'failed') finish({ status: 'failed', error: row.error ?? 'The server did not accept it.' });
      },
      error: () => finish({ status: 'waiting' }),
    });
  });
}

/**
 * Tells the parent what happened to a toy just added: saved at once, and "uploaded" only when
 * its photo is on the server, never while it merely waits in the queue (offline, or the server
 * down; issue 16, polish 7).
 */
export async function announceAddedToy(householdId: string, mediaId: string, show: ShowMessage): Promise<void> {
  if (!navigator.onLine) return show(SAVED_OFFLINE_MESSAGE, 'info');
  show(UPLOADING_MESSAGE, 'info');
  const outcome = await photoUploadOutcome(householdId, mediaId, UPLOAD_WAIT_MS);
  if (outcome.status === 'uploaded') show(PHOTO_UPLOADED_MESSAGE, 'success');
  else if (outcome.status === 'failed') show(`Toy saved, but its photo was not uploaded: ${outcome.error}`, 'danger');
  else show(navigator.onLine ? NOT_UPLOADED_YET_MESSAGE : SAVED_OFFLINE_MESSAGE, 'info');
}
