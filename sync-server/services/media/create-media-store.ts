import type { Env } from '../../env.js';
import { diskMediaStore } from './disk-media-store.js';
import type { MediaStore } from './media-store.js';

/**
 * The media store the configuration asks for. S3 is checked before the server answers: a
 * missing bucket, wrong keys or an unreachable endpoint stop the start with a message naming
 * the variable (rather than every photo upload failing later).
 */
export async function createMediaStore(env: Env): Promise<MediaStore & { close(): void }> {
  if (env.MEDIA_STORE === 'disk') return { ...diskMediaStore(env.DATA_DIR), close() {} };
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
  return store;
}
