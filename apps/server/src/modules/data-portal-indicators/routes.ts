// The indicator system of the data portal (issue 13): the enterprise's indicator tree, its whole-tree save, each
// indicator's versions and their restore, and the editor's autosaved draft. Reading needs portalWebsites:read,
// every change portalWebsites:write; the enterprise and the author come from the session only.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  INDICATOR_ACCESS,
  INDICATOR_PATHS,
  IndicatorDraftReplySchema,
  IndicatorOwnersReplySchema,
  IndicatorParamsSchema,
  IndicatorReplySchema,
  IndicatorTreeReplySchema,
  IndicatorVersionParamsSchema,
  IndicatorVersionsReplySchema,
  RestoreIndicatorBodySchema,
  SaveIndicatorDraftBodySchema,
  SaveIndicatorTreeBodySchema,
} from '@tfb/contract';
import type { Session } from '../../plugins/session.js';
import { sessionCall } from '../../lib/route.js';
import {
  deleteDraft,
  listOwners,
  listVersions,
  readDraft,
  readTree,
  restoreVersion,
  saveDraft,
  saveTree,
  type Actor,
  type Scope,
} from './repository.js';

export const indicatorRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  const tags = ['data-portal'];
  const { read, write } = INDICATOR_ACCESS;
  const scope = (s: Session): Scope => ({ enterpriseId: s.enterpriseId });
  const actor = (s: Session): Actor => ({ enterpriseId: s.enterpriseId, userId: s.userId, userName: s.userName });

  sessionCall(app, 'GET', INDICATOR_PATHS.tree, { access: read, tags, reply: IndicatorTreeReplySchema }, (s) => readTree(db, scope(s)));
  sessionCall(
    app,
    'PUT',
    INDICATOR_PATHS.tree,
    { access: write, tags, body: SaveIndicatorTreeBodySchema, reply: IndicatorTreeReplySchema },
    (s, { body }) => saveTree(db, actor(s), body),
  );
  sessionCall(app, 'GET', INDICATOR_PATHS.owners, { access: read, tags, reply: IndicatorOwnersReplySchema }, (s) =>
    listOwners(db, scope(s)),
  );
  sessionCall(
    app,
    'GET',
    INDICATOR_PATHS.versions,
    { access: read, tags, params: IndicatorParamsSchema, reply: IndicatorVersionsReplySchema },
    (s, { params }) => listVersions(db, scope(s), params.id),
  );
  sessionCall(
    app,
    'POST',
    INDICATOR_PATHS.restore,
    { access: write, tags, params: IndicatorVersionParamsSchema, body: RestoreIndicatorBodySchema, reply: IndicatorReplySchema },
    (s, { params, body }) => restoreVersion(db, actor(s), params.id, params.version, body),
  );
  sessionCall(app, 'GET', INDICATOR_PATHS.draft, { access: write, tags, reply: IndicatorDraftReplySchema }, (s) => readDraft(db, scope(s)));
  sessionCall(
    app,
    'PUT',
    INDICATOR_PATHS.draft,
    { access: write, tags, body: SaveIndicatorDraftBodySchema, reply: IndicatorDraftReplySchema },
    (s, { body }) => saveDraft(db, actor(s), body),
  );
  sessionCall(app, 'DELETE', INDICATOR_PATHS.draft, { access: write, tags, reply: IndicatorDraftReplySchema }, (s) =>
    deleteDraft(db, scope(s)),
  );
};
