import { crc32, deflateSync } from 'node:zlib';

// A PNG maker for the photo picker.

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * One pixel differs per test process: every e2e file shares one server, and a photo's id is the
 * hash of its bytes, so files would otherwise share photo ids across accounts. The app uploads a
 * toy's photo before the toy (decision 010), so a shared id is not refused; distinct pixels keep
 * each file's photos its own (a photo-count or clean-up assertion never sees another file's).
 */
const PROCESS_PIXEL = [Math.floor(Math.random() * 256), Math.floor(Math.random() * 256), Math.floor(Math.random() * 256)];

/** A real PNG: a diagonal two-colour gradient, large by default so the app has to shrink it. */
export function makePng(width = 1600, height = 1200, rgb: [number, number, number] = [200, 90, 40]): Buffer {
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y++) {
    const row = Buffer.alloc(1 + width * 3);
    for (let x = 0; x < width; x++) {
      const t = (x + y) / (width + height);
      row[1 + x * 3] = Math.round(rgb[0] * (1 - t) + 250 * t);
      row[2 + x * 3] = Math.round(rgb[1] * (1 - t) + 220 * t);
      row[3 + x * 3] = Math.round(rgb[2] * (1 - t) + 120 * t);
    }
    if (y === 0) row.set(PROCESS_PIXEL, 1);
    rows.push(row);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
