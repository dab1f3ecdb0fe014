import type { Env } from '../../env.js';
import { DependencyUnavailable } from '../../lib/unavailable.js';
import { diskMediaStore } from './disk-media-store.js';
import type { MediaStore } from './media-store.js';

/**
 * The media store the configuration asks for. S3 is checked before the server answers: a
 * missing bucket, wrong keys or an unreachable endpoint stop the start with a message naming
 * the variable (rather than every photo upload failing later).
 */
export async function createMediaStore(env: Env): Promise<MediaStore & { close(): void }> {
  if (env.MEDIA_STORE === 'disk') return { ...guarded(diskMediaStore(env.DATA_DIR)), close() {} };
  // The AWS SDK loads only for S3 (a disk store does without its memory).
  const { s3MediaStore } = await import('./s3-media-store.js');
  const store = s3MediaStore({
    endpoint: env.S3_ENDPOINT,
    bucket: env.S3_BUCKET ?? '',
    region: env.S3_REGION,
    accessKeyId: env.S3_ACCESS_KEY_ID ?? '',
    secretAccessKey: env.S3_SECRET_ACCESS_KEY ?? '',
  });
  try {
    await store.check();
  } catch (error) {
    store.close();
    throw error;
  }
  return { ...guarded(store), close: () => store.close() };
}

/**
 * The store with every failure marked as the photo store's (an outage, not a bug of the
 * request): the caller answers 503 with Retry-After, whichever route or job met it. A missing
 * photo is not a failure (get answers null).
 */
function guarded(store: MediaStore): MediaStore {
  const down = (error: unknown) => {
    throw error instanceof DependencyUnavailable ? error : new DependencyUnavailable('photo_store', error);
  };
  return {
    put: (id, bytes, mime) => store.put(id, bytes, mime).catch(down),
    get: (id) => store.get(id).catch(down),
    delete: (name, options) => store.delete(name, options).catch(down),
    check: () => store.check().catch(down),
    async *list() {
      try {
        yield* store.list();
      } catch (error) {
        down(error);
      }
    },
  };
}
