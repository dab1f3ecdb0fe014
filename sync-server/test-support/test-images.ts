import { crc32, deflateSync } from 'node:zlib';

// Image bytes built in code for tests: a real, decodable PNG and a JPEG with the real
// segment layout (SOI, APP0/JFIF, DQT, SOFn, DHT, SOS, EOI), any size written in the header.

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A real RGB PNG of the given size; `seed` varies the pixels (so the content hash). */
export function makePng(width = 2, height = 2, seed = 0): Uint8Array {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // RGB
  // A 5000x5000 header with real pixels would be 75 MB raw: write pixel rows only for small images.
  const rows = width * height <= 1_000_000 ? height : 1;
  const raw = Buffer.alloc(rows * (1 + width * 3));
  for (let y = 0; y < rows; y++) {
    const row = y * (1 + width * 3);
    for (let x = 0; x < width * 3; x++) raw[row + 1 + x] = (x * 31 + y * 7 + seed) & 0xff;
  }
  return new Uint8Array(
    Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      pngChunk('IHDR', header),
      pngChunk('IDAT', deflateSync(raw)),
      pngChunk('IEND', Buffer.alloc(0)),
    ]),
  );
}

function segment(marker: number, data: number[]): number[] {
  const length = data.length + 2;
  return [0xff, marker, length >> 8, length & 0xff, ...data];
}

/**
 * A real, decodable baseline JPEG (one grey level, so every 8x8 block is DC only), laid out
 * like a camera's: APP0, DQT, SOF0, DHT, SOS, EOI. `seed` picks the grey level (so the content
 * hash); `progressive` writes an SOF2 header with placeholder scan data (for header parsing
 * only); `padTo` pads before EOI (for size limits, never decoded).
 */
export function makeJpeg(width = 3, height = 2, options: { progressive?: boolean; seed?: number; padTo?: number } = {}): Uint8Array {
  const seed = options.seed ?? 0;
  const level = 136 + ((seed * 37) % 112); // never 128: the first block's DC difference is never 0
  const dc = 8 * (level - 128); // the DC coefficient of a uniform block with quantiser 1
  const category = Math.floor(Math.log2(dc)) + 1;
  const head = [
    0xff, 0xd8,
    ...segment(0xe0, [0x4a, 0x46, 0x49, 0x46, 0x00, 1, 1, 0, 0, 1, 0, 1, 0, 0]),
    ...segment(0xdb, [0x00, ...Array(64).fill(1)]),
    0xff, 0xff, // a fill byte before the next marker is allowed
    ...segment(options.progressive ? 0xc2 : 0xc0, [8, height >> 8, height & 0xff, width >> 8, width & 0xff, 1, 1, 0x11, 0]),
    // DC table 0: two 2-bit codes, 00 -> difference 0, 01 -> the first block's category.
    ...segment(0xc4, [0x00, 0, 2, ...Array(14).fill(0), 0, category]),
    // AC table 0: one 1-bit code, 0 -> end of block.
    ...segment(0xc4, [0x10, 1, ...Array(15).fill(0), 0x00]),
    ...segment(0xda, [1, 1, 0x00, 0, 63, 0]),
  ];
  const blocks = options.progressive ? 0 : Math.ceil(width / 8) * Math.ceil(height / 8);
  const scan = options.progressive ? [0x00, 0x3f] : entropyData(blocks, dc, category);
  const body = Buffer.concat([Buffer.from(head), Buffer.from(scan)]);
  const out = new Uint8Array(Math.max(body.length + 2, options.padTo ?? 0));
  out.set(body);
  out.set([0xff, 0xd9], out.length - 2);
  return out;
}

/** The scan: block 0 carries the DC value, every later block a zero difference, each then EOB. */
function entropyData(blocks: number, dc: number, category: number): Uint8Array {
  const bits: number[] = [];
  const put = (value: number, length: number) => {
    for (let i = length - 1; i >= 0; i--) bits.push((value >> i) & 1);
  };
  for (let b = 0; b < blocks; b++) {
    if (b === 0) {
      put(0b01, 2);
      put(dc, category);
    } else {
      put(0b00, 2);
    }
    put(0, 1); // EOB
  }
  while (bits.length % 8 !== 0) bits.push(1); // pad with ones
  const bytes: number[] = [];
  for (let i = 0; i < bits.length; i += 8) {
    let byte = 0;
    for (let j = 0; j < 8; j++) byte = (byte << 1) | bits[i + j]!;
    bytes.push(byte);
    if (byte === 0xff) bytes.push(0x00); // byte stuffing
  }
  return new Uint8Array(bytes);
}

export const GIF_BYTES = new Uint8Array(
  Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64'),
);

export function dataUrl(bytes: Uint8Array, mime = 'image/jpeg'): string {
  return `data:${mime};base64,${Buffer.from(bytes).toString('base64')}`;
}
