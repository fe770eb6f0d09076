// The media library of each portal site (issue 12): list, folders, upload, edit, delete and "where used", each
// registered under its site's path with that site's permission (read to see, write to add and edit, admin to
// delete); and the public file route, which serves a library file by its content address without a session.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  DeletedMediaReplySchema,
  MB,
  MEDIA_IMAGE_MAX_MB,
  MEDIA_MESSAGES,
  MEDIA_VIDEO_MAX_MB,
  MediaFileReplySchema,
  MediaFoldersReplySchema,
  MediaListQuerySchema,
  MediaPageReplySchema,
  MediaParamsSchema,
  MediaUploadFieldsSchema,
  MediaKindQuerySchema,
  MediaUsesReplySchema,
  PORTAL_SITES,
  PUBLIC_MEDIA_PATH,
  UpdateMediaBodySchema,
  mediaAccess,
  mediaPaths,
} from '@tfb/contract';
import { fieldError, notFound } from '../../lib/errors.js';
import { pagedGet, sessionCall } from '../../lib/route.js';
import type { Session } from '../../plugins/session.js';
import { discardUnreadBody, receiveSingleFile } from '../uploads/public.js';
import { FileStore } from '../../lib/file-store.js';
import {
  deleteMedia,
  findMedia,
  findMediaUses,
  listFolders,
  listMedia,
  publicMediaType,
  updateMedia,
  type Actor,
  type Scope,
} from './repository.js';
import { addMedia } from './service.js';

const PublicMediaParamsSchema = z.object({ sha256: z.string().regex(/^[0-9a-f]{64}$/, '文件地址不正确') });

/** One byte range of a file of `size` bytes asked by a Range header: undefined serves the whole file (no header,
 * a form this server does not serve such as several ranges, or a malformed one, which RFC 9110 says to ignore). */
export function parseRange(header: string | undefined, size: number): { start: number; end: number } | 'unsatisfiable' | undefined {
  if (!header) return undefined;
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!m || (m[1] === '' && m[2] === '')) return undefined;
  if (m[1] === '') {
    const suffix = Number(m[2]);
    if (suffix === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(m[1]);
  const end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
  if (m[2] !== '' && Number(m[2]) < start) return undefined;
  if (start >= size) return 'unsatisfiable';
  return { start, end };
}

const etagMatches = (header: string | undefined, etag: string): boolean =>
  header !== undefined && header.split(',').some((t) => t.trim() === '*' || t.trim().replace(/^W\//, '') === etag);

export const portalMediaRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  const store = new FileStore(app.config.uploadDir);
  const tags = ['portal-media'];

  app.addHook('onSend', async (req) => {
    if (req.isMultipart()) discardUnreadBody(req.raw);
  });

  for (const site of PORTAL_SITES) {
    const paths = mediaPaths(site);
    const { read, write, admin } = mediaAccess(site);
    const scope = (s: Session): Scope => ({ enterpriseId: s.enterpriseId, site });
    const actor = (s: Session): Actor => ({ ...scope(s), userId: s.userId, userName: s.userName });

    const list = { access: read, tags, query: MediaListQuerySchema, reply: MediaPageReplySchema };
    pagedGet(app, paths.list, list, (s, q, w) => listMedia(db, scope(s), q, w));

    const upload = {
      access: write,
      tags,
      consumes: ['multipart/form-data'],
      query: MediaKindQuerySchema,
      reply: MediaFileReplySchema,
    } as const;
    sessionCall(app, 'POST', paths.list, upload, async (s, { query }, req) => {
      // An image field's picker says so: its limit applies while the bytes arrive. Otherwise the video ceiling does,
      // and an image above its own limit is refused once its content is known.
      const limit =
        query.kind === 'image'
          ? { bytes: MEDIA_IMAGE_MAX_MB * MB, message: MEDIA_MESSAGES.imageTooLarge }
          : { bytes: MEDIA_VIDEO_MAX_MB * MB, message: MEDIA_MESSAGES.videoTooLarge };
      const { upload: received, fields } = await receiveSingleFile(req, store, () => limit);
      const parsed = MediaUploadFieldsSchema.safeParse(Object.fromEntries(fields));
      if (!parsed.success) {
        await store.discard(received.tempPath);
        const issue = parsed.error.issues[0]!;
        throw fieldError(String(issue.path[0] ?? 'file'), issue.message);
      }
      return addMedia(db, store, actor(s), received, parsed.data, query.kind);
    });

    const folders = { access: read, tags, query: MediaKindQuerySchema, reply: MediaFoldersReplySchema } as const;
    sessionCall(app, 'GET', paths.folders, folders, (s, { query }) => listFolders(db, scope(s), query.kind));

    const one = { access: read, tags, params: MediaParamsSchema, reply: MediaFileReplySchema } as const;
    sessionCall(app, 'GET', paths.item, one, (s, { params }) => findMedia(db, scope(s), params.id));

    const update = { access: write, tags, params: MediaParamsSchema, body: UpdateMediaBodySchema, reply: MediaFileReplySchema } as const;
    sessionCall(app, 'PUT', paths.item, update, (s, { params, body }) => updateMedia(db, scope(s), params.id, body));

    const remove = { access: admin, tags, params: MediaParamsSchema, reply: DeletedMediaReplySchema } as const;
    sessionCall(app, 'DELETE', paths.item, remove, (s, { params }) => deleteMedia(db, scope(s), params.id));

    const uses = { access: read, tags, params: MediaParamsSchema, reply: MediaUsesReplySchema } as const;
    sessionCall(app, 'GET', paths.uses, uses, (s, { params }) => findMediaUses(db, scope(s), params.id));
  }

  app.get(
    PUBLIC_MEDIA_PATH,
    // A content address never changes what it names: cached for good. The bytes are streamed; a HEAD would open the
    // file for nothing.
    { exposeHeadRoute: false, config: { access: 'public' }, schema: { tags, params: PublicMediaParamsSchema } },
    async (req, reply) => {
      const { sha256 } = req.params;
      const type = await publicMediaType(db, sha256);
      if (!type) throw notFound('文件');
      const etag = `"${sha256}"`;
      reply.headers({
        'cache-control': 'public, max-age=31536000, immutable',
        etag,
        'accept-ranges': 'bytes',
        'x-content-type-options': 'nosniff',
      });
      if (etagMatches(req.headers['if-none-match'], etag)) return reply.code(304).send();
      const size = await store.sizeOf(sha256);
      if (size === undefined) {
        req.log.error({ sha256 }, 'media content is missing on disk');
        throw notFound('文件');
      }
      const ifRange = req.headers['if-range'];
      const range = ifRange === undefined || ifRange === etag ? parseRange(req.headers.range, size) : undefined;
      if (range === 'unsatisfiable') return reply.code(416).header('content-range', `bytes */${size}`).send();
      const content = await store.open(sha256, range);
      if (!content) throw notFound('文件');
      reply.type(type);
      if (!range) return reply.header('content-length', size).send(content.stream);
      return reply
        .code(206)
        .header('content-range', `bytes ${range.start}-${range.end}/${size}`)
        .header('content-length', range.end - range.start + 1)
        .send(content.stream);
    },
  );
};
