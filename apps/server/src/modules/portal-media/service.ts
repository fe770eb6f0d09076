// Adding an uploaded file to a site's library: the content decides what it is
// (the name's extension must agree), images get their alt text checked and their variants made, and only then are
// the bytes kept and the row written. The temporary file is gone afterwards in every case.
import type { Kysely } from 'kysely';
import {
  MB,
  MEDIA_IMAGE_MAX_MB,
  MEDIA_IMAGE_TYPES,
  MEDIA_MESSAGES,
  MEDIA_VIDEO_TYPES,
  type MediaFile,
  type MediaKind,
  type MediaUploadFields,
} from '@tfb/contract';
import type { DB } from '../../db/types.js';
import { AppError, badRequest, fieldError } from '../../lib/errors.js';
import { insertMedia } from '../../lib/portal-media.js';
import { KINDS, UPLOAD_MESSAGES, extensionOf, safeBaseName, sniffFile, type Sniffed, type Upload } from '../uploads/public.js';
import type { FileStore } from '../../lib/file-store.js';
import { makeImageVariants } from '../../lib/image-variants.js';
import { toMediaFile, type Actor } from './repository.js';

type Judged = { kind: MediaKind; mimeType: string; extension: string };

const unsupported = (message: string) => new AppError(41500, message);
const IMAGE_EXTENSIONS: readonly string[] = MEDIA_IMAGE_TYPES;
const VIDEO_EXTENSIONS: readonly string[] = MEDIA_VIDEO_TYPES;

/** What the library makes of sniffed content named `name`; throws 415 with the message the user sees. */
export function judgeMedia(sniffed: Sniffed, name: string, wanted: MediaKind | undefined): Judged {
  const ext = extensionOf(name);
  if ((sniffed.type === 'web' && sniffed.label === 'svg') || ext === 'svg' || ext === 'svgz') throw unsupported(MEDIA_MESSAGES.svgRefused);
  const label = sniffed.type === 'file' ? KINDS[sniffed.kind].label : ext || '未知';
  if (sniffed.type !== 'file') throw unsupported(MEDIA_MESSAGES.typeNotSupported(label));
  const extensions: readonly string[] = KINDS[sniffed.kind].extensions;
  const kind: MediaKind | undefined = extensions.some((e) => IMAGE_EXTENSIONS.includes(e))
    ? 'image'
    : extensions.some((e) => VIDEO_EXTENSIONS.includes(e))
      ? 'video'
      : undefined;
  if (!kind) throw unsupported(MEDIA_MESSAGES.typeNotSupported(label));
  // A PNG named .mp4 (or a video named .jpg) is refused: the name would mislead whoever downloads it.
  if (ext !== '' && !extensions.includes(ext)) throw unsupported(MEDIA_MESSAGES.typeNotSupported(`${label}（扩展名 .${ext}）`));
  if (wanted && kind !== wanted) throw unsupported(wanted === 'image' ? MEDIA_MESSAGES.imageWanted : MEDIA_MESSAGES.videoWanted);
  return { kind, mimeType: sniffed.mime, extension: ext || extensions[0]! };
}

/** Adds the received `upload` to the actor's site library. */
export async function addMedia(
  db: Kysely<DB>,
  store: FileStore,
  actor: Actor,
  upload: Upload,
  fields: MediaUploadFields,
  wanted?: MediaKind,
): Promise<MediaFile> {
  try {
    if (upload.size === 0) throw badRequest(UPLOAD_MESSAGES.empty);
    const sniffed = await store.readTemp(upload, (fh) => sniffFile(fh, upload.size));
    const safeName = safeBaseName(upload.name);
    const judged = judgeMedia(sniffed, safeName, wanted);
    if (judged.kind === 'image' && upload.size > MEDIA_IMAGE_MAX_MB * MB) throw new AppError(41300, MEDIA_MESSAGES.imageTooLarge);
    if (judged.kind === 'image' && fields.alt === '') throw fieldError('alt', MEDIA_MESSAGES.altRequired);
    const image = judged.kind === 'image' ? await makeImageVariants(store, upload.tempPath) : undefined;
    // An original with metadata is served as its clean copy; the upload itself is then never kept.
    const original = image?.cleanOriginal ?? { sha256: upload.sha256, size: upload.size };
    if (!image?.cleanOriginal) await store.commit(upload);
    const row = await insertMedia(db, actor, {
      kind: judged.kind,
      folder: fields.folder,
      fileName: safeName || `file.${judged.extension}`,
      alt: fields.alt,
      sha256: original.sha256,
      size: original.size,
      mimeType: judged.mimeType,
      width: image?.width ?? null,
      height: image?.height ?? null,
      thumbSha256: image?.thumbSha256 ?? null,
      variants: image?.variants ?? [],
    });
    return toMediaFile(row);
  } finally {
    await store.discard(upload.tempPath);
  }
}
