// In-storage orders (from in-storage notices) and outbound orders (from delivery instructions). A notice or an
// instruction may be received / delivered in several lots: each line of an order is at most what its source line
// has left, summed over every order already made from it. Creating one locks the source row first (so two
// concurrent orders are summed one after the other and cannot together exceed it), writes the order and its lines,
// and sets the source's is_create = 1 once nothing is left — all in one transaction.
import { sql, type Kysely, type Transaction } from 'kysely';
import {
  WAREHOUSE_MAX_GOODS_SHOWN,
  WAREHOUSE_MESSAGES,
  orderLineProblem,
  remainingQuantity,
  type CreateInStorageOrderBody,
  type CreateOutboundOrderBody,
  type DeliveryApplyDetailGoods,
  type DeliveryInstructionRow,
  type InStorageNoticeDetailGoods,
  type InStorageNoticeRow,
  type InStorageOrder,
  type OutboundOrder,
  type WarehouseMeasure,
  type WarehouseScope,
} from '@tfb/contract';
import type { DB } from '../../db/types.js';
import { auditWrite } from '../../lib/audit.js';
import { conflict, fieldError, notFound } from '../../lib/errors.js';
import { likePattern, type PageWindow } from '../../lib/paging.js';
import type { Session } from '../../plugins/session.js';
import { NUMBER_KEYS, generateNumber } from '../../lib/numbering.js';
import { assertCanAct } from './access.js';

/** Ids shown beside their codes and names, and the writer (the trail row names them). */
const AUDIT_IGNORE = ['noticeId', 'instructionId', 'warehouseId', 'createUserName'];

const round3 = (n: number) => Math.round(Number(n) * 1000) / 1000;


async function displayName(trx: Transaction<DB>, s: Session): Promise<string> {
  const u = await trx.selectFrom('users').select('name').where('id', '=', s.userId).executeTakeFirst();
  return u?.name || s.userName;
}

/** Checks a client's line list against the source's lines: every id known, none twice. */
function pickLines<L extends { id: number }, I>(
  lines: L[],
  input: I[] | undefined,
  idOf: (i: I) => number,
  field: string,
): { line: L; input: I | undefined }[] {
  if (!input) return lines.map((line) => ({ line, input: undefined }));
  const byId = new Map(lines.map((l) => [l.id, l]));
  const seen = new Set<number>();
  return input.map((i, index) => {
    const id = idOf(i);
    const line = byId.get(id);
    if (!line) throw fieldError(`goods.${index}.${field}`, WAREHOUSE_MESSAGES.goodsLineUnknown);
    if (seen.has(id)) throw fieldError(`goods.${index}.${field}`, WAREHOUSE_MESSAGES.goodsLineTwice);
    seen.add(id);
    return { line, input: i };
  });
}

/** Per source line, the two measures already taken by orders (lines never ordered are absent: nothing taken). */
type Taken = Map<number, { first: number; second: number }>;

async function takenByNoticeLines(db: Kysely<DB>, lineIds: number[]): Promise<Taken> {
  if (!lineIds.length) return new Map();
  const rows = await db
    .selectFrom('in_storage_order_goods')
    .select((eb) => ['notice_goods_id', eb.fn.sum<number>('weight').as('first'), eb.fn.sum<number>('storage_number').as('second')])
    .where('notice_goods_id', 'in', lineIds)
    .groupBy('notice_goods_id')
    .execute();
  return new Map(rows.map((r) => [Number(r.notice_goods_id), { first: Number(r.first), second: Number(r.second) }]));
}

async function takenByInstructionLines(db: Kysely<DB>, lineIds: number[]): Promise<Taken> {
  if (!lineIds.length) return new Map();
  const rows = await db
    .selectFrom('outbound_order_goods')
    .select((eb) => [
      'apply_goods_id',
      eb.fn.sum<number>('delivery_number').as('first'),
      eb.fn.sum<number>('delivery_weight_number').as('second'),
    ])
    .where('apply_goods_id', 'in', lineIds)
    .groupBy('apply_goods_id')
    .execute();
  return new Map(rows.map((r) => [Number(r.apply_goods_id), { first: Number(r.first), second: Number(r.second) }]));
}

/** A source line's two measures: what was announced and what is left of it. */
type LineRoom = { goodsName: string; first: { limit: number; remaining: number }; second: { limit: number; remaining: number } };

const roomOf = (goodsName: string, first: number, second: number, taken: { first: number; second: number } | undefined): LineRoom => ({
  goodsName,
  first: { limit: Number(first), remaining: remainingQuantity(Number(first), taken?.first ?? 0) },
  second: { limit: Number(second), remaining: remainingQuantity(Number(second), taken?.second ?? 0) },
});

const hasRoom = (r: LineRoom) => r.first.remaining > 0 || r.second.remaining > 0;

const MEASURES: readonly [WarehouseMeasure, WarehouseMeasure] = ['数量', '重量'];

/** Refuses (400, naming the line's field) the first measure above what its source line has left. */
function assertWithinRoom(
  kind: 'inStorage' | 'outbound',
  index: number,
  room: LineRoom,
  values: { first: number; second: number },
  fields: readonly [string, string],
): void {
  const checks = [
    [room.first, values.first, MEASURES[0], fields[0]],
    [room.second, values.second, MEASURES[1], fields[1]],
  ] as const;
  for (const [r, value, measure, field] of checks) {
    const problem = orderLineProblem(kind, value, { goodsName: room.goodsName, measure, ...r });
    if (problem) throw fieldError(`goods.${index}.${field}`, problem);
  }
}

/** The notice's lines with what each has left (the create page shows it and refuses more). */
export async function noticeLinesWithRemaining(db: Kysely<DB>, row: InStorageNoticeRow): Promise<InStorageNoticeDetailGoods[]> {
  const taken = await takenByNoticeLines(
    db,
    row.inStorageNoticeGoods.map((g) => g.id),
  );
  return row.inStorageNoticeGoods.map((g) => {
    const room = roomOf(g.goodsName, g.weight, g.storageNumber, taken.get(g.id));
    return { ...g, remainingWeight: room.first.remaining, remainingStorageNumber: room.second.remaining };
  });
}

/** The instruction's lines with what each has left. */
export async function instructionLinesWithRemaining(db: Kysely<DB>, row: DeliveryInstructionRow): Promise<DeliveryApplyDetailGoods[]> {
  const taken = await takenByInstructionLines(
    db,
    row.deliveryApplyGoods.map((g) => g.id),
  );
  return row.deliveryApplyGoods.map((g) => {
    const room = roomOf(g.goodsName, g.deliveryNumber, g.deliveryWeightNumber, taken.get(g.id));
    return { ...g, remainingDeliveryNumber: room.first.remaining, remainingDeliveryWeightNumber: room.second.remaining };
  });
}

// ---------------------------------------------------------------------------------------------------------------
// In-storage orders

export async function createInStorageOrder(
  db: Kysely<DB>,
  s: Session,
  scope: WarehouseScope,
  body: CreateInStorageOrderBody,
): Promise<InStorageOrder> {
  return db.transaction().execute(async (trx) => {
    // The lock orders concurrent orders of this notice: each sums what the ones before it took.
    const notice = await trx
      .selectFrom('in_storage_notices')
      .selectAll()
      .where('id', '=', body.noticeId)
      .where('enterprise_id', '=', s.enterpriseId)
      .forUpdate()
      .executeTakeFirst();
    if (!notice) throw notFound('入库通知');
    assertCanAct(s, scope, { warehouseId: notice.warehouse_id, superviseId: notice.supervise_id }, 'notice');
    if (notice.is_create === 1) throw conflict(WAREHOUSE_MESSAGES.noticeAlreadyCreated);
    const lines = await trx.selectFrom('in_storage_notice_goods').selectAll().where('notice_id', '=', notice.id).orderBy('id').execute();
    if (!lines.length) throw conflict(WAREHOUSE_MESSAGES.noticeHasNoGoods);
    const taken = await takenByNoticeLines(
      trx,
      lines.map((l) => l.id),
    );
    const rooms = new Map(lines.map((l) => [l.id, roomOf(l.goods_name, l.weight, l.storage_number, taken.get(l.id))]));
    // Without explicit lines the order takes everything each line has left.
    const picked = body.goods
      ? pickLines(lines, body.goods, (g) => g.noticeGoodsId, 'noticeGoodsId').map(({ line, input }) => ({
          line,
          weight: input!.weight,
          storageNumber: input!.storageNumber,
          reelNumber: input!.reelNumber ?? line.reel_number,
        }))
      : lines
          .filter((l) => hasRoom(rooms.get(l.id)!))
          .map((line) => {
            const room = rooms.get(line.id)!;
            return { line, weight: room.first.remaining, storageNumber: room.second.remaining, reelNumber: line.reel_number };
          });
    if (!picked.length) throw conflict(WAREHOUSE_MESSAGES.noticeAlreadyCreated);
    picked.forEach((p, index) =>
      assertWithinRoom('inStorage', index, rooms.get(p.line.id)!, { first: p.weight, second: p.storageNumber }, ['weight', 'storageNumber']),
    );
    const userName = await displayName(trx, s);
    const order = await trx
      .insertInto('in_storage_orders')
      .values({
        enterprise_id: s.enterpriseId,
        code: await generateNumber(trx, s.enterpriseId, NUMBER_KEYS.inStorageOrder),
        notice_id: notice.id,
        notice_code: notice.code,
        contract_relevance_code: notice.contract_relevance_code,
        enterprise_name: notice.enterprise_name,
        supervise_id: notice.supervise_id,
        supervise_name: notice.supervise_name,
        warehouse_id: notice.warehouse_id,
        warehouse_name: notice.warehouse_name,
        in_storage_time: body.inStorageTime,
        remark: body.remark,
        create_user_id: s.userId,
        create_user_name: userName,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('in_storage_order_goods')
      .values(
        picked.map((p) => ({
          order_id: order.id,
          notice_goods_id: p.line.id,
          goods_id: p.line.goods_id,
          goods_name: p.line.goods_name,
          specification_models: p.line.specification_models,
          weight: p.weight,
          storage_number: p.storageNumber,
          reel_number: p.reelNumber,
          warehouse_name: p.line.warehouse_name,
        })),
      )
      .execute();
    const takenNow = new Map(picked.map((p) => [p.line.id, { first: p.weight, second: p.storageNumber }]));
    if (isExhausted(rooms, takenNow)) {
      await trx
        .updateTable('in_storage_notices')
        .set({ is_create: 1, updated_by: s.userId, updated_at: sql<string>`now()` })
        .where('id', '=', notice.id)
        .execute();
    }
    const created = await findInStorageOrder(trx, s.enterpriseId, order.id);
    await auditWrite(trx, s, 'inStorageOrder', order.id, null, created!, AUDIT_IGNORE);
    return created!;
  });
}

/** Whether this order leaves nothing on any line of its source (then the source leaves the to-do list). */
function isExhausted(rooms: Map<number, LineRoom>, takenNow: Map<number, { first: number; second: number }>): boolean {
  for (const [id, room] of rooms) {
    const t = takenNow.get(id);
    if (remainingQuantity(room.first.remaining, t?.first ?? 0) > 0 || remainingQuantity(room.second.remaining, t?.second ?? 0) > 0) return false;
  }
  return true;
}

type InOrderHeader = {
  id: number;
  code: string;
  notice_id: number;
  notice_code: string;
  contract_relevance_code: string;
  enterprise_name: string;
  supervise_name: string;
  warehouse_id: number | null;
  warehouse_name: string;
  in_storage_time: string;
  remark: string;
  create_user_name: string;
  created_at: string;
};
type InOrderLine = {
  id: number;
  order_id: number;
  notice_goods_id: number | null;
  goods_name: string;
  specification_models: string;
  weight: number;
  storage_number: number;
  reel_number: string;
  warehouse_name: string;
};
const inOrderColumns = [
  'id',
  'code',
  'notice_id',
  'notice_code',
  'contract_relevance_code',
  'enterprise_name',
  'supervise_name',
  'warehouse_id',
  'warehouse_name',
  'in_storage_time',
  'remark',
  'create_user_name',
  'created_at',
] as const;

const inOrder = (h: InOrderHeader, lines: InOrderLine[], totals: { count: number; weight: number; storage: number }): InStorageOrder => ({
  id: h.id,
  code: h.code,
  noticeId: h.notice_id,
  noticeCode: h.notice_code,
  contractRelevanceCode: h.contract_relevance_code,
  enterpriseName: h.enterprise_name,
  superviseName: h.supervise_name,
  warehouseId: h.warehouse_id,
  warehouseName: h.warehouse_name,
  inStorageTime: h.in_storage_time,
  remark: h.remark,
  createUserName: h.create_user_name,
  createTime: h.created_at,
  goodsCount: totals.count,
  totalWeight: round3(totals.weight),
  totalStorageNumber: round3(totals.storage),
  goods: lines.map((l) => ({
    id: l.id,
    noticeGoodsId: l.notice_goods_id,
    goodsName: l.goods_name,
    specificationModels: l.specification_models,
    weight: Number(l.weight),
    storageNumber: Number(l.storage_number),
    reelNumber: l.reel_number,
    warehouseName: l.warehouse_name,
  })),
});

export type OrderFilter = { enterpriseId: string; blurry: string | undefined; date: string | undefined; warehouseId: number | undefined };

export async function pageInStorageOrders(db: Kysely<DB>, f: OrderFilter, w: PageWindow): Promise<{ content: InStorageOrder[]; total: number }> {
  let q = db.selectFrom('in_storage_orders').where('enterprise_id', '=', f.enterpriseId);
  if (f.warehouseId !== undefined) q = q.where('warehouse_id', '=', f.warehouseId);
  if (f.date) q = q.where('in_storage_time', '=', f.date);
  if (f.blurry) {
    const p = likePattern(f.blurry);
    q = q.where((eb) =>
      eb.or([eb('code', 'ilike', p), eb('notice_code', 'ilike', p), eb('contract_relevance_code', 'ilike', p), eb('enterprise_name', 'ilike', p)]),
    );
  }
  const [headers, count] = await Promise.all([
    q.select(inOrderColumns).orderBy('id', 'desc').limit(w.limit).offset(w.offset).execute(),
    q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  const ids = headers.map((h) => h.id);
  const lines = ids.length
    ? await sql<InOrderLine & { rn: number; goods_count: number; total_weight: number; total_storage: number }>`
        SELECT * FROM (
          SELECT g.id, g.order_id, g.notice_goods_id, g.goods_name, g.specification_models, g.weight, g.storage_number,
                 g.reel_number, g.warehouse_name,
                 row_number() OVER (PARTITION BY g.order_id ORDER BY g.id)::int AS rn,
                 count(*) OVER (PARTITION BY g.order_id)::int AS goods_count,
                 sum(g.weight) OVER (PARTITION BY g.order_id) AS total_weight,
                 sum(g.storage_number) OVER (PARTITION BY g.order_id) AS total_storage
          FROM in_storage_order_goods g WHERE g.order_id IN (${sql.join(ids)})
        ) x WHERE x.rn <= ${WAREHOUSE_MAX_GOODS_SHOWN} ORDER BY x.order_id, x.rn`.execute(db)
    : { rows: [] };
  const byOrder = new Map<number, typeof lines.rows>();
  for (const l of lines.rows) byOrder.set(l.order_id, [...(byOrder.get(l.order_id) ?? []), l]);
  return {
    total: Number(count.n),
    content: headers.map((h) => {
      const ls = byOrder.get(h.id) ?? [];
      return inOrder(h, ls, {
        count: ls[0]?.goods_count ?? 0,
        weight: Number(ls[0]?.total_weight ?? 0),
        storage: Number(ls[0]?.total_storage ?? 0),
      });
    }),
  };
}

export async function findInStorageOrder(db: Kysely<DB>, enterpriseId: string, id: number): Promise<InStorageOrder | undefined> {
  const h = await db.selectFrom('in_storage_orders').select(inOrderColumns).where('id', '=', id).where('enterprise_id', '=', enterpriseId).executeTakeFirst();
  if (!h) return undefined;
  const lines = await db
    .selectFrom('in_storage_order_goods')
    .select(['id', 'order_id', 'notice_goods_id', 'goods_name', 'specification_models', 'weight', 'storage_number', 'reel_number', 'warehouse_name'])
    .where('order_id', '=', id)
    .orderBy('id')
    .execute();
  return inOrder(
    h,
    lines,
    lines.reduce((t, l) => ({ count: t.count + 1, weight: t.weight + Number(l.weight), storage: t.storage + Number(l.storage_number) }), {
      count: 0,
      weight: 0,
      storage: 0,
    }),
  );
}

// ---------------------------------------------------------------------------------------------------------------
// Outbound orders

export async function createOutboundOrder(
  db: Kysely<DB>,
  s: Session,
  scope: WarehouseScope,
  body: CreateOutboundOrderBody,
): Promise<OutboundOrder> {
  return db.transaction().execute(async (trx) => {
    // The lock orders concurrent orders of this instruction: each sums what the ones before it took.
    const ins = await trx
      .selectFrom('delivery_instructions')
      .selectAll()
      .where('id', '=', body.instructionId)
      .where('enterprise_id', '=', s.enterpriseId)
      .forUpdate()
      .executeTakeFirst();
    if (!ins) throw notFound('出库指令');
    assertCanAct(s, scope, { warehouseId: ins.warehouse_id, superviseId: ins.supervise_id }, 'instruction');
    if (ins.is_create === 1) throw conflict(WAREHOUSE_MESSAGES.instructionAlreadyCreated);
    const lines = await trx.selectFrom('delivery_apply_goods').selectAll().where('instruction_id', '=', ins.id).orderBy('id').execute();
    if (!lines.length) throw conflict(WAREHOUSE_MESSAGES.instructionHasNoGoods);
    const taken = await takenByInstructionLines(
      trx,
      lines.map((l) => l.id),
    );
    const rooms = new Map(lines.map((l) => [l.id, roomOf(l.goods_name, l.delivery_number, l.delivery_weight_number, taken.get(l.id))]));
    const picked = body.goods
      ? pickLines(lines, body.goods, (g) => g.applyGoodsId, 'applyGoodsId').map(({ line, input }) => ({
          line,
          deliveryNumber: input!.deliveryNumber,
          deliveryWeightNumber: input!.deliveryWeightNumber,
          reelNumber: input!.reelNumber ?? line.reel_number,
        }))
      : lines
          .filter((l) => hasRoom(rooms.get(l.id)!))
          .map((line) => {
            const room = rooms.get(line.id)!;
            return { line, deliveryNumber: room.first.remaining, deliveryWeightNumber: room.second.remaining, reelNumber: line.reel_number };
          });
    if (!picked.length) throw conflict(WAREHOUSE_MESSAGES.instructionAlreadyCreated);
    picked.forEach((p, index) =>
      assertWithinRoom('outbound', index, rooms.get(p.line.id)!, { first: p.deliveryNumber, second: p.deliveryWeightNumber }, [
        'deliveryNumber',
        'deliveryWeightNumber',
      ]),
    );
    const userName = await displayName(trx, s);
    const order = await trx
      .insertInto('outbound_orders')
      .values({
        enterprise_id: s.enterpriseId,
        code: await generateNumber(trx, s.enterpriseId, NUMBER_KEYS.outboundOrder),
        instruction_id: ins.id,
        instruction_code: ins.code,
        contract_relevance_code: ins.contract_relevance_code,
        enterprise_name: ins.enterprise_name,
        supervise_id: ins.supervise_id,
        supervise_name: ins.supervise_name,
        warehouse_id: ins.warehouse_id,
        warehouse_name: ins.warehouse_name,
        plan_delivery_time: ins.plan_delivery_time,
        delivery_time: body.deliveryTime,
        data_sources: ins.data_sources,
        remark: body.remark,
        create_user_id: s.userId,
        create_user_name: userName,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('outbound_order_goods')
      .values(
        picked.map((p) => ({
          order_id: order.id,
          apply_goods_id: p.line.id,
          goods_id: p.line.goods_id,
          goods_name: p.line.goods_name,
          specification_models: p.line.specification_models,
          delivery_number: p.deliveryNumber,
          delivery_weight_number: p.deliveryWeightNumber,
          reel_number: p.reelNumber,
        })),
      )
      .execute();
    const takenNow = new Map(picked.map((p) => [p.line.id, { first: p.deliveryNumber, second: p.deliveryWeightNumber }]));
    if (isExhausted(rooms, takenNow)) {
      await trx
        .updateTable('delivery_instructions')
        .set({ is_create: 1, updated_by: s.userId, updated_at: sql<string>`now()` })
        .where('id', '=', ins.id)
        .execute();
    }
    const created = await findOutboundOrder(trx, s.enterpriseId, order.id);
    await auditWrite(trx, s, 'outboundOrder', order.id, null, created!, AUDIT_IGNORE);
    return created!;
  });
}

type OutOrderHeader = {
  id: number;
  code: string;
  instruction_id: number;
  instruction_code: string;
  contract_relevance_code: string;
  enterprise_name: string;
  supervise_name: string;
  warehouse_id: number | null;
  warehouse_name: string;
  plan_delivery_time: string | null;
  delivery_time: string;
  data_sources: string;
  remark: string;
  create_user_name: string;
  created_at: string;
};
type OutOrderLine = {
  id: number;
  order_id: number;
  apply_goods_id: number | null;
  goods_name: string;
  specification_models: string;
  delivery_number: number;
  delivery_weight_number: number;
  reel_number: string;
};
const outOrderColumns = [
  'id',
  'code',
  'instruction_id',
  'instruction_code',
  'contract_relevance_code',
  'enterprise_name',
  'supervise_name',
  'warehouse_id',
  'warehouse_name',
  'plan_delivery_time',
  'delivery_time',
  'data_sources',
  'remark',
  'create_user_name',
  'created_at',
] as const;

const outOrder = (h: OutOrderHeader, lines: OutOrderLine[], totals: { count: number; number: number; weight: number }): OutboundOrder => ({
  id: h.id,
  code: h.code,
  instructionId: h.instruction_id,
  instructionCode: h.instruction_code,
  contractRelevanceCode: h.contract_relevance_code,
  enterpriseName: h.enterprise_name,
  superviseName: h.supervise_name,
  warehouseId: h.warehouse_id,
  warehouseName: h.warehouse_name,
  planDeliveryTime: h.plan_delivery_time,
  deliveryTime: h.delivery_time,
  dataSources: h.data_sources,
  remark: h.remark,
  createUserName: h.create_user_name,
  createTime: h.created_at,
  goodsCount: totals.count,
  totalDeliveryNumber: round3(totals.number),
  totalDeliveryWeightNumber: round3(totals.weight),
  goods: lines.map((l) => ({
    id: l.id,
    applyGoodsId: l.apply_goods_id,
    goodsName: l.goods_name,
    specificationModels: l.specification_models,
    deliveryNumber: Number(l.delivery_number),
    deliveryWeightNumber: Number(l.delivery_weight_number),
    reelNumber: l.reel_number,
  })),
});

export async function pageOutboundOrders(db: Kysely<DB>, f: OrderFilter, w: PageWindow): Promise<{ content: OutboundOrder[]; total: number }> {
  let q = db.selectFrom('outbound_orders').where('enterprise_id', '=', f.enterpriseId);
  if (f.warehouseId !== undefined) q = q.where('warehouse_id', '=', f.warehouseId);
  if (f.date) q = q.where('delivery_time', '=', f.date);
  if (f.blurry) {
    const p = likePattern(f.blurry);
    q = q.where((eb) =>
      eb.or([eb('code', 'ilike', p), eb('instruction_code', 'ilike', p), eb('contract_relevance_code', 'ilike', p), eb('enterprise_name', 'ilike', p)]),
    );
  }
  const [headers, count] = await Promise.all([
    q.select(outOrderColumns).orderBy('id', 'desc').limit(w.limit).offset(w.offset).execute(),
    q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  const ids = headers.map((h) => h.id);
  const lines = ids.length
    ? await sql<OutOrderLine & { rn: number; goods_count: number; total_number: number; total_weight: number }>`
        SELECT * FROM (
          SELECT g.id, g.order_id, g.apply_goods_id, g.goods_name, g.specification_models, g.delivery_number,
                 g.delivery_weight_number, g.reel_number,
                 row_number() OVER (PARTITION BY g.order_id ORDER BY g.id)::int AS rn,
                 count(*) OVER (PARTITION BY g.order_id)::int AS goods_count,
                 sum(g.delivery_number) OVER (PARTITION BY g.order_id) AS total_number,
                 sum(g.delivery_weight_number) OVER (PARTITION BY g.order_id) AS total_weight
          FROM outbound_order_goods g WHERE g.order_id IN (${sql.join(ids)})
        ) x WHERE x.rn <= ${WAREHOUSE_MAX_GOODS_SHOWN} ORDER BY x.order_id, x.rn`.execute(db)
    : { rows: [] };
  const byOrder = new Map<number, typeof lines.rows>();
  for (const l of lines.rows) byOrder.set(l.order_id, [...(byOrder.get(l.order_id) ?? []), l]);
  return {
    total: Number(count.n),
    content: headers.map((h) => {
      const ls = byOrder.get(h.id) ?? [];
      return outOrder(h, ls, {
        count: ls[0]?.goods_count ?? 0,
        number: Number(ls[0]?.total_number ?? 0),
        weight: Number(ls[0]?.total_weight ?? 0),
      });
    }),
  };
}

export async function findOutboundOrder(db: Kysely<DB>, enterpriseId: string, id: number): Promise<OutboundOrder | undefined> {
  const h = await db.selectFrom('outbound_orders').select(outOrderColumns).where('id', '=', id).where('enterprise_id', '=', enterpriseId).executeTakeFirst();
  if (!h) return undefined;
  const lines = await db
    .selectFrom('outbound_order_goods')
    .select(['id', 'order_id', 'apply_goods_id', 'goods_name', 'specification_models', 'delivery_number', 'delivery_weight_number', 'reel_number'])
    .where('order_id', '=', id)
    .orderBy('id')
    .execute();
  return outOrder(
    h,
    lines,
    lines.reduce(
      (t, l) => ({ count: t.count + 1, number: t.number + Number(l.delivery_number), weight: t.weight + Number(l.delivery_weight_number) }),
      { count: 0, number: 0, weight: 0 },
    ),
  );
}
