// Dashboard boards and visualisation scenes (issue 13): CRUD of the caller enterprise's boards and scenes, the
// layout save (optimistic version), every widget's figures in one call, a scene's share links, and the public
// scene a share link opens without a session. Read needs portalWebsites:read, every change portalWebsites:write.
// Figures come from the data-portal module's query (aggregated, cached, scoped) — never SQL of this module.
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import fastifyRateLimit from '@fastify/rate-limit';
import {
  BOARD_MESSAGES,
  BoardLayoutBodySchema,
  CreateBoardBodySchema,
  CreateSceneBodySchema,
  SceneLayoutBodySchema,
  UpdateBoardBodySchema,
  UpdateSceneBodySchema,
  DASHBOARD_KINDS,
  DashboardDataBodySchema,
  DashboardDataReplySchema,
  DashboardListReplySchema,
  DashboardParamsSchema,
  DashboardReplySchema,
  DeletedDashboardReplySchema,
  PUBLIC_SCENE_PATH,
  PublicSceneParamsSchema,
  PublicSceneReplySchema,
  RevokedShareReplySchema,
  SCENE_PATHS,
  SceneShareListReplySchema,
  SceneShareReplySchema,
  ShareParamsSchema,
  dashboardCollectionPath,
  dashboardItemPath,
  dashboardPaths,
  type DashboardKind,
} from '@tfb/contract';
import { AppError, RetryLaterError } from '../../lib/errors.js';
import { ok } from '../../lib/reply.js';
import { sessionCall } from '../../lib/route.js';
import { DatabaseRateLimitCounter } from '../../lib/rate-limit-store.js';
import type { Session } from '../../plugins/session.js';
import {
  createDashboard,
  createShare,
  deleteDashboard,
  findDashboard,
  findSharedScene,
  liveShare,
  listDashboards,
  listShares,
  revokeShare,
  saveLayout,
  updateDashboard,
  type Actor,
  type Scope,
} from './repository.js';
import { checkShare, loadShareKey, signShare } from './share-token.js';
import { DataPortalService } from '../data-portal/public.js';
import { dashboardFigures } from './figures.js';
import { bindIndicators, sourcesOf } from './indicators.js';

const READ = 'portalWebsites:read' as const;
const WRITE = 'portalWebsites:write' as const;
/** Views of public scenes per source address per minute (a wall screen refreshes at most every 30 s). */
const PUBLIC_SCENE_PER_MINUTE = 120;

export const dataPortalBoardRoutes: FastifyPluginAsyncZod = async (app) => {
  // The data-portal module's figures (its own cache, invalidated by the same change stamps as the query API's).
  const svc = new DataPortalService(app.database.db, () => app.clock());
  const db = app.database.db;
  const key = await loadShareKey(app.database);
  const tokenOf = (id: string) => signShare(key, id);
  const tags = ['data-portal-boards'];

  for (const kind of DASHBOARD_KINDS) {
    const paths = dashboardPaths(kind);
    const scope = (s: Session): Scope => ({ enterpriseId: s.enterpriseId, kind });
    const actor = (s: Session): Actor => ({ ...scope(s), userId: s.userId, userName: s.userName });

    const collection = dashboardCollectionPath(kind);
    const item = dashboardItemPath(kind);

    sessionCall(app, 'GET', collection, { access: READ, tags, reply: DashboardListReplySchema }, (s) => listDashboards(db, scope(s)));

    const create = {
      access: WRITE,
      tags,
      body: kind === 'board' ? CreateBoardBodySchema : CreateSceneBodySchema,
      reply: DashboardReplySchema,
    } as const;
    sessionCall(app, 'POST', collection, create, async (s, { body }) =>
      createDashboard(db, actor(s), { ...body, widgets: await bindIndicators(db, s.enterpriseId, body.widgets) }),
    );

    const one = { access: READ, tags, params: DashboardParamsSchema, reply: DashboardReplySchema } as const;
    sessionCall(app, 'GET', item, one, (s, { params }) => findDashboard(db, scope(s), params.id));

    const update = {
      access: WRITE,
      tags,
      params: DashboardParamsSchema,
      body: kind === 'board' ? UpdateBoardBodySchema : UpdateSceneBodySchema,
      reply: DashboardReplySchema,
    } as const;
    sessionCall(app, 'PUT', item, update, async (s, { params, body }) =>
      updateDashboard(db, actor(s), params.id, body.version, { ...body, widgets: await bindIndicators(db, s.enterpriseId, body.widgets) }),
    );

    const remove = { access: WRITE, tags, params: DashboardParamsSchema, reply: DeletedDashboardReplySchema } as const;
    sessionCall(app, 'DELETE', item, remove, (s, { params }) => deleteDashboard(db, scope(s), params.id));

    const layout = {
      access: WRITE,
      tags,
      params: DashboardParamsSchema,
      body: kind === 'board' ? BoardLayoutBodySchema : SceneLayoutBodySchema,
      reply: DashboardReplySchema,
    } as const;
    sessionCall(app, 'PUT', paths.layout, layout, (s, { params, body }) =>
      saveLayout(db, actor(s), params.id, body.version, body.positions),
    );

    const data = {
      access: READ,
      tags,
      params: DashboardParamsSchema,
      body: DashboardDataBodySchema,
      reply: DashboardDataReplySchema,
    } as const;
    sessionCall(app, 'POST', paths.data, data, async (s, { params, body }) => {
      const dashboard = await findDashboard(db, scope(s), params.id);
      const indicators = await sourcesOf(db, s.enterpriseId, dashboard.widgets);
      const computed = await dashboardFigures(svc, { session: s }, dashboard, body.filter, app.clock(), indicators);
      // The warehouses the filter offers: those of the enterprises whose figures the caller sees, never another's.
      const { scope: seen } = await svc.caller(s, {});
      let warehouses = db.selectFrom('warehouses').select(['id', 'name']).orderBy('name').orderBy('id').limit(500);
      if (seen.scope !== 'all')
        warehouses = warehouses.where(
          'enterprise_id',
          'in',
          seen.enterprises.map((e) => e.id),
        );
      return { ...computed, warehouses: await warehouses.execute() };
    });
  }

  // ---- A scene's share links ----
  const sceneScope = (s: Session): Scope => ({ enterpriseId: s.enterpriseId, kind: 'scene' as DashboardKind });
  const sceneActor = (s: Session): Actor => ({ ...sceneScope(s), userId: s.userId, userName: s.userName });

  const shares = { access: READ, tags, params: DashboardParamsSchema, reply: SceneShareListReplySchema } as const;
  sessionCall(app, 'GET', SCENE_PATHS.shares, shares, (s, { params }) => listShares(db, sceneScope(s), params.id, tokenOf));

  const share = { access: WRITE, tags, params: DashboardParamsSchema, reply: SceneShareReplySchema } as const;
  sessionCall(app, 'POST', SCENE_PATHS.shares, share, (s, { params }) => createShare(db, sceneActor(s), params.id, tokenOf));

  const revoke = { access: WRITE, tags, params: ShareParamsSchema, reply: RevokedShareReplySchema } as const;
  sessionCall(app, 'DELETE', SCENE_PATHS.share, revoke, (s, { params }) => revokeShare(db, sceneScope(s), params.id, params.shareId));

  // ---- The public scene ----
  await app.register(async (scoped) => {
    const pub = scoped.withTypeProvider<ZodTypeProvider>();
    await pub.register(fastifyRateLimit, {
      global: false,
      store: new DatabaseRateLimitCounter(db).storeClass(),
      errorResponseBuilder: (_req, ctx) =>
        new RetryLaterError(`请求过于频繁，请 ${Math.max(1, Math.ceil(ctx.ttl / 1000))} 秒后再试`, ctx.ttl / 1000),
    });
    pub.get(
      PUBLIC_SCENE_PATH,
      {
        config: {
          access: 'public',
          rateLimit: { max: PUBLIC_SCENE_PER_MINUTE, timeWindow: 60_000, keyGenerator: (req: { ip: string }) => `scene:${req.ip}` },
        },
        schema: { tags, security: [], params: PublicSceneParamsSchema, response: { 200: PublicSceneReplySchema } },
      },
      async (req, reply) => {
        // Every refusal reads the same: a tampered token, a revoked link and a deleted scene are not told apart.
        const invalid = new AppError(40400, BOARD_MESSAGES.shareInvalid);
        const shareId = checkShare(key, req.params.token);
        if (!shareId) throw invalid;
        const row = await liveShare(db, shareId);
        if (!row) throw invalid;
        const scene = await findSharedScene(db, row.dashboard_id, row.enterprise_id);
        if (!scene) throw invalid;
        // The owner enterprise's scope as it is now; only the scene's own default filter (the link takes none).
        const indicators = await sourcesOf(db, row.enterprise_id, scene.widgets);
        const computed = await dashboardFigures(svc, { enterpriseId: row.enterprise_id }, scene, undefined, app.clock(), indicators);
        const { enterprises: _enterprises, ...data } = computed;
        void reply.header('cache-control', 'no-store');
        return ok({ title: scene.title, refreshSeconds: scene.refreshSeconds ?? 60, widgets: scene.widgets, data });
      },
    );
  });
};
