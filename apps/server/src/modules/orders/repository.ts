// Sales and purchase orders of one enterprise with their goods lines (order_goods) and delivery address, saved
// together.
import type { Insertable, Kysely, Transaction } from 'kysely';
import type { AuditEntity, BusinessStatus, GoodsLine, SavePurchaseOrderBody, SaveSalesOrderBody } from '@tfb/contract';
import type { DB } from '../../db/types.js';
import { addressOf, checkAddressRef } from '../../lib/delivery-address.js';
import { goodsLineToWire, resolveGoodsLines } from '../../lib/goods-lines.js';
import type { PageWindow } from '../../lib/paging.js';
import { ownedRowExists } from '../../lib/owned.js';
import {
  pageRecords,
  RECORD_META_COLUMNS,
  recordMeta,
  recordRow,
  recordWrites,
  replaceChildRows,
  type ColumnOf,
  type RecordActor,
  type RecordColumns,
  type RowOf,
} from '../../lib/records.js';

export type Filter = { search?: string | undefined; status?: BusinessStatus | undefined };
export type OrderKind = 'sales' | 'purchase';

/** The trail shows the address itself, not its id. */
const AUDIT_IGNORE = ['deliveryAddressId'];

const lineKey = (kind: OrderKind) => (kind === 'sales' ? 'sales_order_id' : 'purchase_order_id');

export async function goodsLinesOf(db: Kysely<DB>, enterpriseId: string, kind: OrderKind, orderId: number): Promise<GoodsLine[]> {
  const rows = await db
    .selectFrom('order_goods')
    .selectAll()
    .where('enterprise_id', '=', enterpriseId)
    .where(lineKey(kind), '=', orderId)
    .orderBy('id')
    .execute();
  return rows.map(goodsLineToWire);
}

async function replaceLines(
  trx: Transaction<DB>,
  actor: RecordActor,
  kind: OrderKind,
  orderId: number,
  lines: SaveSalesOrderBody['goods'],
): Promise<void> {
  const goods = await resolveGoodsLines(trx, actor.enterpriseId, lines);
  await replaceChildRows(trx, 'order_goods', { enterprise_id: actor.enterpriseId, [lineKey(kind)]: orderId }, goods);
}

/** The columns both kinds of order list, read and save alike. */
const ORDER_COLUMNS = ['id', 'money', 'delivery_address_id', ...RECORD_META_COLUMNS] as const;
type OrderTable = 'sales_orders' | 'purchase_orders';
type OrderBody = SaveSalesOrderBody | SavePurchaseOrderBody;

/** What one kind of order says of itself: its table and business number, its own list columns and their wire names,
 * what its list searches, and the columns its body sets besides the amount, the address and the status. */
type OrderKindSpec<T extends OrderTable, Code extends keyof Insertable<DB[T]> & ColumnOf<T>, C extends ColumnOf<T>, B, R> = {
  kind: OrderKind;
  table: T;
  codeColumn: Code;
  entity: AuditEntity;
  columns: readonly C[];
  toRow: (r: RowOf<T, C>) => R;
  search: readonly ColumnOf<T>[];
  save: (b: B) => Omit<RecordColumns<T, Code>, 'money' | 'delivery_address_id' | 'status'>;
};

/** The list, detail, create and update of one kind of order: its header, goods lines and delivery address. */
function orderRecords<
  T extends OrderTable,
  Code extends keyof Insertable<DB[T]> & ColumnOf<T>,
  C extends ColumnOf<T>,
  B extends OrderBody,
  R,
>(spec: OrderKindSpec<T, Code, C, B, R>) {
  const { kind, table } = spec;
  // Both order tables have ORDER_COLUMNS; TypeScript cannot see that through the table type parameter.
  const columns = [...ORDER_COLUMNS, ...spec.columns] as unknown as readonly ColumnOf<T>[];
  const header = (r: RowOf<T, ColumnOf<T>>) => r as unknown as RowOf<T, C> & RowOf<OrderTable, (typeof ORDER_COLUMNS)[number]>;
  const toRow = (r: RowOf<T, ColumnOf<T>>) => {
    const h = header(r);
    return { id: h.id, ...spec.toRow(h), money: Number(h.money), ...recordMeta(h) };
  };
  const get = async (db: Kysely<DB>, enterpriseId: string, id: number) => {
    const r = await recordRow(db, table, columns, enterpriseId, id);
    if (!r) return undefined;
    const h = header(r);
    const [goods, deliveryAddress] = await Promise.all([
      goodsLinesOf(db, enterpriseId, kind, h.id),
      addressOf(db, enterpriseId, h.delivery_address_id),
    ]);
    return { ...toRow(r), goods, deliveryAddressId: h.delivery_address_id, deliveryAddress };
  };
  const writes = recordWrites(table, spec.codeColumn, {
    entity: spec.entity,
    auditIgnore: AUDIT_IGNORE,
    // The address must be the enterprise's own; the goods lines are replaced.
    columns: async (trx, actor, b: B) => {
      await checkAddressRef(trx, actor.enterpriseId, b.deliveryAddressId);
      const shared = { money: b.money, delivery_address_id: b.deliveryAddressId, status: b.status };
      return { ...spec.save(b), ...shared } as unknown as RecordColumns<T, Code>;
    },
    children: (trx, actor, id, b) => replaceLines(trx, actor, kind, id, b.goods),
    read: get,
  });
  return {
    page: (db: Kysely<DB>, enterpriseId: string, f: Filter, w: PageWindow) =>
      pageRecords(db, table, { columns, toRow }, enterpriseId, { status: f.status, matching: [[f.search, spec.search]] }, w),
    get,
    ...writes,
  };
}

export const {
  page: pageSalesOrders,
  get: getSalesOrder,
  create: createSalesOrder,
  update: updateSalesOrder,
} = orderRecords({
  kind: 'sales',
  table: 'sales_orders',
  codeColumn: 'order_code',
  entity: 'salesOrder',
  columns: ['order_code', 'enterprise_name', 'money_demand', 'sales_date'],
  toRow: (r) => ({ orderCode: r.order_code, enterpriseName: r.enterprise_name, moneyDemand: r.money_demand, salesDate: r.sales_date }),
  search: ['order_code', 'enterprise_name'],
  save: (b: SaveSalesOrderBody) => ({ enterprise_name: b.enterpriseName, money_demand: b.moneyDemand, sales_date: b.salesDate }),
});

export const {
  page: pagePurchaseOrders,
  get: getPurchaseOrder,
  create: createPurchaseOrder,
  update: updatePurchaseOrder,
} = orderRecords({
  kind: 'purchase',
  table: 'purchase_orders',
  codeColumn: 'purchase_order_code',
  entity: 'purchaseOrder',
  columns: ['purchase_order_code', 'supplier_name', 'is_precondition', 'purchase_date'],
  toRow: (r) => ({
    purchaseOrderCode: r.purchase_order_code,
    supplierName: r.supplier_name,
    isPrecondition: r.is_precondition,
    purchaseDate: r.purchase_date,
  }),
  search: ['purchase_order_code', 'supplier_name'],
  save: (b: SavePurchaseOrderBody) => ({ supplier_name: b.supplierName, is_precondition: b.isPrecondition, purchase_date: b.purchaseDate }),
});

export const salesOrderExists = (db: Kysely<DB>, enterpriseId: string, id: number): Promise<boolean> =>
  ownedRowExists(db, 'sales_orders', enterpriseId, id);
