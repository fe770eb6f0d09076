// Another enterprise's records do not exist: every read of one record by id is scoped to the caller's enterprise.
import { sql, type ExpressionBuilder, type Kysely, type SelectQueryBuilder, type SqlBool, type StringReference } from 'kysely';
import type { DB } from '../db/types.js';

/** The enterprise-scoped tables that references and look-ups point at. */
export type OwnedTable = 'goods_categories' | 'projects' | 'sales_orders' | 'purchase_orders' | 'delivery_addresses';

/** `q` narrowed to record `id` of the enterprise (the tables all name them `enterprise_id` and `id`); `alias`: the
 * record table's alias when `q` joins others. */
export function ownedById<D, TB extends keyof D, O>(
  q: SelectQueryBuilder<D, TB, O>,
  enterpriseId: string,
  id: number,
  alias?: string,
): SelectQueryBuilder<D, TB, O> {
  const equals = (column: string, value: string | number) => (eb: ExpressionBuilder<D, TB>) =>
    sql<SqlBool>`${eb.ref((alias ? `${alias}.${column}` : column) as StringReference<D, TB>)} = ${value}`;
  return q.where(equals('enterprise_id', enterpriseId)).where(equals('id', id));
}

/** Record `id` of the enterprise as `q` selects it, or undefined (another enterprise's does not exist). */
export const ownedRecord = <D, TB extends keyof D, O>(
  q: SelectQueryBuilder<D, TB, O>,
  enterpriseId: string,
  id: number,
  alias?: string,
): Promise<O | undefined> => ownedById(q, enterpriseId, id, alias).executeTakeFirst();

/** Whether record `id` of `table` exists in the enterprise (inside the caller's transaction when given one). */
export async function ownedRowExists(db: Kysely<DB>, table: OwnedTable, enterpriseId: string, id: number): Promise<boolean> {
  return (await ownedRecord(db.selectFrom(table).select('id'), enterpriseId, id)) !== undefined;
}
