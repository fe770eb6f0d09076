// Document and image uploads (spec 7.5, 5 Document upload / Image upload) and the file links they answer:
// limits enforced while streaming, content sniffed, bytes stored by SHA-256, files private to an enterprise.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
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
import { badRequest, fieldError, notFound } from '../../lib/errors.js';
import { found } from '../../lib/reply.js';
import { sessionCall } from '../../lib/route.js';
import type { Session } from '../../plugins/session.js';
import { acceptDocument, acceptImage, safeBaseName, type Accepted } from './policy.js';
import { UPLOAD_MESSAGES, discardUnreadBody, receiveSingleFile, type Limit, type Upload } from './receive.js';
import { findStoredFile, insertStoredFile, toWire, type StoredFileRow } from './repository.js';
import { sniffFile, type Sniffed } from './sniff.js';
import { FileStore } from '../../lib/file-store.js';

/** A temporary upload older than this belongs to no live request. */
const TEMP_MAX_AGE_MS = 24 * 3600_000;

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
