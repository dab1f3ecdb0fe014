// What a checked photo is, shared by the header check (image-check.ts) and the decoder
// (reencode.ts) without either importing the other's module for a type.

type ImageMime = 'image/png' | 'image/jpeg';
export type ImageInfo = { mime: ImageMime; width: number; height: number };
