// The WebP variants of a library image, made once at upload with sharp: a thumbnail and the widths of
// MEDIA_VARIANT_WIDTHS narrower than the original, turned upright by the EXIF orientation and without metadata
// (sharp writes none unless asked); an original carrying metadata is replaced by a clean copy. The pixel count is checked from the header before anything is decoded.
import sharp, { type Metadata } from 'sharp';
import { MEDIA_MAX_PIXELS, MEDIA_MESSAGES, MEDIA_THUMB_WIDTH, MEDIA_VARIANT_WIDTHS } from '@tfb/contract';
import { AppError, fieldError } from './errors.js';
import type { FileStore } from './file-store.js';
import type { MediaVariant } from './portal-media.js';

export type ImageFacts = {
  /** Upright size (after the EXIF orientation). */
  width: number;
  height: number;
  thumbSha256: string;
  variants: MediaVariant[];
  /** When the upload carried metadata (EXIF with its GPS position, XMP, IPTC): the copy stored and served as the
   * original instead, re-encoded in its own format, upright and without it. */
  cleanOriginal?: { sha256: string; size: number };
};

const WEBP_QUALITY = 80;
const decodeOptions = { limitInputPixels: MEDIA_MAX_PIXELS, failOn: 'error' } as const;

const undecodable = () => new AppError(41500, MEDIA_MESSAGES.undecodable);

/** Reads the image at `file`, makes and stores its variants in `store`; refuses what cannot or must not be decoded. */
export async function makeImageVariants(store: FileStore, file: string): Promise<ImageFacts> {
  let meta: Metadata;
  try {
    meta = await sharp(file, decodeOptions).metadata();
  } catch (e) {
    // sharp reads the size from the header and refuses past limitInputPixels already here.
    if (/pixel limit/i.test((e as Error).message)) throw fieldError('file', MEDIA_MESSAGES.tooManyPixels);
    throw undecodable();
  }
  if (!meta.width || !meta.height) throw undecodable();
  if (meta.width * meta.height > MEDIA_MAX_PIXELS) throw fieldError('file', MEDIA_MESSAGES.tooManyPixels);
  const upright = meta.autoOrient ?? { width: meta.width, height: meta.height };
  // An animation keeps its original as the only full-size file (its variants would be one still frame).
  const animated = (meta.pages ?? 1) > 1;
  const widths = animated ? [] : MEDIA_VARIANT_WIDTHS.filter((w) => w < upright.width);

  const encode = async (width: number) => {
    try {
      return await sharp(file, decodeOptions)
        .rotate()
        .resize({ width, withoutEnlargement: true })
        .webp({ quality: WEBP_QUALITY })
        .toBuffer();
    } catch {
      throw undecodable();
    }
  };
  const thumb = await store.put(await encode(Math.min(MEDIA_THUMB_WIDTH, upright.width)));
  const variants: MediaVariant[] = [];
  for (const width of widths) {
    const stored = await store.put(await encode(width));
    variants.push({ width, sha256: stored.sha256, size: stored.size });
  }
  const facts: ImageFacts = { width: upright.width, height: upright.height, thumbSha256: thumb.sha256, variants };
  if (!animated && (meta.exif || meta.xmp || meta.iptc)) facts.cleanOriginal = await store.put(await withoutMetadata(file, meta.format));
  return facts;
}

/** The image re-encoded in its own format, upright, without metadata (sharp writes none unless asked). */
async function withoutMetadata(file: string, format: Metadata['format']): Promise<Buffer> {
  try {
    const image = sharp(file, decodeOptions).rotate();
    if (format === 'jpeg') return await image.jpeg({ quality: 92, chromaSubsampling: '4:4:4' }).toBuffer();
    if (format === 'png') return await image.png().toBuffer();
    if (format === 'webp') return await image.webp({ quality: 92 }).toBuffer();
    return await image.toBuffer();
  } catch {
    throw undecodable();
  }
}
