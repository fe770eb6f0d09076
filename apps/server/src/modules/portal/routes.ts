// The portal sites' column trees (issue 12). Each site's calls are registered under its own path, so each route
// declares that site's permission and a site that does not exist has no route (404). The tree is the caller's
// enterprise's: scope and author come from the session only.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ColumnDraftReplySchema,
  ColumnParamsSchema,
  ColumnReplySchema,
  ColumnTreeReplySchema,
  ColumnUsageReplySchema,
  CreateColumnBodySchema,
  DeletedColumnReplySchema,
  MoveColumnBodySchema,
  PORTAL_SITES,
  SaveColumnDraftBodySchema,
  SaveColumnTreeBodySchema,
  UpdateColumnBodySchema,
  portalAccess,
  portalPaths,
  type PortalSite,
} from '@tfb/contract';
import type { Session } from '../../plugins/session.js';
import { sessionCall } from '../../lib/route.js';
import {
  columnUsage,
  createColumn,
  deleteColumn,
  deleteDraft,
  moveColumn,
  readDraft,
  readTree,
  saveDraft,
  saveTree,
  updateColumn,
  type Actor,
} from './repository.js';

export const portalRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  const tags = ['portal'];

  for (const site of PORTAL_SITES) {
    const paths = portalPaths(site);
    const { read, admin } = portalAccess(site);
    const actor = (s: Session): Actor => ({ enterpriseId: s.enterpriseId, site, userId: s.userId, userName: s.userName });
    const scope = (s: Session): { enterpriseId: string; site: PortalSite } => ({ enterpriseId: s.enterpriseId, site });

    sessionCall(app, 'GET', paths.columns, { access: read, tags, reply: ColumnTreeReplySchema }, async (s) => readTree(db, scope(s)));
    sessionCall(app, 'GET', paths.usage, { access: read, tags, reply: ColumnUsageReplySchema }, (s) => columnUsage(db, scope(s)));

    sessionCall(
      app,
      'POST',
      paths.columns,
      { access: admin, tags, body: CreateColumnBodySchema, reply: ColumnReplySchema },
      (s, { body }) => createColumn(db, actor(s), body),
    );

    sessionCall(
      app,
      'PUT',
      paths.columns,
      { access: admin, tags, body: SaveColumnTreeBodySchema, reply: ColumnTreeReplySchema },
      (s, { body }) => saveTree(db, actor(s), body),
    );

    const update = { access: admin, tags, params: ColumnParamsSchema, body: UpdateColumnBodySchema, reply: ColumnReplySchema } as const;
    sessionCall(app, 'PUT', paths.column, update, (s, { params, body }) => updateColumn(db, actor(s), params.id, body));

    const remove = { access: admin, tags, params: ColumnParamsSchema, reply: DeletedColumnReplySchema } as const;
    sessionCall(app, 'DELETE', paths.column, remove, (s, { params }) => deleteColumn(db, actor(s), params.id));

    const move = { access: admin, tags, params: ColumnParamsSchema, body: MoveColumnBodySchema, reply: ColumnTreeReplySchema } as const;
    sessionCall(app, 'POST', paths.move, move, (s, { params, body }) => moveColumn(db, actor(s), params.id, body));

    sessionCall(app, 'GET', paths.draft, { access: admin, tags, reply: ColumnDraftReplySchema }, (s) => readDraft(db, scope(s)));
    sessionCall(
      app,
      'PUT',
      paths.draft,
      { access: admin, tags, body: SaveColumnDraftBodySchema, reply: ColumnDraftReplySchema },
      (s, { body }) => saveDraft(db, actor(s), body),
    );
    sessionCall(app, 'DELETE', paths.draft, { access: admin, tags, reply: ColumnDraftReplySchema }, (s) => deleteDraft(db, scope(s)));
  }
};
