// The goods lines as stock movements and rows as comparable text, for the tests of the stock and flow rollups.
import { sql } from 'kysely';

export type Row = Record<string, unknown>;

/** Every goods line as a movement of its order's enterprise, warehouse and day (outbound ones negative). */
export const MOVEMENTS = sql`
  SELECT o.enterprise_id, o.warehouse_id, o.warehouse_name, g.goods_id, g.goods_name, o.in_storage_time AS day,
         g.storage_number AS w, g.weight AS p
  FROM in_storage_orders o JOIN in_storage_order_goods g ON g.order_id = o.id
  UNION ALL
  SELECT o.enterprise_id, o.warehouse_id, o.warehouse_name, g.goods_id, g.goods_name, o.delivery_time,
         -g.delivery_weight_number, -g.delivery_number
  FROM outbound_orders o JOIN outbound_order_goods g ON g.order_id = o.id`;

/** Rows as sorted text lines of the given columns (numeric text compared as numbers). */
export const asText = (rows: Row[], cols: string[]) =>
  rows.map((r) => cols.map((c) => (typeof r[c] === 'string' && /^-?\d+(\.\d+)?$/.test(r[c]) ? Number(r[c]) : r[c])).join('|')).sort();
