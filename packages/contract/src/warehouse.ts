// Regulated-warehouse lists and actions (spec 2.3 item 11, 3 In-storage notice / Delivery instruction, 6 Warehouse
// actions, 7.3), and the in-storage and outbound orders made from them.
//
// Which list a caller acts from is the `scope`:
// - 'operator' (the first list, the default): every notice/instruction of the caller's enterprise is listed, but
//   only the warehouse-operator organisation (personal orgId === WAREHOUSE_OPERATOR_ORG_ID) may print or create
//   orders;
// - 'warehouse' (the second list, sent with warehouseId and enterpriseId): only rows of the caller's own warehouse
//   and enterprise (and, for a supervisor's delivery instructions, the supervisor's own) are listed, and everyone
//   who has that warehouse may act on them.
// The server applies the same rule to print and create calls; `canOperate` in replies only mirrors it for the UI.
import { z } from 'zod';
import { PageQuerySchema, envelope, pageOf } from './envelope.js';
import {
  echoedEnterpriseId,
  inputString,
  isBlank,
  measure,
  optionalFlag01,
  optionalText,
  optionalTextOrEmpty,
  queryIsoDate,
  queryRowId,
  requiredDate,
  rowId,
} from './fields.js';
import { LIMIT_MESSAGES } from './limits.js';

/** The label of delivery instructions generated from a delivery application (spec 7.3 dataSources). */
export const DELIVERY_DATA_SOURCE_APPLY = '提货申请生成';

export const WAREHOUSE_SCOPES = ['operator', 'warehouse'] as const;
export type WarehouseScope = (typeof WAREHOUSE_SCOPES)[number];
/** Which list the caller acts from; missing means the first list ('operator'). */
export const WarehouseScopeSchema = z.preprocess(
  (v) => (isBlank(v) ? undefined : v),
  z.enum(WAREHOUSE_SCOPES, { error: "scope 只能是 'operator' 或 'warehouse'" }).optional(),
);

export const WAREHOUSE_MESSAGES = {
  operatorOnly: '只有仓储运营机构可以执行此操作',
  noWarehouse: '当前用户没有所属仓库',
  ownWarehouseOnly: '只能操作本人所属仓库的单据',
  ownSupervisorOnly: '监管员只能查询本人监管的出库指令',
  ownInstructionOnly: '只能操作本人监管的出库指令',
  /** Every line of the notice is fully received (orders may be made in several lots until then). */
  noticeAlreadyCreated: '该入库通知的货品已全部生成入库单',
  instructionAlreadyCreated: '该出库指令的货品已全部生成出库单',
  noticeHasNoGoods: '该入库通知没有货品，无法生成入库单',
  instructionHasNoGoods: '该出库指令没有货品，无法生成出库单',
  /** Print outcome "code 0 and a message other than 成功" (spec section 8). */
  noGoodsToPrint: '该入库通知没有货品，无法打印',
  goodsLineUnknown: '货品行不属于该单据',
  goodsLineTwice: '同一货品行不能重复填写',
} as const;

// ---------------------------------------------------------------------------------------------------------------
// In-storage notices

export const InStorageNoticeGoodsSchema = z.object({
  id: z.number().int(),
  goodsName: z.string(),
  specificationModels: z.string(),
  /** Displayed as quantity (spec section 3). */
  weight: z.number(),
  /** Displayed as weight (spec section 3). */
  storageNumber: z.number(),
  reelNumber: z.string(),
  warehouseName: z.string(),
});
export type InStorageNoticeGoods = z.infer<typeof InStorageNoticeGoodsSchema>;

export const InStorageNoticeRowSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  contractRelevanceCode: z.string(),
  enterpriseName: z.string(),
  superviseName: z.string(),
  warehouseName: z.string(),
  warehouseId: z.number().int().nullable(),
  collectionTime: z.string().nullable(),
  isCreate: z.number().int(),
  /** In list rows at most the first three lines (the list shows at most 3 goods); in the detail all lines. */
  inStorageNoticeGoods: z.array(InStorageNoticeGoodsSchema),
  /** All lines of the notice; more than inStorageNoticeGoods.length means 查看更多货品. */
  goodsCount: z.number().int(),
  /** Totals over all lines (the total row). */
  totalWeight: z.number(),
  totalStorageNumber: z.number(),
});
export type InStorageNoticeRow = z.infer<typeof InStorageNoticeRowSchema>;

export const InStoragePageQuerySchema = PageQuerySchema.extend({
  blurry: optionalText(),
  isCreate: optionalFlag01('isCreate 只能是 0 或 1'),
  collectionTimeL: queryIsoDate(),
  /** The second list: the caller's own warehouse (another is 403). */
  warehouseId: queryRowId(),
  enterpriseId: echoedEnterpriseId(),
  scope: WarehouseScopeSchema,
});
export type InStoragePageQuery = z.infer<typeof InStoragePageQuerySchema>;

/** A list page plus whether the caller may print / create orders from this list. */
const actionablePage = <T extends z.ZodType>(item: T) =>
  pageOf(item).extend({ scope: z.enum(WAREHOUSE_SCOPES), canOperate: z.boolean() });

export const InStoragePageReplySchema = envelope(actionablePage(InStorageNoticeRowSchema));

export const WarehouseDetailQuerySchema = z.object({ id: rowId('id 必须是正整数'), scope: WarehouseScopeSchema });
export type WarehouseDetailQuery = z.infer<typeof WarehouseDetailQuerySchema>;

/** A notice line with what is left to receive: the announced amount less every in-storage order made from it. */
export const InStorageNoticeDetailGoodsSchema = InStorageNoticeGoodsSchema.extend({
  remainingWeight: z.number(),
  remainingStorageNumber: z.number(),
});
export type InStorageNoticeDetailGoods = z.infer<typeof InStorageNoticeDetailGoodsSchema>;

/** The more-goods dialog and the create page: the notice with ALL its goods lines and what each has left. */
export const InStorageNoticeDetailSchema = InStorageNoticeRowSchema.extend({
  inStorageNoticeGoods: z.array(InStorageNoticeDetailGoodsSchema),
  scope: z.enum(WAREHOUSE_SCOPES),
  canOperate: z.boolean(),
});
export type InStorageNoticeDetail = z.infer<typeof InStorageNoticeDetailSchema>;
export const InStorageNoticeDetailReplySchema = envelope(InStorageNoticeDetailSchema);

/** Print: data is the URL of the generated PDF, or null (then 数据打印失败 or the message is shown). */
export const PrintQuerySchema = WarehouseDetailQuerySchema;
export const PrintReplySchema = envelope(z.string().nullable());
export const PrintFileParamsSchema = z.object({
  // A UUID as the database stores it (anything else would be refused by the uuid column, so it is a 400 here).
  printId: inputString().regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, 'printId 格式不正确'),
});

// ---------------------------------------------------------------------------------------------------------------
// Delivery instructions

export const DeliveryApplyGoodsSchema = z.object({
  id: z.number().int(),
  goodsName: z.string(),
  specificationModels: z.string(),
  deliveryNumber: z.number(),
  deliveryWeightNumber: z.number(),
  reelNumber: z.string(),
});
export type DeliveryApplyGoods = z.infer<typeof DeliveryApplyGoodsSchema>;

export const DeliveryInstructionRowSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  contractRelevanceCode: z.string(),
  enterpriseName: z.string(),
  superviseId: z.string().nullable(),
  superviseName: z.string(),
  warehouseName: z.string(),
  warehouseId: z.number().int().nullable(),
  collectionTime: z.string().nullable(),
  planDeliveryTime: z.string().nullable(),
  dataSources: z.string(),
  isCreate: z.number().int(),
  /** In list rows at most the first three lines; in the detail all lines. */
  deliveryApplyGoods: z.array(DeliveryApplyGoodsSchema),
  goodsCount: z.number().int(),
  totalDeliveryNumber: z.number(),
  totalDeliveryWeightNumber: z.number(),
});
export type DeliveryInstructionRow = z.infer<typeof DeliveryInstructionRowSchema>;

export const DeliveryPageQuerySchema = PageQuerySchema.extend({
  blurry: optionalText(),
  isCreate: optionalFlag01('isCreate 只能是 0 或 1'),
  planDeliveryTime: queryIsoDate(),
  /** A label such as DELIVERY_DATA_SOURCE_APPLY; matched exactly. */
  dataSources: optionalText(50),
  /** A supervisor may only ask for their own id (403 otherwise); in the second list it is forced to it. */
  superviseId: optionalText(64),
  warehouseId: queryRowId(),
  enterpriseId: echoedEnterpriseId(),
  scope: WarehouseScopeSchema,
});
export type DeliveryPageQuery = z.infer<typeof DeliveryPageQuerySchema>;
export const DeliveryPageReplySchema = envelope(actionablePage(DeliveryInstructionRowSchema));

/** An instruction line with what is left to deliver: the instructed amount less every outbound order made from it. */
export const DeliveryApplyDetailGoodsSchema = DeliveryApplyGoodsSchema.extend({
  remainingDeliveryNumber: z.number(),
  remainingDeliveryWeightNumber: z.number(),
});
export type DeliveryApplyDetailGoods = z.infer<typeof DeliveryApplyDetailGoodsSchema>;

export const DeliveryInstructionDetailSchema = DeliveryInstructionRowSchema.extend({
  deliveryApplyGoods: z.array(DeliveryApplyDetailGoodsSchema),
  scope: z.enum(WAREHOUSE_SCOPES),
  canOperate: z.boolean(),
});
export type DeliveryInstructionDetail = z.infer<typeof DeliveryInstructionDetailSchema>;
export const DeliveryInstructionDetailReplySchema = envelope(DeliveryInstructionDetailSchema);

// ---------------------------------------------------------------------------------------------------------------
// What the caller may do in each list (for the UI; the server enforces the same rule on every action)

export const WarehousePermissionsSchema = z.object({
  /** First list: the warehouse-operator organisation only. */
  operator: z.object({ canOperate: z.boolean() }),
  /** Second list: everyone with a warehouse; rows limited to it. */
  warehouse: z.object({
    canOperate: z.boolean(),
    warehouseId: z.number().int().nullable(),
    warehouseName: z.string().nullable(),
    /** Delivery instructions of the second list are limited to this supervisor id (the caller), or null. */
    superviseId: z.string().nullable(),
  }),
});
export type WarehousePermissions = z.infer<typeof WarehousePermissionsSchema>;
export const WarehousePermissionsReplySchema = envelope(WarehousePermissionsSchema);

// ---------------------------------------------------------------------------------------------------------------
// In-storage orders (/WarehouscreatitemManagement?id=, /Warehous/crexternalListManagement)

export const InStorageOrderGoodsInputSchema = z.object({
  noticeGoodsId: rowId('noticeGoodsId 必须是正整数'),
  /** Received quantity (the notice's weight column). */
  weight: measure('数量'),
  /** Received weight (the notice's storageNumber column). */
  storageNumber: measure('重量'),
  reelNumber: optionalText(64),
}).refine((g) => g.weight > 0 || g.storageNumber > 0, { error: LIMIT_MESSAGES.orderLineEmpty, path: ['weight'] });

export const CreateInStorageOrderBodySchema = z.object({
  noticeId: rowId('noticeId 必须是正整数'),
  scope: WarehouseScopeSchema,
  /** The actual in-storage date. */
  inStorageTime: requiredDate('请选择入库日期'),
  remark: optionalTextOrEmpty(500),
  /**
   * Received lines; missing means every line's remaining amount. A line may be left out (not received). Each
   * measure is at most what the notice line has left after the orders already made from it.
   */
  goods: z.array(InStorageOrderGoodsInputSchema).min(1, '至少需要一行货品').max(500, '货品行过多').optional(),
});
export type CreateInStorageOrderBody = z.infer<typeof CreateInStorageOrderBodySchema>;

export const InStorageOrderGoodsSchema = z.object({
  id: z.number().int(),
  noticeGoodsId: z.number().int().nullable(),
  goodsName: z.string(),
  specificationModels: z.string(),
  weight: z.number(),
  storageNumber: z.number(),
  reelNumber: z.string(),
  warehouseName: z.string(),
});

export const InStorageOrderSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  noticeId: z.number().int(),
  noticeCode: z.string(),
  contractRelevanceCode: z.string(),
  enterpriseName: z.string(),
  superviseName: z.string(),
  warehouseId: z.number().int().nullable(),
  warehouseName: z.string(),
  inStorageTime: z.string(),
  remark: z.string(),
  createUserName: z.string(),
  createTime: z.string(),
  goodsCount: z.number().int(),
  totalWeight: z.number(),
  totalStorageNumber: z.number(),
  /** List rows: at most 3 lines; detail: all lines. */
  goods: z.array(InStorageOrderGoodsSchema),
});
export type InStorageOrder = z.infer<typeof InStorageOrderSchema>;
export const InStorageOrderReplySchema = envelope(InStorageOrderSchema);

export const OrderPageQuerySchema = PageQuerySchema.extend({
  blurry: optionalText(),
  /** The order date (inStorageTime / deliveryTime). */
  date: queryIsoDate(),
  warehouseId: queryRowId(),
  enterpriseId: echoedEnterpriseId(),
});
export type OrderPageQuery = z.infer<typeof OrderPageQuerySchema>;
export const InStorageOrderPageReplySchema = envelope(pageOf(InStorageOrderSchema));
export const OrderDetailQuerySchema = z.object({ id: rowId('id 必须是正整数') });

// ---------------------------------------------------------------------------------------------------------------
// Outbound orders (/WarehouscreatmGoodsOutbound?id=, /Warehous/creatwbGoodsOutbound)

export const OutboundOrderGoodsInputSchema = z.object({
  applyGoodsId: rowId('applyGoodsId 必须是正整数'),
  deliveryNumber: measure('数量'),
  deliveryWeightNumber: measure('重量'),
  reelNumber: optionalText(64),
}).refine((g) => g.deliveryNumber > 0 || g.deliveryWeightNumber > 0, { error: LIMIT_MESSAGES.orderLineEmpty, path: ['deliveryNumber'] });

export const CreateOutboundOrderBodySchema = z.object({
  instructionId: rowId('instructionId 必须是正整数'),
  scope: WarehouseScopeSchema,
  /** The actual delivery (out) date. */
  deliveryTime: requiredDate('请选择出库日期'),
  remark: optionalTextOrEmpty(500),
  goods: z.array(OutboundOrderGoodsInputSchema).min(1, '至少需要一行货品').max(500, '货品行过多').optional(),
});
export type CreateOutboundOrderBody = z.infer<typeof CreateOutboundOrderBodySchema>;

export const OutboundOrderGoodsSchema = z.object({
  id: z.number().int(),
  applyGoodsId: z.number().int().nullable(),
  goodsName: z.string(),
  specificationModels: z.string(),
  deliveryNumber: z.number(),
  deliveryWeightNumber: z.number(),
  reelNumber: z.string(),
});

export const OutboundOrderSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  instructionId: z.number().int(),
  instructionCode: z.string(),
  contractRelevanceCode: z.string(),
  enterpriseName: z.string(),
  superviseName: z.string(),
  warehouseId: z.number().int().nullable(),
  warehouseName: z.string(),
  planDeliveryTime: z.string().nullable(),
  deliveryTime: z.string(),
  dataSources: z.string(),
  remark: z.string(),
  createUserName: z.string(),
  createTime: z.string(),
  goodsCount: z.number().int(),
  totalDeliveryNumber: z.number(),
  totalDeliveryWeightNumber: z.number(),
  goods: z.array(OutboundOrderGoodsSchema),
});
export type OutboundOrder = z.infer<typeof OutboundOrderSchema>;
export const OutboundOrderReplySchema = envelope(OutboundOrderSchema);
export const OutboundOrderPageReplySchema = envelope(pageOf(OutboundOrderSchema));

export const WAREHOUSE_PATHS = {
  inStoragePage: '/api/businessperationService/inStorageManage/pageQuery',
  inStorageDetail: '/api/businessperationService/inStorageManage/detail',
  deliveryPage: '/api/businessperationService/mlzDeliveryManage/pageQueryShipping',
  deliveryDetail: '/api/businessperationService/mlzDeliveryManage/detail',
  printNotice: '/api/businessperationService/inStorageManage/pathDownLoad',
  /** The generated PDF (GET; opened in a new window, the Token cookie is accepted). */
  printFile: '/api/businessperationService/inStorageManage/printFile/:printId',
  permissions: '/api/businessperationService/warehouse/permissions',
  inStorageOrderCreate: '/api/businessperationService/inStorageOrder/create',
  inStorageOrderPage: '/api/businessperationService/inStorageOrder/pageQuery',
  inStorageOrderDetail: '/api/businessperationService/inStorageOrder/detail',
  outboundOrderCreate: '/api/businessperationService/outboundOrder/create',
  outboundOrderPage: '/api/businessperationService/outboundOrder/pageQuery',
  outboundOrderDetail: '/api/businessperationService/outboundOrder/detail',
} as const;

/** The web pages the warehouse lists navigate to (spec 2.3 item 11). */
export const WAREHOUSE_PAGES = {
  createInStorageOrder: '/WarehouscreatitemManagement',
  createOutboundOrder: '/WarehouscreatmGoodsOutbound',
  inStorageOrders: '/Warehous/crexternalListManagement',
  outboundOrders: '/Warehous/creatwbGoodsOutbound',
} as const;
