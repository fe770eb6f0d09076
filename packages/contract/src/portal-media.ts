// The media library of the portal sites (issue 12): images and videos stored through the content-addressed upload
// store, per site. An image has variants made on the server (a thumbnail and up to three widths, WebP, never
// wider than the original) and alt text; a video is served with HTTP Range requests so a player can seek.
import { z } from 'zod';
import { DOCUMENT_LARGE_MAX_MB } from './constants.js';
import { PageQuerySchema, envelope, pageOf } from './envelope.js';
import { inputString, optionalText, optionalTextOrEmpty, requiredText, rowId, withFieldMeta } from './fields.js';
import { MESSAGES } from './messages.js';
import type { Permission } from './permissions.js';
import type { PortalSite } from './portal.js';

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
export const PUBLIC_MEDIA_URL_PREFIX = '/api/public/media/';
export const publicMediaUrl = (sha256: string) => `${PUBLIC_MEDIA_URL_PREFIX}${sha256}`;
/** A public media URL exactly as publicMediaUrl writes it: the prefix and 64 lower-case hex, nothing before or after. */
const PUBLIC_MEDIA_URL = /^\/api\/public\/media\/([0-9a-f]{64})$/;
/** The sha256 a public media URL names (rich-text images point at the library this way); null for any other address. */
export const publicMediaSha = (url: string): string | null => PUBLIC_MEDIA_URL.exec(url)?.[1] ?? null;

// ---- The library's calls (per site; the site is part of each path) ----

/** Image uploads: at most 10 MB (spec 5's image message); videos up to the large-document ceiling. */
export const MEDIA_IMAGE_MAX_MB = 10;
export const MEDIA_VIDEO_MAX_MB = DOCUMENT_LARGE_MAX_MB;
/** What the library takes, judged by the content (the name's extension must agree). SVG is never taken: it is a
 * page a browser runs, not a picture. */
export const MEDIA_IMAGE_TYPES = ['jpg', 'jpeg', 'png', 'webp', 'gif'] as const;
export const MEDIA_VIDEO_TYPES = ['mp4', 'webm'] as const;
export const MEDIA_TYPES = [...MEDIA_IMAGE_TYPES, ...MEDIA_VIDEO_TYPES] as const;
/** The widest image the server decodes (width × height): a decompression bomb is refused before it is decoded. */
export const MEDIA_MAX_PIXELS = 50_000_000;
/** The WebP variants of an image: a thumbnail of this width, and these widths when the original is wider. */
export const MEDIA_THUMB_WIDTH = 160;
export const MEDIA_VARIANT_WIDTHS = [480, 960, 1600] as const;
export const MEDIA_ALT_MAX = 200;
export const MEDIA_FILE_NAME_MAX = 200;
export const MEDIA_FOLDER_MAX = 100;
export const MEDIA_FOLDER_MAX_DEPTH = 4;
/** Folder paths: segments of letters (any script), digits, '-' and '_', joined by '/', without leading or trailing '/'. */
export const MEDIA_FOLDER_PATTERN = /^(?:[\p{L}\p{N}_-]+(?:\/[\p{L}\p{N}_-]+){0,3})?$/u;
/** The list filter's value for the top folder ('' is stored; an absent filter means every folder). */
export const MEDIA_TOP_FOLDER = '/';

export const MEDIA_MESSAGES = {
  altRequired: '请输入图片的替代文本（alt）',
  altTooLong: `替代文本（alt）不能超过 ${MEDIA_ALT_MAX} 个字符`,
  fileNameRequired: '请输入文件名',
  folderInvalid: `文件夹只能由文字、数字、- 和 _ 组成，用 / 分隔，最多 ${MEDIA_FOLDER_MAX_DEPTH} 级`,
  imageTooLarge: MESSAGES.imageTooLarge(MEDIA_IMAGE_MAX_MB),
  videoTooLarge: MESSAGES.imageTooLarge(MEDIA_VIDEO_MAX_MB),
  typeNotSupported: (type: string) => MESSAGES.imageTypeNotSupported(type, MEDIA_TYPES),
  svgRefused: '不支持上传 SVG 图片，请转换为 PNG、JPG 或 WebP 后上传',
  imageWanted: '请上传图片（jpg、png、webp 或 gif）',
  videoWanted: '请上传视频（mp4 或 webm）',
  tooManyPixels: `图片像素过多（超过 ${MEDIA_MAX_PIXELS / 1_000_000} 百万像素），请缩小后上传`,
  undecodable: '图片内容无法读取，请检查文件是否完整',
  kindInvalid: '媒体类型只能是 image 或 video',
  versionInvalid: '版本号必须是正整数',
  stale: '该文件已被他人修改，请刷新后重试',
  idInvalid: '媒体 id 必须是正整数',
  inUse: (fileName: string, uses: readonly string[]) => `文件「${fileName}」仍被使用，不能删除：${uses.join('；')}`,
  use: (title: string, id: number) => `「${title || '无标题'}」(#${id})`,
} as const;

const L = 'portal.media';

const kindField = () => z.enum(MEDIA_KINDS, { error: MEDIA_MESSAGES.kindInvalid });
const folderField = () =>
  withFieldMeta(
    z.preprocess(
      (v) => (v === undefined || v === null ? '' : v),
      inputString({ error: MEDIA_MESSAGES.folderInvalid })
        .trim()
        .max(MEDIA_FOLDER_MAX, MEDIA_MESSAGES.folderInvalid)
        .refine((s) => MEDIA_FOLDER_PATTERN.test(s), MEDIA_MESSAGES.folderInvalid),
    ),
    { label: `${L}.folder`, max: MEDIA_FOLDER_MAX, pattern: MEDIA_FOLDER_PATTERN, patternMessage: MEDIA_MESSAGES.folderInvalid },
  );
/** Alt text: required for an image (the server checks it against the file's kind), a video's description otherwise. */
const altField = () => optionalTextOrEmpty(MEDIA_ALT_MAX, { label: `${L}.alt`, tooLong: MEDIA_MESSAGES.altTooLong });

/** The multipart fields sent with the file (before or after it): the alt text and the folder to put it in. */
export const MediaUploadFieldsSchema = z.object({ alt: altField(), folder: folderField() });
export type MediaUploadFields = z.infer<typeof MediaUploadFieldsSchema>;
/** `kind` narrows an upload (a picker of an image field uploads images only) and the folder list to one kind. */
export const MediaKindQuerySchema = z.object({
  kind: z.preprocess((v) => (v === '' || v === null ? undefined : v), kindField().optional()),
});

export const UpdateMediaBodySchema = z.object({
  fileName: requiredText(MEDIA_MESSAGES.fileNameRequired, MEDIA_FILE_NAME_MAX, { label: `${L}.fileName` }),
  alt: altField(),
  folder: folderField(),
  version: z.coerce
    .number({ error: MEDIA_MESSAGES.versionInvalid })
    .int(MEDIA_MESSAGES.versionInvalid)
    .min(1, MEDIA_MESSAGES.versionInvalid),
});
export type UpdateMediaBody = z.infer<typeof UpdateMediaBodySchema>;

export const MediaListQuerySchema = PageQuerySchema.extend({
  /** A folder path, MEDIA_TOP_FOLDER for the top; absent: every folder. */
  folder: z.preprocess(
    (v: string | null | undefined) => (v === undefined || v === null || v === '' ? undefined : v),
    inputString()
      .refine((s) => s === MEDIA_TOP_FOLDER || MEDIA_FOLDER_PATTERN.test(s), MEDIA_MESSAGES.folderInvalid)
      .optional(),
  ),
  kind: z.preprocess((v: string | null | undefined) => (v === '' || v === null ? undefined : v), kindField().optional()),
  /** Searches file names and alt texts. */
  name: optionalText(100),
});
export type MediaListQuery = z.infer<typeof MediaListQuerySchema>;

export const MediaParamsSchema = z.object({ id: rowId(MEDIA_MESSAGES.idInvalid) });

/** A file as the library screen sees it: the summary plus where it lives and who added it. */
export const MediaFileSchema = MediaSummarySchema.extend({
  folder: z.string(),
  version: z.number().int(),
  createUserName: z.string(),
  createTime: z.string(),
  updateTime: z.string(),
});
export type MediaFile = z.infer<typeof MediaFileSchema>;

/** A folder of the site's library and how many files it holds ('' is the top). */
export const MediaFolderSchema = z.object({ folder: z.string(), count: z.number().int() });
export type MediaFolder = z.infer<typeof MediaFolderSchema>;

/** A content item that uses a file (its draft or its live copy refers to it). `type` is a content type. */
export const MediaUseSchema = z.object({ id: z.number().int(), type: z.string(), title: z.string() });
export type MediaUse = z.infer<typeof MediaUseSchema>;

export const MediaFileReplySchema = envelope(MediaFileSchema);
export const MediaPageReplySchema = envelope(pageOf(MediaFileSchema));
export const MediaFoldersReplySchema = envelope(z.array(MediaFolderSchema));
export const MediaUsesReplySchema = envelope(z.array(MediaUseSchema));
export const DeletedMediaReplySchema = envelope(z.object({ id: z.number().int() }));

export const mediaPaths = <S extends PortalSite>(site: S) =>
  ({
    /** GET lists, POST uploads (multipart, the file in field `file`). */
    list: `/api/portal/${site}/media`,
    folders: `/api/portal/${site}/media/folders`,
    /** GET one, PUT edits name/alt/folder, DELETE removes (refused while used). */
    item: `/api/portal/${site}/media/:id`,
    uses: `/api/portal/${site}/media/:id/uses`,
  }) as const;

/** Seeing the library, adding and editing files, deleting them (docs/requirements.md P19, media library). */
export const mediaAccess = (site: PortalSite) =>
  ({ read: `${site}:read`, write: `${site}:write`, admin: `${site}:admin` }) as const satisfies Record<string, Permission>;
