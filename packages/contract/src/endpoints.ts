// Every JSON call of the API in one list: its method, its path (as the route registers it, `:name` for a path
// parameter), the schemas of its query and body, and the schema of its reply. The server's routes declare the same
// schemas (a server test holds the two together); the web's tests answer calls through this list, so a mocked
// reply that the contract would refuse fails the test that sent it.
import type { z } from 'zod';
import {
  ADDRESS_BOOK_PATHS,
  DeliveryAddressPageReplySchema,
  DeliveryAddressReplySchema,
  ListDeliveryAddressesQuerySchema,
  SaveDeliveryAddressBodySchema,
  SetDefaultAddressBodySchema,
  SetDefaultAddressQuerySchema,
  UpdateDeliveryAddressBodySchema,
} from './address-book.js';
import {
  ALERT_PATHS,
  EarlyWarningInfoQuerySchema,
  EarlyWarningInfoReplySchema,
  MessageEarlyWarningQuerySchema,
  UnreadCountReplySchema,
  UpdateMessageStatusBodySchema,
  UpdateMessageStatusReplySchema,
  WarningMessagePageReplySchema,
} from './alerts.js';
import { AUDIT_PATHS, AuditPageReplySchema, AuditQuerySchema } from './audit.js';
import {
  BUSINESS_PATHS,
  CONTRACT_RECORD,
  ChooseSettleQuerySchema,
  ContractDetailQuerySchema,
  GoodsDetailReplySchema,
  LOAN_RECORD,
  PROJECT_RECORD,
  PURCHASE_ORDER_RECORD,
  SALES_ORDER_RECORD,
  SETTLEMENT_RECORD,
  SalesOrderGoodsQuerySchema,
  SalesOrderGoodsReplySchema,
  SaveGoodsBodySchema,
  SettlementPageReplySchema,
  UpdateGoodsBodySchema,
} from './business.js';
import { CategoryListReplySchema, GOODS_PATHS, GoodsPageReplySchema, ListGoodsQuerySchema } from './goods.js';
import {
  ContractEntryPageReplySchema,
  CourierContractQuerySchema,
  FundContractQuerySchema,
  FundContractReplySchema,
  InStorageContractQuerySchema,
  LoanPickQuerySchema,
  LoanPickReplySchema,
  OrderPickQuerySchema,
  PICKER_API_PATHS,
  ProjectPickQuerySchema,
  ProjectPickReplySchema,
  PurchaseOrderPickReplySchema,
  SalesOrderPickReplySchema,
} from './pickers.js';
import {
  CompleteTaskBodySchema,
  PROCESS_PATHS,
  SubmitProcessBodySchema,
  TaskHistoryReplySchema,
  TodoListQuerySchema,
  TodoListReplySchema,
} from './process.js';
import { CompanyRiskPageQuerySchema, CompanyRiskPageReplySchema, RISK_PATHS, RiskSummaryReplySchema } from './risk.js';
import {
  DictQuerySchema,
  DictReplySchema,
  EntryBodySchema,
  EntryReplySchema,
  GenerateNumberQuerySchema,
  GenerateNumberReplySchema,
  HealthReplySchema,
  LoginBodySchema,
  LoginReplySchema,
  LogoutBodySchema,
  LogoutReplySchema,
  PublicConfigReplySchema,
  RefreshBodySchema,
  RefreshReplySchema,
  SESSION_PATHS,
  SessionReplySchema,
  UserDetailReplySchema,
  UserInfoReplySchema,
} from './session.js';
import {
  StoredFileReplySchema,
  UPLOAD_PATHS,
  UploadImageQuerySchema,
  UploadImageReplySchema,
  UploadQuerySchema,
  UploadReplySchema,
} from './uploads.js';
import {
  IN_STORAGE,
  OUTBOUND,
  OrderDetailQuerySchema,
  OrderPageQuerySchema,
  PrintQuerySchema,
  PrintReplySchema,
  WAREHOUSE_PATHS,
  WarehousePermissionsReplySchema,
} from './warehouse.js';
import { WORKBENCH_PATH, WorkbenchReplySchema } from './workbench.js';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** One call: a body is JSON unless the call uploads a file (multipart, no body schema). */
export type Endpoint = {
  readonly method: HttpMethod;
  readonly path: string;
  readonly query?: z.ZodType;
  readonly body?: z.ZodType;
  readonly reply: z.ZodType<{ code: number; message: string; data: unknown }>;
};

const call = <const E extends Endpoint>(e: E): E => e;

type Reply = Endpoint['reply'];
type RecordCallsKind = {
  paths: { list: string; item: string };
  listQuery?: z.ZodType;
  pageReply: Reply;
  reply: Reply;
  saveBody: z.ZodType;
  updateBody: z.ZodType;
};
type RecordCalls<K extends RecordCallsKind, Q extends z.ZodType | undefined> = readonly [
  { readonly method: 'GET'; readonly path: K['paths']['list']; readonly query: K['listQuery']; readonly reply: K['pageReply'] },
  { readonly method: 'GET'; readonly path: K['paths']['item']; readonly query: Q; readonly reply: K['reply'] },
  { readonly method: 'POST'; readonly path: K['paths']['list']; readonly body: K['saveBody']; readonly reply: K['reply'] },
  { readonly method: 'PUT'; readonly path: K['paths']['item']; readonly body: K['updateBody']; readonly reply: K['reply'] },
];
/** A record kind's four calls (list, read, create, update), from its descriptor; `itemQuery` when reading takes a query. */
const recordCalls = <K extends RecordCallsKind, Q extends z.ZodType | undefined = undefined>(k: K, itemQuery?: Q): RecordCalls<K, Q> => [
  { method: 'GET', path: k.paths.list, query: k.listQuery, reply: k.pageReply },
  { method: 'GET', path: k.paths.item, query: itemQuery as Q, reply: k.reply },
  { method: 'POST', path: k.paths.list, body: k.saveBody, reply: k.reply },
  { method: 'PUT', path: k.paths.item, body: k.updateBody, reply: k.reply },
];

export const API_ENDPOINTS = [
  // ---- Session, organisation and common ----
  call({ method: 'GET', path: SESSION_PATHS.health, reply: HealthReplySchema }),
  call({ method: 'POST', path: SESSION_PATHS.entry, body: EntryBodySchema, reply: EntryReplySchema }),
  call({ method: 'GET', path: SESSION_PATHS.publicConfig, reply: PublicConfigReplySchema }),
  call({ method: 'GET', path: SESSION_PATHS.session, reply: SessionReplySchema }),
  call({ method: 'PUT', path: SESSION_PATHS.refresh, body: RefreshBodySchema, reply: RefreshReplySchema }),
  call({ method: 'POST', path: SESSION_PATHS.logout, body: LogoutBodySchema, reply: LogoutReplySchema }),
  call({ method: 'POST', path: SESSION_PATHS.login, body: LoginBodySchema, reply: LoginReplySchema }),
  call({ method: 'GET', path: SESSION_PATHS.userInfo, reply: UserInfoReplySchema }),
  call({ method: 'GET', path: SESSION_PATHS.userById, reply: UserDetailReplySchema }),
  call({ method: 'GET', path: SESSION_PATHS.dictByGroup, query: DictQuerySchema, reply: DictReplySchema }),
  call({ method: 'GET', path: SESSION_PATHS.generateNumber, query: GenerateNumberQuerySchema, reply: GenerateNumberReplySchema }),
  call({ method: 'GET', path: WORKBENCH_PATH, reply: WorkbenchReplySchema }),
  call({ method: 'POST', path: UPLOAD_PATHS.upload, query: UploadQuerySchema, reply: UploadReplySchema }),
  call({ method: 'POST', path: UPLOAD_PATHS.uploadImage, query: UploadImageQuerySchema, reply: UploadImageReplySchema }),
  call({ method: 'GET', path: UPLOAD_PATHS.fileInfo, reply: StoredFileReplySchema }),
  call({ method: 'GET', path: AUDIT_PATHS.list, query: AuditQuerySchema, reply: AuditPageReplySchema }),

  // ---- Goods catalogue (the web calls the /api spelling) ----
  call({ method: 'GET', path: `/api${GOODS_PATHS.listCategory}`, reply: CategoryListReplySchema }),
  call({ method: 'GET', path: `/api${GOODS_PATHS.listGoods}`, query: ListGoodsQuerySchema, reply: GoodsPageReplySchema }),
  call({ method: 'GET', path: BUSINESS_PATHS.goodsItem, reply: GoodsDetailReplySchema }),
  call({ method: 'POST', path: BUSINESS_PATHS.goods, body: SaveGoodsBodySchema, reply: GoodsDetailReplySchema }),
  call({ method: 'PUT', path: BUSINESS_PATHS.goodsItem, body: UpdateGoodsBodySchema, reply: GoodsDetailReplySchema }),

  // ---- Warehouse ----
  call({ method: 'GET', path: WAREHOUSE_PATHS.permissions, reply: WarehousePermissionsReplySchema }),
  // Each document kind's five calls, with the schemas of its descriptor.
  call({ method: 'GET', path: WAREHOUSE_PATHS.inStoragePage, query: IN_STORAGE.source.pageQuery, reply: IN_STORAGE.source.pageReply }),
  call({ method: 'GET', path: WAREHOUSE_PATHS.inStorageDetail, query: PrintQuerySchema, reply: IN_STORAGE.source.detailReply }),
  call({ method: 'POST', path: WAREHOUSE_PATHS.inStorageOrderCreate, body: IN_STORAGE.order.createBody, reply: IN_STORAGE.order.reply }),
  call({ method: 'GET', path: WAREHOUSE_PATHS.inStorageOrderPage, query: OrderPageQuerySchema, reply: IN_STORAGE.order.pageReply }),
  call({ method: 'GET', path: WAREHOUSE_PATHS.inStorageOrderDetail, query: OrderDetailQuerySchema, reply: IN_STORAGE.order.reply }),
  call({ method: 'GET', path: WAREHOUSE_PATHS.deliveryPage, query: OUTBOUND.source.pageQuery, reply: OUTBOUND.source.pageReply }),
  call({ method: 'GET', path: WAREHOUSE_PATHS.deliveryDetail, query: PrintQuerySchema, reply: OUTBOUND.source.detailReply }),
  call({ method: 'POST', path: WAREHOUSE_PATHS.outboundOrderCreate, body: OUTBOUND.order.createBody, reply: OUTBOUND.order.reply }),
  call({ method: 'GET', path: WAREHOUSE_PATHS.outboundOrderPage, query: OrderPageQuerySchema, reply: OUTBOUND.order.pageReply }),
  call({ method: 'GET', path: WAREHOUSE_PATHS.outboundOrderDetail, query: OrderDetailQuerySchema, reply: OUTBOUND.order.reply }),
  call({ method: 'GET', path: WAREHOUSE_PATHS.printNotice, query: PrintQuerySchema, reply: PrintReplySchema }),

  // ---- Delivery address book ----
  call({ method: 'GET', path: ADDRESS_BOOK_PATHS.list, query: ListDeliveryAddressesQuerySchema, reply: DeliveryAddressPageReplySchema }),
  call({ method: 'POST', path: ADDRESS_BOOK_PATHS.add, body: SaveDeliveryAddressBodySchema, reply: DeliveryAddressReplySchema }),
  call({ method: 'POST', path: ADDRESS_BOOK_PATHS.update, body: UpdateDeliveryAddressBodySchema, reply: DeliveryAddressReplySchema }),
  call({
    method: 'POST',
    path: ADDRESS_BOOK_PATHS.setDefault,
    query: SetDefaultAddressQuerySchema,
    body: SetDefaultAddressBodySchema,
    reply: DeliveryAddressReplySchema,
  }),

  // ---- Pickers (the web calls the /api spelling) ----
  call({ method: 'GET', path: PICKER_API_PATHS.purchaseOrders, query: OrderPickQuerySchema, reply: PurchaseOrderPickReplySchema }),
  call({ method: 'GET', path: PICKER_API_PATHS.salesOrders, query: OrderPickQuerySchema, reply: SalesOrderPickReplySchema }),
  call({ method: 'GET', path: PICKER_API_PATHS.availableProjects, query: ProjectPickQuerySchema, reply: ProjectPickReplySchema }),
  call({ method: 'GET', path: PICKER_API_PATHS.loans, query: LoanPickQuerySchema, reply: LoanPickReplySchema }),
  call({ method: 'GET', path: PICKER_API_PATHS.fundContracts, query: FundContractQuerySchema, reply: FundContractReplySchema }),
  call({
    method: 'GET',
    path: PICKER_API_PATHS.inStorageContracts,
    query: InStorageContractQuerySchema,
    reply: ContractEntryPageReplySchema,
  }),
  call({ method: 'GET', path: PICKER_API_PATHS.courierContracts, query: CourierContractQuerySchema, reply: ContractEntryPageReplySchema }),

  // ---- Business records ----
  ...recordCalls(CONTRACT_RECORD, ContractDetailQuerySchema),
  ...recordCalls(SALES_ORDER_RECORD),
  call({ method: 'GET', path: BUSINESS_PATHS.salesOrderGoods, query: SalesOrderGoodsQuerySchema, reply: SalesOrderGoodsReplySchema }),
  ...recordCalls(PURCHASE_ORDER_RECORD),
  ...recordCalls(PROJECT_RECORD),
  ...recordCalls(LOAN_RECORD),
  ...recordCalls(SETTLEMENT_RECORD),
  call({ method: 'GET', path: BUSINESS_PATHS.chooseSettle, query: ChooseSettleQuerySchema, reply: SettlementPageReplySchema }),

  // ---- Warnings and risk ----
  call({ method: 'GET', path: ALERT_PATHS.messages, query: MessageEarlyWarningQuerySchema, reply: WarningMessagePageReplySchema }),
  call({ method: 'PUT', path: ALERT_PATHS.updateStatus, body: UpdateMessageStatusBodySchema, reply: UpdateMessageStatusReplySchema }),
  call({ method: 'GET', path: ALERT_PATHS.unreadCount, reply: UnreadCountReplySchema }),
  call({ method: 'GET', path: ALERT_PATHS.info, query: EarlyWarningInfoQuerySchema, reply: EarlyWarningInfoReplySchema }),
  call({ method: 'GET', path: RISK_PATHS.summary, reply: RiskSummaryReplySchema }),
  call({ method: 'GET', path: RISK_PATHS.page, query: CompanyRiskPageQuerySchema, reply: CompanyRiskPageReplySchema }),

  // ---- Approval (the task history is served as spec 7.4 writes it and under /api) ----
  call({ method: 'GET', path: PROCESS_PATHS.taskHistory, reply: TaskHistoryReplySchema }),
  call({ method: 'GET', path: `/api${PROCESS_PATHS.taskHistory}`, reply: TaskHistoryReplySchema }),
  call({ method: 'POST', path: PROCESS_PATHS.submit, body: SubmitProcessBodySchema, reply: TaskHistoryReplySchema }),
  call({ method: 'GET', path: PROCESS_PATHS.todoList, query: TodoListQuerySchema, reply: TodoListReplySchema }),
  call({ method: 'POST', path: PROCESS_PATHS.complete, body: CompleteTaskBodySchema, reply: TaskHistoryReplySchema }),
] as const;

export type ApiEndpoint = (typeof API_ENDPOINTS)[number];
