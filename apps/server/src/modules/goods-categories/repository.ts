// Goods category administration (issue 14, /goods/categories; requirements P30): add, rename, move, disable/enable
// and delete categories of the caller's enterprise. The tree itself is read by the goods picker's category call
// (../goods/repository.ts listCategories), one query and one per-process cache: every statement on
// goods_categories raises goods_category_versions (migration 0005), so each write here makes every app process read
// the list again. Writes are one transaction each, serialised per enterprise by an advisory lock, so sibling-name
// uniqueness, the cycle check and the depth limit are checked against a tree nobody else is changing.
import { sql, type Kysely, type Transaction } from 'kysely';
import {
  GOODS_CATEGORY_MAX_DEPTH,
  GOODS_CATEGORY_MESSAGES as M,
  type AddGoodsCategoryBody,
  type GoodsCategory,
  type MoveGoodsCategoryBody,
} from '@tfb/contract';
import type { DB } from '../../db/types.js';
import { conflict, fieldError, notFound } from '../../lib/errors.js';

const CATEGORY = '货品分类';
/** Advisory lock class of an enterprise's category tree. */
const TREE_LOCK = 7232;

type Row = {
  id: number;
  parent_id: number | null;
  goods_category_code: string;
  goods_category_name: string;
  is_leaf: boolean;
  disabled: boolean;
  version: number;
};
const COLUMNS = ['id', 'parent_id', 'goods_category_code', 'goods_category_name', 'is_leaf', 'disabled', 'version'] as const;

const toWire = (r: Row): GoodsCategory => ({
  id: Number(r.id),
  goodsCategoryCode: r.goods_category_code,
  goodsCategoryName: r.goods_category_name,
  isLeaf: r.is_leaf,
  parentId: r.parent_id === null ? null : Number(r.parent_id),
  disabled: r.disabled,
  version: r.version,
});

function inTree<T>(db: Kysely<DB>, enterpriseId: string, fn: (trx: Transaction<DB>) => Promise<T>): Promise<T> {
  return db.transaction().execute(async (trx) => {
    await sql`SELECT pg_advisory_xact_lock(${TREE_LOCK}, hashtext(${enterpriseId}))`.execute(trx);
    return fn(trx);
  });
}

const findRow = (trx: Transaction<DB>, enterpriseId: string, id: number): Promise<Row | undefined> =>
  trx.selectFrom('goods_categories').select(COLUMNS).where('enterprise_id', '=', enterpriseId).where('id', '=', id).executeTakeFirst();

/** The enterprise's category `id` at `version`: 404 when it has none, 409 when someone changed it since. */
async function current(trx: Transaction<DB>, enterpriseId: string, id: number, version: number): Promise<Row> {
  const row = await findRow(trx, enterpriseId, id);
  if (!row) throw notFound(CATEGORY);
  if (row.version !== version) throw conflict(M.stale);
  return row;
}

/** The level of category `id` (1 = top). */
async function levelOf(trx: Transaction<DB>, id: number): Promise<number> {
  const r = await sql<{ d: number | string }>`SELECT max(depth) AS d FROM goods_category_tree WHERE descendant_id = ${id}`.execute(trx);
  return Number(r.rows[0]?.d ?? 0) + 1;
}

/** How many levels the subtree of `id` spans (1 = no children). */
async function heightOf(trx: Transaction<DB>, id: number): Promise<number> {
  const r = await sql<{ d: number | string }>`SELECT max(depth) AS d FROM goods_category_tree WHERE ancestor_id = ${id}`.execute(trx);
  return Number(r.rows[0]?.d ?? 0) + 1;
}

/** A parent named by a body: null (the top), or a category of the enterprise (400 naming parentId otherwise). */
async function parentRow(trx: Transaction<DB>, enterpriseId: string, parentId: number | null): Promise<Row | null> {
  if (parentId === null) return null;
  const row = await findRow(trx, enterpriseId, parentId);
  if (!row) throw fieldError('parentId', M.parentNotFound);
  return row;
}

/** 400 naming goodsCategoryName when another child of `parentId` has the name (ignoring case and outer spaces). */
async function assertNameFree(trx: Transaction<DB>, enterpriseId: string, parentId: number | null, name: string, except?: number) {
  let q = trx
    .selectFrom('goods_categories')
    .select('id')
    .where('enterprise_id', '=', enterpriseId)
    .where(sql<boolean>`lower(trim(goods_category_name)) = lower(${name})`);
  q = parentId === null ? q.where('parent_id', 'is', null) : q.where('parent_id', '=', parentId);
  if (except !== undefined) q = q.where('id', '<>', except);
  if (await q.executeTakeFirst()) throw fieldError('goodsCategoryName', M.nameTaken);
}

const siblingsQuery = (trx: Transaction<DB>, enterpriseId: string, parentId: number | null) => {
  const q = trx.selectFrom('goods_categories').where('enterprise_id', '=', enterpriseId);
  return parentId === null ? q.where('parent_id', 'is', null) : q.where('parent_id', '=', parentId);
};

/** is_leaf of `id` as its children say. */
async function refreshLeaf(trx: Transaction<DB>, id: number | null): Promise<void> {
  if (id === null) return;
  await sql`UPDATE goods_categories c SET is_leaf = NOT EXISTS (SELECT 1 FROM goods_categories k WHERE k.parent_id = c.id)
            WHERE c.id = ${id}`.execute(trx);
}

export function addCategory(db: Kysely<DB>, enterpriseId: string, b: AddGoodsCategoryBody): Promise<GoodsCategory> {
  return inTree(db, enterpriseId, async (trx) => {
    const parent = await parentRow(trx, enterpriseId, b.parentId);
    if (parent && (await levelOf(trx, parent.id)) + 1 > GOODS_CATEGORY_MAX_DEPTH) throw fieldError('parentId', M.tooDeep);
    await assertNameFree(trx, enterpriseId, b.parentId, b.goodsCategoryName);
    const taken = await trx
      .selectFrom('goods_categories')
      .select('id')
      .where('enterprise_id', '=', enterpriseId)
      .where('goods_category_code', '=', b.goodsCategoryCode)
      .executeTakeFirst();
    if (taken) throw fieldError('goodsCategoryCode', M.codeTaken);
    const last = await siblingsQuery(trx, enterpriseId, b.parentId)
      .select((eb) => eb.fn.max('sort').as('s'))
      .executeTakeFirst();
    const row = await trx
      .insertInto('goods_categories')
      .values({
        enterprise_id: enterpriseId,
        parent_id: b.parentId,
        goods_category_code: b.goodsCategoryCode,
        goods_category_name: b.goodsCategoryName,
        sort: last?.s === null || last?.s === undefined ? 0 : Number(last.s) + 1,
      })
      .returning(COLUMNS)
      .executeTakeFirstOrThrow();
    if (parent?.is_leaf) await trx.updateTable('goods_categories').set({ is_leaf: false }).where('id', '=', parent.id).execute();
    return toWire(row);
  });
}

async function bumped(trx: Transaction<DB>, id: number, set: { goods_category_name?: string; disabled?: boolean }): Promise<GoodsCategory> {
  const row = await trx
    .updateTable('goods_categories')
    .set({ ...set, version: sql<number>`version + 1`, updated_at: sql<string>`now()` })
    .where('id', '=', id)
    .returning(COLUMNS)
    .executeTakeFirstOrThrow();
  return toWire(row);
}

export function renameCategory(db: Kysely<DB>, enterpriseId: string, id: number, name: string, version: number): Promise<GoodsCategory> {
  return inTree(db, enterpriseId, async (trx) => {
    const row = await current(trx, enterpriseId, id, version);
    await assertNameFree(trx, enterpriseId, row.parent_id, name, id);
    return bumped(trx, id, { goods_category_name: name });
  });
}

export function setCategoryDisabled(
  db: Kysely<DB>,
  enterpriseId: string,
  id: number,
  disabled: boolean,
  version: number,
): Promise<GoodsCategory> {
  return inTree(db, enterpriseId, async (trx) => {
    await current(trx, enterpriseId, id, version);
    return bumped(trx, id, { disabled });
  });
}

/** Moves `id` (with its subtree) under `parentId` at `index` among its new siblings. */
export function moveCategory(db: Kysely<DB>, enterpriseId: string, id: number, b: MoveGoodsCategoryBody): Promise<GoodsCategory> {
  return inTree(db, enterpriseId, async (trx) => {
    const row = await current(trx, enterpriseId, id, b.version);
    const parent = await parentRow(trx, enterpriseId, b.parentId);
    if (parent) {
      const inOwnSubtree = await trx
        .selectFrom('goods_category_tree')
        .select('depth')
        .where('ancestor_id', '=', id)
        .where('descendant_id', '=', parent.id)
        .executeTakeFirst();
      if (inOwnSubtree) throw fieldError('parentId', M.cycle);
      if ((await levelOf(trx, parent.id)) + (await heightOf(trx, id)) > GOODS_CATEGORY_MAX_DEPTH) throw fieldError('parentId', M.tooDeep);
    }
    const oldParent = row.parent_id === null ? null : Number(row.parent_id);
    if (oldParent !== b.parentId) await assertNameFree(trx, enterpriseId, b.parentId, row.goods_category_name.trim(), id);

    const siblings = await siblingsQuery(trx, enterpriseId, b.parentId)
      .select('id')
      .where('id', '<>', id)
      .orderBy('sort')
      .orderBy('id')
      .execute();
    const order = siblings.map((s) => Number(s.id));
    order.splice(Math.min(b.index ?? order.length, order.length), 0, id);
    if (oldParent !== b.parentId) {
      await trx.updateTable('goods_categories').set({ parent_id: b.parentId }).where('id', '=', id).execute();
    }
    await sql`UPDATE goods_categories g SET sort = o.n - 1
              FROM unnest(string_to_array(${order.join(',')}::text, ',')::bigint[]) WITH ORDINALITY AS o(id, n)
              WHERE g.id = o.id AND g.enterprise_id = ${enterpriseId} AND g.sort IS DISTINCT FROM (o.n - 1)::int`.execute(trx);
    await refreshLeaf(trx, oldParent);
    await refreshLeaf(trx, b.parentId);
    return bumped(trx, id, {});
  });
}

/** Deletes an unused category: one with goods or child categories is refused (409 naming both counts). */
export function deleteCategory(db: Kysely<DB>, enterpriseId: string, id: number, version: number): Promise<{ id: number }> {
  return inTree(db, enterpriseId, async (trx) => {
    const row = await current(trx, enterpriseId, id, version);
    const counts = await sql<{ goods: number | string; children: number | string }>`
      SELECT (SELECT count(*) FROM goods WHERE enterprise_id = ${enterpriseId} AND category_id = ${id}) AS goods,
             (SELECT count(*) FROM goods_categories WHERE enterprise_id = ${enterpriseId} AND parent_id = ${id}) AS children`.execute(trx);
    const goods = Number(counts.rows[0]?.goods ?? 0);
    const children = Number(counts.rows[0]?.children ?? 0);
    if (goods > 0 || children > 0) throw conflict(M.inUse(goods, children));
    await sql`DELETE FROM goods_category_counts WHERE enterprise_id = ${enterpriseId} AND category_id = ${id}`.execute(trx);
    await sql`DELETE FROM goods_facets WHERE enterprise_id = ${enterpriseId} AND category_id = ${id}`.execute(trx);
    await trx.deleteFrom('goods_categories').where('id', '=', id).where('enterprise_id', '=', enterpriseId).execute();
    await refreshLeaf(trx, row.parent_id === null ? null : Number(row.parent_id));
    return { id };
  });
}
