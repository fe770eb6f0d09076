// Storing an uploaded dataset (a typed table of one enterprise): the one insert of a new dataset and its rows, used
// by the data portal's upload and by the demo seed, which stores its CSV through the same parse code.
import type { Kysely, Transaction } from 'kysely';
import type { UploadedColumn } from '@tfb/contract';
import type { DB } from '../db/types.js';
import { inferColumns, readTable, typeRows, type Cell } from './uploaded-table.js';

export type Actor = { enterpriseId: string; userId: string; userName: string };
export type TypedRow = { rowNo: number; cells: Cell[] };
type Db = Kysely<DB> | Transaction<DB>;

/** Rows inserted per statement (each row is one jsonb parameter). */
const INSERT_CHUNK = 1000;

/** The file's name without any folder a browser may have sent. */
export const baseName = (name: string) => name.split(/[\\/]/).pop()!.trim().slice(0, 200) || 'data.csv';

export async function insertRows(trx: Transaction<DB>, id: string, rows: TypedRow[]): Promise<void> {
  for (let i = 0; i < rows.length; i += INSERT_CHUNK) {
    const chunk = rows.slice(i, i + INSERT_CHUNK);
    await trx
      .insertInto('uploaded_dataset_rows')
      .values(chunk.map((r) => ({ dataset_id: id, row_no: r.rowNo, cells: JSON.stringify(r.cells) })))
      .execute();
  }
}

export type NewDataset = { name: string; fileName: string; columns: UploadedColumn[]; rows: TypedRow[] };

/** Runs `fn` in the caller's transaction, or in a new one. */
const inTransaction = <T>(db: Db, fn: (trx: Transaction<DB>) => Promise<T>): Promise<T> =>
  db.isTransaction ? fn(db as Transaction<DB>) : db.transaction().execute(fn);

export async function insertDataset(db: Db, actor: Actor, d: NewDataset): Promise<string> {
  return inTransaction(db, async (trx) => {
    const { id } = await trx
      .insertInto('uploaded_datasets')
      .values({
        enterprise_id: actor.enterpriseId,
        name: d.name,
        file_name: d.fileName,
        columns: JSON.stringify(d.columns),
        row_count: d.rows.length,
        create_user_id: actor.userId,
        create_user_name: actor.userName,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await insertRows(trx, id, d.rows);
    return id;
  });
}

/** Stores a file with its columns as inferred (the demo seed's dataset), in the caller's transaction if it has one. */
export async function storeAsInferred(db: Db, actor: Actor, file: { bytes: Buffer; name: string }, name: string): Promise<string> {
  const table = await readTable(file.bytes, file.name);
  const columns = inferColumns(table);
  return insertDataset(db, actor, { name, fileName: baseName(file.name), columns, rows: typeRows(table.rows, columns) });
}
