// Another enterprise's records do not exist: one look-up for "is record `id` of this table the enterprise's own".
import type { Kysely } from 'kysely';
import type { DB } from '../db/types.js';

/** The enterprise-scoped tables that references and look-ups point at. */
export type OwnedTable = 'goods_categories' | 'projects' | 'sales_orders' | 'purchase_orders' | 'delivery_addresses';

/** Whether record `id` of `table` exists in the enterprise (inside the caller's transaction when given one). */
export async function ownedRowExists(db: Kysely<DB>, table: OwnedTable, enterpriseId: string, id: number): Promise<boolean> {
  const row = await db.selectFrom(table).select('id').where('enterprise_id', '=', enterpriseId).where('id', '=', id).executeTakeFirst();
  return row !== undefined;
}
