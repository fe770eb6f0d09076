// Sales and purchase orders of one enterprise with their goods lines (order_goods) and delivery address, saved
// together.
import type { Kysely, Transaction } from 'kysely';
import type {
  BusinessStatus,
  GoodsLine,
  PurchaseOrderDetail,
  SalesOrderDetail,
  SavePurchaseOrderBody,
  SaveSalesOrderBody,
} from '@tfb/contract';
import type { DB } from '../../db/types.js';
import { addressOf, checkAddressRef } from '../../lib/delivery-address.js';
import { goodsLineToWire, resolveGoodsLines } from '../../lib/goods-lines.js';
import { fetchPage, matchingAny, type PageWindow } from '../../lib/paging.js';
import { recordWrites } from '../../lib/record-writes.js';

export type Actor = { enterpriseId: string; userId: string };
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
  actor: Actor,
  kind: OrderKind,
  orderId: number,
  lines: SaveSalesOrderBody['goods'],
): Promise<void> {
  const goods = await resolveGoodsLines(trx, actor.enterpriseId, lines);
  await trx.deleteFrom('order_goods').where('enterprise_id', '=', actor.enterpriseId).where(lineKey(kind), '=', orderId).execute();
  if (goods.length) {
    await trx
      .insertInto('order_goods')
      .values(
        goods.map((g) => ({
          ...g,
          enterprise_id: actor.enterpriseId,
          sales_order_id: kind === 'sales' ? orderId : null,
          purchase_order_id: kind === 'purchase' ? orderId : null,
        })),
      )
      .execute();
  }
}

// ---- Sales orders ----

const salesColumns = [
  'id',
  'order_code',
  'enterprise_name',
  'money_demand',
  'sales_date',
  'money',
  'status',
  'created_at',
  'updated_at',
  'delivery_address_id',
  'version',
] as const;
type SalesHeader = {
  id: number;
  order_code: string;
  enterprise_name: string;
  money_demand: number;
  sales_date: number;
  money: number;
  status: string;
  created_at: string;
  updated_at: string;
  delivery_address_id: number | null;
  version: number;
};
const salesRow = (r: SalesHeader) => ({
  id: r.id,
  orderCode: r.order_code,
  enterpriseName: r.enterprise_name,
  moneyDemand: r.money_demand,
  salesDate: r.sales_date,
  money: Number(r.money),
  status: r.status,
  createTime: r.created_at,
  updateTime: r.updated_at,
  version: r.version,
});

export async function pageSalesOrders(db: Kysely<DB>, enterpriseId: string, f: Filter, w: PageWindow) {
  let q = db.selectFrom('sales_orders').where('enterprise_id', '=', enterpriseId);
  if (f.status) q = q.where('status', '=', f.status);
  q = matchingAny(q, f.search, ['order_code', 'enterprise_name']);
  return fetchPage(q, (p) => p.select(salesColumns).orderBy('id', 'desc'), w, salesRow);
}

export async function getSalesOrder(db: Kysely<DB>, enterpriseId: string, id: number): Promise<SalesOrderDetail | undefined> {
  const h = await db.selectFrom('sales_orders').select(salesColumns).where('enterprise_id', '=', enterpriseId).where('id', '=', id).executeTakeFirst();
  if (!h) return undefined;
  const [goods, deliveryAddress] = await Promise.all([goodsLinesOf(db, enterpriseId, 'sales', id), addressOf(db, enterpriseId, h.delivery_address_id)]);
  return { ...salesRow(h), goods, deliveryAddressId: h.delivery_address_id, deliveryAddress };
}

export const { create: createSalesOrder, update: updateSalesOrder } = recordWrites({
  table: 'sales_orders',
  codeColumn: 'order_code',
  entity: 'salesOrder',
  auditIgnore: AUDIT_IGNORE,
  columns: async (trx, actor, b: SaveSalesOrderBody) => {
    await checkAddressRef(trx, actor.enterpriseId, b.deliveryAddressId);
    return {
      enterprise_name: b.enterpriseName,
      money_demand: b.moneyDemand,
      sales_date: b.salesDate,
      money: b.money,
      delivery_address_id: b.deliveryAddressId,
      status: b.status,
    };
  },
  children: (trx, actor, id, b) => replaceLines(trx, actor, 'sales', id, b.goods),
  read: getSalesOrder,
});

// ---- Purchase orders ----

const purchaseColumns = [
  'id',
  'purchase_order_code',
  'supplier_name',
  'is_precondition',
  'purchase_date',
  'money',
  'status',
  'created_at',
  'updated_at',
  'delivery_address_id',
  'version',
] as const;
type PurchaseHeader = {
  id: number;
  purchase_order_code: string;
  supplier_name: string;
  is_precondition: number;
  purchase_date: number;
  money: number;
  status: string;
  created_at: string;
  updated_at: string;
  delivery_address_id: number | null;
  version: number;
};
const purchaseRow = (r: PurchaseHeader) => ({
  id: r.id,
  purchaseOrderCode: r.purchase_order_code,
  supplierName: r.supplier_name,
  isPrecondition: r.is_precondition,
  purchaseDate: r.purchase_date,
  money: Number(r.money),
  status: r.status,
  createTime: r.created_at,
  updateTime: r.updated_at,
  version: r.version,
});

export async function pagePurchaseOrders(db: Kysely<DB>, enterpriseId: string, f: Filter, w: PageWindow) {
  let q = db.selectFrom('purchase_orders').where('enterprise_id', '=', enterpriseId);
  if (f.status) q = q.where('status', '=', f.status);
  q = matchingAny(q, f.search, ['purchase_order_code', 'supplier_name']);
  return fetchPage(q, (p) => p.select(purchaseColumns).orderBy('id', 'desc'), w, purchaseRow);
}

export async function getPurchaseOrder(db: Kysely<DB>, enterpriseId: string, id: number): Promise<PurchaseOrderDetail | undefined> {
  const h = await db
    .selectFrom('purchase_orders')
    .select(purchaseColumns)
    .where('enterprise_id', '=', enterpriseId)
    .where('id', '=', id)
    .executeTakeFirst();
  if (!h) return undefined;
  const [goods, deliveryAddress] = await Promise.all([goodsLinesOf(db, enterpriseId, 'purchase', id), addressOf(db, enterpriseId, h.delivery_address_id)]);
  return { ...purchaseRow(h), goods, deliveryAddressId: h.delivery_address_id, deliveryAddress };
}

export const { create: createPurchaseOrder, update: updatePurchaseOrder } = recordWrites({
  table: 'purchase_orders',
  codeColumn: 'purchase_order_code',
  entity: 'purchaseOrder',
  auditIgnore: AUDIT_IGNORE,
  columns: async (trx, actor, b: SavePurchaseOrderBody) => {
    await checkAddressRef(trx, actor.enterpriseId, b.deliveryAddressId);
    return {
      supplier_name: b.supplierName,
      is_precondition: b.isPrecondition,
      purchase_date: b.purchaseDate,
      money: b.money,
      delivery_address_id: b.deliveryAddressId,
      status: b.status,
    };
  },
  children: (trx, actor, id, b) => replaceLines(trx, actor, 'purchase', id, b.goods),
  read: getPurchaseOrder,
});

export async function salesOrderExists(db: Kysely<DB>, enterpriseId: string, id: number): Promise<boolean> {
  const row = await db.selectFrom('sales_orders').select('id').where('enterprise_id', '=', enterpriseId).where('id', '=', id).executeTakeFirst();
  return row !== undefined;
}
