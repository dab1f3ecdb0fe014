// Checks an uploaded photo by its bytes, never by what the sender declares: only PNG and
// JPEG, at most 2 MB, at most 25 megapixels by its header (a cheap first refusal; the decoder
// enforces it again, see reencode.ts). The client shrinks photos to 640x1000 before upload.

import type { ImageInfo } from './image-info.js';
import { MAX_INPUT_PIXELS } from './reencode.js';

export const MAX_IMAGE_BYTES = 2 * 1024 * 1024;

export type ImageCheck = { ok: true; info: ImageInfo } | { ok: false; error: string };

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

export function checkImage(bytes: Uint8Array): ImageCheck {
  if (bytes.length === 0) return { ok: false, error: 'The image is empty.' };
  if (bytes.length > MAX_IMAGE_BYTES) return { ok: false, error: 'The image is too large (2 MB at most).' };
  const size = readImageSize(bytes);
  if (size === 'unknown') return { ok: false, error: 'Only JPEG and PNG images can be uploaded.' };
  if (size === 'unreadable') return { ok: false, error: 'The image could not be read. Please pick another photo.' };
  if (size.width * size.height > MAX_INPUT_PIXELS) {
    return { ok: false, error: `The image has too many pixels (${MAX_INPUT_PIXELS / 1_000_000} megapixels at most).` };
  }
  return { ok: true, info: size };
}

/** Width and height from the PNG IHDR chunk or the JPEG start-of-frame segment. */
export function readImageSize(bytes: Uint8Array): ImageInfo | 'unknown' | 'unreadable' {
  if (PNG_SIGNATURE.every((b, i) => bytes[i] === b)) return readPng(bytes);
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return readJpeg(bytes);
  return 'unknown';
}

function view(bytes: Uint8Array) {
  return new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

function readPng(bytes: Uint8Array): ImageInfo | 'unreadable' {
  // signature (8) | chunk length (4) | "IHDR" (4) | width (4) | height (4)
  if (bytes.length < 24) return 'unreadable';
  const type = String.fromCharCode(...bytes.subarray(12, 16));
  if (type !== 'IHDR') return 'unreadable';
  const dv = view(bytes);
  const width = dv.getUint32(16);
  const height = dv.getUint32(20);
  if (width === 0 || height === 0) return 'unreadable';
  return { mime: 'image/png', width, height };
}

// Start-of-frame markers carry the size; C4 (DHT), C8 (JPG) and CC (DAC) share the range but do not.
const SOF_MARKERS = new Set([0xc0, 0xc1, 0xc2, 0xc3, 0xc5, 0xc6, 0xc7, 0xc9, 0xca, 0xcb, 0xcd, 0xce, 0xcf]);

function readJpeg(bytes: Uint8Array): ImageInfo | 'unreadable' {
  const dv = view(bytes);
  let offset = 2;
  while (offset + 1 < bytes.length) {
    if (bytes[offset] !== 0xff) return 'unreadable';
    const marker = bytes[offset + 1] as number;
    if (marker === 0xff) {
      offset += 1; // fill byte
      continue;
    }
    offset += 2;
    // Markers without a length: TEM, RST0-7 (SOI/EOI do not appear before a frame).
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) continue;
    if (marker === 0xd9 || marker === 0xda) return 'unreadable'; // end or scan data before any frame
    if (offset + 2 > bytes.length) return 'unreadable';
    const length = dv.getUint16(offset);
    if (length < 2) return 'unreadable';
    if (SOF_MARKERS.has(marker)) {
      // length (2) | precision (1) | height (2) | width (2)
      if (offset + 7 > bytes.length) return 'unreadable';
      const height = dv.getUint16(offset + 3);
      const width = dv.getUint16(offset + 5);
      if (width === 0 || height === 0) return 'unreadable';
      return { mime: 'image/jpeg', width, height };
    }
    offset += length;
  }
  return 'unreadable';
}

/** Decodes `data:image/...;base64,...`; null when it is not a base64 data URL. */
export function decodeDataUrl(dataUrl: string): Uint8Array | null {
  const match = /^data:[\w.+-]+\/[\w.+-]+(?:;[\w-]+=[\w.-]+)*;base64,/i.exec(dataUrl);
  if (!match) return null;
  const payload = dataUrl.slice(match[0].length).replace(/\s+/g, '');
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(payload) && !/^[A-Za-z0-9_-]*={0,2}$/.test(payload)) return null;
  return new Uint8Array(Buffer.from(payload, payload.includes('-') || payload.includes('_') ? 'base64url' : 'base64'));
}

export function isDataUrl(value: string): boolean {
  return value.startsWith('data:');
}
