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
// The server applies the same rule to print and create calls; `canOperate` in replies says what it decided, and the
// web shows the actions from it (never from a rule of its own).
//
// The two document kinds are one shape with other names: in-storage (notice → in-storage order) and outbound
// (delivery instruction → outbound order). Each is one descriptor, IN_STORAGE and OUTBOUND, built below from its
// wire names, paths, pages, messages and label keys; the server module and the web screens read the descriptor
// instead of keeping a copy per kind.
import { z } from 'zod';
import type { AuditEntity } from './audit.js';
import { PageQuerySchema, envelope, pageOf, type Page } from './envelope.js';
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
import type { Permission } from './permissions.js';

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

/** Every warehouse call needs warehouse read; print and create-order need write (the permission table). */
export const WAREHOUSE_ACCESS = { read: 'warehouse:read', write: 'warehouse:write' } as const satisfies Record<
  'read' | 'write',
  Permission
>;

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

/** A list page plus whether the caller may print / create orders from this list. */
const actionablePage = <T extends z.ZodType>(item: T) => pageOf(item).extend({ scope: z.enum(WAREHOUSE_SCOPES), canOperate: z.boolean() });

export const WarehouseDetailQuerySchema = z.object({ id: rowId('id 必须是正整数'), scope: WarehouseScopeSchema });
export type WarehouseDetailQuery = z.infer<typeof WarehouseDetailQuerySchema>;

/** Print: data is the URL of the generated PDF, or null (then 数据打印失败 or the message is shown). */
export const PrintQuerySchema = WarehouseDetailQuerySchema;
export const PrintReplySchema = envelope(z.string().nullable());
export const PrintFileParamsSchema = z.object({
  // A UUID as the database stores it (anything else would be refused by the uuid column, so it is a 400 here).
  printId: inputString().regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, 'printId 格式不正确'),
});

/** The order lists (/Warehous/crexternalListManagement, /Warehous/creatwbGoodsOutbound), either kind. */
export const OrderPageQuerySchema = PageQuerySchema.extend({
  blurry: optionalText(),
  /** The order date (inStorageTime / deliveryTime). */
  date: queryIsoDate(),
  warehouseId: queryRowId(),
  enterpriseId: echoedEnterpriseId(),
});
export type OrderPageQuery = z.infer<typeof OrderPageQuerySchema>;
export const OrderDetailQuerySchema = z.object({ id: rowId('id 必须是正整数') });

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
// Document kinds

type Pair = readonly [string, string];

/** How one document kind names its things on the wire. */
type KindNames = {
  /** A goods line's two measures: quantity, then weight (a notice line's weight is shown as quantity, spec 3). */
  measures: Pair;
  /** A document's totals of the two measures over all its lines (the total row). */
  totals: Pair;
  /** What a source line has left of each measure after the orders already made from it. */
  remaining: Pair;
  /** The source document's goods lines, its own date, and the list's filter on that date. */
  lines: string;
  sourceDate: string;
  dateQuery: string;
  /** An order's source document (id and code), each order line's source line, and the order's own date. */
  sourceId: string;
  sourceCode: string;
  sourceLineId: string;
  orderDate: string;
};

/** The web locale keys of what differs between the kinds' screens (apps/web/src/locales). */
type KindLabels = {
  /** The source document: its list tab, code, date, search hint, goods dialog title and the create-order action. */
  tab: string;
  sourceCode: string;
  sourceDate: string;
  searchPlaceholder: string;
  goodsTitle: string;
  createOrder: string;
  /** The order: create page title, date (and its required message), the two measures received, the created toast. */
  createTitle: string;
  orderDate: string;
  orderDateRequired: string;
  receivedMeasures: Pair;
  orderCreated: string;
  /** The order list: its link, title, subtitle, code column and the source label before the source code. */
  orders: string;
  ordersTitle: string;
  ordersSubtitle: string;
  orderCode: string;
  fromSource: string;
  /** The two measures' column titles. */
  measures: Pair;
};

type KindSpec<K, N, LX, RX, QX, OX, S extends SourceSpec, O extends OrderSpec> = {
  kind: K;
  names: N;
  /**
   * Fields only this kind has: on every goods line (source and order), the source row, its list query; and the
   * order's own fields after its warehouse, in wire order (its date, names.orderDate, and what it copies from its source).
   */
  extra: { line: LX; source: RX; query: QX; order: OX };
  /** Its source documents can be printed (spec 7.3 pathDownLoad: in-storage notices). */
  printable: boolean;
  /** In the second list a supervisor sees only the documents they supervise (spec 6: delivery instructions). */
  supervised: boolean;
  /** Its source documents carry the label of what generated them (spec 7.3 dataSources), shown and filtered on. */
  dataSources: boolean;
  /** The source document's calls, the not-found word, and why no order can be made from it. */
  source: S;
  /** The order's calls, its create and list pages, the message of a missing date, its not-found word and audit entity. */
  order: O;
  labels: KindLabels;
};
type SourceSpec = { pagePath: string; detailPath: string; notFound: string; alreadyCreated: string; hasNoGoods: string };
type OrderSpec = {
  createPath: string;
  pagePath: string;
  detailPath: string;
  createPage: string;
  listPage: string;
  dateRequired: string;
  notFound: string;
  audit: AuditEntity;
};

/** An object shape with one field per name. */
type Named<Key extends string, T> = { [P in Key]: T };
/** The field name(s) a KindNames entry holds: one name, or each of a pair. */
type NamesIn<V> = V extends readonly string[] ? V[number] : V & string;

/** A field of a wire object read by the name its kind gives it. */
const field = (o: object, name: string): unknown => (o as Record<string, unknown>)[name];
const numberAt = (o: object, name: string): number => Number(field(o, name));

/** Builds a kind's schemas from its names: the same wire shapes the kinds always had, written once. */
function documentKind<
  const K extends 'inStorage' | 'outbound',
  const N extends KindNames,
  LX extends z.ZodRawShape,
  RX extends z.ZodRawShape,
  QX extends z.ZodRawShape,
  OX extends z.ZodRawShape,
  const S extends SourceSpec,
  const O extends OrderSpec,
>(spec: KindSpec<K, N, LX, RX, QX, OX, S, O>) {
  const { names: n, extra: x } = spec;
  /** The field(s) the kind names by `role`, each made by `make` (given its place in a pair). */
  const named = <R extends keyof KindNames, T>(role: R, make: (index: number) => T) => {
    const names: readonly string[] = typeof n[role] === 'string' ? [n[role]] : (n[role] as Pair);
    return Object.fromEntries(names.map((name, i) => [name, make(i)])) as Named<NamesIn<N[R]>, T>;
  };
  const lineBody = {
    goodsName: z.string(),
    specificationModels: z.string(),
    ...named('measures', () => z.number()),
    reelNumber: z.string(),
    ...x.line,
  };

  const line = z.object({ id: z.number().int(), ...lineBody });
  const row = z.object({
    id: z.number().int(),
    code: z.string(),
    contractRelevanceCode: z.string(),
    enterpriseName: z.string(),
    superviseName: z.string(),
    warehouseName: z.string(),
    warehouseId: z.number().int().nullable(),
    collectionTime: z.string().nullable(),
    ...x.source,
    isCreate: z.number().int(),
    // In list rows at most the first three lines (the list shows at most 3 goods); in the detail all lines.
    ...named('lines', () => z.array(line)),
    /** All lines of the document; more than the lines sent means 查看更多货品. */
    goodsCount: z.number().int(),
    ...named('totals', () => z.number()),
  });
  /** The more-goods dialog and the create page: the document with ALL its lines and what each has left. */
  const detailLine = line.extend(named('remaining', () => z.number()));
  const detail = row.extend({ ...named('lines', () => z.array(detailLine)), scope: z.enum(WAREHOUSE_SCOPES), canOperate: z.boolean() });
  const pageQuery = PageQuerySchema.extend({
    blurry: optionalText(),
    isCreate: optionalFlag01('isCreate 只能是 0 或 1'),
    ...named('dateQuery', () => queryIsoDate()),
    ...x.query,
    /** The second list: the caller's own warehouse (another is 403). */
    warehouseId: queryRowId(),
    enterpriseId: echoedEnterpriseId(),
    scope: WarehouseScopeSchema,
  });

  const lineInput = z
    .object({
      ...named('sourceLineId', () => rowId(`${n.sourceLineId} 必须是正整数`)),
      // The two measures' messages name them as the screens do: 数量, 重量.
      ...named('measures', (i) => measure(i === 0 ? '数量' : '重量')),
      reelNumber: optionalText(64),
    })
    .refine((g) => numberAt(g, n.measures[0]) > 0 || numberAt(g, n.measures[1]) > 0, {
      error: LIMIT_MESSAGES.orderLineEmpty,
      path: [n.measures[0]],
    });
  const createBody = z.object({
    ...named('sourceId', () => rowId(`${n.sourceId} 必须是正整数`)),
    scope: WarehouseScopeSchema,
    ...named('orderDate', () => requiredDate(spec.order.dateRequired)),
    remark: optionalTextOrEmpty(500),
    /**
     * Received lines; missing means every line's remaining amount. A line may be left out (not received). Each
     * measure is at most what the source line has left after the orders already made from it.
     */
    goods: z.array(lineInput).min(1, '至少需要一行货品').max(500, '货品行过多').optional(),
  });
  const orderLine = z.object({ id: z.number().int(), ...named('sourceLineId', () => z.number().int().nullable()), ...lineBody });
  const order = z.object({
    id: z.number().int(),
    code: z.string(),
    ...named('sourceId', () => z.number().int()),
    ...named('sourceCode', () => z.string()),
    contractRelevanceCode: z.string(),
    enterpriseName: z.string(),
    superviseName: z.string(),
    warehouseId: z.number().int().nullable(),
    warehouseName: z.string(),
    ...x.order,
    remark: z.string(),
    createUserName: z.string(),
    createTime: z.string(),
    goodsCount: z.number().int(),
    ...named('totals', () => z.number()),
    /** List rows: at most 3 lines; detail: all lines. */
    goods: z.array(orderLine),
  });

  return {
    kind: spec.kind,
    names: n,
    printable: spec.printable,
    supervised: spec.supervised,
    dataSources: spec.dataSources,
    labels: spec.labels,
    source: {
      ...spec.source,
      line,
      row,
      detailLine,
      detail,
      pageQuery,
      pageReply: envelope(actionablePage(row)),
      detailReply: envelope(detail),
    },
    order: { ...spec.order, lineInput, createBody, line: orderLine, order, reply: envelope(order), pageReply: envelope(pageOf(order)) },
  };
}

// How the two kinds name the same things, side by side: [in-storage, outbound].

/** A table of pairs, and one side of it. */
type SideBySide = Record<string, readonly [unknown, unknown]>;
type Side<T extends SideBySide, I extends 0 | 1> = { -readonly [K in keyof T]: T[K][I] };
const side = <T extends SideBySide, I extends 0 | 1>(table: T, i: I) =>
  Object.fromEntries(Object.entries(table).map(([key, pair]) => [key, pair[i]])) as Side<T, I>;

const NAMES = {
  // A notice line's weight is displayed as quantity, its storageNumber as weight (spec section 3).
  measures: [
    ['weight', 'storageNumber'],
    ['deliveryNumber', 'deliveryWeightNumber'],
  ],
  totals: [
    ['totalWeight', 'totalStorageNumber'],
    ['totalDeliveryNumber', 'totalDeliveryWeightNumber'],
  ],
  remaining: [
    ['remainingWeight', 'remainingStorageNumber'],
    ['remainingDeliveryNumber', 'remainingDeliveryWeightNumber'],
  ],
  lines: ['inStorageNoticeGoods', 'deliveryApplyGoods'],
  sourceDate: ['collectionTime', 'planDeliveryTime'],
  dateQuery: ['collectionTimeL', 'planDeliveryTime'],
  // On the order: its source document, each line's source line, its own date.
  sourceId: ['noticeId', 'instructionId'],
  sourceCode: ['noticeCode', 'instructionCode'],
  sourceLineId: ['noticeGoodsId', 'applyGoodsId'],
  orderDate: ['inStorageTime', 'deliveryTime'],
} as const;

const SOURCES = {
  pagePath: [WAREHOUSE_PATHS.inStoragePage, WAREHOUSE_PATHS.deliveryPage],
  detailPath: [WAREHOUSE_PATHS.inStorageDetail, WAREHOUSE_PATHS.deliveryDetail],
  notFound: ['入库通知', '出库指令'],
  alreadyCreated: [WAREHOUSE_MESSAGES.noticeAlreadyCreated, WAREHOUSE_MESSAGES.instructionAlreadyCreated],
  hasNoGoods: [WAREHOUSE_MESSAGES.noticeHasNoGoods, WAREHOUSE_MESSAGES.instructionHasNoGoods],
} as const;

const ORDERS = {
  createPath: [WAREHOUSE_PATHS.inStorageOrderCreate, WAREHOUSE_PATHS.outboundOrderCreate],
  pagePath: [WAREHOUSE_PATHS.inStorageOrderPage, WAREHOUSE_PATHS.outboundOrderPage],
  detailPath: [WAREHOUSE_PATHS.inStorageOrderDetail, WAREHOUSE_PATHS.outboundOrderDetail],
  createPage: [WAREHOUSE_PAGES.createInStorageOrder, WAREHOUSE_PAGES.createOutboundOrder],
  listPage: [WAREHOUSE_PAGES.inStorageOrders, WAREHOUSE_PAGES.outboundOrders],
  dateRequired: ['请选择入库日期', '请选择出库日期'],
  notFound: ['入库单', '出库单'],
  audit: ['inStorageOrder', 'outboundOrder'],
} as const satisfies Record<string, readonly [unknown, unknown]> & { audit: readonly [AuditEntity, AuditEntity] };

const W = 'supervision.warehouse';
const LABELS = {
  // The list tab and the source document.
  tab: [`${W}.tabNotices`, `${W}.tabInstructions`],
  sourceCode: [`${W}.noticeCode`, `${W}.instructionCode`],
  sourceDate: [`${W}.collectionTime`, `${W}.planDeliveryTime`],
  searchPlaceholder: [`${W}.noticeSearchPlaceholder`, `${W}.instructionSearchPlaceholder`],
  goodsTitle: [`${W}.noticeGoodsTitle`, `${W}.instructionGoodsTitle`],
  createOrder: [`${W}.createInStorageOrder`, `${W}.createDeliveryOrder`],
  // The create page.
  createTitle: [`${W}.createInStorageOrderTitle`, `${W}.createOutboundOrderTitle`],
  orderDate: [`${W}.inStorageTime`, `${W}.deliveryTime`],
  orderDateRequired: [`${W}.inStorageTimeRequired`, `${W}.deliveryTimeRequired`],
  receivedMeasures: [
    [`${W}.receivedQuantity`, `${W}.receivedWeight`],
    [`${W}.deliveryNumber`, `${W}.deliveryWeightNumber`],
  ],
  orderCreated: [`${W}.inStorageOrderCreated`, `${W}.outboundOrderCreated`],
  // The order list.
  orders: [`${W}.inStorageOrders`, `${W}.outboundOrders`],
  ordersTitle: ['route.warehouse.externalInStorage', 'route.warehouse.externalDelivery'],
  ordersSubtitle: [`${W}.inStorageOrdersSubtitle`, `${W}.outboundOrdersSubtitle`],
  orderCode: [`${W}.inStorageOrderCode`, `${W}.outboundOrderCode`],
  fromSource: [`${W}.fromNotice`, `${W}.fromInstruction`],
  measures: [
    [`${W}.quantity`, `${W}.weight`],
    [`${W}.deliveryNumber`, `${W}.deliveryWeightNumber`],
  ],
} as const satisfies Record<keyof KindLabels, readonly [unknown, unknown]>;

/** In-storage notices (list tab 1) and the in-storage orders made from them (spec 2.3 item 11, 3 In-storage notice). */
export const IN_STORAGE = documentKind({
  kind: 'inStorage',
  names: side(NAMES, 0),
  extra: { line: { warehouseName: z.string() }, source: {}, query: {}, order: { inStorageTime: z.string() } },
  printable: true,
  supervised: false,
  dataSources: false,
  source: side(SOURCES, 0),
  order: side(ORDERS, 0),
  labels: side(LABELS, 0),
});

/** Delivery instructions (list tab 2) and the outbound orders made from them (spec 2.3 item 11, 3 Delivery instruction). */
export const OUTBOUND = documentKind({
  kind: 'outbound',
  names: side(NAMES, 1),
  extra: {
    line: {},
    source: { superviseId: z.string().nullable(), planDeliveryTime: z.string().nullable(), dataSources: z.string() },
    query: {
      /** A label such as DELIVERY_DATA_SOURCE_APPLY; matched exactly. */
      dataSources: optionalText(50),
      /** A supervisor may only ask for their own id (403 otherwise); in the second list it is forced to it. */
      superviseId: optionalText(64),
    },
    order: { planDeliveryTime: z.string().nullable(), deliveryTime: z.string(), dataSources: z.string() },
  },
  printable: false,
  supervised: true,
  dataSources: true,
  source: side(SOURCES, 1),
  order: side(ORDERS, 1),
  labels: side(LABELS, 1),
});

/** The kinds in list-tab order. */
export const WAREHOUSE_DOCUMENT_KINDS = [IN_STORAGE, OUTBOUND] as const;
export type WarehouseDocumentKind = (typeof WAREHOUSE_DOCUMENT_KINDS)[number];
export type WarehouseKindName = WarehouseDocumentKind['kind'];

// The wire types, per kind (a kind given) or of either kind (none given).
type AnyKind = WarehouseDocumentKind;
export type SourceLine<K extends AnyKind = AnyKind> = z.infer<K['source']['line']>;
export type SourceRow<K extends AnyKind = AnyKind> = z.infer<K['source']['row']>;
export type SourceDetailLine<K extends AnyKind = AnyKind> = z.infer<K['source']['detailLine']>;
export type SourceDetail<K extends AnyKind = AnyKind> = z.infer<K['source']['detail']>;
export type SourcePageQuery<K extends AnyKind = AnyKind> = z.infer<K['source']['pageQuery']>;
export type CreateOrderBody<K extends AnyKind = AnyKind> = z.infer<K['order']['createBody']>;
export type WarehouseOrder<K extends AnyKind = AnyKind> = z.infer<K['order']['order']>;
export type WarehouseOrderLine<K extends AnyKind = AnyKind> = z.infer<K['order']['line']>;

export type InStorageNoticeRow = SourceRow<typeof IN_STORAGE>;
export type InStorageNoticeGoods = SourceLine<typeof IN_STORAGE>;
export type InStorageNoticeDetail = SourceDetail<typeof IN_STORAGE>;
export type DeliveryInstructionRow = SourceRow<typeof OUTBOUND>;
export type DeliveryApplyGoods = SourceLine<typeof OUTBOUND>;
export type DeliveryInstructionDetail = SourceDetail<typeof OUTBOUND>;
export type InStorageOrder = WarehouseOrder<typeof IN_STORAGE>;
export type OutboundOrder = WarehouseOrder<typeof OUTBOUND>;

/** A list page of documents with whether the caller may print / create orders from this list. */
export type SourcePage<K extends AnyKind = AnyKind> = Page<SourceRow<K>> & { scope: WarehouseScope; canOperate: boolean };

/** Which list parameters a client may send for a query schema: its fields as the server reads them, all optional. */
export type ListParams<S extends z.ZodType> = Partial<z.output<S>>;

type EnvelopeOf<T> = z.ZodObject<{ code: z.ZodNumber; message: z.ZodString; data: z.ZodType<T> }>;
/**
 * A kind's reply schemas typed as the replies of either kind: code written once for both kinds cannot pair a
 * kind's schema with that kind's rows in TypeScript. Each schema is still the kind's own and checks every reply.
 */
export const repliesOf = (kind: AnyKind) => ({
  sourcePage: kind.source.pageReply as EnvelopeOf<SourcePage>,
  sourceDetail: kind.source.detailReply as EnvelopeOf<SourceDetail>,
  order: kind.order.reply as EnvelopeOf<WarehouseOrder>,
  orderPage: kind.order.pageReply as EnvelopeOf<Page<WarehouseOrder>>,
});

// ---------------------------------------------------------------------------------------------------------------
// Reading and writing the fields a kind names, for code that handles either kind

/** The two measures of a goods line (quantity, weight). */
export const measuresOf = (kind: AnyKind, line: SourceLine | WarehouseOrderLine): [number, number] => [
  numberAt(line, kind.names.measures[0]),
  numberAt(line, kind.names.measures[1]),
];
/** A document's totals of the two measures over all its lines. */
export const totalsOf = (kind: AnyKind, doc: SourceRow | WarehouseOrder): [number, number] => [
  numberAt(doc, kind.names.totals[0]),
  numberAt(doc, kind.names.totals[1]),
];
/** What a source line has left of each measure. */
export const remainingOf = (kind: AnyKind, line: SourceDetailLine): [number, number] => [
  numberAt(line, kind.names.remaining[0]),
  numberAt(line, kind.names.remaining[1]),
];

/** A source document's goods lines (a list row's first three, or a detail's every line with what each has left). */
export function sourceLinesOf(kind: AnyKind, doc: SourceDetail): SourceDetailLine[];
export function sourceLinesOf(kind: AnyKind, doc: SourceRow): SourceLine[];
export function sourceLinesOf(kind: AnyKind, doc: SourceRow | SourceDetail): SourceLine[] | SourceDetailLine[] {
  return field(doc, kind.names.lines) as SourceLine[] | SourceDetailLine[];
}

/** A list query's filter on the source document's own date. */
export const dateFilterOf = (kind: AnyKind, q: SourcePageQuery): string | undefined => field(q, kind.names.dateQuery) as string | undefined;
/** A source document's own date (planned in / planned delivery), or null. */
export const sourceDateOf = (kind: AnyKind, doc: SourceRow): string | null => field(doc, kind.names.sourceDate) as string | null;
/** An order's source document code and its own date. */
export const orderSourceCodeOf = (kind: AnyKind, o: WarehouseOrder): string => String(field(o, kind.names.sourceCode));
export const orderDateOf = (kind: AnyKind, o: WarehouseOrder): string => String(field(o, kind.names.orderDate));

/** An order to create, in the same words for either kind (the wire names are the kind's). */
export type OrderDraft = {
  sourceId: number;
  scope?: WarehouseScope | undefined;
  date: string;
  remark: string;
  /** Missing: every line's remaining amount. */
  goods?: { lineId: number; measures: [number, number]; reelNumber?: string | undefined }[] | undefined;
};

/** The create-order body of a kind from a draft. */
export function orderBody(kind: AnyKind, d: OrderDraft): CreateOrderBody {
  const n = kind.names;
  return {
    [n.sourceId]: d.sourceId,
    scope: d.scope,
    [n.orderDate]: d.date,
    remark: d.remark,
    goods: d.goods?.map((g) => ({
      [n.sourceLineId]: g.lineId,
      [n.measures[0]]: g.measures[0],
      [n.measures[1]]: g.measures[1],
      reelNumber: g.reelNumber,
    })),
  } as CreateOrderBody;
}

/** The draft a create-order body of a kind says (the body already checked by the kind's schema). */
export function orderDraftOf(kind: AnyKind, body: CreateOrderBody): OrderDraft {
  const n = kind.names;
  return {
    sourceId: numberAt(body, n.sourceId),
    scope: body.scope,
    date: String(field(body, n.orderDate)),
    remark: body.remark,
    goods: body.goods?.map((g) => ({
      lineId: numberAt(g, n.sourceLineId),
      measures: [numberAt(g, n.measures[0]), numberAt(g, n.measures[1])],
      reelNumber: g.reelNumber,
    })),
  };
}
