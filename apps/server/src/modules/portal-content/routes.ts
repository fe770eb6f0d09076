// The content items of the portal sites (issue 12): for each site and each content type, the calls of
// contentPaths(site, type) (the preview link is another module's). Reading needs `<site>:read`, every write
// `<site>:write`; approving goes through the process module with `<site>:approve`. Enterprise and author come from
// the session only: another enterprise's items do not exist (404). The scheduler is ./scheduler.ts.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  BatchContentBodySchema,
  BatchContentReplySchema,
  CONTENT_TYPES,
  ContentAutosaveReplySchema,
  ContentDiffQuerySchema,
  ContentDiffReplySchema,
  ContentItemReplySchema,
  ContentListQuerySchema,
  ContentPageReplySchema,
  ContentParamsSchema,
  ContentVersionDataReplySchema,
  ContentVersionParamsSchema,
  ContentVersionsReplySchema,
  DeletedContentReplySchema,
  PORTAL_SITES,
  ReorderContentBodySchema,
  SaveContentAutosaveBodySchema,
  SaveNewContentAutosaveBodySchema,
  SubmitContentBodySchema,
  WithdrawContentBodySchema,
  contentExport,
  contentPaths,
  createContentBodySchema,
  saveContentBodySchema,
  type ContentType,
  type CreateContentBody,
  type PortalSite,
  type SaveContentAutosaveBody,
  type SaveContentBody,
} from '@tfb/contract';
import type { Session } from '../../plugins/session.js';
import { pagedGet, sessionCall } from '../../lib/route.js';
import { deleteAutosave, readAutosave, saveAutosave } from './autosave.js';
import type { Actor, Scope } from './items.js';
import {
  createItem,
  deleteItem,
  diffItem,
  getItem,
  getVersion,
  listItems,
  listVersions,
  reissueItem,
  reorderItems,
  restoreVersion,
  saveItem,
} from './repository.js';
import { batchItems, submitItem, withdrawItem } from './workflow.js';

export const portalContentRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  const tags = ['portal-content'];

  const register = (site: PortalSite, type: ContentType) => {
    const paths = contentPaths(site, type);
    const read = `${site}:read` as const;
    const write = `${site}:write` as const;
    const scope = (s: Session): Scope => ({ enterpriseId: s.enterpriseId, site, type });
    const actor = (s: Session): Actor => ({ ...scope(s), userId: s.userId, userName: s.userName });
    const item = ContentParamsSchema;
    const version = ContentVersionParamsSchema;

    pagedGet(
      app,
      paths.items,
      { access: read, tags, query: ContentListQuerySchema, reply: ContentPageReplySchema, listExport: contentExport(site, type) },
      (s, q, w) => listItems(db, scope(s), q, w),
    );
    sessionCall(
      app,
      'POST',
      paths.items,
      { access: write, tags, body: createContentBodySchema(type), reply: ContentItemReplySchema },
      (s, { body }) => createItem(db, actor(s), body as CreateContentBody),
    );
    sessionCall(app, 'GET', paths.item, { access: read, tags, params: item, reply: ContentItemReplySchema }, (s, { params }) =>
      getItem(db, scope(s), params.id),
    );
    sessionCall(
      app,
      'PUT',
      paths.item,
      { access: write, tags, params: item, body: saveContentBodySchema(type), reply: ContentItemReplySchema },
      (s, { params, body }) => saveItem(db, actor(s), params.id, body as SaveContentBody),
    );
    sessionCall(app, 'DELETE', paths.item, { access: write, tags, params: item, reply: DeletedContentReplySchema }, (s, { params }) =>
      deleteItem(db, actor(s), params.id),
    );
    sessionCall(
      app,
      'POST',
      paths.submit,
      { access: write, tags, params: item, body: SubmitContentBodySchema, reply: ContentItemReplySchema },
      (s, { params, body }) => submitItem(db, actor(s), s, params.id, body.version),
    );
    sessionCall(
      app,
      'POST',
      paths.withdraw,
      { access: write, tags, params: item, body: WithdrawContentBodySchema, reply: ContentItemReplySchema },
      (s, { params, body }) => withdrawItem(db, actor(s), params.id, body.reason),
    );
    sessionCall(app, 'POST', paths.reissue, { access: write, tags, params: item, reply: ContentItemReplySchema }, (s, { params }) =>
      reissueItem(db, actor(s), params.id),
    );
    sessionCall(app, 'GET', paths.versions, { access: read, tags, params: item, reply: ContentVersionsReplySchema }, (s, { params }) =>
      listVersions(db, scope(s), params.id),
    );
    sessionCall(app, 'GET', paths.version, { access: read, tags, params: version, reply: ContentVersionDataReplySchema }, (s, { params }) =>
      getVersion(db, scope(s), params.id, params.version),
    );
    sessionCall(app, 'POST', paths.restore, { access: write, tags, params: version, reply: ContentItemReplySchema }, (s, { params }) =>
      restoreVersion(db, actor(s), params.id, params.version),
    );
    sessionCall(
      app,
      'GET',
      paths.diff,
      { access: read, tags, params: item, query: ContentDiffQuerySchema, reply: ContentDiffReplySchema },
      (s, { params, query }) => diffItem(db, scope(s), params.id, query.from, query.to),
    );
    sessionCall(
      app,
      'POST',
      paths.batch,
      { access: write, tags, body: BatchContentBodySchema, reply: BatchContentReplySchema },
      (s, { body }) => batchItems(db, actor(s), s, body.action, body.ids),
    );
    sessionCall(
      app,
      'POST',
      paths.order,
      { access: write, tags, body: ReorderContentBodySchema, reply: BatchContentReplySchema },
      (s, { body }) => reorderItems(db, actor(s), body.ids),
    );
    // The caller's own autosave of an item's edit form, and of the type's add form (writers only: it is a form's).
    const autosave = ContentAutosaveReplySchema;
    sessionCall(app, 'GET', paths.autosave, { access: write, tags, params: item, reply: autosave }, (s, { params }) =>
      readAutosave(db, actor(s), params.id),
    );
    sessionCall(
      app,
      'PUT',
      paths.autosave,
      { access: write, tags, params: item, body: SaveContentAutosaveBodySchema, reply: autosave },
      (s, { params, body }) => saveAutosave(db, actor(s), params.id, body as SaveContentAutosaveBody),
    );
    sessionCall(app, 'DELETE', paths.autosave, { access: write, tags, params: item, reply: autosave }, (s, { params }) =>
      deleteAutosave(db, actor(s), params.id),
    );
    sessionCall(app, 'GET', paths.newAutosave, { access: write, tags, reply: autosave }, (s) => readAutosave(db, actor(s), null));
    sessionCall(
      app,
      'PUT',
      paths.newAutosave,
      { access: write, tags, body: SaveNewContentAutosaveBodySchema, reply: autosave },
      (s, { body }) => saveAutosave(db, actor(s), null, body as SaveContentAutosaveBody),
    );
    sessionCall(app, 'DELETE', paths.newAutosave, { access: write, tags, reply: autosave }, (s) => deleteAutosave(db, actor(s), null));
  };

  for (const site of PORTAL_SITES) for (const type of CONTENT_TYPES) register(site, type);
};
