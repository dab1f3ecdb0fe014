// Whether a JPEG holds only what it takes to show the picture: the segments an encoder writes
// for the image itself (JFIF header, ICC colour profile, Adobe colour marker, tables, frame,
// scans) and nothing after its end. No EXIF or XMP (a phone's GPS position and camera
// details), no comments, no bytes appended after the image (HTML, a zip). An imported photo
// that passes, and whose bytes hash to its id, is kept byte for byte (decision 020); any other
// is re-encoded, which drops all of that.

const SOI = 0xd8;
const EOI = 0xd9;
const SOS = 0xda;

/** Tables, frames and restart interval: DQT, DHT, DAC, DRI, and the start-of-frame markers. */
const IMAGE_SEGMENTS = new Set([0xdb, 0xc4, 0xcc, 0xdd, 0xc0, 0xc1, 0xc2, 0xc3, 0xc5, 0xc6, 0xc7, 0xc9, 0xca, 0xcb, 0xcd, 0xce, 0xcf]);

/** Application segments allowed, by the signature their data starts with. */
const APP_SIGNATURES = new Map<number, string[]>([
  [0xe0, ['JFIF\0', 'JFXX\0']],
  [0xe2, ['ICC_PROFILE\0']],
  [0xee, ['Adobe']],
]);

function startsWith(bytes: Uint8Array, at: number, text: string): boolean {
  for (let i = 0; i < text.length; i++) if (bytes[at + i] !== text.charCodeAt(i)) return false;
  return true;
}

/** Skips the entropy-coded data after a scan header: to the next marker that is not a stuffed 0xFF00 or a restart marker. */
function endOfScanData(bytes: Uint8Array, from: number): number {
  let i = from;
  while (i + 1 < bytes.length) {
    if (bytes[i] === 0xff) {
      const next = bytes[i + 1] as number;
      if (next === 0x00 || (next >= 0xd0 && next <= 0xd7) || next === 0xff) {
        i += next === 0xff ? 1 : 2;
        continue;
      }
      return i;
    }
    i++;
  }
  return bytes.length;
}

export function isCleanJpeg(bytes: Uint8Array): boolean {
  if (bytes[0] !== 0xff || bytes[1] !== SOI) return false;
  let i = 2;
  while (i + 1 < bytes.length) {
    if (bytes[i] !== 0xff) return false;
    let marker = bytes[i + 1] as number;
    while (marker === 0xff && i + 2 < bytes.length) marker = bytes[++i + 1] as number; // fill bytes
    if (marker === EOI) return i + 2 === bytes.length; // nothing after the image
    if (i + 3 >= bytes.length) return false;
    const length = ((bytes[i + 2] as number) << 8) | (bytes[i + 3] as number);
    if (length < 2) return false;
    const data = i + 4;
    if (marker === SOS) {
      i = endOfScanData(bytes, i + 2 + length);
      continue;
    }
    const signatures = APP_SIGNATURES.get(marker);
    if (signatures ? !signatures.some((signature) => startsWith(bytes, data, signature)) : !IMAGE_SEGMENTS.has(marker)) return false;
    i += 2 + length;
  }
  return false; // no end of image
}
