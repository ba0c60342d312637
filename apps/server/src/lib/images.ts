import sharp, { type Sharp } from 'sharp';

/**
 * Uploaded images (company logos, activity header images): recognised by their magic bytes, not
 * by a declared type, and decoded and re-encoded by sharp, so only pixels survive (no EXIF/GPS,
 * nothing appended to the file). No SVG.
 */

export interface ImageKind {
  mime: string;
  ext: string;
}
export const PNG: ImageKind = { mime: 'image/png', ext: 'png' };
export const JPEG: ImageKind = { mime: 'image/jpeg', ext: 'jpg' };
export const WEBP: ImageKind = { mime: 'image/webp', ext: 'webp' };

/** The image type by its first bytes. */
export function sniffImage(bytes: Buffer): ImageKind | undefined {
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return PNG;
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return JPEG;
  if (bytes.length >= 12 && bytes.toString('latin1', 0, 4) === 'RIFF' && bytes.toString('latin1', 8, 12) === 'WEBP') return WEBP;
  return undefined;
}

/** Decompression bombs: refuse images with more pixels than a 40-megapixel photo. */
const MAX_INPUT_PIXELS = 40_000_000;

/**
 * The start of every re-encoding: decoded strictly (a broken file throws when the pipeline
 * runs), bounded in pixels, turned upright by its EXIF orientation.
 */
export function decodeImage(bytes: Buffer): Sharp {
  return sharp(bytes, { failOn: 'error', limitInputPixels: MAX_INPUT_PIXELS }).rotate();
}
