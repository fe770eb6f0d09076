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

const listQuery = PageQuerySchema.extend({
  blurry: optionalText(),
  status: z.preprocess((v) => (v === '' || v === null ? undefined : v), z.enum(FLOW_STATUSES, { error: 'status 不正确' }).optional()),
});

// ---- In-storage notices ----

export const ContractGoodsQuerySchema = z.object({ contractId: rowId('contractId 必须是正整数') });
export const ContractGoodsLineSchema = z.object({
  contractGoodsId: z.number().int(),
  goodsName: z.string(),
  specificationModels: z.string(),
  unit: z.string(),
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

export const NoticeLineInputSchema = z.object({
  contractGoodsId: rowId('contractGoodsId 必须是正整数'),
  /** 数量 (a notice line's weight is shown as quantity, spec 3). */
  weight: quantity('数量'),
  /** 重量 (storageNumber, shown as weight). */
  storageNumber: measure('重量').default(0),
  reelNumber: optionalTextOrEmpty(64),
});
export type NoticeLineInput = z.infer<typeof NoticeLineInputSchema>;
export const CreateNoticeBodySchema = z.object({
  contractId: rowId(WAREHOUSE_FLOW_MESSAGES.contractRequired),
  warehouseId: rowId(WAREHOUSE_FLOW_MESSAGES.warehouseRequired),
  collectionTime: requiredDate(WAREHOUSE_FLOW_MESSAGES.collectionTimeRequired),
  remark: optionalTextOrEmpty(500),
  goods: z.array(NoticeLineInputSchema).min(1, WAREHOUSE_FLOW_MESSAGES.goodsRequired).max(200, WAREHOUSE_FLOW_MESSAGES.goodsTooMany),
});
export type CreateNoticeBody = z.infer<typeof CreateNoticeBodySchema>;

export const EnterpriseNoticeLineSchema = z.object({
  id: z.number().int(),
  contractGoodsId: z.number().int().nullable(),
  goodsName: z.string(),
  specificationModels: z.string(),
  weight: z.number(),
  storageNumber: z.number(),
  reelNumber: z.string(),
  warehouseName: z.string(),
});
export const EnterpriseNoticeSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  contractId: z.number().int().nullable(),
  contractCode: z.string(),
  contractRelevanceCode: z.string(),
  enterpriseName: z.string(),
  warehouseName: z.string(),
  superviseName: z.string(),
  collectionTime: z.string().nullable(),
  status: z.enum(FLOW_STATUSES),
  /** 1 once the warehouse has made in-storage orders for all of it (or the notice was withdrawn by a rejection). */
  isCreate: z.number().int(),
  processInstanceId: z.number().int().nullable(),
  remark: z.string(),
  createUserName: z.string(),
  createTime: z.string(),
  inStorageNoticeGoods: z.array(EnterpriseNoticeLineSchema),
});
export type EnterpriseNotice = z.infer<typeof EnterpriseNoticeSchema>;
export const EnterpriseNoticeReplySchema = envelope(EnterpriseNoticeSchema);
export const NoticeListQuerySchema = listQuery;
export type NoticeListQuery = z.infer<typeof NoticeListQuerySchema>;
export const EnterpriseNoticePageReplySchema = envelope(pageOf(EnterpriseNoticeSchema));
export const FlowDetailQuerySchema = z.object({ id: rowId('id 必须是正整数') });

// ---- Delivery applications ----

export const ReleasableQuerySchema = z.object({ loanId: rowId('loanId 必须是正整数') });
export const ReleasableLineSchema = z.object({
  contractGoodsId: z.number().int(),
  goodsName: z.string(),
  specificationModels: z.string(),
  unit: z.string(),
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

export const ApplyLineInputSchema = z.object({
  contractGoodsId: rowId('contractGoodsId 必须是正整数'),
  deliveryNumber: quantity('提货数量'),
  deliveryWeightNumber: measure('提货重量').default(0),
  reelNumber: optionalTextOrEmpty(64),
});
export type ApplyLineInput = z.infer<typeof ApplyLineInputSchema>;
export const CreateApplyBodySchema = z.object({
  loanId: rowId(WAREHOUSE_FLOW_MESSAGES.loanRequired),
  warehouseId: rowId(WAREHOUSE_FLOW_MESSAGES.warehouseRequired),
  planDeliveryTime: requiredDate(WAREHOUSE_FLOW_MESSAGES.planDeliveryTimeRequired),
  remark: optionalTextOrEmpty(500),
  goods: z.array(ApplyLineInputSchema).min(1, WAREHOUSE_FLOW_MESSAGES.goodsRequired).max(200, WAREHOUSE_FLOW_MESSAGES.goodsTooMany),
});
export type CreateApplyBody = z.infer<typeof CreateApplyBodySchema>;

export const DeliveryApplicationLineSchema = z.object({
  id: z.number().int(),
  contractGoodsId: z.number().int(),
  goodsName: z.string(),
  specificationModels: z.string(),
  deliveryNumber: z.number(),
  deliveryWeightNumber: z.number(),
  reelNumber: z.string(),
});
export const DeliveryApplicationSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  loanId: z.number().int(),
  applicationFormNum: z.string(),
  contractId: z.number().int(),
  contractCode: z.string(),
  contractRelevanceCode: z.string(),
  enterpriseName: z.string(),
  warehouseName: z.string(),
  superviseName: z.string(),
  planDeliveryTime: z.string(),
  status: z.enum(FLOW_STATUSES),
  processInstanceId: z.number().int().nullable(),
  /** The delivery instruction made on approval (dataSources 提货申请生成), else null. */
  instructionId: z.number().int().nullable(),
  instructionCode: z.string().nullable(),
  remark: z.string(),
  createUserName: z.string(),
  createTime: z.string(),
  deliveryApplyGoods: z.array(DeliveryApplicationLineSchema),
});
export type DeliveryApplication = z.infer<typeof DeliveryApplicationSchema>;
export const DeliveryApplicationReplySchema = envelope(DeliveryApplicationSchema);
export const ApplyListQuerySchema = listQuery;
export type ApplyListQuery = z.infer<typeof ApplyListQuerySchema>;
export const DeliveryApplicationPageReplySchema = envelope(pageOf(DeliveryApplicationSchema));
