// What the uploaded-dataset calls do: parse and preview a file; store it with the columns as the user confirmed
// them; refresh its rows from a new file; edit its columns; and, for the data-portal calls, list it, preview it and
// aggregate it like a built-in dataset.
import type { Kysely } from 'kysely';
import {
  UPLOAD_MESSAGES_DP as M,
  UPLOAD_PREVIEW_ROWS,
  type UploadColumnEdit,
  type UploadPreview,
  type UploadedColumn,
  type UploadedDataset,
} from '@tfb/contract';
import type { DB } from '../../db/types.js';
import { badRequest, notFound } from '../../lib/errors.js';
import { inferColumns, readTable, typeRows, type RawTable } from '../../lib/uploaded-table.js';
import { baseName } from '../../lib/uploaded-datasets.js';
import {
  NOT_FOUND_WHAT,
  findDataset,
  insertDataset,
  replaceRows,
  updateDataset,
  withRows,
  type Actor,
  type Scope,
  type TypedRow,
} from './repository.js';

/** A column edit once validated by the contract (its unit defaulted, cleared for a dimension). */
export type ColumnEdit = Required<UploadColumnEdit>;

/** The columns of `base` (in its order) with the user's edits applied; the edits must name exactly those columns. */
export function applyEdits(base: UploadedColumn[], edits: readonly ColumnEdit[], mismatch: string = M.columnsMismatch): UploadedColumn[] {
  const byName = new Map(edits.map((e) => [e.name, e]));
  if (edits.length !== base.length || base.some((c) => !byName.has(c.name))) throw badRequest(mismatch);
  return base.map((c) => {
    const e = byName.get(c.name)!;
    return { ...c, title: e.title, type: e.type, role: e.role, unit: e.role === 'measure' ? e.unit : null };
  });
}

/** The same columns (by header, in order) as the dataset had. */
const sameHeaders = (a: readonly { header: string }[], b: readonly { header: string }[]) =>
  a.length === b.length && a.every((c, i) => c.header === b[i]!.header);

export async function previewFile(bytes: Buffer, fileName: string): Promise<UploadPreview> {
  const table = await readTable(bytes, fileName);
  const columns = inferColumns(table);
  const rows = typeRows(table.rows.slice(0, UPLOAD_PREVIEW_ROWS), columns).map((r) => r.cells);
  return { fileName: baseName(fileName), format: table.format, columns, rows, rowCount: table.rows.length };
}

/** The file's rows typed under the confirmed columns. */
function confirmed(table: RawTable, edits: readonly ColumnEdit[], mismatch?: string): { columns: UploadedColumn[]; rows: TypedRow[] } {
  const columns = applyEdits(inferColumns(table), edits, mismatch);
  return { columns, rows: typeRows(table.rows, columns) };
}

export async function createDataset(
  db: Kysely<DB>,
  actor: Actor,
  file: { bytes: Buffer; name: string },
  fields: { name: string; columns: ColumnEdit[] },
): Promise<UploadedDataset> {
  const table = await readTable(file.bytes, file.name);
  const { columns, rows } = confirmed(table, fields.columns);
  const id = await insertDataset(db, actor, { name: fields.name, fileName: baseName(file.name), columns, rows });
  return getDataset(db, actor, id);
}

/**
 * Replaces the rows with a new file's. Without `edits` the file must have the dataset's columns (same headers in the
 * same order) and keeps their types and roles; with them (the user confirmed the new file's columns) the columns are
 * replaced too.
 */
export async function refreshDataset(
  db: Kysely<DB>,
  scope: Scope,
  id: string,
  file: { bytes: Buffer; name: string },
  edits: ColumnEdit[] | undefined,
): Promise<UploadedDataset> {
  if (!(await findDataset(db, scope, id))) throw notFound(NOT_FOUND_WHAT);
  const table = await readTable(file.bytes, file.name);
  await replaceRows(db, scope, id, (current) => {
    if (edits) return { fileName: baseName(file.name), ...confirmed(table, edits) };
    const inferred = inferColumns(table);
    if (!sameHeaders(inferred, current.columns)) throw badRequest(M.columnsChanged);
    return { fileName: baseName(file.name), columns: current.columns, rows: typeRows(table.rows, current.columns) };
  });
  return getDataset(db, scope, id);
}

/** Cells of the columns whose type changed, typed again from their stored value. */
function retype(rows: TypedRow[], from: UploadedColumn[], to: UploadedColumn[]): TypedRow[] {
  const changed = to.map((c, i) => c.type !== from[i]!.type);
  const raw = rows.map((r) => ({ rowNo: r.rowNo, cells: r.cells.map((c, i) => (changed[i] && typeof c === 'number' ? String(c) : c)) }));
  return typeRows(raw, to);
}

export async function editDataset(
  db: Kysely<DB>,
  scope: Scope,
  id: string,
  body: { name: string; columns: ColumnEdit[] },
): Promise<UploadedDataset> {
  await updateDataset(db, scope, id, (current) => ({ name: body.name, columns: applyEdits(current.columns, body.columns) }), retype);
  return getDataset(db, scope, id);
}

export async function getDataset(db: Kysely<DB>, scope: Scope, id: string): Promise<UploadedDataset> {
  const d = await findDataset(db, scope, id);
  if (!d) throw notFound(NOT_FOUND_WHAT);
  return withRows(db, d);
}
