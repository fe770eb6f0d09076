// Sales and purchase orders of one enterprise with their goods lines (order_goods) and delivery address, saved
// together.
import { sql, type Kysely, type Transaction } from 'kysely';
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
import { auditedRecord, lockForEdit, nextVersion, saved, type SaveOutcome } from '../../lib/edit-rules.js';
import { goodsLineToWire, resolveGoodsLines } from '../../lib/goods-lines.js';
import { likePattern, type PageWindow } from '../../lib/paging.js';

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
  if (f.search) {
    const p = likePattern(f.search);
    q = q.where((eb) => eb.or([eb('order_code', 'ilike', p), eb('enterprise_name', 'ilike', p)]));
  }
  const [rows, count] = await Promise.all([
    q.select(salesColumns).orderBy('id', 'desc').limit(w.limit).offset(w.offset).execute(),
    q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { content: rows.map(salesRow), total: Number(count.n) };
}

export async function getSalesOrder(db: Kysely<DB>, enterpriseId: string, id: number): Promise<SalesOrderDetail | undefined> {
  const h = await db.selectFrom('sales_orders').select(salesColumns).where('enterprise_id', '=', enterpriseId).where('id', '=', id).executeTakeFirst();
  if (!h) return undefined;
  const [goods, deliveryAddress] = await Promise.all([goodsLinesOf(db, enterpriseId, 'sales', id), addressOf(db, enterpriseId, h.delivery_address_id)]);
  return { ...salesRow(h), goods, deliveryAddressId: h.delivery_address_id, deliveryAddress };
}

const salesFields = (b: SaveSalesOrderBody) => ({
  enterprise_name: b.enterpriseName,
  money_demand: b.moneyDemand,
  sales_date: b.salesDate,
  money: b.money,
  delivery_address_id: b.deliveryAddressId,
  status: b.status,
});

export async function createSalesOrder(db: Kysely<DB>, actor: Actor, code: string, b: SaveSalesOrderBody): Promise<SalesOrderDetail> {
  return db.transaction().execute(async (trx) => {
    await checkAddressRef(trx, actor.enterpriseId, b.deliveryAddressId);
    const { id } = await trx
      .insertInto('sales_orders')
      .values({ ...salesFields(b), enterprise_id: actor.enterpriseId, order_code: code, created_by: actor.userId, updated_by: actor.userId })
      .returning('id')
      .executeTakeFirstOrThrow();
    await replaceLines(trx, actor, 'sales', id, b.goods);
    return auditedRecord(trx, actor, 'salesOrder', id, null, getSalesOrder(trx, actor.enterpriseId, id), AUDIT_IGNORE);
  });
}

export async function updateSalesOrder(
  db: Kysely<DB>,
  actor: Actor,
  id: number,
  b: SaveSalesOrderBody,
  version: number,
): Promise<SaveOutcome<SalesOrderDetail>> {
  return db.transaction().execute(async (trx) => {
    const refused = await lockForEdit(trx, 'sales_orders', actor.enterpriseId, id, version);
    if (refused) return refused;
    const before = await getSalesOrder(trx, actor.enterpriseId, id);
    await checkAddressRef(trx, actor.enterpriseId, b.deliveryAddressId);
    await trx
      .updateTable('sales_orders')
      .set({ ...salesFields(b), version: nextVersion(), updated_by: actor.userId, updated_at: sql<string>`now()` })
      .where('enterprise_id', '=', actor.enterpriseId)
      .where('id', '=', id)
      .execute();
    await replaceLines(trx, actor, 'sales', id, b.goods);
    return saved(await auditedRecord(trx, actor, 'salesOrder', id, before, getSalesOrder(trx, actor.enterpriseId, id), AUDIT_IGNORE));
  });
}

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
  if (f.search) {
    const p = likePattern(f.search);
    q = q.where((eb) => eb.or([eb('purchase_order_code', 'ilike', p), eb('supplier_name', 'ilike', p)]));
  }
  const [rows, count] = await Promise.all([
    q.select(purchaseColumns).orderBy('id', 'desc').limit(w.limit).offset(w.offset).execute(),
    q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { content: rows.map(purchaseRow), total: Number(count.n) };
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

const purchaseFields = (b: SavePurchaseOrderBody) => ({
  supplier_name: b.supplierName,
  is_precondition: b.isPrecondition,
  purchase_date: b.purchaseDate,
  money: b.money,
  delivery_address_id: b.deliveryAddressId,
  status: b.status,
});

export async function createPurchaseOrder(db: Kysely<DB>, actor: Actor, code: string, b: SavePurchaseOrderBody): Promise<PurchaseOrderDetail> {
  return db.transaction().execute(async (trx) => {
    await checkAddressRef(trx, actor.enterpriseId, b.deliveryAddressId);
    const { id } = await trx
      .insertInto('purchase_orders')
      .values({
        ...purchaseFields(b),
        enterprise_id: actor.enterpriseId,
        purchase_order_code: code,
        created_by: actor.userId,
        updated_by: actor.userId,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await replaceLines(trx, actor, 'purchase', id, b.goods);
    return auditedRecord(trx, actor, 'purchaseOrder', id, null, getPurchaseOrder(trx, actor.enterpriseId, id), AUDIT_IGNORE);
  });
}

export async function updatePurchaseOrder(
  db: Kysely<DB>,
  actor: Actor,
  id: number,
  b: SavePurchaseOrderBody,
  version: number,
): Promise<SaveOutcome<PurchaseOrderDetail>> {
  return db.transaction().execute(async (trx) => {
    const refused = await lockForEdit(trx, 'purchase_orders', actor.enterpriseId, id, version);
    if (refused) return refused;
    const before = await getPurchaseOrder(trx, actor.enterpriseId, id);
    await checkAddressRef(trx, actor.enterpriseId, b.deliveryAddressId);
    await trx
      .updateTable('purchase_orders')
      .set({ ...purchaseFields(b), version: nextVersion(), updated_by: actor.userId, updated_at: sql<string>`now()` })
      .where('enterprise_id', '=', actor.enterpriseId)
      .where('id', '=', id)
      .execute();
    await replaceLines(trx, actor, 'purchase', id, b.goods);
    return saved(await auditedRecord(trx, actor, 'purchaseOrder', id, before, getPurchaseOrder(trx, actor.enterpriseId, id), AUDIT_IGNORE));
  });
}

export async function salesOrderExists(db: Kysely<DB>, enterpriseId: string, id: number): Promise<boolean> {
  const row = await db.selectFrom('sales_orders').select('id').where('enterprise_id', '=', enterpriseId).where('id', '=', id).executeTakeFirst();
  return row !== undefined;
}
