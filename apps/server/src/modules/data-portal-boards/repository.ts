// The data_dashboards rows (boards and scenes) of one enterprise and the share links of its scenes. Every query is
// scoped by (enterprise, kind); a save names the version it started from and a stale one is refused with 409.
// Writes run in a transaction that locks the row first, so two saves from the same version cannot both succeed.
import crypto from 'node:crypto';
import type { Kysely, Selectable, Transaction } from 'kysely';
import {
  BOARD_MESSAGES,
  DashboardFilterDefaultSchema,
  WidgetSchema,
  type Dashboard,
  type DashboardKind,
  type DashboardSummary,
  type GridPosition,
  type SceneShare,
  type Widget,
} from '@tfb/contract';
import { z } from 'zod';
import type { DataDashboards, DB } from '../../db/types.js';
import { conflict, fieldError, notFound } from '../../lib/errors.js';

type Db = Kysely<DB>;
type Row = Selectable<DataDashboards>;
export type Scope = { enterpriseId: string; kind: DashboardKind };
export type Actor = Scope & { userId: string; userName: string };

export type DashboardInput = {
  title: { zh: string; en: string; es: string };
  filter: Dashboard['filter'];
  widgets: Widget[];
  refreshSeconds?: number | undefined;
};

const WHAT: Record<DashboardKind, string> = { board: '看板', scene: '场景' };
const STALE: Record<DashboardKind, string> = { board: BOARD_MESSAGES.stale, scene: BOARD_MESSAGES.staleScene };

const StoredWidgets = z.array(WidgetSchema);

const summary = (r: Row): DashboardSummary => ({
  id: r.id,
  kind: r.kind,
  title: { zh: r.title_zh, en: r.title_en, es: r.title_es },
  widgetCount: Array.isArray(r.widgets) ? r.widgets.length : 0,
  version: r.version,
  updatedAt: r.update_time,
  updatedBy: r.update_user_name,
});

export const toDashboard = (r: Row): Dashboard => ({
  ...summary(r),
  filter: DashboardFilterDefaultSchema.parse(r.filter),
  // Stored through the same schema; parsed again so a reply never carries a shape the contract refuses.
  widgets: StoredWidgets.parse(r.widgets),
  refreshSeconds: r.refresh_seconds,
});

const live = (db: Db | Transaction<DB>, scope: Scope) =>
  db
    .selectFrom('data_dashboards')
    .where('enterprise_id', '=', scope.enterpriseId)
    .where('kind', '=', scope.kind)
    .where('deleted', '=', false);

export async function listDashboards(db: Db, scope: Scope): Promise<DashboardSummary[]> {
  const rows = await live(db, scope).selectAll().orderBy('update_time', 'desc').orderBy('id', 'desc').limit(500).execute();
  return rows.map(summary);
}

export async function findDashboard(db: Db, scope: Scope, id: number): Promise<Dashboard> {
  const row = await live(db, scope).selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound(WHAT[scope.kind]);
  return toDashboard(row);
}

/** A dashboard of any enterprise by id, for a share link whose row names it (the caller checked the link). */
export async function findSharedScene(db: Db, id: number, enterpriseId: string): Promise<Dashboard | undefined> {
  const row = await live(db, { enterpriseId, kind: 'scene' }).selectAll().where('id', '=', id).executeTakeFirst();
  return row ? toDashboard(row) : undefined;
}

const columns = (input: DashboardInput, kind: DashboardKind) => ({
  title_zh: input.title.zh,
  title_en: input.title.en,
  title_es: input.title.es,
  filter: JSON.stringify(input.filter),
  widgets: JSON.stringify(input.widgets),
  refresh_seconds: kind === 'scene' ? (input.refreshSeconds ?? null) : null,
});

export async function createDashboard(db: Db, actor: Actor, input: DashboardInput): Promise<Dashboard> {
  const row = await db
    .insertInto('data_dashboards')
    .values({
      enterprise_id: actor.enterpriseId,
      kind: actor.kind,
      ...columns(input, actor.kind),
      create_user_id: actor.userId,
      create_user_name: actor.userName,
      update_user_name: actor.userName,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return toDashboard(row);
}

/** Locks dashboard `id` of the scope for the transaction and checks the caller read its current version. */
async function lockCurrent(trx: Transaction<DB>, scope: Scope, id: number, version: number): Promise<Row> {
  const row = await live(trx, scope).selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
  if (!row) throw notFound(WHAT[scope.kind]);
  if (row.version !== version) throw conflict(STALE[scope.kind]);
  return row;
}

export async function updateDashboard(db: Db, actor: Actor, id: number, version: number, input: DashboardInput): Promise<Dashboard> {
  return db.transaction().execute(async (trx) => {
    await lockCurrent(trx, actor, id, version);
    const row = await trx
      .updateTable('data_dashboards')
      .set({ ...columns(input, actor.kind), version: version + 1, update_user_name: actor.userName, update_time: new Date().toISOString() })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
    return toDashboard(row);
  });
}

/** Moves and resizes the widgets named by `positions` (each must be one of the dashboard's); others stay. */
export async function saveLayout(
  db: Db,
  actor: Actor,
  id: number,
  version: number,
  positions: (GridPosition & { id: string })[],
): Promise<Dashboard> {
  return db.transaction().execute(async (trx) => {
    const current = toDashboard(await lockCurrent(trx, actor, id, version));
    const known = new Set(current.widgets.map((w) => w.id));
    positions.forEach((p, i) => {
      if (!known.has(p.id)) throw fieldError(`positions.${i}.id`, BOARD_MESSAGES.unknownWidget);
    });
    const byId = new Map(positions.map((p) => [p.id, p]));
    const widgets = current.widgets.map((w) => {
      const p = byId.get(w.id);
      return p ? { ...w, position: { x: p.x, y: p.y, w: p.w, h: p.h } } : w;
    });
    const row = await trx
      .updateTable('data_dashboards')
      .set({
        widgets: JSON.stringify(widgets),
        version: version + 1,
        update_user_name: actor.userName,
        update_time: new Date().toISOString(),
      })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
    return toDashboard(row);
  });
}

/** Deletes the dashboard (kept as a deleted row) and, for a scene, revokes every share link it had. */
export async function deleteDashboard(db: Db, scope: Scope, id: number): Promise<{ id: number }> {
  return db.transaction().execute(async (trx) => {
    const row = await live(trx, scope).select('id').where('id', '=', id).forUpdate().executeTakeFirst();
    if (!row) throw notFound(WHAT[scope.kind]);
    await trx.updateTable('data_dashboards').set({ deleted: true, update_time: new Date().toISOString() }).where('id', '=', id).execute();
    await trx
      .updateTable('data_scene_shares')
      .set({ revoked_at: new Date().toISOString() })
      .where('dashboard_id', '=', id)
      .where('revoked_at', 'is', null)
      .execute();
    return { id };
  });
}

// ---- Share links ----

export type ShareRow = Selectable<DB['data_scene_shares']>;

export async function listShares(db: Db, scope: Scope, sceneId: number, tokenOf: (id: string) => string): Promise<SceneShare[]> {
  await findDashboard(db, scope, sceneId);
  const rows = await db
    .selectFrom('data_scene_shares')
    .selectAll()
    .where('dashboard_id', '=', sceneId)
    .where('enterprise_id', '=', scope.enterpriseId)
    .where('revoked_at', 'is', null)
    .orderBy('create_time', 'desc')
    .limit(100)
    .execute();
  return rows.map((r) => ({ id: r.id, token: tokenOf(r.id), createdAt: r.create_time, createdBy: r.create_user_name }));
}

export async function createShare(db: Db, actor: Actor, sceneId: number, tokenOf: (id: string) => string): Promise<SceneShare> {
  await findDashboard(db, actor, sceneId);
  const row = await db
    .insertInto('data_scene_shares')
    .values({
      // 128 random bits: the link's identity, checked against this row on every view.
      id: crypto.randomBytes(16).toString('base64url'),
      dashboard_id: sceneId,
      enterprise_id: actor.enterpriseId,
      create_user_id: actor.userId,
      create_user_name: actor.userName,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return { id: row.id, token: tokenOf(row.id), createdAt: row.create_time, createdBy: row.create_user_name };
}

export async function revokeShare(db: Db, scope: Scope, sceneId: number, shareId: string): Promise<{ id: string }> {
  await findDashboard(db, scope, sceneId);
  const row = await db
    .updateTable('data_scene_shares')
    .set({ revoked_at: new Date().toISOString() })
    .where('id', '=', shareId)
    .where('dashboard_id', '=', sceneId)
    .where('enterprise_id', '=', scope.enterpriseId)
    .where('revoked_at', 'is', null)
    .returning('id')
    .executeTakeFirst();
  if (!row) throw notFound('分享链接');
  return { id: row.id };
}

/** The live share row `id` (not revoked), with its scene; undefined when there is none. */
export async function liveShare(db: Db, id: string): Promise<ShareRow | undefined> {
  return db.selectFrom('data_scene_shares').selectAll().where('id', '=', id).where('revoked_at', 'is', null).executeTakeFirst();
}
