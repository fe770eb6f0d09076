// The uploaded-dataset calls of the data portal (issue 13): preview a file, store it, read, edit, refresh and delete
// a dataset of the caller's enterprise. Reading needs the data portal's read permission, every change its write.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  CreateUploadedDatasetFieldsSchema,
  DeletedUploadedDatasetReplySchema,
  MB,
  RefreshUploadedDatasetFieldsSchema,
  UPLOADED_DATASET_PATHS as P,
  UPLOAD_DATASET_MAX_MB,
  UPLOAD_MESSAGES_DP,
  UpdateUploadedDatasetBodySchema,
  UploadPreviewReplySchema,
  UploadedDatasetListReplySchema,
  UploadedDatasetParamsSchema,
  UploadedDatasetReplySchema,
  type Permission,
} from '@tfb/contract';
import { fieldError } from '../../lib/errors.js';
import { FileStore } from '../../lib/file-store.js';
import { sessionCall } from '../../lib/route.js';
import type { Session } from '../../plugins/session.js';
import { discardUnreadBody, receiveSingleFile } from '../uploads/public.js';
import { deleteDataset, listDatasets, type Actor, type Scope } from './repository.js';
import { createDataset, editDataset, getDataset, previewFile, refreshDataset } from './service.js';

const READ: Permission = 'portalWebsites:read';
const WRITE: Permission = 'portalWebsites:write';
const LIMIT = { bytes: UPLOAD_DATASET_MAX_MB * MB, message: UPLOAD_MESSAGES_DP.tooLarge };

const scope = (s: Session): Scope => ({ enterpriseId: s.enterpriseId });
const actor = (s: Session): Actor => ({ enterpriseId: s.enterpriseId, userId: s.userId, userName: s.userName });

export const dataPortalSourceRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  const store = new FileStore(app.config.uploadDir);
  const tags = ['data-portal'];

  app.addHook('onSend', async (req) => {
    if (req.isMultipart()) discardUnreadBody(req.raw);
  });

  /** The request's one file (read whole: at most 10 MB) and its text fields checked by `schema`; the temporary file
   * is gone afterwards. */
  async function receive<S extends z.ZodType>(
    req: FastifyRequest,
    schema: S,
  ): Promise<{ bytes: Buffer; name: string; fields: z.output<S> }> {
    const { upload, fields } = await receiveSingleFile(req, store, () => LIMIT);
    try {
      const parsed = schema.safeParse(Object.fromEntries(fields));
      if (!parsed.success) {
        const issue = parsed.error.issues[0]!;
        throw fieldError(String(issue.path[0] ?? 'file'), issue.message);
      }
      const bytes = await store.readTemp(upload, (fh) => fh.readFile());
      return { bytes, name: upload.name, fields: parsed.data };
    } finally {
      await store.discard(upload.tempPath);
    }
  }

  const multipart = ['multipart/form-data'] as const;

  const preview = { access: WRITE, tags, consumes: multipart, reply: UploadPreviewReplySchema } as const;
  sessionCall(app, 'POST', P.preview, preview, async (_s, _input, req) => {
    const file = await receive(req, z.object({}));
    return previewFile(file.bytes, file.name);
  });

  const list = { access: READ, tags, reply: UploadedDatasetListReplySchema } as const;
  sessionCall(app, 'GET', P.list, list, (s) => listDatasets(db, scope(s)));

  const create = { access: WRITE, tags, consumes: multipart, reply: UploadedDatasetReplySchema } as const;
  sessionCall(app, 'POST', P.list, create, async (s, _input, req) => {
    const file = await receive(req, CreateUploadedDatasetFieldsSchema);
    return createDataset(db, actor(s), file, file.fields);
  });

  const one = { access: READ, tags, params: UploadedDatasetParamsSchema, reply: UploadedDatasetReplySchema } as const;
  sessionCall(app, 'GET', P.item, one, (s, { params }) => getDataset(db, scope(s), params.id));

  const update = {
    access: WRITE,
    tags,
    params: UploadedDatasetParamsSchema,
    body: UpdateUploadedDatasetBodySchema,
    reply: UploadedDatasetReplySchema,
  } as const;
  sessionCall(app, 'PUT', P.item, update, (s, { params, body }) => editDataset(db, scope(s), params.id, body));

  const refresh = {
    access: WRITE,
    tags,
    consumes: multipart,
    params: UploadedDatasetParamsSchema,
    reply: UploadedDatasetReplySchema,
  } as const;
  sessionCall(app, 'POST', P.refresh, refresh, async (s, { params }, req) => {
    const file = await receive(req, RefreshUploadedDatasetFieldsSchema);
    return refreshDataset(db, scope(s), params.id, file, file.fields.columns);
  });

  const remove = { access: WRITE, tags, params: UploadedDatasetParamsSchema, reply: DeletedUploadedDatasetReplySchema } as const;
  sessionCall(app, 'DELETE', P.item, remove, async (s, { params }) => {
    await deleteDataset(db, scope(s), params.id);
    return { id: params.id };
  });
};
