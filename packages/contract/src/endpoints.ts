// Every JSON call of the API in one list: its method, its path (as the route registers it, `:name` for a path
// parameter), the schemas of its query and body, and the schema of its reply. The server's routes declare the same
// schemas (a server test holds the two together); the web's tests answer calls through this list, so a mocked
// reply that the contract would refuse fails the test that sent it.
import type { z } from 'zod';
import { PageQuerySchema } from './envelope.js';
import {
  AssignRolesBodySchema,
  CreateDictEntryBodySchema,
  CreateDictGroupBodySchema,
  DeletedDictEntryReplySchema,
  DictEntriesReplySchema,
  DictEntryReplySchema,
  DictGroupReplySchema,
  DictGroupsReplySchema,
  EnterpriseMenusReplySchema,
  NumberRuleReplySchema,
  NumberRulesReplySchema,
  SaveMenusBodySchema,
  SaveNumberRuleBodySchema,
  SYSTEM_PATHS,
  SystemRolesReplySchema,
  SystemUserPageReplySchema,
  SystemUserReplySchema,
  SystemUsersQuerySchema,
  UpdateDictEntryBodySchema,
} from './system.js';
import {
  ListProductsQuerySchema,
  ListSigningsQuerySchema,
  PRODUCT_PATHS,
  ProductPageReplySchema,
  ProductReplySchema,
  SaveProductBodySchema,
  SaveSigningBodySchema,
  ShelfBodySchema,
  SigningPageReplySchema,
  SigningReplySchema,
  SubmitSigningBodySchema,
  UpdateProductBodySchema,
  UpdateSigningBodySchema,
} from './products.js';
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
  CertificateReplySchema,
  CheckpointsReplySchema,
  DOCUMENT_LOG_PATHS,
  DocumentLogEntriesQuerySchema,
  DocumentLogEntriesReplySchema,
  LookupQuerySchema,
  LookupReplySchema,
} from './document-log.js';
import { ALERT_PATHS } from './alert-paths.js';
import {
  EarlyWarningInfoQuerySchema,
  EarlyWarningInfoReplySchema,
  MessageEarlyWarningQuerySchema,
  UnreadCountReplySchema,
  UpdateMessageStatusBodySchema,
  UpdateMessageStatusReplySchema,
  WarningMessagePageReplySchema,
} from './alerts.js';
import {
  DATA_PORTAL_PATHS,
  DataQueryBodySchema,
  DataQueryReplySchema,
  DatasetDetailReplySchema,
  DatasetListReplySchema,
  STATISTICS_PATHS,
  StatisticsQuerySchema,
  StatisticsReplySchema,
} from './data-portal.js';
import {
  INDICATOR_PATHS,
  IndicatorDraftReplySchema,
  IndicatorOwnersReplySchema,
  IndicatorReplySchema,
  IndicatorTreeReplySchema,
  IndicatorVersionsReplySchema,
  RestoreIndicatorBodySchema,
  SaveIndicatorDraftBodySchema,
  SaveIndicatorTreeBodySchema,
} from './data-portal-indicators.js';
import {
  DeletedUploadedDatasetReplySchema,
  UPLOADED_DATASET_PATHS,
  UpdateUploadedDatasetBodySchema,
  UploadPreviewReplySchema,
  UploadedDatasetListReplySchema,
  UploadedDatasetReplySchema,
} from './data-portal-sources.js';
import {
  BOARD_PATHS,
  BoardLayoutBodySchema,
  CreateBoardBodySchema,
  CreateSceneBodySchema,
  DashboardDataBodySchema,
  DashboardDataReplySchema,
  DashboardListReplySchema,
  DashboardReplySchema,
  DeletedDashboardReplySchema,
  PUBLIC_SCENE_PATH,
  PublicSceneReplySchema,
  RevokedShareReplySchema,
  SCENE_PATHS,
  SceneLayoutBodySchema,
  SceneShareListReplySchema,
  SceneShareReplySchema,
  UpdateBoardBodySchema,
  UpdateSceneBodySchema,
} from './data-portal-boards.js';
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
  AddGoodsCategoryBodySchema,
  DeleteGoodsCategoryQuerySchema,
  DeletedGoodsCategoryReplySchema,
  GOODS_CATEGORY_PATHS,
  GoodsCategoryReplySchema,
  MoveGoodsCategoryBodySchema,
  RenameGoodsCategoryBodySchema,
  SetGoodsCategoryStatusBodySchema,
} from './goods.js';
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
  ColumnDraftReplySchema,
  ColumnReplySchema,
  ColumnTreeReplySchema,
  CreateColumnBodySchema,
  DeletedColumnReplySchema,
  MoveColumnBodySchema,
  PORTAL_SITES,
  SaveColumnDraftBodySchema,
  SaveColumnTreeBodySchema,
  UpdateColumnBodySchema,
  portalPaths,
  type PortalSite,
} from './portal.js';
import {
  DeletedMediaReplySchema,
  MediaFileReplySchema,
  MediaFoldersReplySchema,
  MediaListQuerySchema,
  MediaPageReplySchema,
  MediaKindQuerySchema,
  MediaUsesReplySchema,
  UpdateMediaBodySchema,
  mediaPaths,
} from './portal-media.js';
import {
  CompleteTaskBodySchema,
  PROCESS_PATHS,
  SubmitProcessBodySchema,
  TaskHistoryReplySchema,
  TodoListQuerySchema,
  TodoListReplySchema,
} from './process.js';
import {
  PublicBannersReplySchema,
  PublicCopyReplySchema,
  PublicItemReplySchema,
  PublicItemsPageReplySchema,
  PublicItemsQuerySchema,
  PublicNavReplySchema,
  PublicSlotsReplySchema,
  publicPaths,
} from './portal-public.js';
import { CompanyRiskPageQuerySchema, CompanyRiskPageReplySchema, RISK_PATHS, RiskSummaryReplySchema } from './risk.js';
import {
  DictQuerySchema,
  DictReplySchema,
  EntryBodySchema,
  EntryReplySchema,
  GenerateNumberQuerySchema,
  GenerateNumberReplySchema,
  HealthLiveReplySchema,
  HealthReadyReplySchema,
  HealthReplySchema,
  LoginBodySchema,
  LoginReplySchema,
  LogoutBodySchema,
  LogoutReplySchema,
  PublicConfigReplySchema,
  RefreshBodySchema,
  RefreshReplySchema,
  SessionReplySchema,
  UserDetailReplySchema,
  UserInfoReplySchema,
} from './session.js';
import { SESSION_PATHS } from './session-paths.js';
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
import { WorkbenchReplySchema } from './workbench.js';
import { WORKBENCH_PATH } from './workbench-paths.js';
import {
  BatchContentBodySchema,
  BatchContentReplySchema,
  CONTENT_TYPES,
  ContentAutosaveReplySchema,
  ColumnUsageReplySchema,
  ContentDiffQuerySchema,
  ContentDiffReplySchema,
  ContentItemReplySchema,
  ContentListQuerySchema,
  ContentPageReplySchema,
  ContentVersionDataReplySchema,
  ContentVersionsReplySchema,
  DeletedContentReplySchema,
  PreviewLinkReplySchema,
  ReorderContentBodySchema,
  SaveContentAutosaveBodySchema,
  SaveNewContentAutosaveBodySchema,
  SubmitContentBodySchema,
  WithdrawContentBodySchema,
  contentPaths,
  createContentBodySchema,
  saveContentBodySchema,
  type ContentType,
} from './portal-content.js';

import {
  CUSTOMER_PATHS,
  CustomerDeletedReplySchema,
  CustomerPageReplySchema,
  CustomerReplySchema,
  ListCustomersQuerySchema,
  SaveCustomerBodySchema,
  UpdateCustomerBodySchema,
} from './customers.js';
import {
  ApplyListQuerySchema,
  ContractGoodsQuerySchema,
  ContractGoodsReplySchema,
  CreateApplyBodySchema,
  CreateNoticeBodySchema,
  DeliveryApplicationPageReplySchema,
  DeliveryApplicationReplySchema,
  EnterpriseNoticePageReplySchema,
  EnterpriseNoticeReplySchema,
  FlowDetailQuerySchema,
  FlowWarehousesReplySchema,
  NoticeListQuerySchema,
  ReleasableQuerySchema,
  ReleasableReplySchema,
  WAREHOUSE_FLOW_PATHS,
} from './warehouse-flows.js';

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

/** A warehouse document kind's five calls (its source documents' list and detail, its orders' create, list and detail). */
const documentKindCalls = <
  SP extends string,
  SD extends string,
  OC extends string,
  OP extends string,
  OD extends string,
  SQ extends z.ZodType,
  SR extends Reply,
  DR extends Reply,
  CB extends z.ZodType,
  OR extends Reply,
  PR extends Reply,
>({
  source,
  order,
}: {
  source: { pagePath: SP; detailPath: SD; pageQuery: SQ; pageReply: SR; detailReply: DR };
  order: { createPath: OC; pagePath: OP; detailPath: OD; createBody: CB; reply: OR; pageReply: PR };
}) =>
  [
    { method: 'GET', path: source.pagePath, query: source.pageQuery, reply: source.pageReply },
    { method: 'GET', path: source.detailPath, query: PrintQuerySchema, reply: source.detailReply },
    { method: 'POST', path: order.createPath, body: order.createBody, reply: order.reply },
    { method: 'GET', path: order.pagePath, query: OrderPageQuerySchema, reply: order.pageReply },
    { method: 'GET', path: order.detailPath, query: OrderDetailQuerySchema, reply: order.reply },
  ] as const;

/** A record kind's four calls (list, read, create, update), from its descriptor; `itemQuery` when reading takes a query. */
const recordCalls = <
  L extends string,
  I extends string,
  LQ extends z.ZodType | undefined,
  PR extends Reply,
  R extends Reply,
  SB extends z.ZodType,
  UB extends z.ZodType,
  Q extends z.ZodType | undefined = undefined,
>(
  k: { paths: { list: L; item: I }; listQuery?: LQ; pageReply: PR; reply: R; saveBody: SB; updateBody: UB },
  itemQuery?: Q,
) =>
  [
    { method: 'GET', path: k.paths.list, query: k.listQuery, reply: k.pageReply },
    { method: 'GET', path: k.paths.item, query: itemQuery, reply: k.reply },
    { method: 'POST', path: k.paths.list, body: k.saveBody, reply: k.reply },
    { method: 'PUT', path: k.paths.item, body: k.updateBody, reply: k.reply },
  ] as const;

/** One portal site's column-tree calls (the site is part of each path). */
const portalColumnCalls = <S extends PortalSite>(site: S) => {
  const p = portalPaths(site);
  return [
    { method: 'GET', path: p.columns, reply: ColumnTreeReplySchema },
    { method: 'POST', path: p.columns, body: CreateColumnBodySchema, reply: ColumnReplySchema },
    { method: 'PUT', path: p.columns, body: SaveColumnTreeBodySchema, reply: ColumnTreeReplySchema },
    { method: 'PUT', path: p.column, body: UpdateColumnBodySchema, reply: ColumnReplySchema },
    { method: 'DELETE', path: p.column, reply: DeletedColumnReplySchema },
    { method: 'POST', path: p.move, body: MoveColumnBodySchema, reply: ColumnTreeReplySchema },
    { method: 'GET', path: p.draft, reply: ColumnDraftReplySchema },
    { method: 'PUT', path: p.draft, body: SaveColumnDraftBodySchema, reply: ColumnDraftReplySchema },
    { method: 'DELETE', path: p.draft, reply: ColumnDraftReplySchema },
    { method: 'GET', path: p.usage, reply: ColumnUsageReplySchema },
  ] as const;
};

/** One portal site's calls of one content type (the preview link is listed by its own module). */
const portalContentCalls = (site: PortalSite, type: ContentType) => {
  const p = contentPaths(site, type);
  return [
    { method: 'GET', path: p.items, query: ContentListQuerySchema, reply: ContentPageReplySchema },
    { method: 'POST', path: p.items, body: createContentBodySchema(type), reply: ContentItemReplySchema },
    { method: 'GET', path: p.item, reply: ContentItemReplySchema },
    { method: 'PUT', path: p.item, body: saveContentBodySchema(type), reply: ContentItemReplySchema },
    { method: 'DELETE', path: p.item, reply: DeletedContentReplySchema },
    { method: 'POST', path: p.submit, body: SubmitContentBodySchema, reply: ContentItemReplySchema },
    { method: 'POST', path: p.withdraw, body: WithdrawContentBodySchema, reply: ContentItemReplySchema },
    { method: 'POST', path: p.reissue, reply: ContentItemReplySchema },
    { method: 'GET', path: p.versions, reply: ContentVersionsReplySchema },
    { method: 'GET', path: p.version, reply: ContentVersionDataReplySchema },
    { method: 'POST', path: p.restore, reply: ContentItemReplySchema },
    { method: 'GET', path: p.diff, query: ContentDiffQuerySchema, reply: ContentDiffReplySchema },
    { method: 'POST', path: p.batch, body: BatchContentBodySchema, reply: BatchContentReplySchema },
    { method: 'POST', path: p.order, body: ReorderContentBodySchema, reply: BatchContentReplySchema },
    { method: 'GET', path: p.autosave, reply: ContentAutosaveReplySchema },
    { method: 'PUT', path: p.autosave, body: SaveContentAutosaveBodySchema, reply: ContentAutosaveReplySchema },
    { method: 'DELETE', path: p.autosave, reply: ContentAutosaveReplySchema },
    { method: 'GET', path: p.newAutosave, reply: ContentAutosaveReplySchema },
    { method: 'PUT', path: p.newAutosave, body: SaveNewContentAutosaveBodySchema, reply: ContentAutosaveReplySchema },
    { method: 'DELETE', path: p.newAutosave, reply: ContentAutosaveReplySchema },
  ] as const satisfies readonly Endpoint[];
};

/** One portal site's media-library calls (the upload is multipart: its fields are MediaUploadFieldsSchema). */
const portalMediaCalls = <S extends PortalSite>(site: S) => {
  const p = mediaPaths(site);
  return [
    { method: 'GET', path: p.list, query: MediaListQuerySchema, reply: MediaPageReplySchema },
    { method: 'POST', path: p.list, query: MediaKindQuerySchema, reply: MediaFileReplySchema },
    { method: 'GET', path: p.folders, query: MediaKindQuerySchema, reply: MediaFoldersReplySchema },
    { method: 'GET', path: p.item, reply: MediaFileReplySchema },
    { method: 'PUT', path: p.item, body: UpdateMediaBodySchema, reply: MediaFileReplySchema },
    { method: 'DELETE', path: p.item, reply: DeletedMediaReplySchema },
    { method: 'GET', path: p.uses, reply: MediaUsesReplySchema },
  ] as const;
};

/** One portal site's public read calls (no session) and the signed preview link of each content type. */
const portalPublicCalls = <S extends PortalSite>(site: S) => {
  const p = publicPaths(site);
  return [
    { method: 'GET', path: p.nav, reply: PublicNavReplySchema },
    { method: 'GET', path: p.columnItems, query: PublicItemsQuerySchema, reply: PublicItemsPageReplySchema },
    { method: 'GET', path: p.item, reply: PublicItemReplySchema },
    { method: 'GET', path: p.banners, reply: PublicBannersReplySchema },
    { method: 'GET', path: p.copy, reply: PublicCopyReplySchema },
    { method: 'GET', path: p.slots, reply: PublicSlotsReplySchema },
    // contentPaths(site, type).preview, spelled so its type names each path (contentPaths' type is only a string).
    ...CONTENT_TYPES.map(
      <T extends ContentType>(type: T) =>
        ({ method: 'POST', path: `/api/portal/${site}/content/${type}/:id/preview`, reply: PreviewLinkReplySchema }) as const,
    ),
  ] as const;
};

export const API_ENDPOINTS = [
  // ---- Session, organisation and common ----
  call({ method: 'GET', path: SESSION_PATHS.health, reply: HealthReplySchema }),
  call({ method: 'GET', path: SESSION_PATHS.healthLive, reply: HealthLiveReplySchema }),
  call({ method: 'GET', path: SESSION_PATHS.healthReady, reply: HealthReadyReplySchema }),
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
  // ---- Goods category administration (issue 14, P30) ----
  call({ method: 'POST', path: GOODS_CATEGORY_PATHS.add, body: AddGoodsCategoryBodySchema, reply: GoodsCategoryReplySchema }),
  call({ method: 'PUT', path: GOODS_CATEGORY_PATHS.rename, body: RenameGoodsCategoryBodySchema, reply: GoodsCategoryReplySchema }),
  call({ method: 'PUT', path: GOODS_CATEGORY_PATHS.move, body: MoveGoodsCategoryBodySchema, reply: GoodsCategoryReplySchema }),
  call({ method: 'PUT', path: GOODS_CATEGORY_PATHS.status, body: SetGoodsCategoryStatusBodySchema, reply: GoodsCategoryReplySchema }),
  call({
    method: 'DELETE',
    path: GOODS_CATEGORY_PATHS.item,
    query: DeleteGoodsCategoryQuerySchema,
    reply: DeletedGoodsCategoryReplySchema,
  }),

  // ---- Warehouse ----
  call({ method: 'GET', path: WAREHOUSE_PATHS.permissions, reply: WarehousePermissionsReplySchema }),
  ...documentKindCalls(IN_STORAGE),
  ...documentKindCalls(OUTBOUND),
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

  // ---- Portal content: each site's column tree ----
  ...portalColumnCalls(PORTAL_SITES[0]),
  ...portalColumnCalls(PORTAL_SITES[1]),
  // ---- Portal content: each site's content items, per type ----
  ...PORTAL_SITES.flatMap((site) => CONTENT_TYPES.flatMap((type) => portalContentCalls(site, type))),
  ...portalMediaCalls(PORTAL_SITES[0]),
  ...portalMediaCalls(PORTAL_SITES[1]),

  // ---- Portal sites: the public read API, and the preview links of drafts ----
  ...portalPublicCalls(PORTAL_SITES[0]),
  ...portalPublicCalls(PORTAL_SITES[1]),

  // ---- Data portal and statistics (the statistics export answers with a workbook, not JSON) ----
  call({ method: 'GET', path: DATA_PORTAL_PATHS.datasets, reply: DatasetListReplySchema }),
  call({ method: 'GET', path: DATA_PORTAL_PATHS.dataset, reply: DatasetDetailReplySchema }),
  call({ method: 'POST', path: DATA_PORTAL_PATHS.query, body: DataQueryBodySchema, reply: DataQueryReplySchema }),
  // Uploaded datasets (the file calls are multipart: a `file`, and the fields of CreateUploadedDatasetFieldsSchema /
  // RefreshUploadedDatasetFieldsSchema).
  call({ method: 'POST', path: UPLOADED_DATASET_PATHS.preview, reply: UploadPreviewReplySchema }),
  call({ method: 'GET', path: UPLOADED_DATASET_PATHS.list, reply: UploadedDatasetListReplySchema }),
  call({ method: 'POST', path: UPLOADED_DATASET_PATHS.list, reply: UploadedDatasetReplySchema }),
  call({ method: 'GET', path: UPLOADED_DATASET_PATHS.item, reply: UploadedDatasetReplySchema }),
  call({ method: 'PUT', path: UPLOADED_DATASET_PATHS.item, body: UpdateUploadedDatasetBodySchema, reply: UploadedDatasetReplySchema }),
  call({ method: 'DELETE', path: UPLOADED_DATASET_PATHS.item, reply: DeletedUploadedDatasetReplySchema }),
  call({ method: 'POST', path: UPLOADED_DATASET_PATHS.refresh, reply: UploadedDatasetReplySchema }),
  call({ method: 'GET', path: STATISTICS_PATHS.page, query: StatisticsQuerySchema, reply: StatisticsReplySchema }),
  // ---- Data portal: the indicator system ----
  call({ method: 'GET', path: INDICATOR_PATHS.tree, reply: IndicatorTreeReplySchema }),
  call({ method: 'PUT', path: INDICATOR_PATHS.tree, body: SaveIndicatorTreeBodySchema, reply: IndicatorTreeReplySchema }),
  call({ method: 'GET', path: INDICATOR_PATHS.owners, reply: IndicatorOwnersReplySchema }),
  call({ method: 'GET', path: INDICATOR_PATHS.versions, reply: IndicatorVersionsReplySchema }),
  call({ method: 'POST', path: INDICATOR_PATHS.restore, body: RestoreIndicatorBodySchema, reply: IndicatorReplySchema }),
  call({ method: 'GET', path: INDICATOR_PATHS.draft, reply: IndicatorDraftReplySchema }),
  call({ method: 'PUT', path: INDICATOR_PATHS.draft, body: SaveIndicatorDraftBodySchema, reply: IndicatorDraftReplySchema }),
  call({ method: 'DELETE', path: INDICATOR_PATHS.draft, reply: IndicatorDraftReplySchema }),

  // ---- Data portal: dashboard boards and visualisation scenes, and a scene's public share link ----
  call({ method: 'GET', path: BOARD_PATHS.boards, reply: DashboardListReplySchema }),
  call({ method: 'POST', path: BOARD_PATHS.boards, body: CreateBoardBodySchema, reply: DashboardReplySchema }),
  call({ method: 'GET', path: BOARD_PATHS.board, reply: DashboardReplySchema }),
  call({ method: 'PUT', path: BOARD_PATHS.board, body: UpdateBoardBodySchema, reply: DashboardReplySchema }),
  call({ method: 'DELETE', path: BOARD_PATHS.board, reply: DeletedDashboardReplySchema }),
  call({ method: 'PUT', path: BOARD_PATHS.layout, body: BoardLayoutBodySchema, reply: DashboardReplySchema }),
  call({ method: 'POST', path: BOARD_PATHS.data, body: DashboardDataBodySchema, reply: DashboardDataReplySchema }),
  call({ method: 'GET', path: SCENE_PATHS.scenes, reply: DashboardListReplySchema }),
  call({ method: 'POST', path: SCENE_PATHS.scenes, body: CreateSceneBodySchema, reply: DashboardReplySchema }),
  call({ method: 'GET', path: SCENE_PATHS.scene, reply: DashboardReplySchema }),
  call({ method: 'PUT', path: SCENE_PATHS.scene, body: UpdateSceneBodySchema, reply: DashboardReplySchema }),
  call({ method: 'DELETE', path: SCENE_PATHS.scene, reply: DeletedDashboardReplySchema }),
  call({ method: 'PUT', path: SCENE_PATHS.layout, body: SceneLayoutBodySchema, reply: DashboardReplySchema }),
  call({ method: 'POST', path: SCENE_PATHS.data, body: DashboardDataBodySchema, reply: DashboardDataReplySchema }),
  call({ method: 'GET', path: SCENE_PATHS.shares, reply: SceneShareListReplySchema }),
  call({ method: 'POST', path: SCENE_PATHS.shares, reply: SceneShareReplySchema }),
  call({ method: 'DELETE', path: SCENE_PATHS.share, reply: RevokedShareReplySchema }),
  call({ method: 'GET', path: PUBLIC_SCENE_PATH, reply: PublicSceneReplySchema }),

  // ---- Document certificates (the blockchain menu) ----
  call({ method: 'GET', path: DOCUMENT_LOG_PATHS.entries, query: DocumentLogEntriesQuerySchema, reply: DocumentLogEntriesReplySchema }),
  call({ method: 'GET', path: DOCUMENT_LOG_PATHS.checkpoints, query: PageQuerySchema, reply: CheckpointsReplySchema }),
  call({ method: 'GET', path: DOCUMENT_LOG_PATHS.certificate, reply: CertificateReplySchema }),
  call({ method: 'GET', path: DOCUMENT_LOG_PATHS.lookup, query: LookupQuerySchema, reply: LookupReplySchema }),
  // ---- Customers (the enterprise's counterparties) ----
  call({ method: 'GET', path: CUSTOMER_PATHS.list, query: ListCustomersQuerySchema, reply: CustomerPageReplySchema }),
  call({ method: 'POST', path: CUSTOMER_PATHS.list, body: SaveCustomerBodySchema, reply: CustomerReplySchema }),
  call({ method: 'GET', path: CUSTOMER_PATHS.item, reply: CustomerReplySchema }),
  call({ method: 'PUT', path: CUSTOMER_PATHS.item, body: UpdateCustomerBodySchema, reply: CustomerReplySchema }),
  call({ method: 'DELETE', path: CUSTOMER_PATHS.item, reply: CustomerDeletedReplySchema }),
  // ---- System settings (issue 14): users and roles, menus, dictionaries, number rules ----
  call({ method: 'GET', path: SYSTEM_PATHS.users, query: SystemUsersQuerySchema, reply: SystemUserPageReplySchema }),
  call({ method: 'PUT', path: SYSTEM_PATHS.userRoles, body: AssignRolesBodySchema, reply: SystemUserReplySchema }),
  call({ method: 'GET', path: SYSTEM_PATHS.roles, reply: SystemRolesReplySchema }),
  call({ method: 'GET', path: SYSTEM_PATHS.menus, reply: EnterpriseMenusReplySchema }),
  call({ method: 'PUT', path: SYSTEM_PATHS.menus, body: SaveMenusBodySchema, reply: EnterpriseMenusReplySchema }),
  call({ method: 'GET', path: SYSTEM_PATHS.dictGroups, reply: DictGroupsReplySchema }),
  call({ method: 'POST', path: SYSTEM_PATHS.dictGroups, body: CreateDictGroupBodySchema, reply: DictGroupReplySchema }),
  call({ method: 'GET', path: SYSTEM_PATHS.dictEntries, reply: DictEntriesReplySchema }),
  call({ method: 'POST', path: SYSTEM_PATHS.dictEntries, body: CreateDictEntryBodySchema, reply: DictEntryReplySchema }),
  call({ method: 'PUT', path: SYSTEM_PATHS.dictEntry, body: UpdateDictEntryBodySchema, reply: DictEntryReplySchema }),
  call({ method: 'DELETE', path: SYSTEM_PATHS.dictEntry, reply: DeletedDictEntryReplySchema }),
  call({ method: 'GET', path: SYSTEM_PATHS.numberRules, reply: NumberRulesReplySchema }),
  call({ method: 'PUT', path: SYSTEM_PATHS.numberRule, body: SaveNumberRuleBodySchema, reply: NumberRuleReplySchema }),
  // ---- Products and signings (issue 14) ----
  call({ method: 'GET', path: PRODUCT_PATHS.products, query: ListProductsQuerySchema, reply: ProductPageReplySchema }),
  call({ method: 'GET', path: PRODUCT_PATHS.product, reply: ProductReplySchema }),
  call({ method: 'POST', path: PRODUCT_PATHS.products, body: SaveProductBodySchema, reply: ProductReplySchema }),
  call({ method: 'PUT', path: PRODUCT_PATHS.product, body: UpdateProductBodySchema, reply: ProductReplySchema }),
  call({ method: 'PUT', path: PRODUCT_PATHS.shelf, body: ShelfBodySchema, reply: ProductReplySchema }),
  call({ method: 'GET', path: PRODUCT_PATHS.signings, query: ListSigningsQuerySchema, reply: SigningPageReplySchema }),
  call({ method: 'GET', path: PRODUCT_PATHS.signing, reply: SigningReplySchema }),
  call({ method: 'POST', path: PRODUCT_PATHS.signings, body: SaveSigningBodySchema, reply: SigningReplySchema }),
  call({ method: 'PUT', path: PRODUCT_PATHS.signing, body: UpdateSigningBodySchema, reply: SigningReplySchema }),
  call({ method: 'POST', path: PRODUCT_PATHS.submitSigning, body: SubmitSigningBodySchema, reply: SigningReplySchema }),
  call({ method: 'POST', path: PRODUCT_PATHS.retryDelivery, reply: SigningReplySchema }),
  // ---- The enterprise's in-storage notices and delivery applications (P28) ----
  call({ method: 'GET', path: WAREHOUSE_FLOW_PATHS.warehouses, reply: FlowWarehousesReplySchema }),
  call({ method: 'GET', path: WAREHOUSE_FLOW_PATHS.contractGoods, query: ContractGoodsQuerySchema, reply: ContractGoodsReplySchema }),
  call({ method: 'POST', path: WAREHOUSE_FLOW_PATHS.noticeCreate, body: CreateNoticeBodySchema, reply: EnterpriseNoticeReplySchema }),
  call({ method: 'GET', path: WAREHOUSE_FLOW_PATHS.noticePage, query: NoticeListQuerySchema, reply: EnterpriseNoticePageReplySchema }),
  call({ method: 'GET', path: WAREHOUSE_FLOW_PATHS.noticeDetail, query: FlowDetailQuerySchema, reply: EnterpriseNoticeReplySchema }),
  call({ method: 'GET', path: WAREHOUSE_FLOW_PATHS.releasable, query: ReleasableQuerySchema, reply: ReleasableReplySchema }),
  call({ method: 'POST', path: WAREHOUSE_FLOW_PATHS.applyCreate, body: CreateApplyBodySchema, reply: DeliveryApplicationReplySchema }),
  call({ method: 'GET', path: WAREHOUSE_FLOW_PATHS.applyPage, query: ApplyListQuerySchema, reply: DeliveryApplicationPageReplySchema }),
  call({ method: 'GET', path: WAREHOUSE_FLOW_PATHS.applyDetail, query: FlowDetailQuerySchema, reply: DeliveryApplicationReplySchema }),
] as const;

export type ApiEndpoint = (typeof API_ENDPOINTS)[number];
