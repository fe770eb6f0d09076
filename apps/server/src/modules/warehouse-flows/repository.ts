// The enterprise's in-storage notices and delivery applications (requirements P28). Every write locks the contract
// row first, so two requests on one contract are checked one after the other: their quantities are summed with
// what the first committed, and together they never pass a contract line's limit.
import { sql, type Kysely, type Transaction } from 'kysely';
import {
  DELIVERY_DATA_SOURCE_APPLY,
  WAREHOUSE_FLOW_MESSAGES,
  exceedsQuantity,
  releasedShare,
  remainingQuantity,
  repaidRatio,
  type ApplyListQuery,
  type ContractGoods,
  type CreateApplyBody,
  type CreateNoticeBody,
  type DeliveryApplication,
  type EnterpriseNotice,
  type FlowStatus,
  type FlowWarehouse,
  type NoticeListQuery,
  type Releasable,
} from '@tfb/contract';
import type { DB } from '../../db/types.js';
import { fieldError, notFound } from '../../lib/errors.js';
import { NUMBER_KEYS, generateNumber } from '../../lib/numbering.js';
import { fetchPage, matchingAny, type PageWindow, type Paged } from '../../lib/paging.js';
import type { Session } from '../../plugins/session.js';
import { registerApprovalSubject, startProcess, type ApprovalOutcome } from '../process/public.js';

const LIVE_APPLICATION: FlowStatus[] = ['approving', 'approved'];

// ---- Warehouses ----

const warehousesOf = (db: Kysely<DB>, enterpriseId: string) =>
  db
    .selectFrom('warehouses as w')
    .select((eb) => [
      'w.id',
      'w.name',
      eb
        .selectFrom('users as u')
        .select('u.id')
        .whereRef('u.warehouse_id', '=', 'w.id')
        .where('u.is_supervisor', '=', true)
        .orderBy('u.id')
        .limit(1)
        .as('supervise_id'),
      eb
        .selectFrom('users as u')
        .select('u.name')
        .whereRef('u.warehouse_id', '=', 'w.id')
        .where('u.is_supervisor', '=', true)
        .orderBy('u.id')
        .limit(1)
        .as('supervise_name'),
    ])
    .where('w.enterprise_id', '=', enterpriseId);

export async function listWarehouses(db: Kysely<DB>, enterpriseId: string): Promise<FlowWarehouse[]> {
  const rows = await warehousesOf(db, enterpriseId).orderBy('w.id').execute();
  return rows.map((w) => ({ id: w.id, name: w.name, superviseName: w.supervise_name ?? '' }));
}

async function pickWarehouse(trx: Kysely<DB>, enterpriseId: string, id: number) {
  const w = await warehousesOf(trx, enterpriseId).where('w.id', '=', id).executeTakeFirst();
  if (!w) throw fieldError('warehouseId', '仓库不存在');
  return w;
}

// ---- Contracts and their goods lines ----

async function lockContract(trx: Kysely<DB>, enterpriseId: string, id: number) {
  return trx
    .selectFrom('contracts')
    .select(['id', 'code', 'contract_relevance_code', 'enterprise_name'])
    .where('enterprise_id', '=', enterpriseId)
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}

/** The contract's goods lines with the quantity live notices already announce of each. */
async function noticedLines(db: Kysely<DB>, contractId: number) {
  return db
    .selectFrom('contract_goods as cg')
    .select((eb) => [
      'cg.id',
      'cg.goods_id',
      'cg.goods_name',
      'cg.specification_models',
      'cg.unit',
      'cg.quantity',
      eb.fn
        .coalesce(
          eb
            .selectFrom('in_storage_notice_goods as g')
            .innerJoin('in_storage_notices as n', 'n.id', 'g.notice_id')
            .select((e) => e.fn.sum<number>('g.weight').as('s'))
            .whereRef('g.contract_goods_id', '=', 'cg.id')
            .where('n.status', '<>', 'rejected'),
          sql<number>`0`,
        )
        .as('noticed'),
    ])
    .where('cg.contract_id', '=', contractId)
    .orderBy('cg.id')
    .execute();
}

export async function contractGoods(db: Kysely<DB>, enterpriseId: string, contractId: number): Promise<ContractGoods> {
  const c = await db
    .selectFrom('contracts')
    .select(['id', 'code', 'contract_relevance_code', 'enterprise_name'])
    .where('enterprise_id', '=', enterpriseId)
    .where('id', '=', contractId)
    .executeTakeFirst();
  if (!c) throw notFound('合同');
  const lines = await noticedLines(db, c.id);
  return {
    contractId: c.id,
    code: c.code,
    contractRelevanceCode: c.contract_relevance_code,
    enterpriseName: c.enterprise_name,
    goods: lines.map((l) => ({
      contractGoodsId: l.id,
      goodsName: l.goods_name,
      specificationModels: l.specification_models,
      unit: l.unit,
      quantity: Number(l.quantity),
      noticed: Number(l.noticed),
      remaining: remainingQuantity(Number(l.quantity), Number(l.noticed)),
    })),
  };
}

/** Each input line's contract line, refusing unknown and repeated lines (400 on goods[i].contractGoodsId). */
function matchLines<L extends { id: number }>(lines: L[], inputs: { contractGoodsId: number }[]): L[] {
  const byId = new Map(lines.map((l) => [l.id, l]));
  const seen = new Set<number>();
  return inputs.map((g, i) => {
    const field = `goods.${i}.contractGoodsId`;
    const line = byId.get(g.contractGoodsId);
    if (!line) throw fieldError(field, WAREHOUSE_FLOW_MESSAGES.goodsLineUnknown);
    if (seen.has(g.contractGoodsId)) throw fieldError(field, WAREHOUSE_FLOW_MESSAGES.goodsLineTwice);
    seen.add(g.contractGoodsId);
    return line;
  });
}

/** A kind's document being written: the contract (locked) its lines come from and the warehouse it is for. */
type FlowTarget = {
  contract: NonNullable<Awaited<ReturnType<typeof lockContract>>>;
  warehouse: Awaited<ReturnType<typeof pickWarehouse>>;
};
type FlowLine = { id: number; goods_id: number | null; goods_name: string; specification_models: string };

/** How one kind of document is written; createFlow holds the order every kind follows. */
type FlowWrite<L extends FlowLine, G extends { contractGoodsId: number }, T> = {
  table: 'in_storage_notices' | 'delivery_applications';
  businessType: 'inStorageNotice' | 'deliveryApplication';
  numberKey: string;
  /** The contract the lines come from, locked first: a concurrent write on it is checked after this one commits. */
  lockedContract: (trx: Transaction<DB>) => Promise<FlowTarget['contract']>;
  /** The contract's lines with what each has left, read after the lock. */
  lines: (trx: Transaction<DB>, contractId: number) => Promise<L[]>;
  /** Why a line's quantity is refused ([its field under goods.i, the message]), or null. */
  exceeds: (input: G, line: L) => [string, string] | null;
  /** Inserts the header (the columns every kind has, `header`, and its own); the new id. */
  insertHeader: (trx: Transaction<DB>, header: ReturnType<typeof headerValues>, contract: FlowTarget['contract']) => Promise<number>;
  /** Inserts the lines of document `id`. */
  insertLines: (trx: Transaction<DB>, id: number, goods: { input: G; line: L }[], target: FlowTarget) => Promise<unknown>;
  /** The document as the enterprise reads it. */
  find: (id: number) => Promise<T | undefined>;
};

/** The header columns every kind has: who writes it, its number, its warehouse and supervisor, approving. */
const headerValues = (s: Session, code: string, warehouse: FlowTarget['warehouse'], remark: string) => ({
  enterprise_id: s.enterpriseId,
  code,
  warehouse_id: warehouse.id,
  warehouse_name: warehouse.name,
  supervise_id: warehouse.supervise_id,
  supervise_name: warehouse.supervise_name ?? '',
  status: 'approving' as const,
  remark,
  created_by: s.userId,
  updated_by: s.userId,
});

/** Locks the contract, checks the warehouse and every line against what it has left, numbers the document, inserts it
 * and starts its approval, in one transaction; the new document's id. */
async function createFlow<L extends FlowLine, G extends { contractGoodsId: number }, T>(
  db: Kysely<DB>,
  s: Session,
  body: { warehouseId: number; remark: string; goods: G[] },
  kind: FlowWrite<L, G, T>,
): Promise<T> {
  const created = await db.transaction().execute(async (trx) => {
    const contract = await kind.lockedContract(trx);
    const warehouse = await pickWarehouse(trx, s.enterpriseId, body.warehouseId);
    const matched = matchLines(await kind.lines(trx, contract.id), body.goods);
    const goods = body.goods.map((input, i) => ({ input, line: matched[i]! }));
    goods.forEach(({ input, line }, i) => {
      const refused = kind.exceeds(input, line);
      if (refused) throw fieldError(`goods.${i}.${refused[0]}`, refused[1]);
    });
    const code = await generateNumber(trx, s.enterpriseId, kind.numberKey);
    const id = await kind.insertHeader(trx, headerValues(s, code, warehouse, body.remark), contract);
    await kind.insertLines(trx, id, goods, { contract, warehouse });
    const pi = await startProcess(trx, s, {
      businessType: kind.businessType,
      businessId: id,
      businessCode: code,
      resubmitted: false,
      comment: body.remark,
    });
    await trx.updateTable(kind.table).set({ process_instance_id: pi }).where('id', '=', id).execute();
    return id;
  });
  return (await kind.find(created))!;
}

/** A line's goods as the contract names them, copied onto a document line. */
const lineGoods = (l: FlowLine) => ({
  contract_goods_id: l.id,
  goods_id: l.goods_id,
  goods_name: l.goods_name,
  specification_models: l.specification_models,
});

// ---- In-storage notices ----

export async function createNotice(db: Kysely<DB>, s: Session, body: CreateNoticeBody): Promise<EnterpriseNotice> {
  return createFlow(db, s, body, {
    table: 'in_storage_notices',
    businessType: 'inStorageNotice',
    numberKey: NUMBER_KEYS.inStorageNotice,
    lockedContract: async (trx) => {
      const contract = await lockContract(trx, s.enterpriseId, body.contractId);
      if (!contract) throw fieldError('contractId', '合同不存在');
      return contract;
    },
    lines: noticedLines,
    exceeds: (g, l) => {
      const remaining = remainingQuantity(Number(l.quantity), Number(l.noticed));
      return exceedsQuantity(g.weight, remaining)
        ? ['weight', WAREHOUSE_FLOW_MESSAGES.noticeExceedsContract(l.goods_name, Number(l.quantity), remaining)]
        : null;
    },
    insertHeader: async (trx, header, contract) =>
      (
        await trx
          .insertInto('in_storage_notices')
          .values({
            ...header,
            contract_relevance_code: contract.contract_relevance_code,
            contract_id: contract.id,
            enterprise_name: contract.enterprise_name,
            collection_time: body.collectionTime,
            is_create: 0,
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id,
    insertLines: (trx, id, goods, { warehouse }) =>
      trx
        .insertInto('in_storage_notice_goods')
        .values(
          goods.map(({ input, line }) => ({
            notice_id: id,
            ...lineGoods(line),
            weight: input.weight,
            storage_number: input.storageNumber,
            reel_number: input.reelNumber,
            warehouse_name: warehouse.name,
          })),
        )
        .execute(),
    find: (id) => findNotice(db, s.enterpriseId, id),
  });
}

const noticeHeaders = (db: Kysely<DB>, enterpriseId: string) =>
  db
    .selectFrom('in_storage_notices as n')
    .leftJoin('contracts as c', 'c.id', 'n.contract_id')
    .leftJoin('users as u', 'u.id', 'n.created_by')
    .where('n.enterprise_id', '=', enterpriseId);

type NoticeHeaderQuery = ReturnType<typeof noticeHeaders>;
const selectNotice = (q: NoticeHeaderQuery) =>
  q.select([
    'n.id',
    'n.code',
    'n.contract_id',
    'c.code as contract_code',
    'n.contract_relevance_code',
    'n.enterprise_name',
    'n.warehouse_name',
    'n.supervise_name',
    'n.collection_time',
    'n.status',
    'n.is_create',
    'n.process_instance_id',
    'n.remark',
    'u.name as create_user_name',
    'n.created_at',
  ]);
type NoticeHeader = Awaited<ReturnType<ReturnType<typeof selectNotice>['executeTakeFirstOrThrow']>>;

async function noticesWithLines(db: Kysely<DB>, headers: NoticeHeader[]): Promise<EnterpriseNotice[]> {
  const ids = headers.map((h) => h.id);
  const lines = ids.length
    ? await db.selectFrom('in_storage_notice_goods').selectAll().where('notice_id', 'in', ids).orderBy('id').execute()
    : [];
  return headers.map((h) => ({
    id: h.id,
    code: h.code,
    contractId: h.contract_id,
    contractCode: h.contract_code ?? '',
    contractRelevanceCode: h.contract_relevance_code,
    enterpriseName: h.enterprise_name,
    warehouseName: h.warehouse_name,
    superviseName: h.supervise_name,
    collectionTime: h.collection_time,
    status: h.status as FlowStatus,
    isCreate: h.is_create,
    processInstanceId: h.process_instance_id,
    remark: h.remark,
    createUserName: h.create_user_name ?? '',
    createTime: h.created_at,
    inStorageNoticeGoods: lines
      .filter((l) => l.notice_id === h.id)
      .map((l) => ({
        id: l.id,
        contractGoodsId: l.contract_goods_id,
        goodsName: l.goods_name,
        specificationModels: l.specification_models,
        weight: Number(l.weight),
        storageNumber: Number(l.storage_number),
        reelNumber: l.reel_number,
        warehouseName: l.warehouse_name,
      })),
  }));
}

export async function findNotice(db: Kysely<DB>, enterpriseId: string, id: number): Promise<EnterpriseNotice | undefined> {
  const h = await selectNotice(noticeHeaders(db, enterpriseId).where('n.id', '=', id)).executeTakeFirst();
  return h ? (await noticesWithLines(db, [h]))[0] : undefined;
}

export async function pageNotices(
  db: Kysely<DB>,
  enterpriseId: string,
  q: NoticeListQuery,
  w: PageWindow,
): Promise<Paged<EnterpriseNotice>> {
  let f = matchingAny(noticeHeaders(db, enterpriseId), q.blurry, ['n.code', 'n.contract_relevance_code', 'n.enterprise_name', 'c.code']);
  if (q.status) f = f.where('n.status', '=', q.status);
  const page = await fetchPage(
    db,
    f,
    (x) => selectNotice(x).orderBy('n.id', 'desc'),
    w,
    (r) => r,
  );
  return { ...page, content: await noticesWithLines(db, page.content) };
}

// ---- Delivery applications ----

async function loanOf(db: Kysely<DB>, enterpriseId: string, loanId: number) {
  return db
    .selectFrom('loan_applications as l')
    .select([
      'l.id',
      'l.application_form_num',
      'l.contract_id',
      'l.status',
      sql<boolean>`loan_application_approved(l.status, l.process_instance_id)`.as('approved'),
    ])
    .where('l.enterprise_id', '=', enterpriseId)
    .where('l.id', '=', loanId)
    .executeTakeFirst();
}

/** The contract's pledged lines with what the repaid share releases of each and what live applications take. */
async function releasableLines(db: Kysely<DB>, contractId: number) {
  const totals = await db
    .selectFrom('loan_contract_totals')
    .select(['approved', 'repaid'])
    .where('contract_id', '=', contractId)
    .executeTakeFirst();
  const approved = Number(totals?.approved ?? 0);
  const repaid = Number(totals?.repaid ?? 0);
  const ratio = repaidRatio(approved, repaid);
  const rows = await db
    .selectFrom('contract_goods as cg')
    .select((eb) => [
      'cg.id',
      'cg.goods_id',
      'cg.goods_name',
      'cg.specification_models',
      'cg.unit',
      'cg.quantity',
      eb.fn
        .coalesce(
          eb
            .selectFrom('delivery_application_goods as g')
            .innerJoin('delivery_applications as a', 'a.id', 'g.application_id')
            .select((e) => e.fn.sum<number>('g.delivery_number').as('s'))
            .whereRef('g.contract_goods_id', '=', 'cg.id')
            .where('a.status', 'in', LIVE_APPLICATION),
          sql<number>`0`,
        )
        .as('released'),
    ])
    .where('cg.contract_id', '=', contractId)
    .orderBy('cg.id')
    .execute();
  const lines = rows.map((r) => {
    const pledged = Number(r.quantity);
    const releasable = releasedShare(pledged, ratio);
    const released = Number(r.released);
    return { ...r, pledged, releasable, released: released, remaining: remainingQuantity(releasable, released) };
  });
  return { approved, repaid, ratio, lines };
}

export async function releasable(db: Kysely<DB>, enterpriseId: string, loanId: number): Promise<Releasable> {
  const loan = await loanOf(db, enterpriseId, loanId);
  if (!loan) throw notFound('融资申请');
  if (loan.contract_id === null) throw fieldError('loanId', WAREHOUSE_FLOW_MESSAGES.loanHasNoContract);
  const c = await db
    .selectFrom('contracts')
    .select(['id', 'code', 'contract_relevance_code', 'enterprise_name'])
    .where('id', '=', loan.contract_id)
    .executeTakeFirstOrThrow();
  const r = await releasableLines(db, c.id);
  return {
    loanId: loan.id,
    applicationFormNum: loan.application_form_num,
    loanStatus: loan.approved ? 'approved' : loan.status,
    contractId: c.id,
    contractCode: c.code,
    contractRelevanceCode: c.contract_relevance_code,
    enterpriseName: c.enterprise_name,
    approvedAmount: r.approved,
    repaidAmount: r.repaid,
    repaidRatio: r.ratio,
    goods: r.lines.map((l) => ({
      contractGoodsId: l.id,
      goodsName: l.goods_name,
      specificationModels: l.specification_models,
      unit: l.unit,
      pledged: l.pledged,
      releasable: l.releasable,
      released: l.released,
      remaining: l.remaining,
    })),
  };
}

export async function createApplication(db: Kysely<DB>, s: Session, body: CreateApplyBody): Promise<DeliveryApplication> {
  let ratio = 0;
  return createFlow(db, s, body, {
    table: 'delivery_applications',
    businessType: 'deliveryApplication',
    numberKey: NUMBER_KEYS.deliveryApplication,
    lockedContract: async (trx) => {
      const loan = await loanOf(trx, s.enterpriseId, body.loanId);
      if (!loan) throw fieldError('loanId', '融资申请不存在');
      if (loan.contract_id === null) throw fieldError('loanId', WAREHOUSE_FLOW_MESSAGES.loanHasNoContract);
      if (!loan.approved) throw fieldError('loanId', WAREHOUSE_FLOW_MESSAGES.loanNotApproved);
      const contract = await lockContract(trx, s.enterpriseId, loan.contract_id);
      if (!contract) throw fieldError('loanId', WAREHOUSE_FLOW_MESSAGES.loanHasNoContract);
      return contract;
    },
    // Read after the contract lock: a concurrent application on the contract has committed (or rolled back) by now.
    lines: async (trx, contractId) => {
      const r = await releasableLines(trx, contractId);
      ratio = r.ratio;
      return r.lines;
    },
    exceeds: (g, l) =>
      exceedsQuantity(g.deliveryNumber, l.remaining)
        ? ['deliveryNumber', WAREHOUSE_FLOW_MESSAGES.releaseExceedsRepaid(l.goods_name, l.pledged, ratio, l.remaining)]
        : null,
    insertHeader: async (trx, header, contract) =>
      (
        await trx
          .insertInto('delivery_applications')
          .values({ ...header, loan_id: body.loanId, contract_id: contract.id, plan_delivery_time: body.planDeliveryTime })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id,
    insertLines: (trx, id, goods) =>
      trx
        .insertInto('delivery_application_goods')
        .values(
          goods.map(({ input, line }) => ({
            application_id: id,
            ...lineGoods(line),
            delivery_number: input.deliveryNumber,
            delivery_weight_number: input.deliveryWeightNumber,
            reel_number: input.reelNumber,
          })),
        )
        .execute(),
    find: (id) => findApplication(db, s.enterpriseId, id),
  });
}

const applicationHeaders = (db: Kysely<DB>, enterpriseId: string) =>
  db
    .selectFrom('delivery_applications as a')
    .innerJoin('loan_applications as l', 'l.id', 'a.loan_id')
    .innerJoin('contracts as c', 'c.id', 'a.contract_id')
    .leftJoin('delivery_instructions as i', 'i.id', 'a.instruction_id')
    .leftJoin('users as u', 'u.id', 'a.created_by')
    .where('a.enterprise_id', '=', enterpriseId);
type ApplicationHeaderQuery = ReturnType<typeof applicationHeaders>;
const selectApplication = (q: ApplicationHeaderQuery) =>
  q.select([
    'a.id',
    'a.code',
    'a.loan_id',
    'l.application_form_num',
    'a.contract_id',
    'c.code as contract_code',
    'c.contract_relevance_code',
    'c.enterprise_name',
    'a.warehouse_name',
    'a.supervise_name',
    'a.plan_delivery_time',
    'a.status',
    'a.process_instance_id',
    'a.instruction_id',
    'i.code as instruction_code',
    'a.remark',
    'u.name as create_user_name',
    'a.created_at',
  ]);
type ApplicationHeader = Awaited<ReturnType<ReturnType<typeof selectApplication>['executeTakeFirstOrThrow']>>;

async function applicationsWithLines(db: Kysely<DB>, headers: ApplicationHeader[]): Promise<DeliveryApplication[]> {
  const ids = headers.map((h) => h.id);
  const lines = ids.length
    ? await db.selectFrom('delivery_application_goods').selectAll().where('application_id', 'in', ids).orderBy('id').execute()
    : [];
  return headers.map((h) => ({
    id: h.id,
    code: h.code,
    loanId: h.loan_id,
    applicationFormNum: h.application_form_num,
    contractId: h.contract_id,
    contractCode: h.contract_code,
    contractRelevanceCode: h.contract_relevance_code,
    enterpriseName: h.enterprise_name,
    warehouseName: h.warehouse_name,
    superviseName: h.supervise_name,
    planDeliveryTime: h.plan_delivery_time,
    status: h.status as FlowStatus,
    processInstanceId: h.process_instance_id,
    instructionId: h.instruction_id,
    instructionCode: h.instruction_code,
    remark: h.remark,
    createUserName: h.create_user_name ?? '',
    createTime: h.created_at,
    deliveryApplyGoods: lines
      .filter((l) => l.application_id === h.id)
      .map((l) => ({
        id: l.id,
        contractGoodsId: l.contract_goods_id,
        goodsName: l.goods_name,
        specificationModels: l.specification_models,
        deliveryNumber: Number(l.delivery_number),
        deliveryWeightNumber: Number(l.delivery_weight_number),
        reelNumber: l.reel_number,
      })),
  }));
}

export async function findApplication(db: Kysely<DB>, enterpriseId: string, id: number): Promise<DeliveryApplication | undefined> {
  const h = await selectApplication(applicationHeaders(db, enterpriseId).where('a.id', '=', id)).executeTakeFirst();
  return h ? (await applicationsWithLines(db, [h]))[0] : undefined;
}

export async function pageApplications(
  db: Kysely<DB>,
  enterpriseId: string,
  q: ApplyListQuery,
  w: PageWindow,
): Promise<Paged<DeliveryApplication>> {
  let f = matchingAny(applicationHeaders(db, enterpriseId), q.blurry, [
    'a.code',
    'l.application_form_num',
    'c.code',
    'c.contract_relevance_code',
  ]);
  if (q.status) f = f.where('a.status', '=', q.status);
  const page = await fetchPage(
    db,
    f,
    (x) => selectApplication(x).orderBy('a.id', 'desc'),
    w,
    (r) => r,
  );
  return { ...page, content: await applicationsWithLines(db, page.content) };
}

// ---- Approval outcomes ----

async function noticeOutcome(trx: Transaction<DB>, _s: Session, o: ApprovalOutcome): Promise<void> {
  // A rejected notice is withdrawn: it leaves the warehouse lists (is_create 1) and no longer holds its quantities.
  await trx
    .updateTable('in_storage_notices')
    .set(o.outcome === 'approved' ? { status: 'approved' } : { status: 'rejected', is_create: 1 })
    .set({ updated_at: sql<string>`now()` })
    .where('id', '=', o.businessId)
    .where('enterprise_id', '=', o.enterpriseId)
    .execute();
}

/** An approved application becomes a delivery instruction labelled 提货申请生成 (spec 7.3 dataSources). */
async function applicationOutcome(trx: Transaction<DB>, s: Session, o: ApprovalOutcome): Promise<void> {
  const a = await trx
    .selectFrom('delivery_applications as a')
    .innerJoin('contracts as c', 'c.id', 'a.contract_id')
    .select([
      'a.id',
      'a.contract_id',
      'c.contract_relevance_code',
      'c.enterprise_name',
      'a.supervise_id',
      'a.supervise_name',
      'a.warehouse_id',
      'a.warehouse_name',
      'a.plan_delivery_time',
      'a.created_by',
    ])
    .where('a.id', '=', o.businessId)
    .where('a.enterprise_id', '=', o.enterpriseId)
    .forUpdate()
    .executeTakeFirst();
  if (!a) return;
  if (o.outcome === 'rejected') {
    await trx
      .updateTable('delivery_applications')
      .set({ status: 'rejected', updated_by: s.userId, updated_at: sql<string>`now()`, version: sql<number>`version + 1` })
      .where('id', '=', a.id)
      .execute();
    return;
  }
  const code = await generateNumber(trx, o.enterpriseId, NUMBER_KEYS.deliveryInstruction);
  const instruction = await trx
    .insertInto('delivery_instructions')
    .values({
      enterprise_id: o.enterpriseId,
      code,
      contract_relevance_code: a.contract_relevance_code,
      contract_id: a.contract_id,
      enterprise_name: a.enterprise_name,
      supervise_id: a.supervise_id,
      supervise_name: a.supervise_name,
      warehouse_id: a.warehouse_id,
      warehouse_name: a.warehouse_name,
      plan_delivery_time: a.plan_delivery_time,
      data_sources: DELIVERY_DATA_SOURCE_APPLY,
      is_create: 0,
      created_by: a.created_by,
      updated_by: s.userId,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const lines = await trx.selectFrom('delivery_application_goods').selectAll().where('application_id', '=', a.id).orderBy('id').execute();
  await trx
    .insertInto('delivery_apply_goods')
    .values(
      lines.map((l) => ({
        instruction_id: instruction.id,
        goods_id: l.goods_id,
        goods_name: l.goods_name,
        specification_models: l.specification_models,
        delivery_number: l.delivery_number,
        delivery_weight_number: l.delivery_weight_number,
        reel_number: l.reel_number,
      })),
    )
    .execute();
  await trx
    .updateTable('delivery_applications')
    .set({
      status: 'approved',
      instruction_id: instruction.id,
      updated_by: s.userId,
      updated_at: sql<string>`now()`,
      version: sql<number>`version + 1`,
    })
    .where('id', '=', a.id)
    .execute();
}

registerApprovalSubject('inStorageNotice', { onOutcome: noticeOutcome });
registerApprovalSubject('deliveryApplication', { onOutcome: applicationOutcome });
