import type { Sharp, SharpOptions } from 'sharp';
import { badRequest, HttpError } from '../../lib/http-error.js';
import { createHashingPool } from '../auth/hashing-pool.js';
import type { ImageInfo } from './image-info.js';

// Every accepted photo is decoded and written anew as the spec's format (at most 640x1000,
// JPEG, quality 60), whatever a client sent (issue 10, item 8): what we serve is then always a
// clean, small image. A "PNG" that is a signature plus script does not decode and is refused;
// bytes appended after a real image (HTML, a zip) are not carried over; metadata such as the
// GPS location is dropped. A large photo from a REST client is shrunk, not refused.

/** Decoding more than this is refused before any pixel is decoded (decompression bombs). 25 MP covers 24 MP cameras. */
export const MAX_INPUT_PIXELS = 25_000_000;
export const SERVED_MAX_WIDTH = 640;
export const SERVED_MAX_HEIGHT = 1000;
const SERVED_JPEG_QUALITY = 60;
export const UNREADABLE_IMAGE = 'The image could not be read. Please pick another photo.';

/**
 * sharp (libvips, about 25 MB of native memory) loads with the first photo, not at start: most
 * of the server's calls never touch an image (issue 16, the server's memory).
 */
let loading: Promise<(input: Uint8Array, options: SharpOptions) => Sharp> | undefined;
function loadSharp() {
  loading ??= import('sharp').then(({ default: sharp }) => {
    sharp.cache(false); // each photo is decoded once; a cache would only hold memory
    return sharp;
  });
  return loading;
}

// One decode at a time (libvips uses its own threads for it), so a burst of uploads cannot
// take the memory or the libuv threads that everything else needs.
const imageWork = createHashingPool({
  concurrency: 1,
  maxQueue: 16,
  retryAfterSeconds: 2,
  busyMessage: 'The server is busy with other photos. Please try again in a few seconds.',
});

export async function reencodeImage(bytes: Uint8Array): Promise<{ bytes: Uint8Array; info: ImageInfo }> {
  try {
    const sharp = await loadSharp();
    const { data, info } = await imageWork.run(() =>
      sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error', sequentialRead: true })
        .rotate() // apply the EXIF orientation before the metadata goes
        .resize({ width: SERVED_MAX_WIDTH, height: SERVED_MAX_HEIGHT, fit: 'inside', withoutEnlargement: true })
        .flatten({ background: '#ffffff' }) // JPEG has no transparency
        .jpeg({ quality: SERVED_JPEG_QUALITY })
        .toBuffer({ resolveWithObject: true }),
    );
    return { bytes: new Uint8Array(data), info: { mime: 'image/jpeg', width: info.width, height: info.height } };
  } catch (error) {
    if (error instanceof HttpError) throw error;
    throw badRequest(UNREADABLE_IMAGE);
  }
}
