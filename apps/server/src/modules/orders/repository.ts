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
import { ownedRecord, ownedRowExists } from '../../lib/owned.js';
import { RECORD_META_COLUMNS, recordMeta, recordWrites, type RecordActor, type RowOf } from '../../lib/records.js';

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

/** An order header as the client reads it, with its goods lines and its delivery address. */
async function withLinesAndAddress<H extends { id: number; delivery_address_id: number | null }, R>(
  db: Kysely<DB>,
  enterpriseId: string,
  kind: OrderKind,
  h: H | undefined,
  toRow: (h: H) => R,
) {
  if (!h) return undefined;
  const [goods, deliveryAddress] = await Promise.all([
    goodsLinesOf(db, enterpriseId, kind, h.id),
    addressOf(db, enterpriseId, h.delivery_address_id),
  ]);
  return { ...toRow(h), goods, deliveryAddressId: h.delivery_address_id, deliveryAddress };
}

/** What saving either kind of order adds to its columns: the address must be the enterprise's own; lines are replaced. */
const orderSave = <B extends SaveSalesOrderBody | SavePurchaseOrderBody, C>(kind: OrderKind, columns: (b: B) => C) => ({
  auditIgnore: AUDIT_IGNORE,
  columns: async (trx: Transaction<DB>, actor: RecordActor, b: B) => {
    await checkAddressRef(trx, actor.enterpriseId, b.deliveryAddressId);
    return columns(b);
  },
  children: (trx: Transaction<DB>, actor: RecordActor, id: number, b: B) => replaceLines(trx, actor, kind, id, b.goods),
});

// ---- Sales orders ----

const salesColumns = [
  'id',
  'order_code',
  'enterprise_name',
  'money_demand',
  'sales_date',
  'money',
  'delivery_address_id',
  ...RECORD_META_COLUMNS,
] as const;
const salesRow = (r: RowOf<'sales_orders', (typeof salesColumns)[number]>) => ({
  id: r.id,
  orderCode: r.order_code,
  enterpriseName: r.enterprise_name,
  moneyDemand: r.money_demand,
  salesDate: r.sales_date,
  money: Number(r.money),
  ...recordMeta(r),
});

export async function pageSalesOrders(db: Kysely<DB>, enterpriseId: string, f: Filter, w: PageWindow) {
  let q = db.selectFrom('sales_orders').where('enterprise_id', '=', enterpriseId);
  if (f.status) q = q.where('status', '=', f.status);
  q = matchingAny(q, f.search, ['order_code', 'enterprise_name']);
  return fetchPage(q, (p) => p.select(salesColumns).orderBy('id', 'desc'), w, salesRow);
}

export async function getSalesOrder(db: Kysely<DB>, enterpriseId: string, id: number): Promise<SalesOrderDetail | undefined> {
  const h = await ownedRecord(db.selectFrom('sales_orders').select(salesColumns), enterpriseId, id);
  return withLinesAndAddress(db, enterpriseId, 'sales', h, salesRow);
}

export const { create: createSalesOrder, update: updateSalesOrder } = recordWrites('sales_orders', 'order_code', {
  entity: 'salesOrder',
  ...orderSave('sales', (b: SaveSalesOrderBody) => ({
    enterprise_name: b.enterpriseName,
    money_demand: b.moneyDemand,
    sales_date: b.salesDate,
    money: b.money,
    delivery_address_id: b.deliveryAddressId,
    status: b.status,
  })),
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
  'delivery_address_id',
  ...RECORD_META_COLUMNS,
] as const;
const purchaseRow = (r: RowOf<'purchase_orders', (typeof purchaseColumns)[number]>) => ({
  id: r.id,
  purchaseOrderCode: r.purchase_order_code,
  supplierName: r.supplier_name,
  isPrecondition: r.is_precondition,
  purchaseDate: r.purchase_date,
  money: Number(r.money),
  ...recordMeta(r),
});

export async function pagePurchaseOrders(db: Kysely<DB>, enterpriseId: string, f: Filter, w: PageWindow) {
  let q = db.selectFrom('purchase_orders').where('enterprise_id', '=', enterpriseId);
  if (f.status) q = q.where('status', '=', f.status);
  q = matchingAny(q, f.search, ['purchase_order_code', 'supplier_name']);
  return fetchPage(q, (p) => p.select(purchaseColumns).orderBy('id', 'desc'), w, purchaseRow);
}

export async function getPurchaseOrder(db: Kysely<DB>, enterpriseId: string, id: number): Promise<PurchaseOrderDetail | undefined> {
  const h = await ownedRecord(db.selectFrom('purchase_orders').select(purchaseColumns), enterpriseId, id);
  return withLinesAndAddress(db, enterpriseId, 'purchase', h, purchaseRow);
}

export const { create: createPurchaseOrder, update: updatePurchaseOrder } = recordWrites('purchase_orders', 'purchase_order_code', {
  entity: 'purchaseOrder',
  ...orderSave('purchase', (b: SavePurchaseOrderBody) => ({
    supplier_name: b.supplierName,
    is_precondition: b.isPrecondition,
    purchase_date: b.purchaseDate,
    money: b.money,
    delivery_address_id: b.deliveryAddressId,
    status: b.status,
  })),
  read: getPurchaseOrder,
});

export const salesOrderExists = (db: Kysely<DB>, enterpriseId: string, id: number): Promise<boolean> =>
  ownedRowExists(db, 'sales_orders', enterpriseId, id);
