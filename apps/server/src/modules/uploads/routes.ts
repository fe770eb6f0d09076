// Document and image uploads (spec 7.5, 5 Document upload / Image upload) and the file links they answer:
// limits enforced while streaming, content sniffed, bytes stored by SHA-256, files private to an enterprise.
import type { IncomingMessage } from 'node:http';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  DOCUMENT_LARGE_MAX_MB,
  FileQuerySchema,
  IMAGE_MAX_MB,
  IMAGE_TYPES,
  IdParamSchema,
  MB,
  MESSAGES,
  StoredFileReplySchema,
  UPLOAD_PATHS,
  UPLOAD_VARIANT_LIMITS_MB,
  UPLOAD_VARIANT_TOO_LARGE,
  UploadImageQuerySchema,
  UploadImageReplySchema,
  UploadQuerySchema,
  UploadReplySchema,
  fileUrl,
  type UploadVariant,
} from '@tfb/contract';
import { AppError, badRequest, fieldError, notFound } from '../../lib/errors.js';
import { found } from '../../lib/reply.js';
import { sessionCall } from '../../lib/route.js';
import type { Session } from '../../plugins/session.js';
import { acceptDocument, acceptImage, safeBaseName, type Accepted } from './policy.js';
import { findStoredFile, insertStoredFile, toWire, type StoredFileRow } from './repository.js';
import { sniffFile, type Sniffed } from './sniff.js';
import { ClientStreamError, FileStore, TooLargeError, type Received } from './storage.js';

const FIELD = 'file';
/** A temporary upload older than this belongs to no live request. */
const TEMP_MAX_AGE_MS = 24 * 3600_000;
const UPLOAD_MESSAGES = {
  notMultipart: '请使用 multipart/form-data 上传文件',
  noFile: '请选择要上传的文件',
  wrongField: `文件字段名应为 ${FIELD}`,
  oneFile: '一次只能上传一个文件',
  empty: '文件为空',
  tooManyFields: '表单字段过多',
  badField: '表单字段不合法',
  interrupted: '上传未完成：连接已中断',
  malformed: '上传内容不是有效的 multipart/form-data',
  variantAfterFile: 'variant 须放在文件之前发送',
  variantConflict: '查询参数与表单字段的 variant 不一致',
} as const;

type Limit = { bytes: number; message: string };
type Upload = Received & { name: string };

const tooLarge = (limit: Limit) => new AppError(41300, limit.message);

/** A failure of the multipart parser (@fastify/multipart, busboy) said as the client's fault. */
function multipartFailure(e: unknown, limit: Limit | undefined): AppError {
  switch ((e as { code?: unknown } | null)?.code) {
    case 'FST_FILES_LIMIT':
      return badRequest(UPLOAD_MESSAGES.oneFile);
    case 'FST_REQ_FILE_TOO_LARGE':
      return tooLarge(limit ?? { bytes: DOCUMENT_LARGE_MAX_MB * MB, message: MESSAGES.documentTooLarge200 });
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return badRequest(UPLOAD_MESSAGES.tooManyFields);
    case 'FST_PROTO_VIOLATION':
    case 'FST_INVALID_JSON_FIELD_ERROR':
      return badRequest(UPLOAD_MESSAGES.badField);
    case 'FST_MP_PREMATURE_CLOSE':
    case 'ERR_STREAM_PREMATURE_CLOSE':
      return badRequest(UPLOAD_MESSAGES.interrupted);
    default:
      return badRequest(UPLOAD_MESSAGES.malformed);
  }
}

/**
 * Reads the one file of a multipart request into a temporary file. Fields before the file are given to
 * `limitOf`, which picks the size limit (and may refuse them); the names of fields after the file are returned.
 * On refusal nothing is left behind.
 */
async function receiveSingleFile<L extends Limit>(
  req: FastifyRequest,
  store: FileStore,
  limitOf: (fields: ReadonlyMap<string, string>) => L,
): Promise<{ upload: Upload; limit: L; lateFields: ReadonlySet<string> }> {
  if (!req.isMultipart()) throw new AppError(41500, UPLOAD_MESSAGES.notMultipart);
  const fields = new Map<string, string>();
  const lateFields = new Set<string>();
  let found: { upload: Upload; limit: L } | undefined;
  let limit: L | undefined;
  try {
    const parts = req.parts();
    for (;;) {
      const next = await parts.next().catch((e: unknown) => {
        throw multipartFailure(e, limit);
      });
      if (next.done) break;
      const part = next.value;
      if (part.type === 'field') {
        const value = typeof part.value === 'string' ? part.value : String(part.value);
        if (found) lateFields.add(part.fieldname);
        else if (!fields.has(part.fieldname)) fields.set(part.fieldname, value);
        continue;
      }
      if (part.fieldname !== FIELD || found) {
        part.file.destroy();
        throw badRequest(found ? UPLOAD_MESSAGES.oneFile : UPLOAD_MESSAGES.wrongField);
      }
      limit = limitOf(fields);
      let received: Received;
      try {
        received = await store.receive(part.file, limit.bytes);
      } catch (e) {
        if (e instanceof TooLargeError) throw tooLarge(limit);
        if (e instanceof ClientStreamError) throw multipartFailure(e.original, limit);
        throw e;
      }
      found = { upload: { ...received, name: part.filename }, limit };
      // Past the parser's own ceiling busboy cuts the file short instead of failing.
      if (part.file.truncated) throw tooLarge(limit);
    }
  } catch (e) {
    if (found) await store.discard(found.upload.tempPath);
    throw e;
  }
  if (!found) throw badRequest(UPLOAD_MESSAGES.noFile);
  return { ...found, lateFields };
}

/**
 * A refused request may leave its body unread (the rest of a too-large file, a file sent without a session):
 * read and drop it, so the client receives the answer instead of a stalled upload, but never more than the
 * largest upload allowed.
 */
function discardUnreadBody(raw: IncomingMessage): void {
  if (raw.readableEnded || raw.destroyed) return;
  raw.unpipe();
  let dropped = 0;
  raw.on('data', (chunk: Buffer) => {
    dropped += chunk.length;
    if (dropped > (DOCUMENT_LARGE_MAX_MB + 1) * MB) raw.destroy();
  });
  raw.on('error', () => {});
  raw.resume();
}

/** `inline` or `attachment` with an ASCII fallback name and the exact name in RFC 5987 form. */
function contentDisposition(type: 'inline' | 'attachment', name: string): string {
  const fallback = name.replace(/[^\x20-\x7e]|["\\%]/g, '_');
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${type}; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

const documentLimit = (fromQuery: UploadVariant | undefined, fields: ReadonlyMap<string, string>): Limit & { variant: UploadVariant } => {
  let variant = fromQuery;
  const fromField = fields.get('variant');
  if (fromField !== undefined && fromField !== '') {
    const parsed = UploadQuerySchema.shape.variant.safeParse(fromField);
    if (!parsed.success) throw fieldError('variant', parsed.error.issues[0]?.message ?? UPLOAD_MESSAGES.badField);
    if (fromQuery !== undefined && parsed.data !== fromQuery) throw fieldError('variant', UPLOAD_MESSAGES.variantConflict);
    variant = parsed.data;
  }
  variant ??= 'document';
  return { variant, bytes: UPLOAD_VARIANT_LIMITS_MB[variant] * MB, message: UPLOAD_VARIANT_TOO_LARGE[variant] };
};

export const uploadRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  const store = new FileStore(app.config.uploadDir);
  const tags = ['uploads'];
  await store.sweepTemp(TEMP_MAX_AGE_MS).catch((err: unknown) => app.log.warn({ err }, 'could not sweep old temporary uploads'));

  app.addHook('onSend', async (req) => {
    if (req.isMultipart()) discardUnreadBody(req.raw);
  });

  /** Sniffs, judges and stores a received upload; its temporary file is gone afterwards in every case. */
  async function keep(
    s: Session,
    upload: Upload,
    judge: (sniffed: Sniffed, name: string) => Accepted,
  ): Promise<{ row: StoredFileRow; name: string }> {
    try {
      if (upload.size === 0) throw badRequest(UPLOAD_MESSAGES.empty);
      const sniffed = await store.readTemp(upload, (fh) => sniffFile(fh, upload.size));
      const safeName = safeBaseName(upload.name);
      const accepted = judge(sniffed, safeName);
      const name = safeName || `file.${accepted.extension}`;
      const row = await insertStoredFile(
        db,
        {
          enterpriseId: s.enterpriseId,
          sha256: upload.sha256,
          sizeBytes: upload.size,
          mimeType: accepted.mimeType,
          extension: accepted.extension,
          originalName: name,
          uploadedBy: s.userId,
        },
        () => store.commit(upload),
      );
      return { row, name };
    } finally {
      await store.discard(upload.tempPath);
    }
  }

  const multipart = { access: 'signedIn', tags, consumes: ['multipart/form-data'] } as const;
  const document = { ...multipart, query: UploadQuerySchema, reply: UploadReplySchema };
  sessionCall(app, 'POST', UPLOAD_PATHS.upload, document, async (s, { query }, req) => {
    const { upload, limit, lateFields } = await receiveSingleFile(req, store, (fields) => documentLimit(query.variant, fields));
    if (lateFields.has('variant')) {
      await store.discard(upload.tempPath);
      throw fieldError('variant', UPLOAD_MESSAGES.variantAfterFile);
    }
    const { row } = await keep(s, upload, (sniffed, name) => acceptDocument(sniffed, name, limit.variant));
    return fileUrl(row.id);
  });

  const image = { ...multipart, query: UploadImageQuerySchema, reply: UploadImageReplySchema };
  sessionCall(app, 'POST', UPLOAD_PATHS.uploadImage, image, async (s, { query }, req) => {
    const maxMb = query.maxMb ?? IMAGE_MAX_MB;
    const allowed: readonly string[] = query.types ?? IMAGE_TYPES;
    const { upload } = await receiveSingleFile(req, store, () => ({ bytes: maxMb * MB, message: MESSAGES.imageTooLarge(maxMb) }));
    const { row, name } = await keep(s, upload, (sniffed, safeName) => acceptImage(sniffed, safeName, allowed));
    return { id: row.id, filePath: fileUrl(row.id), fileName: name };
  });

  app.get(
    UPLOAD_PATHS.file,
    // The bytes are streamed; a HEAD would open the file for nothing. Opened as a link (new tab, <img>), so the
    // HttpOnly Token cookie may stand in for the header.
    {
      exposeHeadRoute: false,
      config: { access: 'signedIn', cookieAuth: true },
      schema: { tags, params: IdParamSchema, querystring: FileQuerySchema },
    },
    async (req, reply) => {
      const s = req.session();
      const row = await findStoredFile(db, s.enterpriseId, req.params.id);
      if (!row) throw notFound('文件');
      const etag = `"${row.sha256}"`;
      const inline = req.query.download !== '1' && (row.mime_type === 'application/pdf' || row.mime_type.startsWith('image/'));
      const headers = {
        'x-content-type-options': 'nosniff',
        'cache-control': 'private, no-cache',
        etag,
        'content-disposition': contentDisposition(inline ? 'inline' : 'attachment', row.original_name),
      };
      if (req.headers['if-none-match'] === etag) return reply.code(304).headers(headers).send();
      const content = await store.open(row.sha256);
      if (!content) {
        req.log.error({ fileId: row.id, sha256: row.sha256 }, 'stored file content is missing on disk');
        throw notFound('文件');
      }
      return reply.headers(headers).type(row.mime_type).header('content-length', content.size).send(content.stream);
    },
  );

  const fileInfo = { access: 'signedIn', tags, params: IdParamSchema, reply: StoredFileReplySchema } as const;
  sessionCall(app, 'GET', UPLOAD_PATHS.fileInfo, fileInfo, async (s, { params }) =>
    toWire(found(await findStoredFile(db, s.enterpriseId, params.id), '文件')),
  );
};
