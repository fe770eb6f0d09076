// Records as the server sends them, typed by the contract: each builder gives a plausible record of demo
// enterprise A, and a test changes only what it is about (contractDetail({ status: 'approving' })).
import { TOP_MENU_KEYS } from '@tfb/contract';
import type {
  CustomerDetail,
  CustomerRow,
  AuditEntry,
  CompanyRiskRecord,
  ContractDetail,
  ContractEntry,
  ContractRow,
  DeliveryAddress,
  DeliveryInstructionDetail,
  DeliveryInstructionRow,
  DocumentRow,
  Goods,
  GoodsDetail,
  GoodsLine,
  InStorageNoticeDetail,
  InStorageNoticeRow,
  InStorageOrder,
  LoanDetail,
  ProcessHistoryEntry,
  ProjectDetail,
  PurchaseOrderDetail,
  SalesOrderDetail,
  SessionUser,
  SettlementRow,
  WarehouseScope,
  WarningMessage,
  Workbench,
} from '@tfb/contract';

const ENTERPRISE = { id: 'ent-a', name: '华东金属贸易有限公司' } as const;
const CREATED = '2026-11-01T02:00:00.000Z';

/** Every top menu shown (the stored menu list; isHidden 1 = shown): the roles alone decide what a user reaches. */
export const ALL_MENUS = TOP_MENU_KEYS.map((menuName) => ({ menuName, path: `/${menuName}`, isHidden: 1 as const }));

/** demo-a's staff user 张伟, every top menu shown. */
export const sessionUser = (over: Partial<SessionUser> = {}): SessionUser => ({
  userId: 'demo-a-staff',
  userName: 'zhangwei',
  name: '张伟',
  enterpriseId: ENTERPRISE.id,
  enterpriseName: ENTERPRISE.name,
  companyId: 'com-a',
  orgId: 'org-a-trade',
  phone: '13800000001',
  storageAddress: null,
  storageAddressId: null,
  warehouseId: null,
  isInternal: false,
  isGroup: false,
  isSupervisor: false,
  roles: ['staff'],
  avatar: '',
  introduction: '',
  menus: ALL_MENUS,
  ...over,
});

/** One page of a list reply (zero-based), with whatever a reply adds (scope, canOperate, unreadCount…). */
export const page = <T, X extends object = object>(content: T[], extra?: X, pageNumber = 0, pageSize = 10) => ({
  content,
  totalElements: content.length,
  pageNumber,
  pageSize,
  ...(extra ?? ({} as X)),
});

/** A list handler over `rows` that keeps those of the `type` asked for (all when none is). */
export const pageByType =
  <T extends { type: number }>(rows: T[]) =>
  ({ query }: { query: { type?: number | null } }) =>
    page(rows.filter((r) => !query.type || r.type === query.type));

const audit = (version = 1) => ({ status: 'draft', createTime: CREATED, updateTime: CREATED, version });

export const goodsLine = (over: Partial<GoodsLine> = {}): GoodsLine => ({
  id: 1,
  goodsId: 5,
  goodsName: '热轧卷板',
  specificationModels: 'Q235B 4.75*1500',
  unit: '吨',
  quantity: 10,
  price: 4200,
  ...over,
});

export const documentRow = (over: Partial<DocumentRow> = {}): DocumentRow => ({
  id: 3,
  sourceId: 1,
  fileName: '发票.pdf',
  fileTypeId: 'MLZZHFWPT_DOCTYPE_FP',
  fileTypeName: '发票',
  filePath: '/api/businessperationService/common/file/3',
  endTime: null,
  fileQk: null,
  ...over,
});

export const deliveryAddress = (over: Partial<DeliveryAddress> = {}): DeliveryAddress => ({
  id: 1,
  contacts: '甲联系人',
  contactsPhone: '13900000001',
  addressCode: '310000,310100,310113',
  province: '上海市',
  city: '市辖区',
  area: '宝山区',
  detailedAddress: '长江西路 1 号',
  enterpriseId: ENTERPRISE.id,
  isDefault: 0,
  isDelete: 0,
  createUserId: null,
  createUserName: null,
  changeUserId: null,
  changeUserName: null,
  createTime: '2026-01-01 00:00:00',
  updateTime: '2026-01-01 00:00:00',
  version: 1,
  ...over,
});

// ---- Contracts ----

export const contractRow = (over: Partial<ContractRow> = {}): ContractRow => ({
  id: 9,
  code: 'CGHT-20261101-00009',
  contractRelevanceCode: '',
  contractType: 'MLZZHFWPT_CONTACTTYPE_CGHT',
  contractName: '螺纹钢采购',
  enterpriseName: '江苏沙钢集团',
  money: 1000,
  signDate: null,
  ...audit(),
  ...over,
});

export const contractDetail = (over: Partial<ContractDetail> = {}): ContractDetail => {
  const row = contractRow(over);
  return {
    signType: 0,
    projectId: null,
    projectCode: null,
    salesOrderId: null,
    salesOrderCode: null,
    purchaseOrderId: null,
    purchaseOrderCode: null,
    deliveryAddressId: null,
    deliveryAddress: null,
    goods: [],
    documents: [],
    processInstanceId: null,
    limits: { contractAmount: row.money, loanRemaining: row.money, settlementRemaining: row.money },
    ...row,
    ...over,
  };
};

/** A contract as the contract pickers list it. */
export const contractEntry = (over: Partial<ContractEntry> = {}): ContractEntry => ({
  id: 9,
  code: 'CGHT-20261101-00009',
  contractRelevanceCode: '',
  type: 'MLZZHFWPT_CONTACTTYPE_CGHT',
  contractType: 'MLZZHFWPT_CONTACTTYPE_CGHT',
  contractTypeName: '采购合同',
  enterpriseName: '江苏沙钢集团',
  money: 1000,
  status: 'approved',
  createTime: CREATED,
  ...over,
});

// ---- Orders ----

export const salesOrderDetail = (over: Partial<SalesOrderDetail> = {}): SalesOrderDetail => ({
  id: 21,
  orderCode: 'XSDD-20261101-00021',
  enterpriseName: '北方能源供应链有限公司',
  moneyDemand: 1,
  salesDate: 30,
  money: 42000,
  ...audit(),
  goods: [goodsLine()],
  deliveryAddressId: null,
  deliveryAddress: null,
  ...over,
});

export const purchaseOrderDetail = (over: Partial<PurchaseOrderDetail> = {}): PurchaseOrderDetail => ({
  id: 31,
  purchaseOrderCode: 'CGDD-20261101-00031',
  supplierName: '江苏沙钢集团',
  isPrecondition: 0,
  purchaseDate: 45,
  money: 84000,
  ...audit(),
  goods: [goodsLine({ quantity: 20 })],
  deliveryAddressId: null,
  deliveryAddress: null,
  ...over,
});

/** The row of a list reply: the detail without what only the detail carries. */
export const salesOrderRow = (over: Partial<SalesOrderDetail> = {}) => {
  const { goods: _goods, deliveryAddressId: _id, deliveryAddress: _address, ...row } = salesOrderDetail(over);
  return row;
};
export const purchaseOrderRow = (over: Partial<PurchaseOrderDetail> = {}) => {
  const { goods: _goods, deliveryAddressId: _id, deliveryAddress: _address, ...row } = purchaseOrderDetail(over);
  return row;
};

// ---- Projects, loans, settlements, goods ----

export const customerDetail = (over: Partial<CustomerDetail> = {}): CustomerDetail => ({
  id: 7,
  name: '江苏沙钢集团',
  creditCode: '914403001922038216',
  legalRepresentative: '沈文荣',
  addressCode: '320000,320500,320582',
  province: '江苏省',
  city: '苏州市',
  area: '张家港市',
  detailedAddress: '锦丰镇',
  remark: '',
  mainContact: { name: '王建国', phone: '13900000001', position: '销售总监', email: '' },
  contacts: [{ name: '王建国', phone: '13900000001', position: '销售总监', email: '' }],
  bankAccounts: [{ bankName: '中国银行张家港分行', accountName: '江苏沙钢集团', accountNumber: '6222000011112222' }],
  createTime: '2026-11-01T08:00:00.000Z',
  updateTime: '2026-11-01T08:00:00.000Z',
  version: 1,
  ...over,
});

/** A customer as the list shows it (the detail without its remark and lists). */
export const customerRow = (c: CustomerDetail = customerDetail()): CustomerRow => {
  const { remark: _r, contacts: _c, bankAccounts: _b, ...rest } = c;
  return rest;
};

export const projectRow = (over: Partial<ProjectDetail> = {}): ProjectDetail => ({
  id: 41,
  projectCode: 'XM-20261101-00041',
  projectName: '华东螺纹钢供应链项目',
  type: 1,
  enterpriseName: '华东金属贸易有限公司',
  supplierName: '江苏沙钢集团',
  projectTakeEffectTime: '2026-11-15',
  processInstanceId: null,
  ...audit(),
  ...over,
});

export const loanDetail = (over: Partial<LoanDetail> = {}): LoanDetail => ({
  id: 11,
  applicationFormNum: 'DK-20261101-00011',
  applicantName: ENTERPRISE.name,
  createDate: '2026-11-01',
  contractId: 9,
  contractNum: 'CGHT-20261101-00009',
  contractAmount: 1000,
  corporateName: '江苏沙钢集团',
  loanAmount: 500,
  ...audit(),
  documents: [],
  processInstanceId: null,
  ...over,
});

export const loanRow = (over: Partial<LoanDetail> = {}) => {
  const { documents: _documents, processInstanceId: _process, ...row } = loanDetail(over);
  return row;
};

export const settlementRow = (over: Partial<SettlementRow> = {}): SettlementRow => ({
  id: 51,
  settleCode: 'JS-20261101-00051',
  contractId: 9,
  contractCode: 'CGHT-20261101-00009',
  contractType: 'MLZZHFWPT_CONTACTTYPE_CGHT',
  enterpriseName: '江苏沙钢集团',
  type: 1,
  money: 300,
  settleDate: '2026-11-20',
  remark: '首期货款',
  ...audit(),
  ...over,
});

export const goodsDetail = (over: Partial<GoodsDetail> = {}): GoodsDetail => ({
  id: 5,
  goodsId: 5,
  goodsCategoryId: 3,
  goodsCategoryName: '铜材',
  goodsName: '电解铜',
  specificationModels: 'Cu-CATH-1',
  unit: '吨',
  manufacturer: '江西铜业',
  texture: '铜',
  weight: 25,
  monad: '件',
  goodsNumber: 'SP-20261120-00005',
  goodsPrice: 68000,
  images: [],
  version: 1,
  ...over,
});

export const goods = (id: number, over: Partial<Goods> = {}): Goods => ({
  id,
  goodsId: id,
  goodsName: `货品${String(id).padStart(2, '0')}`,
  specificationModels: `Q${id}`,
  unit: '吨',
  manufacturer: '宝钢',
  texture: 'Q235',
  weight: 9 + id,
  monad: '件',
  goodsNumber: `G-${id}`,
  goodsPrice: 99 + id,
  goodsCategoryId: 2,
  ...over,
});

// ---- Approval, audit, warnings, risk, workbench ----

export const historyEntry = (over: Partial<ProcessHistoryEntry> = {}): ProcessHistoryEntry => ({
  taskId: 1,
  startTime: CREATED,
  endTime: CREATED,
  userNameStart: '张伟',
  userNameNow: '张伟',
  taskName: '提交申请',
  message: '提交',
  comments: '请审批',
  ...over,
});

/** A running process of the record: submitted, and waiting at `currentTaskName` for an approver. */
export const taskHistory = (
  businessType: string,
  businessId: number,
  over: { canComplete?: boolean; refusal?: string | null; historyList?: ProcessHistoryEntry[]; currentTaskName?: string } = {},
) => ({
  processInstanceId: 42,
  businessType,
  businessId,
  businessCode: 'X-1',
  status: 'running' as const,
  currentTaskName: over.currentTaskName ?? '业务审核',
  historyList: over.historyList ?? [
    historyEntry(),
    historyEntry({ taskId: 2, endTime: null, userNameNow: '审批人', taskName: '业务审核', message: '待审批', comments: '' }),
  ],
  canComplete: over.canComplete ?? false,
  refusal: over.refusal === undefined ? '只有审批人可以处理审批任务' : over.refusal,
});

export const auditEntry = (over: Partial<AuditEntry> = {}): AuditEntry => ({
  id: 1,
  entity: 'contract',
  entityId: 9,
  action: 'update',
  userId: 'demo-a-staff',
  userName: '张伟',
  createTime: CREATED,
  diff: [],
  ...over,
});

export const warningMessage = (id: number, over: Partial<WarningMessage> = {}): WarningMessage => ({
  id,
  alertId: id,
  warn_gen_dt: `2026-11-0${id}T08:00:00.000Z`,
  warn_rule: `企业新增法院公告 ${id}`,
  warnDate: `2026-11-0${id}`,
  riskType: 23,
  riskTitle: '法院公告',
  companyName: '北方能源供应链有限公司',
  content: `合作企业新增法院公告 ${id}`,
  isRead: false,
  readAt: null,
  ...over,
});

/** A court-announcement record (type 23) of a partner company. */
export const courtAnnouncement = (
  id: number,
  over: { companyName?: string; warnDate?: string; warnRule?: string; caseNumber?: string } = {},
): CompanyRiskRecord => ({
  id,
  companyName: over.companyName ?? '北方能源供应链有限公司',
  warnDate: over.warnDate ?? '2026-11-03',
  warnRule: over.warnRule ?? '企业新增法院公告',
  riskType: 23,
  details: {
    caseNumber: over.caseNumber ?? `(2026)沪0113民初${id}号`,
    court: '上海市宝山区人民法院',
    plaintiff: '上海某物流有限公司',
    defendant: over.companyName ?? '北方能源供应链有限公司',
    hearingDate: '2026-12-01',
  },
});

/** An enforcement record (type 24: 被执行人). */
export const enforcement = (id: number, over: { companyName?: string; amount?: number | null } = {}): CompanyRiskRecord => ({
  id,
  companyName: over.companyName ?? '江苏沙钢集团',
  warnDate: '2026-11-04',
  warnRule: '企业新增被执行人',
  riskType: 24,
  details: {
    caseNumber: `(2026)苏0582执${id}号`,
    court: '张家港市人民法院',
    amount: over.amount === undefined ? 1_250_000 : over.amount,
    filingDate: '2026-10-28',
  },
});

export const workbench = (over: Partial<Workbench> = {}): Workbench => ({
  enterpriseName: ENTERPRISE.name,
  counts: {
    salesOrders: 12,
    purchaseOrders: 7,
    projects: 3,
    contracts: 25,
    loanApplications: 4,
    inStorageNotices: 6,
    deliveryInstructions: 2,
    goods: 40,
    addresses: 5,
  },
  unreadWarnings: 0,
  latestWarnings: [],
  pendingTasks: [],
  ...over,
});

// ---- Warehouse: notices and instructions (list rows carry at most 3 lines; details carry all) ----

/** What a notice and an instruction have alike: the numbered code, the contract, the enterprise and the warehouse. */
const warehouseDocument = (id: number, codePrefix: string) => ({
  id,
  code: `${codePrefix}-2026-${String(id).padStart(4, '0')}`,
  contractRelevanceCode: `HT-${id}`,
  enterpriseName: ENTERPRISE.name,
  superviseName: '陈静',
  warehouseName: '上海宝山监管仓',
  warehouseId: 1,
  isCreate: 0,
});

/** `count` goods lines of document `id`, numbered from 1: line i's id is id * 100 + i. */
const goodsLines = <Line>(id: number, count: number, line: (i: number, no: string) => Line) =>
  Array.from({ length: count }, (_, i) => ({ id: id * 100 + i, ...line(i, `${id}-${i + 1}`) }));

export function noticeRow(id: number, lineCount: number, sent = Math.min(lineCount, 3)): InStorageNoticeRow {
  const lines = goodsLines(id, lineCount, (i, no) => ({
    goodsName: `热轧卷板-${no}`,
    specificationModels: 'Q235B 4.75*1500',
    weight: 10 + i,
    storageNumber: 25.5 + i,
    reelNumber: `R${no}`,
    warehouseName: '上海宝山监管仓',
  }));
  return {
    ...warehouseDocument(id, 'RKTZ'),
    collectionTime: '2026-11-20',
    inStorageNoticeGoods: lines.slice(0, sent),
    goodsCount: lineCount,
    totalWeight: lines.reduce((n, l) => n + l.weight, 0),
    totalStorageNumber: lines.reduce((n, l) => n + l.storageNumber, 0),
  };
}

export function instructionRow(id: number, lineCount: number): DeliveryInstructionRow {
  const lines = goodsLines(id, lineCount, (i, no) => ({
    goodsName: `冷轧板-${no}`,
    specificationModels: 'SPCC 1.0*1250',
    deliveryNumber: 5 + i,
    deliveryWeightNumber: 12 + i,
    reelNumber: `C${no}`,
  }));
  return {
    ...warehouseDocument(id, 'CKZL'),
    superviseId: 'demo-supervisor',
    collectionTime: null,
    planDeliveryTime: '2026-11-25',
    dataSources: '提货申请生成',
    deliveryApplyGoods: lines.slice(0, 3),
    goodsCount: lineCount,
    totalDeliveryNumber: lines.reduce((n, l) => n + l.deliveryNumber, 0),
    totalDeliveryWeightNumber: lines.reduce((n, l) => n + l.deliveryWeightNumber, 0),
  };
}

/** The detail of a notice: every line, with what is left after `taken` (quantity) was already received on each. */
export function noticeDetail(
  id: number,
  lineCount: number,
  opts: { taken?: number; scope?: WarehouseScope; canOperate?: boolean } = {},
): InStorageNoticeDetail {
  const row = noticeRow(id, lineCount, lineCount);
  const taken = opts.taken ?? 0;
  return {
    ...row,
    inStorageNoticeGoods: row.inStorageNoticeGoods.map((g) => ({
      ...g,
      remainingWeight: g.weight - taken,
      remainingStorageNumber: g.storageNumber,
    })),
    scope: opts.scope ?? 'operator',
    canOperate: opts.canOperate ?? true,
  };
}

export function instructionDetail(
  id: number,
  lineCount: number,
  opts: { scope?: WarehouseScope; canOperate?: boolean } = {},
): DeliveryInstructionDetail {
  const row = instructionRow(id, lineCount);
  return {
    ...row,
    deliveryApplyGoods: row.deliveryApplyGoods.map((g) => ({
      ...g,
      remainingDeliveryNumber: g.deliveryNumber,
      remainingDeliveryWeightNumber: g.deliveryWeightNumber,
    })),
    scope: opts.scope ?? 'operator',
    canOperate: opts.canOperate ?? true,
  };
}

/** The in-storage order the server answers a create with. */
export const inStorageOrder = (over: Partial<InStorageOrder> = {}): InStorageOrder => ({
  id: 1,
  code: 'RKD-20261121-00001',
  noticeId: 7,
  noticeCode: 'RKTZ-2026-0007',
  contractRelevanceCode: 'HT-7',
  enterpriseName: ENTERPRISE.name,
  superviseName: '陈静',
  warehouseId: 1,
  warehouseName: '上海宝山监管仓',
  inStorageTime: '2026-11-21',
  remark: '',
  createUserName: '仓储运营',
  createTime: '2026-11-21T02:00:00.000Z',
  goodsCount: 0,
  totalWeight: 0,
  totalStorageNumber: 0,
  goods: [],
  ...over,
});
