// The lean business screens around the widgets: contracts of every type, sales and purchase orders, projects,
// loan applications, settlements and the goods catalogue. Lists are paged (zero-based) and searchable; forms
// carry the fields of spec section 3 plus what the widgets need. A form saves a draft or submits it; the
// approval (process.ts) moves contracts and loan applications on to approving, approved or rejected. Only a
// draft or a rejected record can be edited (EDITABLE_STATUSES); any other is read-only.
import { z } from 'zod';
import {
  AGREEMENT_DATA_PACK_DOC_TYPE,
  CONTRACT_TYPE_KEYS,
  CONTRACT_TYPE_PREFIX,
  IMAGE_MAX_COUNT,
  type ContractTypeKey,
} from './constants.js';
import { PageQuerySchema, envelope, pageOf, type PageQuery } from './envelope.js';
import type { Permission } from './permissions.js';
import {
  businessStatus,
  echoedEnterpriseId,
  flag01,
  inputString,
  measure,
  money,
  optionalDecimal,
  optionalIsoDate,
  optionalFlag01,
  optionalRowId,
  optionalText,
  optionalTextOrEmpty,
  price,
  quantity,
  queryIsoDate,
  queryRowId,
  requiredText,
  requiredValue,
  rowId,
  statusFilter,
  withFieldMeta,
  type QueryInput,
} from './fields.js';
import { DeliveryAddressSchema } from './address-book.js';
import { GoodsSchema } from './goods.js';
import { ContractLimitsSchema } from './limits.js';
import { ImageValueSchema } from './uploads.js';
import { versionField } from './audit.js';

const B = '/api/businessperationService';
export const BUSINESS_PATHS = {
  contracts: `${B}/contracts`,
  contract: `${B}/contracts/:id`,
  salesOrders: `${B}/salesOrders`,
  salesOrder: `${B}/salesOrders/:id`,
  salesOrderGoods: `${B}/mlzSalesOrder/findGoodsList`,
  purchaseOrders: `${B}/purchaseOrders`,
  purchaseOrder: `${B}/purchaseOrders/:id`,
  projects: `${B}/projects`,
  project: `${B}/projects/:id`,
  loans: `${B}/loanApplications`,
  loan: `${B}/loanApplications/:id`,
  settlements: `${B}/settlements`,
  settlement: `${B}/settlements/:id`,
  chooseSettle: `${B}/mlzSettle/chooseSettle`,
  goods: `${B}/goods`,
  goodsItem: `${B}/goods/:id`,
} as const;

export const BUSINESS_MESSAGES = {
  /** An enterprise a request names (query or body) that is not the caller's own. */
  ownEnterpriseOnly: '只能访问本企业的数据',
  submittedReadOnly: '已提交的单据不能修改',
  approvingReadOnly: '审批中的单据不能修改',
  approvedReadOnly: '已审批通过的单据不能修改',
  notEditable: '只有草稿或已驳回的单据可以修改',
  imageNotFound: '图片不存在，请重新上传',
  imageNotPicture: '只能关联图片文件',
  imageDuplicate: '同一张图片不能重复添加',
  imageMaxCount: `货品图片最多 ${IMAGE_MAX_COUNT} 张`,
  agreementPackOnce: '协议合同资料包只能选择一次',
  fileNotFound: '附件不存在，请重新上传',
  docTypeUnknown: '单据类型不存在',
  goodsRequired: '请选择货品或填写货品名称',
  contractTypeRequired: '请选择合同类型',
  contractRequired: '请选择合同',
  // What a record form says of a field left empty (the server refuses the missing value with the same message).
  counterpartyRequired: '请输入对方企业名称',
  buyerRequired: '请输入买方企业名称',
  supplierRequired: '请输入供应商名称',
  projectNameRequired: '请输入项目名称',
  amountRequired: '请输入金额',
  loanAmountRequired: '请输入申请金额',
  salesDaysRequired: '请输入销售周期',
  purchaseDaysRequired: '请输入采购周期',
  goodsCategoryRequired: '请选择货品分类',
  goodsNameRequired: '请输入货品名称',
  /** A goods line without a quantity (the form's goods table and the server say the same). */
  goodsQuantityRequired: '请填写每行货品的数量',
  /** An update that sends an older `version` than the stored one (optimistic locking, 409). */
  staleVersion: '记录已被他人修改，请刷新后重试',
} as const;

/** Statuses in which a record may be edited: a draft, or one the approval rejected (to fix and submit again). */
export const EDITABLE_STATUSES = ['draft', 'rejected'] as const;
export const isEditableStatus = (status: string): boolean => (EDITABLE_STATUSES as readonly string[]).includes(status);
const READ_ONLY_MESSAGES = {
  submitted: BUSINESS_MESSAGES.submittedReadOnly,
  approving: BUSINESS_MESSAGES.approvingReadOnly,
  approved: BUSINESS_MESSAGES.approvedReadOnly,
} as const satisfies Record<string, string>;
/** Why a record in `status` cannot be edited (the 409 message). */
export const readOnlyMessage = (status: string): string =>
  Object.hasOwn(READ_ONLY_MESSAGES, status) ? READ_ONLY_MESSAGES[status as keyof typeof READ_ONLY_MESSAGES] : BUSINESS_MESSAGES.notEditable;

/**
 * Contract types a contract form creates: all nine. An XSDD/CGDD contract is the contract document of a sales
 * or purchase order (link it with salesOrderId/purchaseOrderId); the orders themselves have their own forms.
 */
export const CONTRACT_FORM_TYPES: readonly ContractTypeKey[] = CONTRACT_TYPE_KEYS;

const contractFormType = z.enum(CONTRACT_FORM_TYPES as readonly ContractTypeKey[] as [ContractTypeKey, ...ContractTypeKey[]], {
  error: BUSINESS_MESSAGES.contractTypeRequired,
});
const contractTypeFilter = z.preprocess(
  (v: ContractTypeKey | '' | null | undefined) => (v === '' || v === null ? undefined : v),
  z.enum(CONTRACT_TYPE_KEYS as [ContractTypeKey, ...ContractTypeKey[]], { error: '合同类型不存在' }).optional(),
);

// ---- Goods lines (contracts and orders) ----

export const GoodsLineSchema = z.object({
  id: z.number().int(),
  goodsId: z.number().int().nullable(),
  goodsName: z.string(),
  specificationModels: z.string(),
  unit: z.string(),
  quantity: z.number(),
  price: z.number(),
});
export type GoodsLine = z.infer<typeof GoodsLineSchema>;

/** A line picked from the catalogue (goodsId: name, model and unit come from the catalogue) or typed in. */
export const GoodsLineInputSchema = z
  .object({
    goodsId: optionalRowId('货品 id 必须是正整数'),
    goodsName: optionalTextOrEmpty(100),
    specificationModels: optionalTextOrEmpty(100),
    unit: optionalTextOrEmpty(20),
    quantity: requiredValue(quantity('数量'), BUSINESS_MESSAGES.goodsQuantityRequired),
    price: price('单价'),
  })
  .refine((g) => g.goodsId !== null || g.goodsName !== '', { message: BUSINESS_MESSAGES.goodsRequired, path: ['goodsName'] });
export type GoodsLineInput = z.infer<typeof GoodsLineInputSchema>;
const goodsLines = z.preprocess((v) => v ?? [], z.array(GoodsLineInputSchema).max(500, '货品最多 500 行'));

// ---- Document rows ----

export const DocumentRowSchema = z.object({
  id: z.number().int(),
  sourceId: z.number().int(),
  fileName: z.string(),
  fileTypeId: z.string(),
  fileTypeName: z.string(),
  filePath: z.string(),
  endTime: z.string().nullable(),
  fileQk: z.string().nullable(),
});
export type DocumentRow = z.infer<typeof DocumentRowSchema>;

export const DocumentRowInputSchema = z.object({
  fileName: optionalTextOrEmpty(200),
  fileTypeId: requiredText('请选择单据类型', 64),
  /** Ignored: the name comes from the business_documentType dictionary. */
  fileTypeName: optionalTextOrEmpty(100).optional(),
  /** A URL the upload returned (the caller's enterprise's file). */
  filePath: requiredText('请上传附件', 500),
  endTime: optionalIsoDate('到期日期格式应为 yyyy-MM-dd'),
  /** Blockchain certificate link (http/https). */
  fileQk: z.preprocess(
    (v) => (v === undefined || v === '' ? null : v),
    inputString()
      .trim()
      .max(500)
      .refine((v) => /^https?:\/\/\S+$/i.test(v), '存证链接必须是 http(s) 地址')
      .nullable(),
  ),
});
export type DocumentRowInput = z.infer<typeof DocumentRowInputSchema>;
const documentRows = z.preprocess(
  (v) => v ?? [],
  z
    .array(DocumentRowInputSchema)
    .max(50, '附件最多 50 行')
    .refine((rows) => rows.filter((r) => r.fileTypeId === AGREEMENT_DATA_PACK_DOC_TYPE).length <= 1, BUSINESS_MESSAGES.agreementPackOnce),
);

const listQuery = PageQuerySchema.extend({ search: optionalText(), status: statusFilter() });
/** Status, times, and the optimistic-locking version an update must send back (UpdateXBodySchema). */
const audit = { status: z.string(), createTime: z.string(), updateTime: z.string(), version: z.number().int() };
/** A record's list row: its id, its own fields, then its status, times and version. */
const recordRow = <S extends z.ZodRawShape>(fields: S) => z.object({ id: z.number().int(), ...fields, ...audit });

/**
 * One business record kept as a list and a form: the noun its 404 names (合同 → 合同不存在), the permissions that
 * read and write it, its collection and item paths, and the schemas of its list row, detail and save body; the
 * page, detail and update (the save body plus the version read) replies and bodies are made from them. The
 * server's record routes are built from it.
 */
export const recordKind = <
  Row extends z.ZodType,
  Detail extends z.ZodType,
  Save extends z.ZodRawShape,
  L extends z.ZodType<PageQuery>,
  const P extends { list: string; item: string },
>(k: {
  noun: string;
  access: { read: Permission; write: Permission };
  paths: P;
  /** Absent when another call lists the record (goods: the goods picker's). */
  listQuery?: L;
  schemas: { row: Row; detail: Detail; saveBody: z.ZodObject<Save> };
}) => ({
  noun: k.noun,
  access: k.access,
  paths: k.paths,
  listQuery: k.listQuery,
  pageReply: envelope(pageOf(k.schemas.row)),
  reply: envelope(k.schemas.detail),
  saveBody: k.schemas.saveBody,
  updateBody: k.schemas.saveBody.extend({ version: versionField() }),
});

// ---- Contracts ----

export const ContractRowSchema = recordRow({
  code: z.string(),
  contractRelevanceCode: z.string(),
  contractType: z.string(),
  contractName: z.string(),
  enterpriseName: z.string(),
  money: z.number(),
  signDate: z.string().nullable(),
});
export type ContractRow = z.infer<typeof ContractRowSchema>;

export const ContractDetailSchema = ContractRowSchema.extend({
  signType: z.number().int(),
  projectId: z.number().int().nullable(),
  projectCode: z.string().nullable(),
  salesOrderId: z.number().int().nullable(),
  salesOrderCode: z.string().nullable(),
  purchaseOrderId: z.number().int().nullable(),
  purchaseOrderCode: z.string().nullable(),
  deliveryAddressId: z.number().int().nullable(),
  deliveryAddress: DeliveryAddressSchema.nullable(),
  goods: z.array(GoodsLineSchema),
  documents: z.array(DocumentRowSchema),
  /** The latest approval process of the contract (taskHistory), or null when it was never submitted. */
  processInstanceId: z.number().int().nullable(),
  /** What remains of the amount for loan applications and settlements (the forms show it and refuse more). */
  limits: ContractLimitsSchema,
});
export type ContractDetail = z.infer<typeof ContractDetailSchema>;

/** The contract detail's query: the loan application or settlement being edited is left out of `limits`. */
export const ContractDetailQuerySchema = z.object({
  excludeLoanId: queryRowId('excludeLoanId 必须是正整数'),
  excludeSettlementId: queryRowId('excludeSettlementId 必须是正整数'),
});
export type ContractDetailQuery = z.infer<typeof ContractDetailQuerySchema>;

export const ListContractsQuerySchema = listQuery.extend({ contractType: contractTypeFilter });
export type ListContractsQuery = z.infer<typeof ListContractsQuerySchema>;

// The labels are the record forms' (web locales, biz.*): a form takes label, rules and max length from the field.
const deliveryAddressId = () => withFieldMeta(optionalRowId('收货地址 id 必须是正整数'), { label: 'biz.contracts.deliveryAddress' });

export const SaveContractBodySchema = z.object({
  contractType: contractFormType,
  contractName: optionalTextOrEmpty(100, { label: 'biz.contracts.contractName' }),
  contractRelevanceCode: optionalTextOrEmpty(64, { label: 'biz.contracts.contractRelevanceCode' }),
  /** Labelled by the contract type's screen (supplier, buyer or counterparty). */
  enterpriseName: requiredText(BUSINESS_MESSAGES.counterpartyRequired, 100, { label: 'biz.contracts.enterpriseName' }),
  money: requiredValue(money('合同金额'), BUSINESS_MESSAGES.amountRequired, { label: 'biz.contracts.money' }),
  /** 0: documents may be added row by row (the add-row button shows only for 0). */
  signType: withFieldMeta(optionalFlag01('签署方式只能是 0 或 1'), { label: 'biz.contracts.signType' }),
  signDate: withFieldMeta(optionalIsoDate('签订日期格式应为 yyyy-MM-dd'), { label: 'biz.contracts.signDate' }),
  projectId: withFieldMeta(optionalRowId('项目 id 必须是正整数'), { label: 'biz.contracts.project' }),
  salesOrderId: withFieldMeta(optionalRowId('销售订单 id 必须是正整数'), { label: 'biz.contracts.order_sales' }),
  purchaseOrderId: withFieldMeta(optionalRowId('采购订单 id 必须是正整数'), { label: 'biz.contracts.order_purchase' }),
  deliveryAddressId: deliveryAddressId(),
  status: businessStatus(),
  goods: goodsLines,
  documents: documentRows,
});
export type SaveContractBody = z.infer<typeof SaveContractBodySchema>;
export const CONTRACT_RECORD = recordKind({
  noun: '合同',
  access: { read: 'contracts:read', write: 'contracts:write' },
  paths: { list: BUSINESS_PATHS.contracts, item: BUSINESS_PATHS.contract },
  listQuery: ListContractsQuerySchema,
  schemas: { row: ContractRowSchema, detail: ContractDetailSchema, saveBody: SaveContractBodySchema },
});
/** PUT bodies of every record: the save body plus the version read (an older one answers 409 and changes nothing). */
export const {
  updateBody: UpdateContractBodySchema,
  pageReply: ContractPageReplySchema,
  reply: ContractDetailReplySchema,
} = CONTRACT_RECORD;
export type UpdateContractBody = z.infer<typeof UpdateContractBodySchema>;

// ---- Sales and purchase orders ----

export const SalesOrderRowSchema = recordRow({
  orderCode: z.string(),
  enterpriseName: z.string(),
  moneyDemand: z.number().int(),
  salesDate: z.number().int(),
  money: z.number(),
});
/** The delivery address of an order (chosen in the address book; the caller's enterprise's own). */
const orderAddress = {
  deliveryAddressId: z.number().int().nullable(),
  deliveryAddress: DeliveryAddressSchema.nullable(),
};
export const SalesOrderDetailSchema = SalesOrderRowSchema.extend({ goods: z.array(GoodsLineSchema), ...orderAddress });
export type SalesOrderDetail = z.infer<typeof SalesOrderDetailSchema>;
/** The longest order cycle, in days. */
export const ORDER_DAYS_MAX = 36500;
const days = (message: string, required: string, label: string) =>
  requiredValue(z.coerce.number({ error: message }).int(message).min(0, message).max(ORDER_DAYS_MAX, message), required, { label });
const orderMoney = () => requiredValue(money('订单金额'), BUSINESS_MESSAGES.amountRequired, { label: 'biz.orders.money' });
export const SaveSalesOrderBodySchema = z.object({
  enterpriseName: requiredText(BUSINESS_MESSAGES.buyerRequired, 100, { label: 'biz.orders.sales.counterparty' }),
  moneyDemand: withFieldMeta(flag01('资金需求只能是 0 或 1'), { label: 'biz.orders.sales.flag' }),
  salesDate: days('销售周期必须是不小于 0 的整数天', BUSINESS_MESSAGES.salesDaysRequired, 'biz.orders.sales.days'),
  money: orderMoney(),
  deliveryAddressId: deliveryAddressId(),
  status: businessStatus(),
  goods: goodsLines,
});
export type SaveSalesOrderBody = z.infer<typeof SaveSalesOrderBodySchema>;

export const PurchaseOrderRowSchema = recordRow({
  purchaseOrderCode: z.string(),
  supplierName: z.string(),
  isPrecondition: z.number().int(),
  purchaseDate: z.number().int(),
  money: z.number(),
});
export const PurchaseOrderDetailSchema = PurchaseOrderRowSchema.extend({ goods: z.array(GoodsLineSchema), ...orderAddress });
export type PurchaseOrderDetail = z.infer<typeof PurchaseOrderDetailSchema>;
export const SavePurchaseOrderBodySchema = z.object({
  supplierName: requiredText(BUSINESS_MESSAGES.supplierRequired, 100, { label: 'biz.orders.purchase.counterparty' }),
  isPrecondition: withFieldMeta(flag01('付款方式只能是 0 或 1'), { label: 'biz.orders.purchase.flag' }),
  purchaseDate: days('采购周期必须是不小于 0 的整数天', BUSINESS_MESSAGES.purchaseDaysRequired, 'biz.orders.purchase.days'),
  money: orderMoney(),
  deliveryAddressId: deliveryAddressId(),
  status: businessStatus(),
  goods: goodsLines,
});
export type SavePurchaseOrderBody = z.infer<typeof SavePurchaseOrderBodySchema>;

export const ListOrdersQuerySchema = listQuery;
export const SALES_ORDER_RECORD = recordKind({
  noun: '销售订单',
  access: { read: 'orders:read', write: 'orders:write' },
  paths: { list: BUSINESS_PATHS.salesOrders, item: BUSINESS_PATHS.salesOrder },
  listQuery: ListOrdersQuerySchema,
  schemas: { row: SalesOrderRowSchema, detail: SalesOrderDetailSchema, saveBody: SaveSalesOrderBodySchema },
});
export const {
  updateBody: UpdateSalesOrderBodySchema,
  pageReply: SalesOrderPageReplySchema,
  reply: SalesOrderDetailReplySchema,
} = SALES_ORDER_RECORD;
export type UpdateSalesOrderBody = z.infer<typeof UpdateSalesOrderBodySchema>;
export const PURCHASE_ORDER_RECORD = recordKind({
  noun: '采购订单',
  access: { read: 'orders:read', write: 'orders:write' },
  paths: { list: BUSINESS_PATHS.purchaseOrders, item: BUSINESS_PATHS.purchaseOrder },
  listQuery: ListOrdersQuerySchema,
  schemas: { row: PurchaseOrderRowSchema, detail: PurchaseOrderDetailSchema, saveBody: SavePurchaseOrderBodySchema },
});
export const {
  updateBody: UpdatePurchaseOrderBodySchema,
  pageReply: PurchaseOrderPageReplySchema,
  reply: PurchaseOrderDetailReplySchema,
} = PURCHASE_ORDER_RECORD;
export type UpdatePurchaseOrderBody = z.infer<typeof UpdatePurchaseOrderBodySchema>;

/** GET /api/businessperationService/mlzSalesOrder/findGoodsList?id= — the goods lines of one sales order. */
export const SalesOrderGoodsQuerySchema = z.object({ id: rowId('请选择销售订单') });
export const SalesOrderGoodsReplySchema = envelope(z.array(GoodsLineSchema));

// ---- Projects ----

export const ProjectRowSchema = recordRow({
  projectCode: z.string(),
  projectName: z.string(),
  /** 1: purchase side, 2: sales side. */
  type: z.number().int(),
  enterpriseName: z.string(),
  supplierName: z.string(),
  projectTakeEffectTime: z.string().nullable(),
});
export type ProjectRow = z.infer<typeof ProjectRowSchema>;
/** A project with its latest approval process (taskHistory), or null when it was never submitted. */
export const ProjectDetailSchema = ProjectRowSchema.extend({ processInstanceId: z.number().int().nullable() });
export type ProjectDetail = z.infer<typeof ProjectDetailSchema>;
export const SaveProjectBodySchema = z.object({
  projectName: requiredText(BUSINESS_MESSAGES.projectNameRequired, 100, { label: 'biz.projects.projectName' }),
  type: withFieldMeta(
    z.coerce.number({ error: '项目类型只能是 1 或 2' }).int().min(1, '项目类型只能是 1 或 2').max(2, '项目类型只能是 1 或 2'),
    {
      label: 'biz.projects.type',
    },
  ),
  enterpriseName: requiredText(BUSINESS_MESSAGES.buyerRequired, 100, { label: 'biz.projects.enterpriseName' }),
  supplierName: requiredText(BUSINESS_MESSAGES.supplierRequired, 100, { label: 'biz.projects.supplierName' }),
  projectTakeEffectTime: withFieldMeta(optionalIsoDate('生效日期格式应为 yyyy-MM-dd'), { label: 'biz.projects.projectTakeEffectTime' }),
  status: businessStatus(),
});
export type SaveProjectBody = z.infer<typeof SaveProjectBodySchema>;
export const ListProjectsQuerySchema = listQuery.extend({
  type: z.preprocess((v: QueryInput<1 | 2>) => (v === '' || v === null ? undefined : v), z.coerce.number().int().min(1).max(2).optional()),
});
export const PROJECT_RECORD = recordKind({
  noun: '项目',
  access: { read: 'projects:read', write: 'projects:write' },
  paths: { list: BUSINESS_PATHS.projects, item: BUSINESS_PATHS.project },
  listQuery: ListProjectsQuerySchema,
  schemas: { row: ProjectRowSchema, detail: ProjectDetailSchema, saveBody: SaveProjectBodySchema },
});
export const { updateBody: UpdateProjectBodySchema, pageReply: ProjectPageReplySchema, reply: ProjectReplySchema } = PROJECT_RECORD;
export type UpdateProjectBody = z.infer<typeof UpdateProjectBodySchema>;

// ---- Loan applications ----

export const LoanRowSchema = recordRow({
  applicationFormNum: z.string(),
  applicantName: z.string(),
  createDate: z.string(),
  contractId: z.number().int().nullable(),
  contractNum: z.string(),
  contractAmount: z.number(),
  corporateName: z.string(),
  loanAmount: z.number(),
});
export type LoanRow = z.infer<typeof LoanRowSchema>;
/** A loan application with its own documents (saved like a contract's) and its latest approval process. */
export const LoanDetailSchema = LoanRowSchema.extend({
  documents: z.array(DocumentRowSchema),
  processInstanceId: z.number().int().nullable(),
});
export type LoanDetail = z.infer<typeof LoanDetailSchema>;
/** contractNum, contractAmount and corporateName are taken from the picked contract, never from the client. */
/** The contract a loan or settlement is on, picked in the contract picker. */
const pickedContractId = (label: string) =>
  withFieldMeta(rowId(BUSINESS_MESSAGES.contractRequired), { label, required: BUSINESS_MESSAGES.contractRequired });
export const SaveLoanBodySchema = z.object({
  contractId: pickedContractId('biz.loans.contract'),
  applicantName: optionalTextOrEmpty(100, { label: 'biz.loans.applicantName' }),
  loanAmount: requiredValue(money('贷款金额'), BUSINESS_MESSAGES.loanAmountRequired, { label: 'biz.loans.loanAmount' }),
  status: businessStatus(),
  documents: documentRows,
});
export type SaveLoanBody = z.infer<typeof SaveLoanBodySchema>;
export const ListLoansQuerySchema = listQuery.extend({ createDate: queryIsoDate() });
export const LOAN_RECORD = recordKind({
  noun: '贷款申请',
  access: { read: 'funds:read', write: 'funds:write' },
  paths: { list: BUSINESS_PATHS.loans, item: BUSINESS_PATHS.loan },
  listQuery: ListLoansQuerySchema,
  schemas: { row: LoanRowSchema, detail: LoanDetailSchema, saveBody: SaveLoanBodySchema },
});
export const { updateBody: UpdateLoanBodySchema, pageReply: LoanPageReplySchema, reply: LoanDetailReplySchema } = LOAN_RECORD;
export type UpdateLoanBody = z.infer<typeof UpdateLoanBodySchema>;

// ---- Settlements ----

/** 1: receivable (collection), 2: payable (payment). */
export const SETTLE_TYPES = { 1: '收款结算', 2: '付款结算' } as const;
export const SettlementRowSchema = recordRow({
  settleCode: z.string(),
  contractId: z.number().int().nullable(),
  contractCode: z.string(),
  contractType: z.string(),
  enterpriseName: z.string(),
  type: z.number().int(),
  money: z.number(),
  settleDate: z.string().nullable(),
  remark: z.string(),
});
export type SettlementRow = z.infer<typeof SettlementRowSchema>;
const settleType = () =>
  z.coerce
    .number({ error: '结算类型只能是 1 或 2' })
    .int('结算类型只能是 1 或 2')
    .min(1, '结算类型只能是 1 或 2')
    .max(2, '结算类型只能是 1 或 2');
export const SaveSettlementBodySchema = z.object({
  contractId: pickedContractId('biz.settlements.contract'),
  type: withFieldMeta(settleType(), { label: 'biz.settlements.type' }),
  money: requiredValue(money('结算金额'), BUSINESS_MESSAGES.amountRequired, { label: 'biz.settlements.money' }),
  settleDate: withFieldMeta(optionalIsoDate('结算日期格式应为 yyyy-MM-dd'), { label: 'biz.settlements.settleDate' }),
  remark: optionalTextOrEmpty(500, { label: 'biz.settlements.remark' }),
  status: businessStatus(),
});
export type SaveSettlementBody = z.infer<typeof SaveSettlementBodySchema>;
export const ListSettlementsQuerySchema = listQuery.extend({
  type: z.preprocess((v: QueryInput<1 | 2>) => (v === '' || v === null ? undefined : v), settleType().optional()),
});
/** chooseSettle (7.2): pageNumber, pageSize, search, type, enterpriseId (checked against the session). */
export const ChooseSettleQuerySchema = ListSettlementsQuerySchema.extend({ enterpriseId: echoedEnterpriseId() });
export const SETTLEMENT_RECORD = recordKind({
  noun: '结算单',
  access: { read: 'funds:read', write: 'funds:write' },
  paths: { list: BUSINESS_PATHS.settlements, item: BUSINESS_PATHS.settlement },
  listQuery: ListSettlementsQuerySchema,
  schemas: { row: SettlementRowSchema, detail: SettlementRowSchema, saveBody: SaveSettlementBodySchema },
});
export const {
  updateBody: UpdateSettlementBodySchema,
  pageReply: SettlementPageReplySchema,
  reply: SettlementReplySchema,
} = SETTLEMENT_RECORD;
export type UpdateSettlementBody = z.infer<typeof UpdateSettlementBodySchema>;

// ---- Goods catalogue (create and edit; the list is listMlzGoodsByGoodsId) ----

/** Goods as the catalogue form edits them: the picker's row with its category's name, its pictures and its version. */
export const GoodsDetailSchema = GoodsSchema.extend({
  goodsCategoryName: z.string(),
  /** The goods' pictures, in order. */
  images: z.array(ImageValueSchema),
  version: z.number().int(),
});
export type GoodsDetail = z.infer<typeof GoodsDetailSchema>;
export const SaveGoodsBodySchema = z.object({
  goodsCategoryId: withFieldMeta(rowId(BUSINESS_MESSAGES.goodsCategoryRequired), {
    label: 'biz.goods.category',
    required: BUSINESS_MESSAGES.goodsCategoryRequired,
  }),
  goodsName: requiredText(BUSINESS_MESSAGES.goodsNameRequired, 100, { label: 'widgets.goods.goodsName' }),
  specificationModels: optionalTextOrEmpty(100, { label: 'widgets.goods.specificationModels' }),
  unit: optionalTextOrEmpty(20, { label: 'widgets.goods.unit' }),
  manufacturer: optionalTextOrEmpty(100, { label: 'widgets.goods.manufacturer' }),
  texture: optionalTextOrEmpty(50, { label: 'widgets.goods.texture' }),
  weight: withFieldMeta(optionalDecimal(measure('重量')), { label: 'widgets.goods.weight' }),
  monad: optionalTextOrEmpty(20, { label: 'widgets.goods.monad' }),
  goodsPrice: withFieldMeta(optionalDecimal(price('价格')), { label: 'widgets.goods.goodsPrice' }),
  /** Ids of images the caller's enterprise uploaded (uploadImage), in display order. */
  images: z.preprocess(
    (v) => v ?? [],
    z
      .array(rowId('图片 id 必须是正整数'), { error: '图片必须是图片 id 的列表' })
      .max(IMAGE_MAX_COUNT, BUSINESS_MESSAGES.imageMaxCount)
      .refine((ids) => new Set(ids).size === ids.length, BUSINESS_MESSAGES.imageDuplicate),
  ),
});
export type SaveGoodsBody = z.infer<typeof SaveGoodsBodySchema>;
export const GOODS_RECORD = recordKind({
  noun: '货品',
  access: { read: 'goods:read', write: 'goods:write' },
  paths: { list: BUSINESS_PATHS.goods, item: BUSINESS_PATHS.goodsItem },
  schemas: { row: GoodsDetailSchema, detail: GoodsDetailSchema, saveBody: SaveGoodsBodySchema },
});
export const { updateBody: UpdateGoodsBodySchema, reply: GoodsDetailReplySchema } = GOODS_RECORD;
export type UpdateGoodsBody = z.infer<typeof UpdateGoodsBodySchema>;

export const contractTypeSuffix = (key: string): string => key.slice(CONTRACT_TYPE_PREFIX.length);
