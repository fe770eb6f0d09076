// Supply-chain finance products and their signing (spec 7.5, issue 14). Products are platform-wide: the admin
// (products:admin) maintains them, every holder of products:read reads them. An enterprise signs an on-shelf
// product: amount within the product's limit, term within its range, a project and/or contract of its own, and a
// document of every type the product requires; submitting starts the approval process (business type
// 'productSign'). The final approval or rejection writes the result to the risk-service outbox in the same
// transaction; a dispatcher posts it to RISK_SERVICE_URL with an idempotency key.
import { z } from 'zod';
import { versionField } from './audit.js';
import { DocumentRowInputSchema, DocumentRowSchema } from './business.js';
import { PageQuerySchema, envelope, pageOf } from './envelope.js';
import {
  inputString,
  money,
  optionalRowId,
  optionalText,
  optionalTextOrEmpty,
  requiredText,
  requiredValue,
  rowId,
  withFieldMeta,
  type QueryInput,
} from './fields.js';
import { MONEY_MAX } from './limits.js';

const B = '/api/businessperationService';
export const PRODUCT_PATHS = {
  products: `${B}/products`,
  product: `${B}/products/:id`,
  shelf: `${B}/products/:id/shelf`,
  signings: `${B}/productSignings`,
  signing: `${B}/productSignings/:id`,
  submitSigning: `${B}/productSignings/:id/submit`,
  retryDelivery: `${B}/productSignings/:id/riskDelivery/retry`,
} as const;

export const PRODUCT_KINDS = ['warehouseReceiptPledge', 'orderFinancing', 'receivablesFinancing', 'prepaymentFinancing'] as const;
export type ProductKind = (typeof PRODUCT_KINDS)[number];
/** The kinds as the spec's business names them (the web translates the key). */
export const PRODUCT_KIND_NAMES = {
  warehouseReceiptPledge: '仓单质押',
  orderFinancing: '订单融资',
  receivablesFinancing: '应收账款融资',
  prepaymentFinancing: '预付款融资',
} as const satisfies Record<ProductKind, string>;

/** on: offered for signing; off: withdrawn (existing signings keep it, new ones are refused). */
export const PRODUCT_STATUSES = ['on', 'off'] as const;
export type ProductStatus = (typeof PRODUCT_STATUSES)[number];

/** Terms are whole months. */
export const PRODUCT_TERM_MAX = 360;
/** Annual interest rate in percent, two decimals. */
export const PRODUCT_RATE_MAX = 100;

export const PRODUCT_MESSAGES = {
  nameRequired: '请输入产品名称',
  codeRequired: '请输入产品编码',
  codePattern: '产品编码只能包含字母、数字、- 和 _',
  codeTaken: '产品编码已存在',
  kindRequired: '请选择产品类型',
  rateRequired: '请输入利率',
  rate: `利率应在 0 至 ${PRODUCT_RATE_MAX} 之间，最多两位小数`,
  rateRange: '最高利率不能低于最低利率',
  termRequired: '请输入期限',
  term: `期限应为 1 至 ${PRODUCT_TERM_MAX} 的整数月`,
  termRange: '最长期限不能短于最短期限',
  limitRequired: '请输入产品额度',
  docTypeUnknown: '单据类型不存在',
  docTypesDuplicate: '必需单据类型不能重复',
  productRequired: '请选择产品',
  productOff: '该产品已下架，不能签约',
  amountRequired: '请输入申请金额',
  amountOverLimit: (limit: string) => `申请金额不能超过产品额度 ${limit}`,
  termOutOfRange: (min: number, max: number) => `申请期限应在 ${min} 至 ${max} 个月之间`,
  purposeRequired: '请输入融资用途',
  projectOrContract: '请选择项目或合同',
  projectNotFound: '项目不存在',
  contractNotFound: '合同不存在',
  documentsMissing: (names: string) => `请上传必需的单据：${names}`,
  retryOnlyFailed: '只有发送失败的结果可以重新发送',
} as const;

// ---- Products ----

const rate = (required: string, label: string) =>
  requiredValue(
    z.coerce
      .number({ error: PRODUCT_MESSAGES.rate })
      .min(0, PRODUCT_MESSAGES.rate)
      .max(PRODUCT_RATE_MAX, PRODUCT_MESSAGES.rate)
      .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, PRODUCT_MESSAGES.rate),
    required,
    { label },
  );
const term = (required: string, label: string) =>
  requiredValue(
    z.coerce
      .number({ error: PRODUCT_MESSAGES.term })
      .int(PRODUCT_MESSAGES.term)
      .min(1, PRODUCT_MESSAGES.term)
      .max(PRODUCT_TERM_MAX, PRODUCT_MESSAGES.term),
    required,
    { label },
  );

export const RequiredDocSchema = z.object({ key: z.string(), name: z.string() });
export type RequiredDoc = z.infer<typeof RequiredDocSchema>;

export const ProductSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  kind: z.enum(PRODUCT_KINDS),
  rateMin: z.number(),
  rateMax: z.number(),
  termMin: z.number().int(),
  termMax: z.number().int(),
  limitAmount: z.number(),
  requiredDocs: z.array(RequiredDocSchema),
  description: z.string(),
  status: z.enum(PRODUCT_STATUSES),
  createTime: z.string(),
  updateTime: z.string(),
  version: z.number().int(),
});
export type Product = z.infer<typeof ProductSchema>;
export const ProductReplySchema = envelope(ProductSchema);
export const ProductPageReplySchema = envelope(pageOf(ProductSchema));

const optionalEnum = <T extends readonly [string, ...string[]]>(values: T, message: string) =>
  z.preprocess((v: QueryInput<T[number]>) => (v === '' || v === null ? undefined : v), z.enum(values, { error: message }).optional());

export const ListProductsQuerySchema = PageQuerySchema.extend({
  search: optionalText(),
  kind: optionalEnum(PRODUCT_KINDS, '产品类型不存在'),
  status: optionalEnum(PRODUCT_STATUSES, "状态只能是 'on' 或 'off'"),
});
export type ListProductsQuery = z.infer<typeof ListProductsQuerySchema>;

export const SaveProductBodySchema = z
  .object({
    name: requiredText(PRODUCT_MESSAGES.nameRequired, 100, { label: 'products.field.name' }),
    code: requiredText(PRODUCT_MESSAGES.codeRequired, 32, {
      label: 'products.field.code',
      pattern: /^[A-Za-z0-9_-]+$/,
      patternMessage: PRODUCT_MESSAGES.codePattern,
    }),
    kind: withFieldMeta(z.enum(PRODUCT_KINDS, { error: PRODUCT_MESSAGES.kindRequired }), {
      label: 'products.field.kind',
      required: PRODUCT_MESSAGES.kindRequired,
    }),
    rateMin: rate(PRODUCT_MESSAGES.rateRequired, 'products.field.rateMin'),
    rateMax: rate(PRODUCT_MESSAGES.rateRequired, 'products.field.rateMax'),
    termMin: term(PRODUCT_MESSAGES.termRequired, 'products.field.termMin'),
    termMax: term(PRODUCT_MESSAGES.termRequired, 'products.field.termMax'),
    limitAmount: requiredValue(money('产品额度'), PRODUCT_MESSAGES.limitRequired, { label: 'products.field.limitAmount' }),
    /** Keys of the business_documentType dictionary (the server checks each is there). */
    requiredDocTypes: withFieldMeta(
      z.preprocess(
        (v) => v ?? [],
        z
          .array(inputString().trim().min(1, PRODUCT_MESSAGES.docTypeUnknown).max(64, PRODUCT_MESSAGES.docTypeUnknown))
          .max(20, '必需单据最多 20 种')
          .refine((keys) => new Set(keys).size === keys.length, PRODUCT_MESSAGES.docTypesDuplicate),
      ),
      { label: 'products.field.requiredDocs' },
    ),
    description: optionalTextOrEmpty(500, { label: 'products.field.description' }),
  })
  .refine((p) => p.rateMax >= p.rateMin, { message: PRODUCT_MESSAGES.rateRange, path: ['rateMax'] })
  .refine((p) => p.termMax >= p.termMin, { message: PRODUCT_MESSAGES.termRange, path: ['termMax'] });
export type SaveProductBody = z.infer<typeof SaveProductBodySchema>;
export const UpdateProductBodySchema = SaveProductBodySchema.safeExtend({ version: versionField() });
export type UpdateProductBody = z.infer<typeof UpdateProductBodySchema>;

export const ShelfBodySchema = z.object({
  status: z.enum(PRODUCT_STATUSES, { error: "状态只能是 'on' 或 'off'" }),
  version: versionField(),
});
export type ShelfBody = z.infer<typeof ShelfBodySchema>;

// ---- Signings ----

export const SIGNING_STATUSES = ['draft', 'approving', 'approved', 'rejected'] as const;
export type SigningStatus = (typeof SIGNING_STATUSES)[number];

export const RISK_DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;
export type RiskDeliveryStatus = (typeof RISK_DELIVERY_STATUSES)[number];

/** The result of a signing as the risk service receives it (the outbox row's body). */
export const RiskResultSchema = z.object({
  idempotencyKey: z.string(),
  signCode: z.string(),
  signingId: z.number().int(),
  enterpriseId: z.string(),
  enterpriseName: z.string(),
  product: z.object({ code: z.string(), name: z.string(), kind: z.enum(PRODUCT_KINDS) }),
  amount: z.number(),
  termMonths: z.number().int(),
  purpose: z.string(),
  projectCode: z.string().nullable(),
  contractCode: z.string().nullable(),
  result: z.enum(['approved', 'rejected']),
  comment: z.string(),
  decidedAt: z.string(),
});
export type RiskResult = z.infer<typeof RiskResultSchema>;
/** The header the dispatcher sends the key in (the same on every retry of one result). */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';

export const RiskDeliverySchema = z.object({
  idempotencyKey: z.string(),
  status: z.enum(RISK_DELIVERY_STATUSES),
  attempts: z.number().int(),
  nextAttemptAt: z.string().nullable(),
  lastError: z.string().nullable(),
  deliveredAt: z.string().nullable(),
  result: z.enum(['approved', 'rejected']),
  createTime: z.string(),
});
export type RiskDelivery = z.infer<typeof RiskDeliverySchema>;

export const SigningRowSchema = z.object({
  id: z.number().int(),
  signCode: z.string(),
  productId: z.number().int(),
  productCode: z.string(),
  productName: z.string(),
  productKind: z.enum(PRODUCT_KINDS),
  amount: z.number(),
  termMonths: z.number().int(),
  purpose: z.string(),
  projectId: z.number().int().nullable(),
  projectCode: z.string().nullable(),
  projectName: z.string().nullable(),
  contractId: z.number().int().nullable(),
  contractCode: z.string().nullable(),
  status: z.enum(SIGNING_STATUSES),
  createTime: z.string(),
  updateTime: z.string(),
  version: z.number().int(),
});
export type SigningRow = z.infer<typeof SigningRowSchema>;

export const SigningDetailSchema = SigningRowSchema.extend({
  product: ProductSchema,
  documents: z.array(DocumentRowSchema),
  processInstanceId: z.number().int().nullable(),
  /** The results sent to the risk service, newest first (one per finished approval). */
  riskDeliveries: z.array(RiskDeliverySchema),
  /** False when RISK_SERVICE_URL is unset: results wait in the outbox. */
  riskServiceConfigured: z.boolean(),
});
export type SigningDetail = z.infer<typeof SigningDetailSchema>;
export const SigningReplySchema = envelope(SigningDetailSchema);
export const SigningPageReplySchema = envelope(pageOf(SigningRowSchema));

export const ListSigningsQuerySchema = PageQuerySchema.extend({
  search: optionalText(),
  status: optionalEnum(SIGNING_STATUSES, '状态不存在'),
  productId: z.preprocess((v: QueryInput<number>) => (v === '' || v === null ? undefined : v), rowId('产品 id 必须是正整数').optional()),
});
export type ListSigningsQuery = z.infer<typeof ListSigningsQuerySchema>;

export const SaveSigningBodySchema = z
  .object({
    productId: withFieldMeta(rowId(PRODUCT_MESSAGES.productRequired), {
      label: 'products.signing.product',
      required: PRODUCT_MESSAGES.productRequired,
    }),
    amount: requiredValue(money('申请金额'), PRODUCT_MESSAGES.amountRequired, { label: 'products.signing.amount' }),
    termMonths: term(PRODUCT_MESSAGES.termRequired, 'products.signing.termMonths'),
    purpose: requiredText(PRODUCT_MESSAGES.purposeRequired, 200, { label: 'products.signing.purpose' }),
    projectId: withFieldMeta(optionalRowId('项目 id 必须是正整数'), { label: 'products.signing.project' }),
    contractId: withFieldMeta(optionalRowId('合同 id 必须是正整数'), { label: 'products.signing.contract' }),
    documents: z.preprocess((v) => v ?? [], z.array(DocumentRowInputSchema).max(50, '附件最多 50 行')),
  })
  .refine((b) => b.projectId !== null || b.contractId !== null, { message: PRODUCT_MESSAGES.projectOrContract, path: ['projectId'] });
export type SaveSigningBody = z.infer<typeof SaveSigningBodySchema>;
export const UpdateSigningBodySchema = SaveSigningBodySchema.safeExtend({ version: versionField() });
export type UpdateSigningBody = z.infer<typeof UpdateSigningBodySchema>;

/** Submitting for approval: the version read (the signing must still be a draft or rejected). */
export const SubmitSigningBodySchema = z.object({ version: versionField(), comment: optionalTextOrEmpty(500) });
export type SubmitSigningBody = z.infer<typeof SubmitSigningBodySchema>;

/** The most a single product's limit may be (the money column's). */
export const PRODUCT_LIMIT_MAX = MONEY_MAX;
