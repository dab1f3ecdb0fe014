import type { TFunction } from 'i18next';
import type { ShowMessage } from '../../hooks/use-timed-message.js';
import { photoUploadOutcome } from './photo-upload-outcome.js';

/** As long as the single add waits for its photo before saying it has not reached the server. */
const UPLOAD_WAIT_MS = 8000;

/**
 * Tells the parent what became of a batch just added (the single add's rule, decision 009):
 * saved at once, and "uploaded" only when every photo is on the server.
 */
export async function announceAddedToys(householdId: string, mediaIds: readonly string[], t: TFunction<'batch'>, show: ShowMessage): Promise<void> {
  const count = mediaIds.length;
  if (!navigator.onLine) return show(t('added.offline', { count }), 'info');
  show(t('added.uploading', { count }), 'info');
  // The same photo picked twice is one upload (its id is its bytes' hash).
  const outcomes = await Promise.all([...new Set(mediaIds)].map((id) => photoUploadOutcome(householdId, id, UPLOAD_WAIT_MS)));
  const failed = outcomes.flatMap((outcome) => (outcome.status === 'failed' ? [outcome.error] : []));
  if (failed.length) show(t('added.failed', { failed: failed.length, error: failed[0] }), 'danger');
  else if (outcomes.every((outcome) => outcome.status === 'uploaded')) show(t('added.uploaded', { count }), 'success');
  else show(navigator.onLine ? t('added.waiting', { count }) : t('added.offline', { count }), 'info');
}
