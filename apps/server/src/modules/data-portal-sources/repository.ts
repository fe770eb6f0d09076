// Uploaded datasets in the database: every statement is scoped by the caller's enterprise, and every change (store,
// refresh, column edit, delete) is one transaction.
import { sql, type Kysely, type Transaction } from 'kysely';
import { UPLOAD_PREVIEW_ROWS, UploadedColumnSchema, type UploadedColumn, type UploadedDataset } from '@tfb/contract';
import { z } from 'zod';
import type { DB } from '../../db/types.js';
import { notFound } from '../../lib/errors.js';
import type { Cell } from '../../lib/uploaded-table.js';
import { insertRows, type TypedRow } from '../../lib/uploaded-datasets.js';

export { insertDataset, type Actor, type NewDataset } from '../../lib/uploaded-datasets.js';

export type Scope = { enterpriseId: string };
export type { TypedRow };
type Db = Kysely<DB> | Transaction<DB>;

const ColumnsSchema = z.array(UploadedColumnSchema);

export const NOT_FOUND_WHAT = '数据集';

const iso = (t: string | Date) => new Date(t).toISOString();

export type DatasetRow = {
  id: string;
  name: string;
  fileName: string;
  columns: UploadedColumn[];
  rowCount: number;
  createdAt: string;
  refreshedAt: string;
  createUserName: string;
};

const selectDataset = (db: Db, scope: Scope) =>
  db
    .selectFrom('uploaded_datasets')
    .select(['id', 'name', 'file_name', 'columns', 'row_count', 'create_time', 'refresh_time', 'create_user_name'])
    .where('enterprise_id', '=', scope.enterpriseId);

type Selected = Awaited<ReturnType<ReturnType<typeof selectDataset>['executeTakeFirstOrThrow']>>;

const toDataset = (r: Selected): DatasetRow => ({
  id: r.id,
  name: r.name,
  fileName: r.file_name,
  columns: ColumnsSchema.parse(r.columns),
  rowCount: r.row_count,
  createdAt: iso(r.create_time),
  refreshedAt: iso(r.refresh_time),
  createUserName: r.create_user_name,
});

export async function listDatasets(db: Db, scope: Scope): Promise<DatasetRow[]> {
  const rows = await selectDataset(db, scope).orderBy('create_time', 'desc').orderBy('id', 'desc').execute();
  return rows.map(toDataset);
}

export async function findDataset(db: Db, scope: Scope, id: string): Promise<DatasetRow | undefined> {
  const row = await selectDataset(db, scope).where('id', '=', id).executeTakeFirst();
  return row && toDataset(row);
}

async function lockDataset(trx: Transaction<DB>, scope: Scope, id: string): Promise<DatasetRow> {
  const row = await selectDataset(trx, scope).where('id', '=', id).forUpdate().executeTakeFirst();
  if (!row) throw notFound(NOT_FOUND_WHAT);
  return toDataset(row);
}

/** The first rows of a dataset, in file order. */
export async function firstRows(db: Db, id: string, limit = UPLOAD_PREVIEW_ROWS): Promise<Cell[][]> {
  const rows = await db
    .selectFrom('uploaded_dataset_rows')
    .select('cells')
    .where('dataset_id', '=', id)
    .orderBy('row_no')
    .limit(limit)
    .execute();
  return rows.map((r) => r.cells as Cell[]);
}

export async function withRows(db: Db, d: DatasetRow): Promise<UploadedDataset> {
  return { ...d, rows: await firstRows(db, d.id) };
}

/**
 * Replaces a dataset's rows (and columns, file name) in one transaction. `decide` sees the dataset as it is, under
 * its row lock, and returns what to store, or throws to leave it as it was.
 */
export async function replaceRows(
  db: Kysely<DB>,
  scope: Scope,
  id: string,
  decide: (current: DatasetRow) => { name?: string; fileName?: string; columns: UploadedColumn[]; rows: TypedRow[] },
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const current = await lockDataset(trx, scope, id);
    const next = decide(current);
    await trx.deleteFrom('uploaded_dataset_rows').where('dataset_id', '=', id).execute();
    await insertRows(trx, id, next.rows);
    await trx
      .updateTable('uploaded_datasets')
      .set({
        name: next.name ?? current.name,
        file_name: next.fileName ?? current.fileName,
        columns: JSON.stringify(next.columns),
        row_count: next.rows.length,
        refresh_time: sql<string>`now()`,
      })
      .where('id', '=', id)
      .where('enterprise_id', '=', scope.enterpriseId)
      .execute();
  });
}

/**
 * Edits a dataset's name and columns in one transaction. When a column's type changes, every row is typed again
 * by `retype` (which refuses naming the cells that do not fit) and the rows are written back.
 */
export async function updateDataset(
  db: Kysely<DB>,
  scope: Scope,
  id: string,
  decide: (current: DatasetRow) => { name: string; columns: UploadedColumn[] },
  retype: (rows: TypedRow[], from: UploadedColumn[], to: UploadedColumn[]) => TypedRow[],
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const current = await lockDataset(trx, scope, id);
    const next = decide(current);
    const typeChanged = next.columns.some((c, i) => c.type !== current.columns[i]?.type);
    if (typeChanged) {
      const stored = await trx
        .selectFrom('uploaded_dataset_rows')
        .select(['row_no', 'cells'])
        .where('dataset_id', '=', id)
        .orderBy('row_no')
        .execute();
      const rows = retype(
        stored.map((r) => ({ rowNo: r.row_no, cells: r.cells as Cell[] })),
        current.columns,
        next.columns,
      );
      await trx.deleteFrom('uploaded_dataset_rows').where('dataset_id', '=', id).execute();
      await insertRows(trx, id, rows);
    }
    await trx
      .updateTable('uploaded_datasets')
      .set({
        name: next.name,
        columns: JSON.stringify(next.columns),
        ...(typeChanged ? { refresh_time: sql<string>`now()` } : {}),
      })
      .where('id', '=', id)
      .where('enterprise_id', '=', scope.enterpriseId)
      .execute();
  });
}

export async function deleteDataset(db: Kysely<DB>, scope: Scope, id: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await lockDataset(trx, scope, id);
    await trx.deleteFrom('uploaded_datasets').where('id', '=', id).where('enterprise_id', '=', scope.enterpriseId).execute();
  });
}
