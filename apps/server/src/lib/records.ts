// The business records (contract, sales and purchase order, project, loan application, settlement, goods): the
// columns every record row shows, and the one way a record is created and edited. Each write is one transaction:
// check what the body references and work out the row's columns, write the row (numbered on create; locked,
// version-checked and, where the record has a status, draft-or-rejected-checked on update), replace its child
// rows, and answer the record read back inside the transaction, with the write on the audit trail. A module says
// only what differs: its table, its columns, its child rows and how it reads itself.
import { sql, type Generated, type Insertable, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { AuditEntity, BusinessStatus } from '@tfb/contract';
import type { DB } from '../db/types.js';
import {
  auditedRecord,
  lockForEdit,
  lockVersion,
  nextVersion,
  saved,
  type EditableTable,
  type Refusal,
  type SaveOutcome,
} from './edit-rules.js';
import { ownedRecord } from './owned.js';
import { fetchPage, matchingAny, type PageWindow, type Paged } from './paging.js';

export type RecordActor = { enterpriseId: string; userId: string };
export type RecordTable = EditableTable | 'goods';

/** The columns a record row shows after its own: its status, its times and the version an update sends back. */
export const RECORD_META_COLUMNS = ['status', 'created_at', 'updated_at', 'version'] as const;
/** A row of `T` as selected with `columns`. */
export type RowOf<T extends keyof DB, C extends keyof Selectable<DB[T]>> = Pick<Selectable<DB[T]>, C>;

/** The wire names of RECORD_META_COLUMNS (the contract's status, createTime, updateTime and version). */
export const recordMeta = (r: RowOf<EditableTable, (typeof RECORD_META_COLUMNS)[number]>) => ({
  status: r.status,
  createTime: r.created_at,
  updateTime: r.updated_at,
  version: r.version,
});

/** A column of record table `T`. */
export type ColumnOf<T extends EditableTable> = keyof Selectable<DB[T]> & string;

/** How a record list reads its rows: the columns it selects and their wire shape. */
export type RecordList<T extends EditableTable, C extends ColumnOf<T>, R> = {
  columns: readonly C[];
  toRow: (r: RowOf<T, C>) => R;
};

/** What a record list is narrowed by: the status, columns equal to a value, and texts any of whose columns contain. */
export type RecordListFilter<T extends EditableTable> = {
  status?: BusinessStatus | undefined;
  /** Left out when undefined or empty. */
  equals?: Partial<Record<ColumnOf<T>, string | number | undefined>>;
  /** Each text (when given) must be found in one of its columns. */
  matching?: readonly (readonly [text: string | undefined, columns: readonly ColumnOf<T>[]])[];
};

/** One page of the enterprise's records of `table` as `list` reads them, narrowed by `f`, newest first. */
export function pageRecords<T extends EditableTable, C extends ColumnOf<T>, R>(
  db: Kysely<DB>,
  table: T,
  list: RecordList<T, C, R>,
  enterpriseId: string,
  f: RecordListFilter<T>,
  w: PageWindow,
): Promise<Paged<R>> {
  // Kysely types a query against one table named in the code; the columns named here are typed against `table`.
  const loose = db as unknown as Kysely<Record<string, Record<string, unknown>>>;
  const selected: readonly string[] = list.columns;
  let q = loose.selectFrom(table as string).where('enterprise_id', '=', enterpriseId);
  for (const [column, value] of Object.entries(f.equals ?? {})) {
    if (value !== undefined && value !== '') q = q.where(column, '=', value);
  }
  if (f.status) q = q.where('status', '=', f.status);
  for (const [text, columns] of f.matching ?? []) {
    const searched: readonly string[] = columns;
    q = matchingAny(q, text, searched);
  }
  // Every record table raises the data version (migrations 0021 and 0038): the count is kept under it.
  const countKey = `${table}|${enterpriseId}|${JSON.stringify([f.status ?? null, f.equals ?? {}, f.matching ?? []])}`;
  return fetchPage(
    loose,
    q,
    (p) => p.select(selected).orderBy('id', 'desc'),
    w,
    (r) => list.toRow(r as RowOf<T, C>),
    countKey,
  );
}

/** Record `id` of the enterprise's `table` with `columns`, or undefined (another enterprise's does not exist). */
export function recordRow<T extends EditableTable, C extends ColumnOf<T>>(
  db: Kysely<DB>,
  table: T,
  columns: readonly C[],
  enterpriseId: string,
  id: number,
): Promise<RowOf<T, C> | undefined> {
  // As in pageRecords: the columns are typed against `table`.
  const loose = db as unknown as Kysely<Record<string, Record<string, unknown>>>;
  const selected: readonly string[] = columns;
  return ownedRecord(loose.selectFrom(table as string).select(selected), enterpriseId, id) as Promise<RowOf<T, C> | undefined>;
}

/** The tables of a record's child rows (goods lines, documents, goods pictures). */
export type ChildTable = 'order_goods' | 'contract_goods' | 'documents' | 'goods_images';

/** Replaces the child rows `owner` picks out (its columns: the record's enterprise and id) with `rows`, each written
 * with the owner's columns. */
export async function replaceChildRows<T extends ChildTable>(
  trx: Transaction<DB>,
  table: T,
  owner: Partial<Insertable<DB[T]>>,
  rows: readonly Partial<Insertable<DB[T]>>[],
): Promise<void> {
  // Kysely types a statement against one table named in the code; the columns given are typed against `table`.
  const loose = trx as unknown as Kysely<Record<string, Record<string, unknown>>>;
  let remove = loose.deleteFrom(table as string);
  for (const [column, value] of Object.entries(owner)) remove = remove.where(column, '=', value);
  await remove.execute();
  if (rows.length) {
    await loose
      .insertInto(table as string)
      .values(rows.map((r) => ({ ...r, ...owner })))
      .execute();
  }
}

/** Columns the writes set themselves. */
type Managed = 'id' | 'enterprise_id' | 'created_by' | 'updated_by' | 'created_at' | 'updated_at' | 'version';
/** The columns of table `T` a module writes from a body (everything but the managed ones and the business number). */
export type RecordColumns<T extends RecordTable, Code extends keyof Insertable<DB[T]>> = Omit<Insertable<DB[T]>, Managed | Code>;

export type RecordWriteSpec<T extends RecordTable, Code extends keyof Insertable<DB[T]>, B, R extends object> = {
  entity: AuditEntity;
  /** What the trail leaves out (ids it shows by the code or address beside them, derived figures). */
  auditIgnore?: readonly string[];
  /** The row's columns from the body, after checking what it references (`id`: the record edited; undefined on create). */
  columns: (
    trx: Transaction<DB>,
    actor: RecordActor,
    body: B,
    id: number | undefined,
  ) => Promise<RecordColumns<T, Code>> | RecordColumns<T, Code>;
  /** Replaces the record's child rows (goods lines, documents, pictures) from the body. */
  children?: (trx: Transaction<DB>, actor: RecordActor, id: number, body: B) => Promise<void>;
  /** The record as the client reads it. */
  read: (db: Kysely<DB>, enterpriseId: string, id: number) => Promise<R | undefined>;
};

export type RecordWrites<B, R extends object> = {
  create: (db: Kysely<DB>, actor: RecordActor, code: string, body: B) => Promise<R>;
  update: (db: Kysely<DB>, actor: RecordActor, id: number, body: B, version: number) => Promise<SaveOutcome<R>>;
};

/** The columns every record table shares, which are all these writes name on their own. */
type SharedColumns = {
  id: Generated<number>;
  enterprise_id: string;
  created_by: string | null;
  updated_by: string | null;
  updated_at: Generated<string>;
  version: Generated<number>;
};
/**
 * Kysely types a write against one table named in the code; here the table is the module's. Each module's
 * columns are typed against its own table (RecordColumns), so only these two statements see the looser type.
 */
const anyRecordTable = (trx: Transaction<DB>) => trx as unknown as Kysely<Record<string, SharedColumns & Record<string, unknown>>>;

/** The writes of the records of `table`, numbered in its column `codeColumn`. */
export function recordWrites<T extends RecordTable, Code extends keyof Insertable<DB[T]>, B, R extends object>(
  recordTable: T,
  codeColumn: Code,
  spec: RecordWriteSpec<T, Code, B, R>,
): RecordWrites<B, R> {
  const table: RecordTable = recordTable;
  // Goods have no status: only their version is checked. The other records must also be a draft or rejected.
  const lock = (trx: Transaction<DB>, enterpriseId: string, id: number, version: number): Promise<Refusal | undefined> =>
    table === 'goods' ? lockVersion(trx, table, enterpriseId, id, version) : lockForEdit(trx, table, enterpriseId, id, version);

  return {
    create: (db, actor, code, body) =>
      db.transaction().execute(async (trx) => {
        const columns = await spec.columns(trx, actor, body, undefined);
        const { id } = await anyRecordTable(trx)
          .insertInto(table)
          .values({
            ...columns,
            [codeColumn]: code,
            enterprise_id: actor.enterpriseId,
            created_by: actor.userId,
            updated_by: actor.userId,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await spec.children?.(trx, actor, id, body);
        return auditedRecord(trx, actor, spec.entity, id, null, spec.read(trx, actor.enterpriseId, id), spec.auditIgnore);
      }),

    update: (db, actor, id, body, version) =>
      db.transaction().execute(async (trx) => {
        const refused = await lock(trx, actor.enterpriseId, id, version);
        if (refused) return refused;
        const before = await spec.read(trx, actor.enterpriseId, id);
        const columns = await spec.columns(trx, actor, body, id);
        await anyRecordTable(trx)
          .updateTable(table)
          .set({ ...columns, version: nextVersion(), updated_by: actor.userId, updated_at: sql<string>`now()` })
          .where('enterprise_id', '=', actor.enterpriseId)
          .where('id', '=', id)
          .execute();
        await spec.children?.(trx, actor, id, body);
        return saved(await auditedRecord(trx, actor, spec.entity, id, before, spec.read(trx, actor.enterpriseId, id), spec.auditIgnore));
      }),
  };
}
