// Reading the one file of a multipart upload into the FileStore's temporary space: limits enforced while streaming,
// the parser's failures said as the client's fault. Every upload route (documents, images, the portal media library)
// receives through here.
import type { IncomingMessage } from 'node:http';
import type { FastifyRequest } from 'fastify';
import { DOCUMENT_LARGE_MAX_MB, MB, MESSAGES } from '@tfb/contract';
import { AppError, badRequest } from '../../lib/errors.js';
import { ClientStreamError, TooLargeError, type FileStore, type Received } from '../../lib/file-store.js';

const FIELD = 'file';
export const UPLOAD_MESSAGES = {
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

export type Limit = { bytes: number; message: string };
export type Upload = Received & { name: string };

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
 * `limitOf`, which picks the size limit (and may refuse them); every field (the first value of each name) is
 * returned, and the names of those sent after the file.
 * On refusal nothing is left behind.
 */
export async function receiveSingleFile<L extends Limit>(
  req: FastifyRequest,
  store: FileStore,
  limitOf: (fields: ReadonlyMap<string, string>) => L,
): Promise<{ upload: Upload; limit: L; fields: ReadonlyMap<string, string>; lateFields: ReadonlySet<string> }> {
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
        if (!fields.has(part.fieldname)) fields.set(part.fieldname, value);
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
  return { ...found, fields, lateFields };
}

/**
 * A refused request may leave its body unread (the rest of a too-large file, a file sent without a session):
 * read and drop it, so the client receives the answer instead of a stalled upload, but never more than the
 * largest upload allowed.
 */
export function discardUnreadBody(raw: IncomingMessage): void {
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
