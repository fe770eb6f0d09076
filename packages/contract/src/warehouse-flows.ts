// The enterprise side of warehouse supervision (requirements P28): an enterprise announces goods coming
// into a supervised warehouse (an in-storage notice for a contract chosen with the in-storage contract picker,
// spec 7.2 findInStorageNoticeContract) and applies for the delivery of pledged goods against a loan (a delivery
// application, 提货申请, chosen with the loan-application picker, spec 7.2 findPageLoansList).
//
// Limits the server enforces (under the contract row's lock, so concurrent requests are summed one after another):
// - a notice line's quantity is at most what its contract goods line has not yet been noticed for (live notices:
//   every one that is not rejected);
// - a delivery line's quantity is at most what the repaid share of the contract's approved loans releases of the
//   pledged line, less what live applications (approving or approved) already take:
//   releasable = floor₃(pledged quantity × min(1, repaid ÷ approved)) − released.
//   Repaid and approved are the contract's totals (approved loan applications; submitted repayment settlements).
import { z } from 'zod';
import { PageQuerySchema, envelope, pageOf } from './envelope.js';
import { measure, optionalText, optionalTextOrEmpty, quantity, requiredDate, rowId } from './fields.js';
import { formatQuantityAmount } from './limits.js';
import type { Permission } from './permissions.js';

/** Notices belong to contracts (contracts:*), delivery applications to loans (funds:*); approvers of each area approve. */
export const WAREHOUSE_FLOW_ACCESS = {
  noticeRead: 'contracts:read',
  noticeWrite: 'contracts:write',
  noticeApprove: 'contracts:approve',
  applyRead: 'funds:read',
  applyWrite: 'funds:write',
  applyApprove: 'funds:approve',
} as const satisfies Record<string, Permission>;

const BASE = '/api/businessperationService';
export const WAREHOUSE_FLOW_PATHS = {
  /** The enterprise's warehouses with their supervisor (the notice and application forms choose one). */
  warehouses: `${BASE}/inStorageNotice/warehouses`,
  /** A contract's goods lines with what each has left to be noticed. */
  contractGoods: `${BASE}/inStorageNotice/contractGoods`,
  noticeCreate: `${BASE}/inStorageNotice/create`,
  noticePage: `${BASE}/inStorageNotice/mine`,
  noticeDetail: `${BASE}/inStorageNotice/mineDetail`,
  /** A loan's pledged goods and what each line may still release. */
  releasable: `${BASE}/deliveryApply/releasable`,
  applyCreate: `${BASE}/deliveryApply/create`,
  applyPage: `${BASE}/deliveryApply/pageQuery`,
  applyDetail: `${BASE}/deliveryApply/detail`,
} as const;

/** The web pages (menu: 仓储物流). */
export const WAREHOUSE_FLOW_PAGES = {
  notices: '/warehouse/notices',
  noticeAdd: '/warehouse/notices/add',
  noticeDetail: '/warehouse/notices/detail',
  applications: '/warehouse/delivery-applications',
  applicationAdd: '/warehouse/delivery-applications/add',
  applicationDetail: '/warehouse/delivery-applications/detail',
} as const;

export const FLOW_STATUSES = ['approving', 'approved', 'rejected'] as const;
export type FlowStatus = (typeof FLOW_STATUSES)[number];

export const WAREHOUSE_FLOW_MESSAGES = {
  warehouseRequired: '请选择仓库',
  contractRequired: '请选择合同',
  loanRequired: '请选择融资申请',
  collectionTimeRequired: '请选择计划入库日期',
  planDeliveryTimeRequired: '请选择计划提货日期',
  goodsRequired: '至少需要一行货品',
  goodsTooMany: '货品行过多',
  goodsLineUnknown: '货品行不属于该合同',
  goodsLineTwice: '同一货品行不能重复填写',
  loanNotApproved: '只能对审批通过的融资申请申请提货',
  loanHasNoContract: '该融资申请没有关联合同，无法确定质押货品',
  noticeExceedsContract: (goodsName: string, limit: number, remaining: number) =>
    `「${goodsName}」的通知数量超过合同剩余未通知量：合同数量 ${formatQuantityAmount(limit)}，剩余可通知 ${formatQuantityAmount(remaining)}`,
  releaseExceedsRepaid: (goodsName: string, pledged: number, ratio: number, remaining: number) =>
    `「${goodsName}」的提货数量超过还款可释放量：质押数量 ${formatQuantityAmount(pledged)}，还款比例 ${(ratio * 100).toFixed(2)}%，剩余可提货 ${formatQuantityAmount(remaining)}`,
} as const;

const THOUSANDTHS = 1000;
/** What the repaid share releases of a pledged quantity, rounded down to the quantity scale. */
export const releasedShare = (pledged: number, ratio: number): number =>
  Math.floor(Math.round(pledged * THOUSANDTHS) * Math.min(1, Math.max(0, ratio)) + 1e-9) / THOUSANDTHS;
/** The repaid share of the approved loans of a contract (0 when nothing is approved; at most 1). */
export const repaidRatio = (approved: number, repaid: number): number => (approved > 0 ? Math.min(1, Math.max(0, repaid / approved)) : 0);

// ---- Shared pieces ----

export const FlowWarehouseSchema = z.object({ id: z.number().int(), name: z.string(), superviseName: z.string() });
export type FlowWarehouse = z.infer<typeof FlowWarehouseSchema>;
export const FlowWarehousesReplySchema = envelope(z.array(FlowWarehouseSchema));

/** Either kind's list: a search over its codes and a status. */
export const FlowListQuerySchema = PageQuerySchema.extend({
  blurry: optionalText(),
  status: z.preprocess((v) => (v === '' || v === null ? undefined : v), z.enum(FLOW_STATUSES, { error: 'status 不正确' }).optional()),
});
export const FlowDetailQuerySchema = z.object({ id: rowId('id 必须是正整数') });

// A notice and a delivery application are one kind of document: a contract's goods lines taken in a warehouse on a
// planned date. The builders below hold that shape once; each kind names its reference, its date and its measures.

/** A field named by the kind (its key chosen by the caller), to spread into an object shape. */
const named = <K extends string, S extends z.ZodType>(key: K, schema: S) => ({ [key]: schema }) as { [P in K]: S };

/** A form's look-up line: a contract goods line and what it has left for this kind of document. */
const lookupLine = <S extends z.ZodRawShape>(own: S) =>
  z.object({ contractGoodsId: z.number().int(), goodsName: z.string(), specificationModels: z.string(), unit: z.string(), ...own });

/** A line the form sends: the contract goods line, its quantity, its second measure (0 when not given), a reel number. */
const lineInput = <Q extends string, M extends string>(quantityKey: Q, quantityLabel: string, measureKey: M, measureLabel: string) =>
  z.object({
    contractGoodsId: rowId('contractGoodsId 必须是正整数'),
    ...named(quantityKey, quantity(quantityLabel)),
    ...named(measureKey, measure(measureLabel).default(0)),
    reelNumber: optionalTextOrEmpty(64),
  });

/** The create body: the reference the lines come from, the warehouse, the planned date, a remark, 1–200 lines. */
const createBody = <R extends string, D extends string, L extends z.ZodType>(
  reference: { key: R; message: string },
  date: { key: D; message: string },
  line: L,
) =>
  z.object({
    ...named(reference.key, rowId(reference.message)),
    warehouseId: rowId(WAREHOUSE_FLOW_MESSAGES.warehouseRequired),
    ...named(date.key, requiredDate(date.message)),
    remark: optionalTextOrEmpty(500),
    goods: z.array(line).min(1, WAREHOUSE_FLOW_MESSAGES.goodsRequired).max(200, WAREHOUSE_FLOW_MESSAGES.goodsTooMany),
  });

/** A saved line as the enterprise reads it. */
const documentLine = <S extends z.ZodRawShape>(own: S) =>
  z.object({ id: z.number().int(), goodsName: z.string(), specificationModels: z.string(), reelNumber: z.string(), ...own });

/** A saved document as the enterprise reads it: its header, what the kind adds, and its lines under the kind's key. */
const flowDocument = <S extends z.ZodRawShape, K extends string, L extends z.ZodType>(own: S, linesKey: K, line: L) =>
  z.object({
    id: z.number().int(),
    code: z.string(),
    contractCode: z.string(),
    contractRelevanceCode: z.string(),
    enterpriseName: z.string(),
    warehouseName: z.string(),
    superviseName: z.string(),
    status: z.enum(FLOW_STATUSES),
    processInstanceId: z.number().int().nullable(),
    remark: z.string(),
    createUserName: z.string(),
    createTime: z.string(),
    ...own,
    ...named(linesKey, z.array(line)),
  });

// ---- In-storage notices ----

export const ContractGoodsQuerySchema = z.object({ contractId: rowId('contractId 必须是正整数') });
export const ContractGoodsLineSchema = lookupLine({
  /** The contract's quantity of the line. */
  quantity: z.number(),
  /** Taken by live notices. */
  noticed: z.number(),
  remaining: z.number(),
});
export type ContractGoodsLine = z.infer<typeof ContractGoodsLineSchema>;
export const ContractGoodsSchema = z.object({
  contractId: z.number().int(),
  code: z.string(),
  contractRelevanceCode: z.string(),
  enterpriseName: z.string(),
  goods: z.array(ContractGoodsLineSchema),
});
export type ContractGoods = z.infer<typeof ContractGoodsSchema>;
export const ContractGoodsReplySchema = envelope(ContractGoodsSchema);

/** 数量 is a notice line's weight, 重量 its storageNumber (spec 3). */
export const NoticeLineInputSchema = lineInput('weight', '数量', 'storageNumber', '重量');
export type NoticeLineInput = z.infer<typeof NoticeLineInputSchema>;
export const CreateNoticeBodySchema = createBody(
  { key: 'contractId', message: WAREHOUSE_FLOW_MESSAGES.contractRequired },
  { key: 'collectionTime', message: WAREHOUSE_FLOW_MESSAGES.collectionTimeRequired },
  NoticeLineInputSchema,
);
export type CreateNoticeBody = z.infer<typeof CreateNoticeBodySchema>;

export const EnterpriseNoticeLineSchema = documentLine({
  contractGoodsId: z.number().int().nullable(),
  weight: z.number(),
  storageNumber: z.number(),
  warehouseName: z.string(),
});
export const EnterpriseNoticeSchema = flowDocument(
  {
    contractId: z.number().int().nullable(),
    collectionTime: z.string().nullable(),
    /** 1 once the warehouse has made in-storage orders for all of it (or the notice was withdrawn by a rejection). */
    isCreate: z.number().int(),
  },
  'inStorageNoticeGoods',
  EnterpriseNoticeLineSchema,
);
export type EnterpriseNotice = z.infer<typeof EnterpriseNoticeSchema>;
export const EnterpriseNoticeReplySchema = envelope(EnterpriseNoticeSchema);
export const NoticeListQuerySchema = FlowListQuerySchema;
export type NoticeListQuery = z.infer<typeof NoticeListQuerySchema>;
export const EnterpriseNoticePageReplySchema = envelope(pageOf(EnterpriseNoticeSchema));

// ---- Delivery applications ----

export const ReleasableQuerySchema = z.object({ loanId: rowId('loanId 必须是正整数') });
export const ReleasableLineSchema = lookupLine({
  /** The pledged quantity (the contract's goods line). */
  pledged: z.number(),
  /** What the repaid share releases of it. */
  releasable: z.number(),
  /** Taken by live applications (approving or approved). */
  released: z.number(),
  remaining: z.number(),
});
export type ReleasableLine = z.infer<typeof ReleasableLineSchema>;
export const ReleasableSchema = z.object({
  loanId: z.number().int(),
  applicationFormNum: z.string(),
  loanStatus: z.string(),
  contractId: z.number().int(),
  contractCode: z.string(),
  contractRelevanceCode: z.string(),
  enterpriseName: z.string(),
  /** The contract's approved loan amounts and repayments. */
  approvedAmount: z.number(),
  repaidAmount: z.number(),
  repaidRatio: z.number(),
  goods: z.array(ReleasableLineSchema),
});
export type Releasable = z.infer<typeof ReleasableSchema>;
export const ReleasableReplySchema = envelope(ReleasableSchema);

export const ApplyLineInputSchema = lineInput('deliveryNumber', '提货数量', 'deliveryWeightNumber', '提货重量');
export type ApplyLineInput = z.infer<typeof ApplyLineInputSchema>;
export const CreateApplyBodySchema = createBody(
  { key: 'loanId', message: WAREHOUSE_FLOW_MESSAGES.loanRequired },
  { key: 'planDeliveryTime', message: WAREHOUSE_FLOW_MESSAGES.planDeliveryTimeRequired },
  ApplyLineInputSchema,
);
export type CreateApplyBody = z.infer<typeof CreateApplyBodySchema>;

export const DeliveryApplicationLineSchema = documentLine({
  contractGoodsId: z.number().int(),
  deliveryNumber: z.number(),
  deliveryWeightNumber: z.number(),
});
export const DeliveryApplicationSchema = flowDocument(
  {
    loanId: z.number().int(),
    applicationFormNum: z.string(),
    contractId: z.number().int(),
    planDeliveryTime: z.string(),
    /** The delivery instruction made on approval (dataSources 提货申请生成), else null. */
    instructionId: z.number().int().nullable(),
    instructionCode: z.string().nullable(),
  },
  'deliveryApplyGoods',
  DeliveryApplicationLineSchema,
);
export type DeliveryApplication = z.infer<typeof DeliveryApplicationSchema>;
export const DeliveryApplicationReplySchema = envelope(DeliveryApplicationSchema);
export const ApplyListQuerySchema = FlowListQuerySchema;
export type ApplyListQuery = z.infer<typeof ApplyListQuerySchema>;
export const DeliveryApplicationPageReplySchema = envelope(pageOf(DeliveryApplicationSchema));
