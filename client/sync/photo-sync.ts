import { liveQuery } from 'dexie';
import type { HttpClient } from './http.js';
import { createPhotoUploader } from './photo-uploader.js';
import { photoStore } from './photos.js';
import type { SyncStatus } from './sync-types.js';

// The photo side of sync: counts the photos waiting for upload (they are "changes waiting"
// too) and runs an upload pass when one is queued, in the tab that replicates.

export type PhotoSync = {
  /** Starts an upload pass now, if this tab may (see `canUpload`). */
  upload(): Promise<void>;
  stop(): void;
};

export function photoSync(options: {
  userId: string;
  http: HttpClient;
  canUpload: () => boolean;
  onPending: (count: number) => void;
  onUploading: (uploading: boolean) => void;
  onProgress: (upload: SyncStatus['upload']) => void;
  onAuthError: () => void;
  onLeft: (message: string) => void;
  onNotice: (message: string) => void;
}): PhotoSync {
  const uploader = createPhotoUploader({
    userId: options.userId,
    http: options.http,
    onProgress: (progress) => options.onProgress(progress.currentId ? { total: progress.total, done: progress.done } : undefined),
    onAuthError: options.onAuthError,
    onLeft: options.onLeft,
    onNotice: options.onNotice,
  });
  async function upload(): Promise<void> {
    if (!options.canUpload()) return;
    options.onUploading(true);
    try {
      await uploader.run();
    } finally {
      options.onUploading(false);
    }
  }
  let pending = 0;
  const watch = liveQuery(() => photoStore(options.userId).photos.where('status').equals('pending').count()).subscribe({
    next: (count) => {
      const grew = count > pending;
      pending = count;
      options.onPending(count);
      if (grew) void upload();
    },
    error: () => {},
  });
  return { upload, stop: () => watch.unsubscribe() };
}
