// Photos are shrunk in the browser before they are stored (picked ones, and imported ones:
// client/features/settings/your-data) (spec sections 5 and 9: at most
// 640x1000, JPEG, quality 60). Re-encoding through a canvas also drops EXIF metadata such as
// the GPS position a phone camera writes into the file.

export const MAX_IMAGE_WIDTH = 640;
export const MAX_IMAGE_HEIGHT = 1000;
const JPEG_QUALITY = 0.6;

/** The largest size with the same aspect ratio that fits the box; never enlarges. */
export function fitWithin(
  width: number,
  height: number,
  maxWidth = MAX_IMAGE_WIDTH,
  maxHeight = MAX_IMAGE_HEIGHT,
): { width: number; height: number } {
  const scale = Math.min(1, maxWidth / width, maxHeight / height);
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/** Decodes a picked file, honouring its EXIF orientation, and re-encodes it as a small JPEG. */
export async function shrinkImage(file: Blob): Promise<Blob> {
  const bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  try {
    const size = fitWithin(bitmap.width, bitmap.height);
    const canvas = document.createElement('canvas');
    canvas.width = size.width;
    canvas.height = size.height;
    const context = canvas.getContext('2d');
    if (!context) throw new Error('Canvas 2D is not available');
    // JPEG has no transparency: paint white first so transparent PNG areas do not turn black.
    context.fillStyle = '#fff';
    context.fillRect(0, 0, size.width, size.height);
    context.drawImage(bitmap, 0, 0, size.width, size.height);
    return await new Promise<Blob>((resolve, reject) => {
      canvas.toBlob(
        (blob) => (blob ? resolve(blob) : reject(new Error('The image could not be encoded'))),
        'image/jpeg',
        JPEG_QUALITY,
      );
    });
  } finally {
    bitmap.close();
  }
}
