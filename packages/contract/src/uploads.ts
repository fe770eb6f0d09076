// Document and image uploads (spec 2.3 items 2 and 12, 5 Document upload / Image upload, 7.5) and file links.
import { z } from 'zod';
import { DOCUMENT_LARGE_MAX_MB, DOCUMENT_MAX_MB, IMAGE_MAX_MB, IMAGE_TYPES } from './constants.js';
import { envelope } from './envelope.js';
import { MESSAGES } from './messages.js';

/**
 * Document upload variants: `document` (10 MB), `large` (200 MB: the contract-data variant and the first
 * upload table) and `draft` (the contract-draft type: .doc/.docx only, 10 MB). Send it as the query parameter
 * `variant` (or as a form field placed before the file).
 */
export const UPLOAD_VARIANTS = ['document', 'large', 'draft'] as const;
export type UploadVariant = (typeof UPLOAD_VARIANTS)[number];
export const UPLOAD_VARIANT_LIMITS_MB = {
  document: DOCUMENT_MAX_MB,
  large: DOCUMENT_LARGE_MAX_MB,
  draft: DOCUMENT_MAX_MB,
} as const satisfies Record<UploadVariant, number>;
export const UPLOAD_VARIANT_TOO_LARGE = {
  document: MESSAGES.documentTooLarge10,
  large: MESSAGES.documentTooLarge200,
  draft: MESSAGES.documentTooLarge10,
} as const satisfies Record<UploadVariant, string>;

export const UploadQuerySchema = z.object({
  variant: z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z.enum(UPLOAD_VARIANTS, { error: 'variant 只能是 document、large 或 draft' }).optional(),
  ),
});

/** Images: the widget may narrow the defaults per use; the server never allows more than these. */
export const UploadImageQuerySchema = z.object({
  maxMb: z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z.coerce
      .number({ error: `maxMb 必须是 1 到 ${IMAGE_MAX_MB} 的整数` })
      .int()
      .min(1)
      .max(IMAGE_MAX_MB)
      .optional(),
  ),
  types: z.preprocess(
    (v) => (typeof v === 'string' && v !== '' ? v.split(',').map((s) => s.trim().toLowerCase()) : undefined),
    z
      .array(z.enum(IMAGE_TYPES, { error: `types 只能取 ${IMAGE_TYPES.join(',')}` }))
      .min(1)
      .optional(),
  ),
});

/**
 * Document extensions the content sniffer recognises and accepts. Zip is the only archive: its listing is checked
 * entry by entry, while RAR and 7z listings have no maintained pure-JavaScript reader and are refused.
 */
export const DOCUMENT_EXTENSIONS = [
  'pdf',
  'doc',
  'docx',
  'xls',
  'xlsx',
  'ppt',
  'pptx',
  'zip',
  'png',
  'jpg',
  'jpeg',
  'gif',
  'bmp',
  'webp',
  'tif',
  'tiff',
  'txt',
  'csv',
] as const;
export const DRAFT_EXTENSIONS = ['doc', 'docx'] as const;

/** The reply of the document upload: `data` is the file URL. */
export const UploadReplySchema = envelope(z.string());

export const ImageValueSchema = z.object({ id: z.number().int(), filePath: z.string(), fileName: z.string() });
export type ImageValue = z.infer<typeof ImageValueSchema>;
export const UploadImageReplySchema = envelope(ImageValueSchema);

/** Metadata of a stored file (the file row). */
export const StoredFileSchema = z.object({
  id: z.number().int(),
  fileName: z.string(),
  filePath: z.string(),
  extension: z.string(),
  mimeType: z.string(),
  sizeBytes: z.number().int(),
  sha256: z.string(),
  uploadedBy: z.string(),
  uploadedAt: z.string(),
});
export type StoredFile = z.infer<typeof StoredFileSchema>;
export const StoredFileReplySchema = envelope(StoredFileSchema);

export const FileQuerySchema = z.object({
  /** 1 forces a download (Content-Disposition: attachment); otherwise pdf and images open inline. */
  download: z.preprocess((v) => (v === '' || v === null ? undefined : v), z.enum(['0', '1']).optional()),
});

export const UPLOAD_PATHS = {
  upload: '/api/businessperationService/common/upload',
  uploadImage: '/api/businessperationService/common/uploadImage',
  /** GET streams the file; the upload replies with this URL. Accepts the Token cookie (links opened in a new tab). */
  file: '/api/businessperationService/common/file/:id',
  fileInfo: '/api/businessperationService/common/file/:id/info',
} as const;

export const FILE_URL_PREFIX = '/api/businessperationService/common/file/';
export const fileUrl = (id: number): string => `${FILE_URL_PREFIX}${id}`;
/** The stored-file id of a URL the upload returned (absolute or relative), or undefined. */
export function fileIdOfUrl(url: string): number | undefined {
  let pathname = url.trim();
  if (/^https?:\/\//i.test(pathname)) {
    try {
      pathname = new URL(pathname).pathname;
    } catch {
      return undefined;
    }
  }
  const m = /^\/api\/businessperationService\/common\/file\/(\d{1,15})(?:[?#].*)?$/.exec(pathname);
  if (!m) return undefined;
  const id = Number(m[1]);
  return Number.isSafeInteger(id) && id > 0 ? id : undefined;
}
