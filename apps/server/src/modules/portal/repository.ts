// The column trees of the portal sites, one per (enterprise, site). Every write locks the tree's row first (so the
// tree rules are checked against a tree nobody else is changing), raises the tree's version and runs in one
// transaction; a refused write changes nothing.
import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import {
  COLUMN_MAX_COUNT,
  CONTENT_TYPE_NAMES,
  PORTAL_MESSAGES,
  type Column,
  type ColumnDraft,
  type ColumnFields,
  type ColumnTree,
  type ColumnUsage,
  type CreateColumnBody,
  type MoveColumnBody,
  type PortalSite,
  type SaveColumnDraftBody,
  type SaveColumnTreeBody,
  type UpdateColumnBody,
  depthFirst,
  treeProblem,
  type TreeProblem,
  type TreeShapeNode,
} from '@tfb/contract';
import type { DB, PortalColumns } from '../../db/types.js';
import { AppError, badRequest, conflict, fieldError, notFound } from '../../lib/errors.js';

/** Whose tree: the caller's enterprise (from the session) and the site of the path. */
export type Scope = { enterpriseId: string; site: PortalSite };
export type Actor = Scope & { userId: string; userName: string };

type Row = Selectable<PortalColumns>;
type Db = Kysely<DB>;

const COLUMN = '栏目';

const toWire = (r: Row): Column => ({
  id: r.id,
  parentId: r.parent_id,
  name: r.name,
  slug: r.slug,
  kind: r.kind,
  linkUrl: r.link_url,
  sortOrder: r.sort_order,
  visible: r.visible,
  seoTitle: r.seo_title,
  seoKeywords: r.seo_keywords,
  seoDescription: r.seo_description,
  version: r.version,
  createUserName: r.create_user_name,
  changeUserName: r.change_user_name,
  createTime: r.create_time,
  updateTime: r.update_time,
});

const columnValues = (f: ColumnFields) => ({
  name: f.name,
  slug: f.slug,
  kind: f.kind,
  link_url: f.kind === 'link' ? f.linkUrl : '',
  visible: f.visible,
  seo_title: f.seoTitle,
  seo_keywords: f.seoKeywords,
  seo_description: f.seoDescription,
});

const changedBy = (a: Actor) => ({ change_user_id: a.userId, change_user_name: a.userName, update_time: sql<string>`now()` });

const byPlace = (a: Row, b: Row) => a.sort_order - b.sort_order || a.id - b.id;
const keyOf = (id: number) => String(id);
const parentKeyOf = (r: Row) => (r.parent_id === null ? null : keyOf(r.parent_id));

// ---- Where a column is used: one query per kind of reference ----

/**
 * A kind of thing that points at a column and so keeps it from being deleted. `uses` answers, for each column
 * id given that is pointed at, what points at it (a phrase naming the things). `partOfTree`: the reference is
 * the tree itself (child columns), which a whole-tree save replaces, so only a single delete checks it.
 * Content items (banners and layout slots among them) are the second kind.
 */
type ColumnReference = {
  partOfTree: boolean;
  uses: (trx: Db, scope: Scope, ids: readonly number[]) => Promise<Map<number, string>>;
};

const COLUMN_REFERENCES: readonly ColumnReference[] = [
  {
    partOfTree: true,
    uses: async (trx, scope, ids) => {
      const rows = await scoped(trx, scope)
        .select(['parent_id', 'name'])
        .where('parent_id', 'in', ids)
        .orderBy('sort_order')
        .orderBy('id')
        .execute();
      const names = new Map<number, string[]>();
      for (const r of rows) names.set(r.parent_id!, [...(names.get(r.parent_id!) ?? []), r.name]);
      return new Map([...names].map(([id, n]) => [id, PORTAL_MESSAGES.childColumns(n)]));
    },
  },
  {
    // Content items (articles, pages, videos … and the layout slots that list columns), by their draft or live
    // copy: the item's mirrored columns and its references.
    partOfTree: false,
    uses: async (trx, scope, ids) => {
      const rows = await trx
        .selectFrom('portal_items as i')
        .select(['i.id', 'i.type', 'i.title', 'i.column_id', 'i.live_column_id'])
        .select((eb) =>
          eb
            .selectFrom('portal_item_refs as r')
            .select(sql<number[]>`array_agg(r.ref_id)`.as('ids'))
            .whereRef('r.item_id', '=', 'i.id')
            .where('r.ref_kind', '=', 'column')
            .as('ref_ids'),
        )
        .where('i.enterprise_id', '=', scope.enterpriseId)
        .where('i.site', '=', scope.site)
        .where('i.deleted', '=', false)
        .where((eb) =>
          eb.or([
            eb('i.column_id', 'in', ids),
            eb('i.live_column_id', 'in', ids),
            eb.exists(
              eb
                .selectFrom('portal_item_refs as r')
                .select('r.item_id')
                .whereRef('r.item_id', '=', 'i.id')
                .where('r.ref_kind', '=', 'column')
                .where('r.ref_id', 'in', ids),
            ),
          ]),
        )
        .orderBy('i.id')
        .execute();
      const out = new Map<number, string[]>();
      for (const r of rows) {
        const named = new Set([r.column_id, r.live_column_id, ...(r.ref_ids ?? []).map(Number)]);
        const what = `${CONTENT_TYPE_NAMES[r.type]}「${r.title}」`;
        for (const id of ids) if (named.has(id)) out.set(id, [...(out.get(id) ?? []), what]);
      }
      return new Map([...out].map(([id, uses]) => [id, uses.join('、')]));
    },
  },
];

/** What points at each of `ids` (only those pointed at), from the references `which` selects. */
async function whereUsed(
  trx: Db,
  scope: Scope,
  ids: readonly number[],
  which: (r: ColumnReference) => boolean,
): Promise<Map<number, string[]>> {
  const out = new Map<number, string[]>();
  if (!ids.length) return out;
  for (const ref of COLUMN_REFERENCES.filter(which)) {
    for (const [id, use] of await ref.uses(trx, scope, ids)) out.set(id, [...(out.get(id) ?? []), use]);
  }
  return out;
}

// ---- Reading ----

const scoped = (db: Db, scope: Scope) =>
  db.selectFrom('portal_columns').where('enterprise_id', '=', scope.enterpriseId).where('site', '=', scope.site);

async function columnRows(db: Db, scope: Scope): Promise<Row[]> {
  return scoped(db, scope).selectAll().execute();
}

const ordered = (rows: readonly Row[]): Row[] => depthFirst(rows, (r) => keyOf(r.id), parentKeyOf, byPlace);

async function treeVersion(db: Db, scope: Scope): Promise<number> {
  const row = await db
    .selectFrom('portal_column_trees')
    .select('version')
    .where('enterprise_id', '=', scope.enterpriseId)
    .where('site', '=', scope.site)
    .executeTakeFirst();
  return row?.version ?? 0;
}

/** The tree and its version as of one moment (one snapshot: never a version newer or older than its columns). */
export async function readTree(db: Db, scope: Scope): Promise<ColumnTree> {
  const read = async (trx: Db) => ({ version: await treeVersion(trx, scope), columns: ordered(await columnRows(trx, scope)).map(toWire) });
  return db.isTransaction ? read(db) : db.transaction().setIsolationLevel('repeatable read').execute(read);
}

/**
 * How many items of each type use each column of the tree, in one grouped query: an item's draft and live columns
 * and a layout slot's named columns, each (item, column) once, counted per (column, type). Only the enterprise's
 * columns of the site and its items that are not deleted.
 */
export async function columnUsage(db: Db, scope: Scope): Promise<ColumnUsage[]> {
  const items = db
    .selectFrom('portal_items as i')
    .where('i.enterprise_id', '=', scope.enterpriseId)
    .where('i.site', '=', scope.site)
    .where('i.deleted', '=', false);
  const uses = items
    .select(['i.id as item_id', 'i.type', 'i.column_id as column_id'])
    .where('i.column_id', 'is not', null)
    .union(items.select(['i.id as item_id', 'i.type', 'i.live_column_id as column_id']).where('i.live_column_id', 'is not', null))
    .union(
      items
        .innerJoin('portal_item_refs as r', 'r.item_id', 'i.id')
        .select(['i.id as item_id', 'i.type', 'r.ref_id as column_id'])
        .where('r.ref_kind', '=', 'column')
        .where('i.type', '=', 'layoutSlot'),
    );
  const rows = await db
    .with('uses', () => uses)
    .selectFrom('uses as u')
    .innerJoin('portal_columns as c', 'c.id', 'u.column_id')
    .where('c.enterprise_id', '=', scope.enterpriseId)
    .where('c.site', '=', scope.site)
    .select(['c.id', 'u.type', (eb) => eb.fn.countAll<string>().as('count')])
    .groupBy(['c.id', 'u.type'])
    .orderBy('c.id')
    .orderBy('u.type')
    .execute();
  return rows.map((r) => ({ columnId: r.id, type: r.type, count: Number(r.count) }));
}

// ---- Writing ----

/** Creates the tree's row when the site has none yet, and locks it for this transaction; answers its version. */
async function lockTree(trx: Transaction<DB>, scope: Scope): Promise<number> {
  await trx
    .insertInto('portal_column_trees')
    .values({ enterprise_id: scope.enterpriseId, site: scope.site })
    .onConflict((oc) => oc.columns(['enterprise_id', 'site']).doNothing())
    .execute();
  const row = await trx
    .selectFrom('portal_column_trees')
    .select('version')
    .where('enterprise_id', '=', scope.enterpriseId)
    .where('site', '=', scope.site)
    .forUpdate()
    .executeTakeFirstOrThrow();
  return row.version;
}

async function raiseTreeVersion(trx: Transaction<DB>, scope: Scope): Promise<void> {
  await trx
    .updateTable('portal_column_trees')
    .set({ version: sql<number>`version + 1` })
    .where('enterprise_id', '=', scope.enterpriseId)
    .where('site', '=', scope.site)
    .execute();
}

/** A write to the tree: locks it, raises its version, runs `write` on its current rows (within the transaction, so
 * what `write` reads back is the tree as it will be committed). */
function writeTree<T>(db: Db, scope: Scope, write: (trx: Transaction<DB>, rows: Row[], version: number) => Promise<T>): Promise<T> {
  return db.transaction().execute(async (trx) => {
    const version = await lockTree(trx, scope);
    await raiseTreeVersion(trx, scope);
    return write(trx, await columnRows(trx, scope), version);
  });
}

/** The tree after a change, keyed by id, as the rules check it (`change` maps a row to its new shape). */
const shapeOf = (
  rows: readonly Row[],
  change: (r: Row) => TreeShapeNode = (r) => ({ key: keyOf(r.id), parentKey: parentKeyOf(r), slug: r.slug }),
) => rows.map(change);

/** A single-column change the rules refuse: 400 naming the request's field. */
const refusal = (p: TreeProblem, parentField: string) => fieldError(p.field === 'slug' ? 'slug' : parentField, p.message);

function parentRow(rows: readonly Row[], parentId: number | null): Row | undefined {
  if (parentId === null) return undefined;
  const parent = rows.find((r) => r.id === parentId);
  if (!parent) throw fieldError('parentId', PORTAL_MESSAGES.parentMissing);
  return parent;
}

const lastPlace = (rows: readonly Row[], parentId: number | null) =>
  rows.filter((r) => r.parent_id === parentId).reduce((max, r) => Math.max(max, r.sort_order + 1), 0);

export function createColumn(db: Db, actor: Actor, body: CreateColumnBody): Promise<Column> {
  return writeTree(db, actor, async (trx, rows) => {
    if (rows.length >= COLUMN_MAX_COUNT) throw badRequest(PORTAL_MESSAGES.tooMany);
    parentRow(rows, body.parentId);
    const added = { key: 'new', parentKey: body.parentId === null ? null : keyOf(body.parentId), slug: body.slug };
    const problem = treeProblem([...shapeOf(rows), added]);
    if (problem) throw refusal(problem, 'parentId');
    const row = await trx
      .insertInto('portal_columns')
      .values({
        ...columnValues(body),
        enterprise_id: actor.enterpriseId,
        site: actor.site,
        parent_id: body.parentId,
        sort_order: body.sortOrder ?? lastPlace(rows, body.parentId),
        create_user_id: actor.userId,
        create_user_name: actor.userName,
        change_user_id: actor.userId,
        change_user_name: actor.userName,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return toWire(row);
  });
}

/** The column `id` of the tree at the version the client read: 404 when the tree has no such column, 409 when stale. */
function columnAt(rows: readonly Row[], id: number, version: number): Row {
  const row = rows.find((r) => r.id === id);
  if (!row) throw notFound(COLUMN);
  if (row.version !== version) throw conflict(PORTAL_MESSAGES.staleColumn);
  return row;
}

export function updateColumn(db: Db, actor: Actor, id: number, body: UpdateColumnBody): Promise<Column> {
  return writeTree(db, actor, async (trx, rows) => {
    columnAt(rows, id, body.version);
    const problem = treeProblem(
      shapeOf(rows, (r) => ({ key: keyOf(r.id), parentKey: parentKeyOf(r), slug: r.id === id ? body.slug : r.slug })),
    );
    if (problem) throw refusal(problem, 'parentId');
    const row = await trx
      .updateTable('portal_columns')
      .set({
        ...columnValues(body),
        ...(body.sortOrder === undefined ? {} : { sort_order: body.sortOrder }),
        ...changedBy(actor),
        version: sql<number>`version + 1`,
      })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
    return toWire(row);
  });
}

/** Numbers `siblings` 0, 1, 2 … in the order given, writing only the places that change. */
async function renumber(trx: Transaction<DB>, siblings: readonly Row[]): Promise<void> {
  for (const [place, r] of siblings.entries()) {
    if (r.sort_order !== place) await trx.updateTable('portal_columns').set({ sort_order: place }).where('id', '=', r.id).execute();
  }
}

export function moveColumn(db: Db, actor: Actor, id: number, body: MoveColumnBody): Promise<ColumnTree> {
  return writeTree(db, actor, async (trx, rows) => {
    const moved = columnAt(rows, id, body.version);
    parentRow(rows, body.parentId);
    const newParentKey = body.parentId === null ? null : keyOf(body.parentId);
    const problem = treeProblem(
      shapeOf(rows, (r) => ({ key: keyOf(r.id), parentKey: r.id === id ? newParentKey : parentKeyOf(r), slug: r.slug })),
    );
    if (problem) throw refusal(problem, 'parentId');
    const siblings = rows.filter((r) => r.parent_id === body.parentId && r.id !== id).sort(byPlace);
    siblings.splice(Math.min(body.position, siblings.length), 0, moved);
    await trx
      .updateTable('portal_columns')
      .set({ parent_id: body.parentId, ...changedBy(actor), version: sql<number>`version + 1` })
      .where('id', '=', id)
      .execute();
    await renumber(trx, siblings);
    return readTree(trx, actor);
  });
}

export function deleteColumn(db: Db, actor: Actor, id: number): Promise<{ id: number }> {
  return writeTree(db, actor, async (trx, rows) => {
    const row = rows.find((r) => r.id === id);
    if (!row) throw notFound(COLUMN);
    const uses = (await whereUsed(trx, actor, [id], () => true)).get(id);
    if (uses)
      throw new AppError(
        40900,
        PORTAL_MESSAGES.inUse(row.name, uses),
        uses.map((message) => ({ field: 'id', message })),
      );
    await trx.deleteFrom('portal_columns').where('id', '=', id).execute();
    return { id };
  });
}

/** A whole-tree save's node at fault: 400 naming `columns.<index>.<field>`. */
const nodeError = (index: number, field: string, message: string) => fieldError(`columns.${index}.${field}`, message);

/**
 * Replaces the tree with `body.columns` (the mind-map editor's save): listed columns with an id are updated, those
 * without are created, the tree's columns not listed are deleted. Refused whole (409) when the tree has changed
 * since `baseVersion`, and (400, naming the node) when the new tree breaks a rule or names a column it does not have.
 */
export function saveTree(db: Db, actor: Actor, body: SaveColumnTreeBody): Promise<ColumnTree> {
  return writeTree(db, actor, async (trx, rows, version) => {
    if (body.baseVersion !== version) throw conflict(PORTAL_MESSAGES.staleTree);
    const existing = new Map(rows.map((r) => [r.id, r]));
    const listed = new Set<number>();
    for (const [index, n] of body.columns.entries()) {
      if (n.id === undefined) continue;
      if (!existing.has(n.id)) throw nodeError(index, 'id', PORTAL_MESSAGES.unknownColumn(n.id));
      if (listed.has(n.id)) throw nodeError(index, 'id', PORTAL_MESSAGES.idDuplicate(n.id));
      listed.add(n.id);
    }
    const problem = treeProblem(body.columns);
    if (problem) throw nodeError(problem.index, problem.field, problem.message);

    const removed = rows.filter((r) => !listed.has(r.id));
    const used = await whereUsed(
      trx,
      actor,
      removed.map((r) => r.id),
      (r) => !r.partOfTree,
    );
    for (const r of removed) {
      const uses = used.get(r.id);
      if (uses)
        throw new AppError(
          40900,
          PORTAL_MESSAGES.inUse(r.name, uses),
          uses.map((message) => ({ field: 'columns', message })),
        );
    }

    // Parents before children, so each new column's parent has its id when the column is written.
    const place = new Map<string, number>();
    const nodes = depthFirst(
      body.columns.map((n, index) => ({ n, index })),
      (x) => x.n.key,
      (x) => x.n.parentKey,
      (a, b) => a.index - b.index,
    );
    const idOfKey = new Map<string, number>();
    for (const { n } of nodes) {
      const siblingPlace = place.get(n.parentKey ?? '') ?? 0;
      place.set(n.parentKey ?? '', siblingPlace + 1);
      const parentId = n.parentKey === null ? null : idOfKey.get(n.parentKey)!;
      const values = { ...columnValues(n), parent_id: parentId, sort_order: siblingPlace };
      if (n.id === undefined) {
        const created = await trx
          .insertInto('portal_columns')
          .values({
            ...values,
            enterprise_id: actor.enterpriseId,
            site: actor.site,
            create_user_id: actor.userId,
            create_user_name: actor.userName,
            change_user_id: actor.userId,
            change_user_name: actor.userName,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        idOfKey.set(n.key, created.id);
        continue;
      }
      idOfKey.set(n.key, n.id);
      const before = existing.get(n.id)!;
      const same = (Object.keys(values) as (keyof typeof values)[]).every((k) => before[k] === values[k]);
      if (!same) {
        await trx
          .updateTable('portal_columns')
          .set({ ...values, ...changedBy(actor), version: sql<number>`version + 1` })
          .where('id', '=', n.id)
          .execute();
      }
    }
    if (removed.length)
      await trx
        .deleteFrom('portal_columns')
        .where(
          'id',
          'in',
          removed.map((r) => r.id),
        )
        .execute();
    // The saved tree supersedes the mind-map editor's draft: it goes in the same transaction, so a draft never
    // outlives the save it led to.
    await deleteDraft(trx, actor);
    return readTree(trx, actor);
  });
}

// ---- The mind-map editor's draft ----

export async function readDraft(db: Db, scope: Scope): Promise<ColumnDraft | null> {
  const row = await db
    .selectFrom('portal_column_trees')
    .select(['draft', 'draft_base_version', 'draft_user_id', 'draft_user_name', 'draft_time'])
    .where('enterprise_id', '=', scope.enterpriseId)
    .where('site', '=', scope.site)
    .executeTakeFirst();
  if (!row || row.draft === null) return null;
  return {
    tree: row.draft,
    baseVersion: row.draft_base_version ?? 0,
    userId: row.draft_user_id ?? '',
    userName: row.draft_user_name ?? '',
    savedTime: row.draft_time ?? '',
  };
}

export async function saveDraft(db: Db, actor: Actor, body: SaveColumnDraftBody): Promise<ColumnDraft | null> {
  const draft = {
    draft: JSON.stringify(body.tree),
    draft_base_version: body.baseVersion,
    draft_user_id: actor.userId,
    draft_user_name: actor.userName,
    draft_time: sql<string>`now()`,
  };
  await db
    .insertInto('portal_column_trees')
    .values({ enterprise_id: actor.enterpriseId, site: actor.site, ...draft })
    .onConflict((oc) => oc.columns(['enterprise_id', 'site']).doUpdateSet(draft))
    .execute();
  return readDraft(db, actor);
}

export async function deleteDraft(db: Db, scope: Scope): Promise<null> {
  await db
    .updateTable('portal_column_trees')
    .set({ draft: null, draft_base_version: null, draft_user_id: null, draft_user_name: null, draft_time: null })
    .where('enterprise_id', '=', scope.enterpriseId)
    .where('site', '=', scope.site)
    .execute();
  return null;
}
