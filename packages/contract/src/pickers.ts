// The single-choice pickers of spec 2.3 items 4–7 and their calls (7.2). Order rows keep the snake_case
// names the specification gives; the other rows are camelCase.
import { z } from 'zod';
import { CONTRACT_TYPE_KEYS, type ContractTypeKey } from './constants.js';
import { PageQuerySchema, envelope, pageOf } from './envelope.js';
import { echoedEnterpriseId, optionalText, queryIsoDate, queryRowId } from './fields.js';
import { LoanRowSchema, ProjectRowSchema } from './business.js';

const contractTypeKey = (message = '合同类型不存在') =>
  z.enum(CONTRACT_TYPE_KEYS as [ContractTypeKey, ...ContractTypeKey[]], { error: message });

/** One key or several comma-separated keys; '' means all. */
const contractTypeKeyList = () =>
  z.preprocess((v) => {
    if (v === undefined || v === null || v === '') return undefined;
    if (typeof v === 'string')
      return v
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);
    return v;
  }, z.array(contractTypeKey()).max(CONTRACT_TYPE_KEYS.length).optional());

// ---- Orders (findSalesOrder / findAllPurchaseOrder) ----

export const SalesOrderPickRowSchema = z.object({
  id: z.number().int(),
  order_code: z.string(),
  enterprise_name: z.string(),
  /** 0 = not needed, 1 = needed. */
  money_demand: z.number().int(),
  /** Sales cycle in days. */
  sales_date: z.number().int(),
  money: z.number(),
});
export type SalesOrderPickRow = z.infer<typeof SalesOrderPickRowSchema>;

export const PurchaseOrderPickRowSchema = z.object({
  id: z.number().int(),
  purchase_order_code: z.string(),
  supplier_name: z.string(),
  /** 0 = payment before goods, 1 = goods before payment. */
  is_precondition: z.number().int(),
  /** Days. */
  purchase_date: z.number().int(),
  money: z.number(),
});
export type PurchaseOrderPickRow = z.infer<typeof PurchaseOrderPickRowSchema>;

/** `name` searches the order code and the buyer (sales) or supplier (purchase) name. */
export const OrderPickQuerySchema = PageQuerySchema.extend({ name: optionalText() });
export const SalesOrderPickReplySchema = envelope(pageOf(SalesOrderPickRowSchema));
export const PurchaseOrderPickReplySchema = envelope(pageOf(PurchaseOrderPickRowSchema));

// ---- Available projects (findAvailableProjectList) ----

/** A project as the picker shows it (enterpriseName: the buyer). */
export const ProjectPickRowSchema = ProjectRowSchema.pick({
  id: true,
  projectCode: true,
  projectName: true,
  enterpriseName: true,
  supplierName: true,
  projectTakeEffectTime: true,
  type: true,
});
export type ProjectPickRow = z.infer<typeof ProjectPickRowSchema>;

/** `type` 1 lists purchase-side projects (sent for the purchase-contract key), 2 the others; absent lists both. */
export const ProjectPickQuerySchema = PageQuerySchema.extend({
  codeName: optionalText(),
  type: z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z.coerce
      .number({ error: 'type 只能是 1 或 2' })
      .int('type 只能是 1 或 2')
      .min(1, 'type 只能是 1 或 2')
      .max(2, 'type 只能是 1 或 2')
      .optional(),
  ),
});
export const ProjectPickReplySchema = envelope(pageOf(ProjectPickRowSchema));

// ---- Loan applications (findPageLoansList) ----

export const LoanPickRowSchema = LoanRowSchema.pick({
  id: true,
  applicationFormNum: true,
  applicantName: true,
  createDate: true,
  contractNum: true,
  contractAmount: true,
  corporateName: true,
});
export type LoanPickRow = z.infer<typeof LoanPickRowSchema>;

/** `search` matches form number, applicant, contract number and corporate name; `time` is the creation date. */
export const LoanPickQuerySchema = PageQuerySchema.extend({ search: optionalText(), time: queryIsoDate() });
export const LoanPickReplySchema = envelope(pageOf(LoanPickRowSchema));

// ---- Contract/order entries (findFundContactAndOrder, findInStorageNoticeContract, findCourierByContractPage) ----

/** Contracts and sales/purchase orders in one list; `type` and `contractType` are the MLZZHFWPT_CONTACTTYPE_* key. */
export const ContractEntrySchema = z.object({
  /** The contract's id, or the order's id for XSDD/CGDD entries (ids are unique per type, not across types). */
  id: z.number().int(),
  code: z.string(),
  /** The paper contract number ('' for orders). */
  contractRelevanceCode: z.string(),
  type: z.string(),
  contractType: z.string(),
  contractTypeName: z.string(),
  /** The counterparty: buyer of a sales order, supplier of a purchase order. */
  enterpriseName: z.string(),
  money: z.number(),
  status: z.string(),
  createTime: z.string(),
});
export type ContractEntry = z.infer<typeof ContractEntrySchema>;

/**
 * findFundContactAndOrder. `blurry` searches code, paper number and counterparty. `type` limits the list to one
 * or more contract-type keys (comma-separated). `id` (with `type` naming a single key) returns just that entry,
 * so a form that is reopened can show its current choice. Paging is optional (page 0, size 10 by default).
 */
export const FundContractQuerySchema = PageQuerySchema.extend({
  blurry: optionalText(),
  type: contractTypeKeyList(),
  id: queryRowId('id 必须是正整数'),
});
export type FundContractQuery = z.infer<typeof FundContractQuerySchema>;
/** A page of entries whose rows are named `result` (the spec's findFundContactAndOrder reply). */
export const FundContractReplySchema = envelope(
  z.object({ result: z.array(ContractEntrySchema), ...pageOf(ContractEntrySchema).omit({ content: true }).shape }),
);

/** Contracts that goods enter a warehouse under: purchase contracts and purchase orders. */
export const IN_STORAGE_CONTRACT_TYPES: readonly ContractTypeKey[] = ['MLZZHFWPT_CONTACTTYPE_CGHT', 'MLZZHFWPT_CONTACTTYPE_CGDD'];

/** The spec sends pageNumber 0 and pageSize 1000000000 (7.2): served as the first MAX_PAGE_SIZE rows, with `clamped`. */
export const InStorageContractQuerySchema = PageQuerySchema.extend({ search: optionalText(), enterpriseId: echoedEnterpriseId() });
export const ContractEntryPageReplySchema = envelope(pageOf(ContractEntrySchema));

/** Settlement (courier) contracts: every contract and order type, narrowed by `contractType` (one key or several). */
export const CourierContractQuerySchema = PageQuerySchema.extend({ search: optionalText(), contractType: contractTypeKeyList() });

export const PICKER_PATHS = {
  purchaseOrders: '/businessperationService/mlzProject/findAllPurchaseOrder',
  salesOrders: '/businessperationService/mlzProject/findSalesOrder',
  availableProjects: '/businessperationService/mlzProject/findAvailableProjectList',
  loans: '/businessperationService/mlzContract/findPageLoansList',
  fundContracts: '/businessperationService/businessCommon/findFundContactAndOrder',
  inStorageContracts: '/businessperationService/mlzContract/findInStorageNoticeContract',
  courierContracts: '/businessperationService/mlzSettle/findCourierByContractPage',
} as const;
/** The same calls under /api (what the web app uses). */
export const PICKER_API_PATHS = Object.fromEntries(Object.entries(PICKER_PATHS).map(([k, v]) => [k, `/api${v}`])) as {
  [K in keyof typeof PICKER_PATHS]: `/api${(typeof PICKER_PATHS)[K]}`;
};
