// The indicator trees of the data portal, one per enterprise (the caller's, from the session). Every write locks the
// tree's row first, raises the tree's version and runs in one transaction; a refused write changes nothing. Every
// change of an indicator appends a version: the fields it changed and the state it left.
import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import {
  INDICATOR_MESSAGES,
  builtInSourceProblem,
  depthFirst,
  indicatorDiff,
  indicatorTreeProblem,
  type Indicator,
  type IndicatorChange,
  type IndicatorDraft,
  type IndicatorSnapshot,
  type IndicatorFields,
  type IndicatorOwner,
  type IndicatorTree,
  type IndicatorVersion,
  type IndicatorVersionAction,
  type RestoreIndicatorBody,
  type SaveIndicatorDraftBody,
  type SaveIndicatorTreeBody,
} from '@tfb/contract';
import type { DB, Indicators } from '../../db/types.js';
import { conflict, fieldError, notFound } from '../../lib/errors.js';
import { isUploadedDatasetId, uploadedMeasures } from '../data-portal-sources/public.js';

export type Scope = { enterpriseId: string };
export type Actor = Scope & { userId: string; userName: string };

type Row = Selectable<Indicators>;
type Db = Kysely<DB>;
type Snapshot = IndicatorSnapshot;

const INDICATOR = '指标';

const toWire = (r: Row, owners: ReadonlyMap<string, string>): Indicator => ({
  id: r.id,
  parentId: r.parent_id,
  sortOrder: r.sort_order,
  code: r.code,
  name: r.name,
  definition: r.definition,
  unit: r.unit as Indicator['unit'],
  frequency: r.frequency,
  aggregation: r.aggregation,
  datasetId: r.dataset_id,
  field: r.field,
  ownerId: r.owner_id,
  ownerName: r.owner_id === null ? null : (owners.get(r.owner_id) ?? null),
  status: r.status,
  version: r.version,
  changeUserName: r.change_user_name,
  updateTime: r.update_time,
});

const snapshotOf = (r: Row): Snapshot => ({
  code: r.code,
  name: r.name,
  definition: r.definition,
  unit: r.unit as Snapshot['unit'],
  frequency: r.frequency,
  aggregation: r.aggregation,
  datasetId: r.dataset_id,
  field: r.field,
  ownerId: r.owner_id,
  status: r.status,
  parentId: r.parent_id,
});

const columnsOf = (f: IndicatorFields) => ({
  code: f.code,
  name: f.name,
  definition: f.definition,
  unit: f.unit,
  frequency: f.frequency,
  aggregation: f.aggregation,
  dataset_id: f.datasetId,
  field: f.field,
  owner_id: f.ownerId,
  status: f.status,
});

const diff = indicatorDiff;

const byPlace = (a: Row, b: Row) => a.sort_order - b.sort_order || a.id - b.id;
const keyOf = (id: number) => String(id);

// ---- Sources and owners: the checks a save makes beyond the contract's ----

/**
 * What is wrong with binding an indicator to `field` of dataset `datasetId`, or undefined when it is fine. Built-in
 * datasets are checked against the contract; an uploaded one (`upload-<n>`) must be a dataset of the caller's
 * enterprise and `field` one of its measures (a measure column or the row count), asked of the data-source module.
 */
export async function sourceProblem(
  db: Db,
  scope: Scope,
  datasetId: string,
  field: string,
): Promise<{ field: 'datasetId' | 'field'; message: string } | undefined> {
  if (!isUploadedDatasetId(datasetId)) return builtInSourceProblem(datasetId, field);
  const measures = await uploadedMeasures(db, scope, datasetId);
  if (!measures) return { field: 'datasetId', message: INDICATOR_MESSAGES.datasetUnknown };
  if (field === '') return { field: 'field', message: INDICATOR_MESSAGES.fieldRequired };
  if (!measures.some((m) => m.name === field)) return { field: 'field', message: INDICATOR_MESSAGES.fieldUnknown };
  return undefined;
}

/** The users of the enterprise, by id (their display names). */
async function ownerNames(db: Db, scope: Scope): Promise<Map<string, string>> {
  const rows = await db.selectFrom('users').select(['id', 'name']).where('enterprise_id', '=', scope.enterpriseId).execute();
  return new Map(rows.map((r) => [r.id, r.name]));
}

export async function listOwners(db: Db, scope: Scope): Promise<IndicatorOwner[]> {
  const rows = await db
    .selectFrom('users')
    .select(['id', 'name'])
    .where('enterprise_id', '=', scope.enterpriseId)
    .where('is_active', '=', true)
    .orderBy('name')
    .orderBy('id')
    .execute();
  return rows;
}

/** The first field of `f` a save cannot take (source or owner), as a 400 naming `prefix` + the field. */
async function checkReferences(trx: Db, scope: Scope, f: IndicatorFields, owners: ReadonlyMap<string, string>, prefix: string) {
  const source = await sourceProblem(trx, scope, f.datasetId, f.field);
  if (source) throw fieldError(`${prefix}${source.field}`, source.message);
  if (f.ownerId !== null && !owners.has(f.ownerId)) throw fieldError(`${prefix}ownerId`, INDICATOR_MESSAGES.ownerUnknown);
}

// ---- Reading ----

const scoped = (db: Db, scope: Scope) => db.selectFrom('indicators').where('enterprise_id', '=', scope.enterpriseId);

async function rowsOf(db: Db, scope: Scope): Promise<Row[]> {
  return scoped(db, scope).selectAll().execute();
}

const ordered = (rows: readonly Row[]): Row[] =>
  depthFirst(
    rows,
    (r) => keyOf(r.id),
    (r) => (r.parent_id === null ? null : keyOf(r.parent_id)),
    byPlace,
  );

async function treeVersion(db: Db, scope: Scope): Promise<number> {
  const row = await db.selectFrom('indicator_trees').select('version').where('enterprise_id', '=', scope.enterpriseId).executeTakeFirst();
  return row?.version ?? 0;
}

/** The tree and its version as of one moment. */
export async function readTree(db: Db, scope: Scope): Promise<IndicatorTree> {
  const read = async (trx: Db) => {
    const owners = await ownerNames(trx, scope);
    return { version: await treeVersion(trx, scope), indicators: ordered(await rowsOf(trx, scope)).map((r) => toWire(r, owners)) };
  };
  return db.isTransaction ? read(db) : db.transaction().setIsolationLevel('repeatable read').execute(read);
}

export async function listVersions(db: Db, scope: Scope, id: number): Promise<IndicatorVersion[]> {
  const owned = await scoped(db, scope).select('id').where('id', '=', id).executeTakeFirst();
  if (!owned) throw notFound(INDICATOR);
  const rows = await db
    .selectFrom('indicator_versions')
    .selectAll()
    .where('indicator_id', '=', id)
    .where('enterprise_id', '=', scope.enterpriseId)
    .orderBy('version', 'desc')
    .execute();
  return rows.map((r) => ({
    version: r.version,
    action: r.action,
    restoredFrom: r.restored_from,
    changes: r.changes as IndicatorChange[],
    snapshot: r.snapshot as Snapshot,
    userName: r.user_name,
    time: r.create_time,
  }));
}

// ---- Writing ----

async function lockTree(trx: Transaction<DB>, scope: Scope): Promise<number> {
  await trx
    .insertInto('indicator_trees')
    .values({ enterprise_id: scope.enterpriseId })
    .onConflict((oc) => oc.column('enterprise_id').doNothing())
    .execute();
  const row = await trx
    .selectFrom('indicator_trees')
    .select('version')
    .where('enterprise_id', '=', scope.enterpriseId)
    .forUpdate()
    .executeTakeFirstOrThrow();
  await trx
    .updateTable('indicator_trees')
    .set({ version: sql<number>`version + 1` })
    .where('enterprise_id', '=', scope.enterpriseId)
    .execute();
  return row.version;
}

async function recordVersion(
  trx: Transaction<DB>,
  actor: Actor,
  row: Row,
  action: IndicatorVersionAction,
  changes: IndicatorChange[],
  restoredFrom: number | null = null,
): Promise<void> {
  await trx
    .insertInto('indicator_versions')
    .values({
      indicator_id: row.id,
      enterprise_id: actor.enterpriseId,
      version: row.version,
      action,
      restored_from: restoredFrom,
      changes: JSON.stringify(changes),
      snapshot: JSON.stringify(snapshotOf(row)),
      user_id: actor.userId,
      user_name: actor.userName,
    })
    .execute();
}

const changedBy = (a: Actor) => ({ change_user_id: a.userId, change_user_name: a.userName, update_time: sql<string>`now()` });

/** A whole-tree save's node at fault: 400 naming `indicators.<index>.<field>`. */
const nodeError = (index: number, field: string, message: string) => fieldError(`indicators.${index}.${field}`, message);

/**
 * Replaces the enterprise's tree with `body.indicators`: listed indicators with an id are updated (a version for
 * each one that changed), those without are created (their first version), the tree's indicators not listed are
 * deleted. Refused whole: 409 when the tree has changed since `baseVersion`; 400 naming the node and field when the
 * new tree breaks a rule (shape, code taken, unknown source or owner) or names an indicator it does not have.
 */
export function saveTree(db: Db, actor: Actor, body: SaveIndicatorTreeBody): Promise<IndicatorTree> {
  return db.transaction().execute(async (trx) => {
    const version = await lockTree(trx, actor);
    if (body.baseVersion !== version) throw conflict(INDICATOR_MESSAGES.staleTree);
    const rows = await rowsOf(trx, actor);
    const existing = new Map(rows.map((r) => [r.id, r]));
    const listed = new Set<number>();
    for (const [index, n] of body.indicators.entries()) {
      if (n.id === undefined) continue;
      if (!existing.has(n.id)) throw nodeError(index, 'id', INDICATOR_MESSAGES.unknownIndicator(n.id));
      if (listed.has(n.id)) throw nodeError(index, 'id', INDICATOR_MESSAGES.idDuplicate(n.id));
      listed.add(n.id);
    }
    const problem = indicatorTreeProblem(body.indicators);
    if (problem) throw nodeError(problem.index, problem.field, problem.message);
    const owners = await ownerNames(trx, actor);
    for (const [index, n] of body.indicators.entries()) await checkReferences(trx, actor, n, owners, `indicators.${index}.`);

    // Codes are unique at rest: rows that give up their code (changed or deleted) first take a placeholder no real
    // code can equal, so a save may swap codes or give a deleted indicator's code to a new one.
    const removed = rows.filter((r) => !listed.has(r.id));
    const released = [
      ...removed.map((r) => r.id),
      ...body.indicators.filter((n) => n.id !== undefined && existing.get(n.id)!.code !== n.code).map((n) => n.id!),
    ];
    if (released.length) {
      await trx
        .updateTable('indicators')
        .set({ code: sql<string>`'#' || id::text` })
        .where('id', 'in', released)
        .execute();
    }

    // Parents before children, so each new indicator's parent has its id when it is written.
    const place = new Map<string, number>();
    const nodes = depthFirst(
      body.indicators.map((n, index) => ({ n, index })),
      (x) => x.n.key,
      (x) => x.n.parentKey,
      (a, b) => a.index - b.index,
    );
    const idOfKey = new Map<string, number>();
    for (const { n } of nodes) {
      const siblingPlace = place.get(n.parentKey ?? '') ?? 0;
      place.set(n.parentKey ?? '', siblingPlace + 1);
      const parentId = n.parentKey === null ? null : idOfKey.get(n.parentKey)!;
      const values = { ...columnsOf(n), parent_id: parentId, sort_order: siblingPlace };
      if (n.id === undefined) {
        const created = await trx
          .insertInto('indicators')
          .values({ ...values, enterprise_id: actor.enterpriseId, create_user_id: actor.userId, ...changedBy(actor) })
          .returningAll()
          .executeTakeFirstOrThrow();
        idOfKey.set(n.key, created.id);
        await recordVersion(trx, actor, created, 'create', diff(null, snapshotOf(created)));
        continue;
      }
      idOfKey.set(n.key, n.id);
      const before = existing.get(n.id)!;
      const after: Row = { ...before, ...values };
      const changes = diff(snapshotOf(before), snapshotOf(after));
      if (changes.length) {
        const row = await trx
          .updateTable('indicators')
          .set({ ...values, ...changedBy(actor), version: sql<number>`version + 1` })
          .where('id', '=', n.id)
          .returningAll()
          .executeTakeFirstOrThrow();
        await recordVersion(trx, actor, row, 'update', changes);
      } else if (before.sort_order !== siblingPlace) {
        // A new place among the same siblings is the tree's change, not the indicator's: no version.
        await trx.updateTable('indicators').set({ sort_order: siblingPlace }).where('id', '=', n.id).execute();
      }
    }
    if (removed.length) {
      await trx
        .deleteFrom('indicators')
        .where(
          'id',
          'in',
          removed.map((r) => r.id),
        )
        .execute();
    }
    // The saved tree supersedes the editor's draft, in the same transaction.
    await deleteDraft(trx, actor);
    return readTree(trx, actor);
  });
}

/**
 * Makes version `version` of indicator `id` its current state again (its fields, not its place in the tree), as a
 * new version. 409 when the indicator is no longer at `body.version`; 400 when the old state cannot be taken now (its
 * code is another indicator's, its owner or source is gone).
 */
export function restoreVersion(db: Db, actor: Actor, id: number, version: number, body: RestoreIndicatorBody): Promise<Indicator> {
  return db.transaction().execute(async (trx) => {
    await lockTree(trx, actor);
    const current = await scoped(trx, actor).selectAll().where('id', '=', id).executeTakeFirst();
    if (!current) throw notFound(INDICATOR);
    if (current.version !== body.version) throw conflict(INDICATOR_MESSAGES.staleIndicator);
    const old = await trx
      .selectFrom('indicator_versions')
      .select('snapshot')
      .where('indicator_id', '=', id)
      .where('enterprise_id', '=', actor.enterpriseId)
      .where('version', '=', version)
      .executeTakeFirst();
    if (!old) throw notFound('指标版本');
    const target = { ...(old.snapshot as Snapshot), parentId: current.parent_id };
    const clash = await scoped(trx, actor)
      .select('id')
      .where('id', '!=', id)
      .where(sql<string>`lower(code)`, '=', target.code.toLowerCase())
      .executeTakeFirst();
    if (clash) throw fieldError('code', INDICATOR_MESSAGES.codeTaken(target.code));
    const owners = await ownerNames(trx, actor);
    await checkReferences(trx, actor, target, owners, '');
    const changes = diff(snapshotOf(current), target);
    const row = await trx
      .updateTable('indicators')
      .set({ ...columnsOf(target), ...changedBy(actor), version: sql<number>`version + 1` })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await recordVersion(trx, actor, row, 'restore', changes, version);
    await deleteDraft(trx, actor);
    return toWire(row, owners);
  });
}

// ---- The editor's draft ----

export async function readDraft(db: Db, scope: Scope): Promise<IndicatorDraft | null> {
  const row = await db
    .selectFrom('indicator_trees')
    .select(['draft', 'draft_base_version', 'draft_user_id', 'draft_user_name', 'draft_time'])
    .where('enterprise_id', '=', scope.enterpriseId)
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

export async function saveDraft(db: Db, actor: Actor, body: SaveIndicatorDraftBody): Promise<IndicatorDraft | null> {
  const draft = {
    draft: JSON.stringify(body.tree),
    draft_base_version: body.baseVersion,
    draft_user_id: actor.userId,
    draft_user_name: actor.userName,
    draft_time: sql<string>`now()`,
  };
  await db
    .insertInto('indicator_trees')
    .values({ enterprise_id: actor.enterpriseId, ...draft })
    .onConflict((oc) => oc.column('enterprise_id').doUpdateSet(draft))
    .execute();
  return readDraft(db, actor);
}

export async function deleteDraft(db: Db, scope: Scope): Promise<null> {
  await db
    .updateTable('indicator_trees')
    .set({ draft: null, draft_base_version: null, draft_user_id: null, draft_user_name: null, draft_time: null })
    .where('enterprise_id', '=', scope.enterpriseId)
    .execute();
  return null;
}
