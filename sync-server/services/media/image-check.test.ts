import { describe, expect, it } from 'vitest';
import { checkImage, decodeDataUrl, MAX_IMAGE_BYTES, readImageSize } from './image-check.js';
import { dataUrl, GIF_BYTES, makeJpeg, makePng } from '../../test-support/test-images.js';

describe('readImageSize', () => {
  it('reads PNG IHDR and JPEG frame headers (baseline and progressive)', () => {
    expect(readImageSize(makePng(3, 2))).toEqual({ mime: 'image/png', width: 3, height: 2 });
    expect(readImageSize(makeJpeg(640, 480))).toEqual({ mime: 'image/jpeg', width: 640, height: 480 });
    expect(readImageSize(makeJpeg(300, 1000, { progressive: true }))).toEqual({ mime: 'image/jpeg', width: 300, height: 1000 });
  });

  it('refuses other formats and truncated files', () => {
    expect(readImageSize(GIF_BYTES)).toBe('unknown');
    expect(readImageSize(new TextEncoder().encode('hello, not an image'))).toBe('unknown');
    expect(readImageSize(makePng().subarray(0, 20))).toBe('unreadable');
    expect(readImageSize(makeJpeg().subarray(0, 30))).toBe('unreadable');
    expect(readImageSize(new Uint8Array([0xff, 0xd8, 0xff, 0xd9]))).toBe('unreadable');
  });
});

describe('checkImage', () => {
  it('accepts small PNG and JPEG', () => {
    expect(checkImage(makePng(4, 4))).toMatchObject({ ok: true, info: { mime: 'image/png' } });
    expect(checkImage(makeJpeg(4000, 4000))).toMatchObject({ ok: true, info: { width: 4000 } });
  });

  it('refuses GIF, text, over 2 MB and over 25 megapixels with readable messages', () => {
    expect(checkImage(GIF_BYTES)).toEqual({ ok: false, error: 'Only JPEG and PNG images can be uploaded.' });
    expect(checkImage(new Uint8Array(0))).toMatchObject({ ok: false });
    expect(checkImage(makeJpeg(10, 10, { padTo: MAX_IMAGE_BYTES + 1 }))).toEqual({ ok: false, error: 'The image is too large (2 MB at most).' });
    expect(checkImage(makeJpeg(10, 10, { padTo: MAX_IMAGE_BYTES }))).toMatchObject({ ok: true });
    expect(checkImage(makePng(6000, 5000))).toMatchObject({ ok: false, error: expect.stringContaining('25 megapixels') });
    expect(checkImage(makeJpeg(5001, 5000))).toMatchObject({ ok: false });
    expect(checkImage(makeJpeg(5000, 5000))).toMatchObject({ ok: true });
  });
});

describe('decodeDataUrl', () => {
  it('decodes base64 data URLs and refuses anything else', () => {
    const png = makePng();
    expect(decodeDataUrl(dataUrl(png, 'image/png'))).toEqual(png);
    expect(decodeDataUrl('https://example.com/a.png')).toBeNull();
    expect(decodeDataUrl('data:image/png,rawtext')).toBeNull();
    expect(decodeDataUrl('data:image/png;base64,@@@')).toBeNull();
  });
});
