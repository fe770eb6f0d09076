// "导出 Excel" of a list: what each list's workbook holds (its columns, each with its title's locale key and how its
// value is written) and the one call every exportable list answers: POST `<list path>/export` with the list's own
// filter and the titles in the user's language, answered with the xlsx streamed page by page. The call takes the
// list's permission and enterprise scope; more than EXPORT_MAX_ROWS matching rows are refused before any byte is sent.
import { z } from 'zod';
import { CONTRACT_TYPE_KEYS, CONTRACT_TYPE_PREFIX, RISK_TYPE_CODES } from './constants.js';
import {
  BUSINESS_PATHS,
  type ContractRow,
  type LoanRow,
  type ProjectRow,
  type PurchaseOrderRowSchema,
  type SalesOrderRowSchema,
  type SettlementRow,
} from './business.js';
import { inputString } from './fields.js';
import { GOODS_PATHS, type Goods } from './goods.js';
import { PORTAL_SITES, type PortalSite } from './portal.js';
import { CONTENT_STATUSES, CONTENT_TYPES, contentPaths, type ContentRow, type ContentType } from './portal-content.js';
import { IN_STORAGE, OUTBOUND, type SourceRow, type WarehouseDocumentKind, type WarehouseOrder } from './warehouse.js';
import { ALERT_PATHS } from './alert-paths.js';
import type { WarningMessage } from './alerts.js';
import { CUSTOMER_PATHS, type CustomerRow } from './customers.js';
import { ROLES } from './permissions.js';
import { PRODUCT_KINDS, PRODUCT_PATHS, PRODUCT_STATUSES, SIGNING_STATUSES, type Product, type SigningRow } from './products.js';
import { RISK_PATHS, type CompanyRiskRecord } from './risk.js';
import { SYSTEM_PATHS, type SystemUser } from './system.js';
import { FLOW_STATUSES, WAREHOUSE_FLOW_PATHS, type DeliveryApplication, type EnterpriseNotice } from './warehouse-flows.js';

/** The most rows one export writes; a filter matching more is refused (LIST_EXPORT_MESSAGES.tooManyRows). */
export const EXPORT_MAX_ROWS = 100_000;
/** How many rows the server reads at a time while it writes the workbook (memory stays bounded). */
export const EXPORT_PAGE_ROWS = 1_000;

export const LIST_EXPORT_MESSAGES = {
  tooManyRows: '导出数据超过 100,000 行，请缩小查询范围',
} as const;

/** The export call of the list at `listPath`. */
export const listExportPath = (listPath: string): string => `${listPath}/export`;

/** How a column's value is written: text; a number with an Excel number format; an amount (yuan, two decimals); a
 * date (yyyy-MM-dd) or a time as an Excel date in China Standard Time; a code written as its label. */
export type ExportColumnKind = 'text' | 'number' | 'money' | 'date' | 'datetime' | 'code';

export type ExportColumn<Row> = {
  key: keyof Row & string;
  /** The locale key of the column's title (the web translates it into the user's language). */
  title: string;
  kind: ExportColumnKind;
  /** An Excel number format (number columns; default `#,##0`). */
  format?: string;
  /** Code columns: each code and its label's locale key. */
  labels?: readonly ExportLabel[];
};
export type ExportLabel = { code: string | number; label: string };

/** The labels of `codes` under the locale key prefix `prefix` (`${prefix}${code}`). */
export const labelsUnder = (prefix: string, codes: readonly (string | number)[]): ExportLabel[] =>
  codes.map((code) => ({ code, label: `${prefix}${code}` }));

/** One list's workbook: the list's path and its columns, in order (the sheet is titled as the list's page). */
export type ListExport<Row> = { list: string; columns: readonly ExportColumn<Row>[] };

/** Names a list's export (its row type checks every column key). */
export const listExport = <Row>(e: ListExport<Row>): ListExport<Row> => e;

/** Excel formats of the column kinds that have one. */
export const EXPORT_FORMATS = {
  number: '#,##0',
  money: '#,##0.00',
  date: 'yyyy-mm-dd',
  datetime: 'yyyy-mm-dd hh:mm:ss',
} as const;

/** The export body: the list's filter (its list query, paging ignored) and the titles in the user's language: the
 * sheet (also the file name), each column by key, and each code column's labels by code. A title or label not sent
 * is written as its key or code. */
export const ExportTitlesSchema = z.object({
  sheet: inputString().max(100),
  columns: z.record(z.string().max(100), inputString().max(200)).default({}),
  labels: z.record(z.string().max(100), z.record(z.string().max(100), inputString().max(200))).default({}),
});
export type ExportTitles = z.input<typeof ExportTitlesSchema>;

export const listExportBody = <Q extends z.ZodType>(filter: Q) =>
  z.object({ filter: z.preprocess((v) => v ?? {}, filter), titles: ExportTitlesSchema });
export type ListExportBody = { filter: Record<string, unknown>; titles: ExportTitles };

// ---- The exports of the business records ----

/** Every status a business record shows (the list's status tag). */
const RECORD_STATUS_CODES = ['draft', 'submitted', 'approving', 'approved', 'rejected'] as const;
/** A contract type's label: the pages name it by its suffix (widgets.contractType.XSHT). */
const CONTRACT_TYPE_LABELS = CONTRACT_TYPE_KEYS.map((code) => ({
  code,
  label: `widgets.contractType.${code.slice(CONTRACT_TYPE_PREFIX.length)}`,
}));
/** The status column: each of `codes` written as its biz.status label (a list that shows fewer statuses names them). */
const status = <Row extends { status: string }>(
  codes: readonly string[] = RECORD_STATUS_CODES,
  title = 'biz.common.status',
): ExportColumn<Row> => ({
  key: 'status',
  title,
  kind: 'code',
  labels: labelsUnder('biz.status.', codes),
});
const createTime = <Row extends { createTime: string }>(title = 'biz.common.createTime'): ExportColumn<Row> => ({
  key: 'createTime',
  title,
  kind: 'datetime',
});
const times = <Row extends { createTime: string; updateTime: string }>(): ExportColumn<Row>[] => [
  createTime<Row>(),
  { key: 'updateTime', title: 'biz.common.updateTime', kind: 'datetime' },
];

export const CONTRACT_EXPORT = listExport<ContractRow>({
  list: BUSINESS_PATHS.contracts,
  columns: [
    { key: 'code', title: 'biz.contracts.code', kind: 'text' },
    { key: 'contractRelevanceCode', title: 'biz.contracts.contractRelevanceCode', kind: 'text' },
    {
      key: 'contractType',
      title: 'biz.settlements.contractType',
      kind: 'code',
      labels: CONTRACT_TYPE_LABELS,
    },
    { key: 'contractName', title: 'biz.contracts.contractName', kind: 'text' },
    { key: 'enterpriseName', title: 'biz.contracts.enterpriseName', kind: 'text' },
    { key: 'money', title: 'biz.contracts.money', kind: 'money' },
    { key: 'signDate', title: 'biz.contracts.signDate', kind: 'date' },
    status(),
    ...times<ContractRow>(),
  ],
});

type SalesOrderRow = z.infer<typeof SalesOrderRowSchema>;
export const SALES_ORDER_EXPORT = listExport<SalesOrderRow>({
  list: BUSINESS_PATHS.salesOrders,
  columns: [
    { key: 'orderCode', title: 'biz.orders.sales.code', kind: 'text' },
    { key: 'enterpriseName', title: 'biz.orders.sales.counterparty', kind: 'text' },
    { key: 'moneyDemand', title: 'biz.orders.sales.flag', kind: 'code', labels: labelsUnder('biz.orders.sales.flag_', [0, 1]) },
    { key: 'salesDate', title: 'biz.orders.sales.days', kind: 'number' },
    { key: 'money', title: 'biz.orders.money', kind: 'money' },
    status(),
    ...times<SalesOrderRow>(),
  ],
});

type PurchaseOrderRow = z.infer<typeof PurchaseOrderRowSchema>;
export const PURCHASE_ORDER_EXPORT = listExport<PurchaseOrderRow>({
  list: BUSINESS_PATHS.purchaseOrders,
  columns: [
    { key: 'purchaseOrderCode', title: 'biz.orders.purchase.code', kind: 'text' },
    { key: 'supplierName', title: 'biz.orders.purchase.counterparty', kind: 'text' },
    {
      key: 'isPrecondition',
      title: 'biz.orders.purchase.flag',
      kind: 'code',
      labels: labelsUnder('biz.orders.purchase.flag_', [0, 1]),
    },
    { key: 'purchaseDate', title: 'biz.orders.purchase.days', kind: 'number' },
    { key: 'money', title: 'biz.orders.money', kind: 'money' },
    status(),
    ...times<PurchaseOrderRow>(),
  ],
});

export const PROJECT_EXPORT = listExport<ProjectRow>({
  list: BUSINESS_PATHS.projects,
  columns: [
    { key: 'projectCode', title: 'biz.projects.projectCode', kind: 'text' },
    { key: 'projectName', title: 'biz.projects.projectName', kind: 'text' },
    { key: 'type', title: 'biz.projects.type', kind: 'code', labels: labelsUnder('biz.projects.type_', [1, 2]) },
    { key: 'enterpriseName', title: 'biz.projects.enterpriseName', kind: 'text' },
    { key: 'supplierName', title: 'biz.projects.supplierName', kind: 'text' },
    { key: 'projectTakeEffectTime', title: 'biz.projects.projectTakeEffectTime', kind: 'date' },
    status(),
    ...times<ProjectRow>(),
  ],
});

export const LOAN_EXPORT = listExport<LoanRow>({
  list: BUSINESS_PATHS.loans,
  columns: [
    { key: 'applicationFormNum', title: 'biz.loans.applicationFormNum', kind: 'text' },
    { key: 'applicantName', title: 'biz.loans.applicantName', kind: 'text' },
    { key: 'createDate', title: 'biz.loans.createDate', kind: 'date' },
    { key: 'contractNum', title: 'biz.loans.contractNum', kind: 'text' },
    { key: 'contractAmount', title: 'biz.loans.contractAmount', kind: 'money' },
    { key: 'corporateName', title: 'biz.loans.corporateName', kind: 'text' },
    { key: 'loanAmount', title: 'biz.loans.loanAmount', kind: 'money' },
    status(),
    ...times<LoanRow>(),
  ],
});

export const SETTLEMENT_EXPORT = listExport<SettlementRow>({
  list: BUSINESS_PATHS.settlements,
  columns: [
    { key: 'settleCode', title: 'biz.settlements.settleCode', kind: 'text' },
    { key: 'contractCode', title: 'biz.loans.contractNum', kind: 'text' },
    {
      key: 'contractType',
      title: 'biz.settlements.contractType',
      kind: 'code',
      labels: CONTRACT_TYPE_LABELS,
    },
    { key: 'enterpriseName', title: 'biz.settlements.enterpriseName', kind: 'text' },
    { key: 'type', title: 'biz.settlements.type', kind: 'code', labels: labelsUnder('biz.settlements.type_', [1, 2]) },
    { key: 'money', title: 'biz.settlements.money', kind: 'money' },
    { key: 'settleDate', title: 'biz.settlements.settleDate', kind: 'date' },
    { key: 'remark', title: 'biz.settlements.remark', kind: 'text' },
    status(),
    ...times<SettlementRow>(),
  ],
});

export const GOODS_EXPORT = listExport<Goods>({
  list: `/api${GOODS_PATHS.listGoods}`,
  columns: [
    { key: 'goodsNumber', title: 'widgets.goods.goodsNumber', kind: 'text' },
    { key: 'goodsName', title: 'widgets.goods.goodsName', kind: 'text' },
    { key: 'specificationModels', title: 'widgets.goods.specificationModels', kind: 'text' },
    { key: 'texture', title: 'widgets.goods.texture', kind: 'text' },
    { key: 'unit', title: 'widgets.goods.unit', kind: 'text' },
    { key: 'manufacturer', title: 'widgets.goods.manufacturer', kind: 'text' },
    { key: 'weight', title: 'widgets.goods.weight', kind: 'number', format: '#,##0.###' },
    { key: 'monad', title: 'widgets.goods.monad', kind: 'text' },
    { key: 'goodsPrice', title: 'widgets.goods.goodsPrice', kind: 'money' },
  ],
});

// ---- Warehouse order lists (in-storage orders, outbound orders) ----

/** The order list of a warehouse document kind: its number, its source document's, the parties, its date, totals. */
const warehouseOrderExport = <K extends WarehouseDocumentKind>(kind: K) => {
  const n = kind.names;
  const W = 'supervision.warehouse';
  return listExport<WarehouseOrder<K>>({
    list: kind.order.pagePath,
    columns: [
      { key: 'code', title: kind.labels.orderCode, kind: 'text' },
      { key: n.sourceCode as keyof WarehouseOrder<K> & string, title: kind.labels.sourceCode, kind: 'text' },
      { key: 'contractRelevanceCode', title: `${W}.contractCode`, kind: 'text' },
      { key: 'enterpriseName', title: `${W}.enterprise`, kind: 'text' },
      { key: 'superviseName', title: `${W}.supervisor`, kind: 'text' },
      { key: 'warehouseName', title: `${W}.warehouse`, kind: 'text' },
      { key: n.orderDate as keyof WarehouseOrder<K> & string, title: kind.labels.orderDate, kind: 'date' },
      { key: 'goodsCount', title: 'audit.fields.goodsCount', kind: 'number' },
      { key: n.totals[0] as keyof WarehouseOrder<K> & string, title: kind.labels.measures[0], kind: 'number', format: '#,##0.###' },
      { key: n.totals[1] as keyof WarehouseOrder<K> & string, title: kind.labels.measures[1], kind: 'number', format: '#,##0.###' },
      { key: 'remark', title: `${W}.remark`, kind: 'text' },
      { key: 'createUserName', title: `${W}.createdBy`, kind: 'text' },
      createTime<WarehouseOrder<K>>(),
    ],
  });
};
export const IN_STORAGE_ORDER_EXPORT = warehouseOrderExport(IN_STORAGE);

/** A regulated-warehouse list tab (in-storage notices, delivery instructions): the document, parties, date, totals. */
const warehouseSourceExport = <K extends WarehouseDocumentKind>(kind: K) => {
  const n = kind.names;
  const W = 'supervision.warehouse';
  type Key = keyof SourceRow<K> & string;
  return listExport<SourceRow<K>>({
    list: kind.source.pagePath,
    columns: [
      { key: 'code', title: kind.labels.sourceCode, kind: 'text' },
      { key: 'contractRelevanceCode', title: `${W}.contractCode`, kind: 'text' },
      { key: 'enterpriseName', title: `${W}.enterprise`, kind: 'text' },
      { key: 'superviseName', title: `${W}.supervisor`, kind: 'text' },
      { key: 'warehouseName', title: `${W}.warehouse`, kind: 'text' },
      { key: n.sourceDate as Key, title: kind.labels.sourceDate, kind: 'date' },
      { key: 'goodsCount', title: 'audit.fields.goodsCount', kind: 'number' },
      { key: n.totals[0] as Key, title: kind.labels.measures[0], kind: 'number', format: '#,##0.###' },
      { key: n.totals[1] as Key, title: kind.labels.measures[1], kind: 'number', format: '#,##0.###' },
    ],
  });
};
export const IN_STORAGE_NOTICE_EXPORT = warehouseSourceExport(IN_STORAGE);
export const DELIVERY_INSTRUCTION_EXPORT = warehouseSourceExport(OUTBOUND);
export const OUTBOUND_ORDER_EXPORT = warehouseOrderExport(OUTBOUND);

// ---- Portal content lists (every content type of both sites) ----

/** The content list of `type` on `site`: title, column, status, its times and who changed it last. */
export const contentExport = (site: PortalSite, type: ContentType) =>
  listExport<ContentRow>({
    list: contentPaths(site, type).items,
    columns: [
      { key: 'title', title: 'portal.field.title', kind: 'text' },
      { key: 'columnName', title: 'portal.field.columnId', kind: 'text' },
      { key: 'status', title: 'biz.common.status', kind: 'code', labels: labelsUnder('portal.status.', CONTENT_STATUSES) },
      { key: 'goLiveAt', title: 'portal.content.goLiveAt', kind: 'datetime' },
      { key: 'expireAt', title: 'portal.content.expireAt', kind: 'datetime' },
      { key: 'publishedAt', title: 'portal.content.publishedAt', kind: 'datetime' },
      { key: 'version', title: 'portal.content.version', kind: 'number' },
      { key: 'changeUserName', title: 'portal.content.user', kind: 'text' },
      { key: 'updateTime', title: 'portal.content.updated', kind: 'datetime' },
    ],
  });
const CONTENT_EXPORTS = PORTAL_SITES.flatMap((site) => CONTENT_TYPES.map((type) => contentExport(site, type)));

// ---- Customers, products and signings, the enterprise's warehouse flows, users ----

/** A customer as its export writes it: the list's row with its region as one line and its first contact's name and
 * phone (the list's row holds the contact as an object). */
export type CustomerExportRow = CustomerRow & { region: string; contactName: string; contactPhone: string };
/** The region line as the list shows it (a municipality's 市辖区 and a repeated province are left out). */
export const customerExportRow = (c: CustomerRow): CustomerExportRow => ({
  ...c,
  region: [c.province, c.city === '市辖区' || c.city === c.province ? '' : c.city, c.area].filter(Boolean).join(' '),
  contactName: c.mainContact?.name ?? '',
  contactPhone: c.mainContact?.phone ?? '',
});
export const CUSTOMER_EXPORT = listExport<CustomerExportRow>({
  list: CUSTOMER_PATHS.list,
  columns: [
    { key: 'name', title: 'customers.enterprises.name', kind: 'text' },
    { key: 'creditCode', title: 'customers.enterprises.creditCode', kind: 'text' },
    { key: 'legalRepresentative', title: 'customers.enterprises.legalRepresentative', kind: 'text' },
    { key: 'region', title: 'customers.enterprises.region', kind: 'text' },
    { key: 'detailedAddress', title: 'customers.enterprises.detailedAddress', kind: 'text' },
    { key: 'contactName', title: 'customers.enterprises.contactName', kind: 'text' },
    { key: 'contactPhone', title: 'customers.enterprises.contactPhone', kind: 'text' },
    ...times<CustomerExportRow>(),
  ],
});

/** An annual rate in percent (the products' rates are percentages with two decimals). */
const RATE_FORMAT = '0.00"%"';
export const PRODUCT_EXPORT = listExport<Product>({
  list: PRODUCT_PATHS.products,
  columns: [
    { key: 'code', title: 'products.field.code', kind: 'text' },
    { key: 'name', title: 'products.field.name', kind: 'text' },
    { key: 'kind', title: 'products.field.kind', kind: 'code', labels: labelsUnder('products.kind.', PRODUCT_KINDS) },
    { key: 'rateMin', title: 'products.field.rateMin', kind: 'number', format: RATE_FORMAT },
    { key: 'rateMax', title: 'products.field.rateMax', kind: 'number', format: RATE_FORMAT },
    { key: 'termMin', title: 'products.field.termMin', kind: 'number' },
    { key: 'termMax', title: 'products.field.termMax', kind: 'number' },
    { key: 'limitAmount', title: 'products.field.limitAmount', kind: 'money' },
    { key: 'status', title: 'products.field.status', kind: 'code', labels: labelsUnder('products.status.', PRODUCT_STATUSES) },
    { key: 'description', title: 'products.field.description', kind: 'text' },
    ...times<Product>(),
  ],
});

export const SIGNING_EXPORT = listExport<SigningRow>({
  list: PRODUCT_PATHS.signings,
  columns: [
    { key: 'signCode', title: 'products.signing.signCode', kind: 'text' },
    { key: 'productName', title: 'products.signing.product', kind: 'text' },
    { key: 'productCode', title: 'products.field.code', kind: 'text' },
    { key: 'productKind', title: 'products.field.kind', kind: 'code', labels: labelsUnder('products.kind.', PRODUCT_KINDS) },
    { key: 'amount', title: 'products.signing.amount', kind: 'money' },
    { key: 'termMonths', title: 'products.signing.termMonths', kind: 'number' },
    { key: 'purpose', title: 'products.signing.purpose', kind: 'text' },
    { key: 'projectName', title: 'products.signing.project', kind: 'text' },
    { key: 'contractCode', title: 'products.signing.contract', kind: 'text' },
    status(SIGNING_STATUSES),
    ...times<SigningRow>(),
  ],
});

/** A flow document's goods as the list shows them: "name ×quantity", joined by "；". */
const goodsLine = (goods: readonly { goodsName: string; quantity: number }[]) =>
  goods.map((g) => `${g.goodsName} ×${g.quantity}`).join('；');
export type NoticeExportRow = EnterpriseNotice & { goods: string };
export const noticeExportRow = (n: EnterpriseNotice): NoticeExportRow => ({
  ...n,
  goods: goodsLine(n.inStorageNoticeGoods.map((g) => ({ goodsName: g.goodsName, quantity: g.weight }))),
});
export type ApplicationExportRow = DeliveryApplication & { goods: string };
export const applicationExportRow = (a: DeliveryApplication): ApplicationExportRow => ({
  ...a,
  goods: goodsLine(a.deliveryApplyGoods.map((g) => ({ goodsName: g.goodsName, quantity: g.deliveryNumber }))),
});
/** The columns both flow lists write: the parties, then the goods and status, then the remark and who made it when. */
type FlowExportRow = NoticeExportRow | ApplicationExportRow;
const flowParties = <Row extends FlowExportRow>(): ExportColumn<Row>[] => [
  { key: 'enterpriseName', title: 'flows.common.enterpriseName', kind: 'text' },
  { key: 'warehouseName', title: 'flows.common.warehouse', kind: 'text' },
  { key: 'superviseName', title: 'flows.common.supervisor', kind: 'text' },
];
const flowGoodsAndStatus = <Row extends FlowExportRow>(): ExportColumn<Row>[] => [
  { key: 'goods', title: 'flows.common.goods', kind: 'text' },
  status<Row>(FLOW_STATUSES, 'flows.common.status'),
];
const flowMade = <Row extends FlowExportRow>(): ExportColumn<Row>[] => [
  { key: 'remark', title: 'flows.common.remark', kind: 'text' },
  { key: 'createUserName', title: 'flows.common.createUser', kind: 'text' },
  createTime<Row>('flows.common.createTime'),
];
export const ENTERPRISE_NOTICE_EXPORT = listExport<NoticeExportRow>({
  list: WAREHOUSE_FLOW_PATHS.noticePage,
  columns: [
    { key: 'code', title: 'flows.notices.code', kind: 'text' },
    { key: 'contractCode', title: 'flows.common.contractCode', kind: 'text' },
    { key: 'contractRelevanceCode', title: 'flows.common.contractRelevanceCode', kind: 'text' },
    ...flowParties<NoticeExportRow>(),
    { key: 'collectionTime', title: 'flows.notices.collectionTime', kind: 'date' },
    ...flowGoodsAndStatus<NoticeExportRow>(),
    ...flowMade<NoticeExportRow>(),
  ],
});
export const DELIVERY_APPLICATION_EXPORT = listExport<ApplicationExportRow>({
  list: WAREHOUSE_FLOW_PATHS.applyPage,
  columns: [
    { key: 'code', title: 'flows.applications.code', kind: 'text' },
    { key: 'applicationFormNum', title: 'flows.applications.loan', kind: 'text' },
    { key: 'contractCode', title: 'flows.common.contractCode', kind: 'text' },
    ...flowParties<ApplicationExportRow>(),
    { key: 'planDeliveryTime', title: 'flows.applications.planDeliveryTime', kind: 'date' },
    ...flowGoodsAndStatus<ApplicationExportRow>(),
    { key: 'instructionCode', title: 'flows.applications.instruction', kind: 'text' },
    ...flowMade<ApplicationExportRow>(),
  ],
});

/** A user as the export writes them: the list's row with its kind as one code (internal, group or regular). */
export const USER_KINDS = ['internal', 'group', 'regular'] as const;
export type UserExportRow = SystemUser & { kind: (typeof USER_KINDS)[number] };
export const userExportRow = (u: SystemUser): UserExportRow => ({
  ...u,
  kind: u.isInternal ? 'internal' : u.isGroup ? 'group' : 'regular',
});
export const USER_EXPORT = listExport<UserExportRow>({
  list: SYSTEM_PATHS.users,
  columns: [
    { key: 'name', title: 'systemSettings.users.name', kind: 'text' },
    { key: 'userName', title: 'systemSettings.users.userName', kind: 'text' },
    { key: 'orgName', title: 'systemSettings.users.org', kind: 'text' },
    { key: 'phone', title: 'systemSettings.users.phone', kind: 'text' },
    { key: 'kind', title: 'systemSettings.users.kind', kind: 'code', labels: labelsUnder('systemSettings.users.', USER_KINDS) },
    // A list of codes: each written as its label, joined by "、".
    { key: 'roles', title: 'systemSettings.users.roles', kind: 'code', labels: labelsUnder('systemSettings.roleNames.', ROLES) },
  ],
});

/** The caller's warning messages (their list pages by pageNum; the export walks them all). */
export const WARNING_MESSAGE_EXPORT = listExport<WarningMessage>({
  list: ALERT_PATHS.messages,
  columns: [
    { key: 'warn_gen_dt', title: 'supervision.warnings.time', kind: 'datetime' },
    { key: 'companyName', title: 'supervision.risk.companyName', kind: 'text' },
    { key: 'riskTitle', title: 'supervision.risk.type', kind: 'text' },
    { key: 'warn_rule', title: 'supervision.risk.warnRule', kind: 'text' },
    { key: 'content', title: 'supervision.warnings.content', kind: 'text' },
    {
      key: 'isRead',
      title: 'supervision.warnings.readStatus',
      kind: 'code',
      labels: [
        { code: 'true', label: 'supervision.warnings.read' },
        { code: 'false', label: 'supervision.warnings.unread' },
      ],
    },
    { key: 'readAt', title: 'supervision.warnings.readAt', kind: 'datetime' },
  ],
});

/** Every list export by its list path (the web's export button finds its list's here). */
// ---- Company risk records (the risk view's list: the company, the type, the rule and the date it shows) ----

export const COMPANY_RISK_EXPORT = listExport<CompanyRiskRecord>({
  list: RISK_PATHS.page,
  columns: [
    { key: 'companyName', title: 'supervision.risk.companyName', kind: 'text' },
    {
      key: 'riskType',
      title: 'supervision.risk.type',
      kind: 'code',
      labels: RISK_TYPE_CODES.map((code) => ({ code, label: `supervision.risk.types.t${code}` })),
    },
    { key: 'warnRule', title: 'supervision.risk.warnRule', kind: 'text' },
    { key: 'warnDate', title: 'supervision.risk.warnDate', kind: 'date' },
  ],
});

export const LIST_EXPORTS: Readonly<Record<string, ListExport<never>>> = Object.fromEntries(
  [
    CONTRACT_EXPORT,
    SALES_ORDER_EXPORT,
    PURCHASE_ORDER_EXPORT,
    PROJECT_EXPORT,
    LOAN_EXPORT,
    SETTLEMENT_EXPORT,
    GOODS_EXPORT,
    IN_STORAGE_ORDER_EXPORT,
    OUTBOUND_ORDER_EXPORT,
    IN_STORAGE_NOTICE_EXPORT,
    DELIVERY_INSTRUCTION_EXPORT,
    ...CONTENT_EXPORTS,
    CUSTOMER_EXPORT,
    PRODUCT_EXPORT,
    SIGNING_EXPORT,
    ENTERPRISE_NOTICE_EXPORT,
    DELIVERY_APPLICATION_EXPORT,
    USER_EXPORT,
    WARNING_MESSAGE_EXPORT,
    COMPANY_RISK_EXPORT,
  ].map((e) => [e.list, e as unknown as ListExport<never>]),
);
export const listExportOf = (listPath: string): ListExport<never> | undefined =>
  Object.hasOwn(LIST_EXPORTS, listPath) ? LIST_EXPORTS[listPath] : undefined;
