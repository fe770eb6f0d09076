// In-storage notices and delivery instructions of one enterprise, for the regulated-warehouse lists: list rows
// carry their first 3 goods lines and totals over all lines; details carry every line.
import { sql, type Kysely } from 'kysely';
import type { DeliveryApplyGoods, DeliveryInstructionRow, InStorageNoticeGoods, InStorageNoticeRow } from '@tfb/contract';
import { WAREHOUSE_MAX_GOODS_SHOWN } from '@tfb/contract';
import type { DB } from '../../db/types.js';
import { likePattern, type PageWindow } from '../../lib/paging.js';

/** The name of the enterprise's warehouse `id` (the caller's own, shown above the second list), or null. */
export async function warehouseName(db: Kysely<DB>, enterpriseId: string, id: number): Promise<string | null> {
  const w = await db.selectFrom('warehouses').select('name').where('enterprise_id', '=', enterpriseId).where('id', '=', id).executeTakeFirst();
  return w?.name ?? null;
}

export type NoticeFilter = {
  enterpriseId: string;
  isCreate: number;
  blurry: string | undefined;
  collectionTime: string | undefined;
  warehouseId: number | undefined;
};

const noticeHeaderColumns = [
  'id',
  'code',
  'contract_relevance_code',
  'enterprise_name',
  'supervise_id',
  'supervise_name',
  'warehouse_name',
  'warehouse_id',
  'collection_time',
  'is_create',
] as const;

type NoticeHeader = {
  id: number;
  code: string;
  contract_relevance_code: string;
  enterprise_name: string;
  supervise_id: string | null;
  supervise_name: string;
  warehouse_name: string;
  warehouse_id: number | null;
  collection_time: string | null;
  is_create: number;
};

type NoticeLine = {
  id: number;
  notice_id: number;
  goods_name: string;
  specification_models: string;
  weight: number;
  storage_number: number;
  reel_number: string;
  warehouse_name: string;
};

const noticeGoods = (l: NoticeLine): InStorageNoticeGoods => ({
  id: l.id,
  goodsName: l.goods_name,
  specificationModels: l.specification_models,
  weight: Number(l.weight),
  storageNumber: Number(l.storage_number),
  reelNumber: l.reel_number,
  warehouseName: l.warehouse_name,
});

const noticeRow = (
  h: NoticeHeader,
  lines: NoticeLine[],
  totals: { count: number; weight: number; storage: number },
): InStorageNoticeRow => ({
  id: h.id,
  code: h.code,
  contractRelevanceCode: h.contract_relevance_code,
  enterpriseName: h.enterprise_name,
  superviseName: h.supervise_name,
  warehouseName: h.warehouse_name,
  warehouseId: h.warehouse_id,
  collectionTime: h.collection_time,
  isCreate: h.is_create,
  inStorageNoticeGoods: lines.map(noticeGoods),
  goodsCount: totals.count,
  totalWeight: round3(totals.weight),
  totalStorageNumber: round3(totals.storage),
});

/** Sums of numeric(18,3) values arrive as numbers; keep them at three decimals. */
const round3 = (n: number) => Math.round(Number(n) * 1000) / 1000;

const groupBy = <T, K>(rows: T[], key: (r: T) => K): Map<K, T[]> => {
  const m = new Map<K, T[]>();
  for (const r of rows) {
    const list = m.get(key(r));
    if (list) list.push(r);
    else m.set(key(r), [r]);
  }
  return m;
};

export async function pageInStorageNotices(
  db: Kysely<DB>,
  f: NoticeFilter,
  w: PageWindow,
): Promise<{ content: InStorageNoticeRow[]; total: number }> {
  let q = db.selectFrom('in_storage_notices').where('enterprise_id', '=', f.enterpriseId).where('is_create', '=', f.isCreate);
  if (f.warehouseId !== undefined) q = q.where('warehouse_id', '=', f.warehouseId);
  if (f.collectionTime) q = q.where('collection_time', '=', f.collectionTime);
  if (f.blurry) {
    const p = likePattern(f.blurry);
    q = q.where((eb) =>
      eb.or([
        eb('code', 'ilike', p),
        eb('contract_relevance_code', 'ilike', p),
        eb('enterprise_name', 'ilike', p),
        eb('warehouse_name', 'ilike', p),
      ]),
    );
  }
  // Without a search or a date the total is a sum over the trigger-kept counts (migration 0005), else counted.
  const count =
    f.blurry || f.collectionTime
      ? q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()
      : sql<{ n: number }>`
          SELECT coalesce(sum(n), 0) AS n FROM in_storage_notice_counts
          WHERE enterprise_id = ${f.enterpriseId} AND is_create = ${f.isCreate}
            ${f.warehouseId === undefined ? sql`` : sql`AND warehouse_id = ${f.warehouseId}`}`
          .execute(db)
          .then((r) => ({ n: r.rows[0]?.n ?? 0 }));
  const [headers, total] = await Promise.all([
    q.select(noticeHeaderColumns).orderBy('id', 'desc').limit(w.limit).offset(w.offset).execute(),
    count,
  ]);
  const ids = headers.map((h) => h.id);
  const lines = ids.length
    ? await sql<NoticeLine & { rn: number; goods_count: number; total_weight: number; total_storage_number: number }>`
        SELECT * FROM (
          SELECT g.id, g.notice_id, g.goods_name, g.specification_models, g.weight, g.storage_number,
                 g.reel_number, g.warehouse_name,
                 row_number() OVER (PARTITION BY g.notice_id ORDER BY g.id)::int AS rn,
                 count(*) OVER (PARTITION BY g.notice_id)::int AS goods_count,
                 sum(g.weight) OVER (PARTITION BY g.notice_id) AS total_weight,
                 sum(g.storage_number) OVER (PARTITION BY g.notice_id) AS total_storage_number
          FROM in_storage_notice_goods g
          WHERE g.notice_id IN (${sql.join(ids)})
        ) x WHERE x.rn <= ${WAREHOUSE_MAX_GOODS_SHOWN}
        ORDER BY x.notice_id, x.rn`.execute(db)
    : { rows: [] };
  const byNotice = groupBy(lines.rows, (l) => l.notice_id);
  return {
    total: Number(total.n),
    content: headers.map((h) => {
      const ls = byNotice.get(h.id) ?? [];
      const first = ls[0];
      return noticeRow(h, ls, {
        count: first?.goods_count ?? 0,
        weight: Number(first?.total_weight ?? 0),
        storage: Number(first?.total_storage_number ?? 0),
      });
    }),
  };
}

export type NoticeDetail = { row: InStorageNoticeRow; superviseId: string | null };

/** One notice of the enterprise with ALL its goods lines, or undefined (also for another enterprise's id). */
export async function findNotice(db: Kysely<DB>, enterpriseId: string, id: number): Promise<NoticeDetail | undefined> {
  const h = await db
    .selectFrom('in_storage_notices')
    .select(noticeHeaderColumns)
    .where('id', '=', id)
    .where('enterprise_id', '=', enterpriseId)
    .executeTakeFirst();
  if (!h) return undefined;
  const lines = await db
    .selectFrom('in_storage_notice_goods')
    .select(['id', 'notice_id', 'goods_name', 'specification_models', 'weight', 'storage_number', 'reel_number', 'warehouse_name'])
    .where('notice_id', '=', id)
    .orderBy('id')
    .execute();
  const totals = lines.reduce(
    (t, l) => ({ count: t.count + 1, weight: t.weight + Number(l.weight), storage: t.storage + Number(l.storage_number) }),
    { count: 0, weight: 0, storage: 0 },
  );
  return { row: noticeRow(h, lines, totals), superviseId: h.supervise_id };
}

// ---------------------------------------------------------------------------------------------------------------
// Delivery instructions

export type InstructionFilter = {
  enterpriseId: string;
  isCreate: number;
  blurry: string | undefined;
  planDeliveryTime: string | undefined;
  dataSources: string | undefined;
  superviseId: string | undefined;
  warehouseId: number | undefined;
};

const instructionHeaderColumns = [
  'id',
  'code',
  'contract_relevance_code',
  'enterprise_name',
  'supervise_id',
  'supervise_name',
  'warehouse_name',
  'warehouse_id',
  'collection_time',
  'plan_delivery_time',
  'data_sources',
  'is_create',
] as const;

type InstructionHeader = NoticeHeader & { plan_delivery_time: string | null; data_sources: string };

type InstructionLine = {
  id: number;
  instruction_id: number;
  goods_name: string;
  specification_models: string;
  delivery_number: number;
  delivery_weight_number: number;
  reel_number: string;
};

const applyGoods = (l: InstructionLine): DeliveryApplyGoods => ({
  id: l.id,
  goodsName: l.goods_name,
  specificationModels: l.specification_models,
  deliveryNumber: Number(l.delivery_number),
  deliveryWeightNumber: Number(l.delivery_weight_number),
  reelNumber: l.reel_number,
});

const instructionRow = (
  h: InstructionHeader,
  lines: InstructionLine[],
  totals: { count: number; number: number; weight: number },
): DeliveryInstructionRow => ({
  id: h.id,
  code: h.code,
  contractRelevanceCode: h.contract_relevance_code,
  enterpriseName: h.enterprise_name,
  superviseId: h.supervise_id,
  superviseName: h.supervise_name,
  warehouseName: h.warehouse_name,
  warehouseId: h.warehouse_id,
  collectionTime: h.collection_time,
  planDeliveryTime: h.plan_delivery_time,
  dataSources: h.data_sources,
  isCreate: h.is_create,
  deliveryApplyGoods: lines.map(applyGoods),
  goodsCount: totals.count,
  totalDeliveryNumber: round3(totals.number),
  totalDeliveryWeightNumber: round3(totals.weight),
});

export async function pageDeliveryInstructions(
  db: Kysely<DB>,
  f: InstructionFilter,
  w: PageWindow,
): Promise<{ content: DeliveryInstructionRow[]; total: number }> {
  let q = db.selectFrom('delivery_instructions').where('enterprise_id', '=', f.enterpriseId).where('is_create', '=', f.isCreate);
  if (f.warehouseId !== undefined) q = q.where('warehouse_id', '=', f.warehouseId);
  if (f.superviseId !== undefined) q = q.where('supervise_id', '=', f.superviseId);
  if (f.planDeliveryTime) q = q.where('plan_delivery_time', '=', f.planDeliveryTime);
  if (f.dataSources) q = q.where('data_sources', '=', f.dataSources);
  if (f.blurry) {
    const p = likePattern(f.blurry);
    q = q.where((eb) =>
      eb.or([
        eb('code', 'ilike', p),
        eb('contract_relevance_code', 'ilike', p),
        eb('enterprise_name', 'ilike', p),
        eb('warehouse_name', 'ilike', p),
      ]),
    );
  }
  // Without a search or a date the total is a sum over the trigger-kept counts (migration 0005), else counted.
  const count =
    f.blurry || f.planDeliveryTime
      ? q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()
      : sql<{ n: number }>`
          SELECT coalesce(sum(n), 0) AS n FROM delivery_instruction_counts
          WHERE enterprise_id = ${f.enterpriseId} AND is_create = ${f.isCreate}
            ${f.warehouseId === undefined ? sql`` : sql`AND warehouse_id = ${f.warehouseId}`}
            ${f.superviseId === undefined ? sql`` : sql`AND supervise_id = ${f.superviseId}`}
            ${f.dataSources ? sql`AND data_sources = ${f.dataSources}` : sql``}`
          .execute(db)
          .then((r) => ({ n: r.rows[0]?.n ?? 0 }));
  const [headers, total] = await Promise.all([
    q.select(instructionHeaderColumns).orderBy('id', 'desc').limit(w.limit).offset(w.offset).execute(),
    count,
  ]);
  const ids = headers.map((h) => h.id);
  const lines = ids.length
    ? await sql<InstructionLine & { rn: number; goods_count: number; total_number: number; total_weight: number }>`
        SELECT * FROM (
          SELECT g.id, g.instruction_id, g.goods_name, g.specification_models, g.delivery_number,
                 g.delivery_weight_number, g.reel_number,
                 row_number() OVER (PARTITION BY g.instruction_id ORDER BY g.id)::int AS rn,
                 count(*) OVER (PARTITION BY g.instruction_id)::int AS goods_count,
                 sum(g.delivery_number) OVER (PARTITION BY g.instruction_id) AS total_number,
                 sum(g.delivery_weight_number) OVER (PARTITION BY g.instruction_id) AS total_weight
          FROM delivery_apply_goods g
          WHERE g.instruction_id IN (${sql.join(ids)})
        ) x WHERE x.rn <= ${WAREHOUSE_MAX_GOODS_SHOWN}
        ORDER BY x.instruction_id, x.rn`.execute(db)
    : { rows: [] };
  const byInstruction = groupBy(lines.rows, (l) => l.instruction_id);
  return {
    total: Number(total.n),
    content: headers.map((h) => {
      const ls = byInstruction.get(h.id) ?? [];
      const first = ls[0];
      return instructionRow(h, ls, {
        count: first?.goods_count ?? 0,
        number: Number(first?.total_number ?? 0),
        weight: Number(first?.total_weight ?? 0),
      });
    }),
  };
}

/** One delivery instruction of the enterprise with ALL its goods lines, or undefined. */
export async function findInstruction(db: Kysely<DB>, enterpriseId: string, id: number): Promise<DeliveryInstructionRow | undefined> {
  const h = await db
    .selectFrom('delivery_instructions')
    .select(instructionHeaderColumns)
    .where('id', '=', id)
    .where('enterprise_id', '=', enterpriseId)
    .executeTakeFirst();
  if (!h) return undefined;
  const lines = await db
    .selectFrom('delivery_apply_goods')
    .select(['id', 'instruction_id', 'goods_name', 'specification_models', 'delivery_number', 'delivery_weight_number', 'reel_number'])
    .where('instruction_id', '=', id)
    .orderBy('id')
    .execute();
  const totals = lines.reduce(
    (t, l) => ({
      count: t.count + 1,
      number: t.number + Number(l.delivery_number),
      weight: t.weight + Number(l.delivery_weight_number),
    }),
    { count: 0, number: 0, weight: 0 },
  );
  return instructionRow(h, lines, totals);
}
