// The media library of the portal sites (issue 12): images and videos stored through the content-addressed upload
// store, per site. An image has variants made on the server (a thumbnail and up to three widths, WebP, never
// wider than the original) and alt text; a video is served with HTTP Range requests so a player can seek.
import { z } from 'zod';

export const MEDIA_KINDS = ['image', 'video'] as const;
export type MediaKind = (typeof MEDIA_KINDS)[number];

/** One media file as a content item, a picker or the public site sees it. URLs are the product's own paths. */
export const MediaSummarySchema = z.object({
  id: z.number().int(),
  kind: z.enum(MEDIA_KINDS),
  fileName: z.string(),
  /** Required for images; a video's description. */
  alt: z.string(),
  /** The original file. */
  url: z.string(),
  /** Images: the small WebP thumbnail; videos: null. */
  thumbUrl: z.string().nullable(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  /** Images: the WebP variants, narrowest first. */
  variants: z.array(z.object({ width: z.number().int(), url: z.string() })),
  size: z.number().int(),
  mimeType: z.string(),
});
export type MediaSummary = z.infer<typeof MediaSummarySchema>;

/** The public files of the media library, by content address (originals, variants and thumbnails alike). Served
 * without a session, with Range support, only for a sha256 some media row names. */
export const PUBLIC_MEDIA_PATH = '/api/public/media/:sha256';
export const publicMediaUrl = (sha256: string) => `/api/public/media/${sha256}`;
