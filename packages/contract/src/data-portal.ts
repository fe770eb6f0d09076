// The data portal and the statistics pages (issue 13): built-in datasets over the product's own tables, queried by
// dimensions and measures and aggregated on the server (the browser never receives raw rows), and the fixed
// statistics dashboards built from them. Dataset definitions here are structural (ids, field kinds, units); the
// names users read live in the web's locales. A dataset is never SQL a user typed: each is a parameterised,
// read-only, enterprise-scoped query in the server's data-portal module.
import { z } from 'zod';
import { envelope } from './envelope.js';
import { inputString, isoDate } from './fields.js';
import type { Permission } from './permissions.js';

export const DATA_PORTAL_PATHS = {
  /** The datasets the caller may read (built-in and uploaded), with their fields. */
  datasets: '/api/data-portal/datasets',
  /** One dataset: fields, row count, last refresh and a preview (aggregated rows for a built-in dataset). */
  dataset: '/api/data-portal/datasets/:id',
  /** An aggregate of one dataset by up to two dimensions. */
  query: '/api/data-portal/query',
} as const;

/** The data-portal calls serve the data-portal pages and the statistics pages alike: either read permission will do.
 * The figures are aggregates (never rows), so a dataset needs no permission of the business area it counts. */
export const DATA_PORTAL_ACCESS = ['statistics:read', 'portalWebsites:read'] as const satisfies readonly Permission[];
/** The statistics pages and their exports. */
export const STATISTICS_ACCESS = 'statistics:read' as const satisfies Permission;

export const STATISTICS_PATHS = {
  /** Every chart of one statistics page for a filter. */
  page: '/api/statistics/:page',
  /** One chart's figures as an Excel workbook (POST: the body carries the filter and the column titles in the
   * user's language; the figures are computed again on the server, never taken from the body). */
  export: '/api/statistics/:page/charts/:chartId/export',
} as const;

/** The units a measure is counted in; the web formats each (¥ with thousands separators, t, pieces, …). */
export const MEASURE_UNITS = ['yuan', 'tonne', 'piece', 'count', 'hour', 'percent'] as const;
export type MeasureUnit = (typeof MEASURE_UNITS)[number];

/**
 * What a dimension's values are: `month` (`yyyy-MM`, China Standard Time), `province` (a province's Chinese short
 * name as the map names it, e.g. `上海`), `code` (a stable key the web translates, e.g. a contract type key or a
 * status), `text` (a name shown as stored, e.g. a counterparty or a warehouse).
 */
export const DIMENSION_KINDS = ['month', 'province', 'code', 'text'] as const;
export type DimensionKind = (typeof DIMENSION_KINDS)[number];

export type DatasetDimension = { kind: DimensionKind };
export type DatasetMeasure = { unit: MeasureUnit };
export type BuiltInDataset = {
  dimensions: Record<string, DatasetDimension>;
  measures: Record<string, DatasetMeasure>;
};

const dim = (kind: DimensionKind): DatasetDimension => ({ kind });
const unit = (u: MeasureUnit): DatasetMeasure => ({ unit: u });

/**
 * The built-in datasets. Figures count the rows of the enterprises in the caller's data scope (business records are
 * deleted for good, never flagged, so every stored row is live). Months are taken in China Standard Time from the
 * row's business date (contracts: sign date; loans: application date; settlements: settlement date; in/out: the
 * in-storage / delivery date; notices: collection / planned delivery date; warnings: warning date), or its creation
 * time where it has none (orders always, and records whose date is empty). The date filter applies to the same date,
 * except: `warehouseStock` is the stock as of the filter's end (everything moved in and out up to `to`); `goods` is
 * the catalogue as it stands (no date). The warehouse filter narrows the datasets that have a warehouse
 * (warehouseFlow, warehouseStock, warehouseNotices) and leaves the others as they are.
 */
export const BUILT_IN_DATASETS = {
  /** Contracts by month of signing, type and counterparty: total amount and number. */
  contracts: {
    dimensions: { month: dim('month'), contractType: dim('code'), status: dim('code'), counterparty: dim('text') },
    measures: { amount: unit('yuan'), count: unit('count') },
  },
  /** Sales and purchase orders by month and kind (`sale` / `purchase`) and counterparty. */
  orders: {
    dimensions: { month: dim('month'), orderKind: dim('code'), status: dim('code'), counterparty: dim('text') },
    measures: { amount: unit('yuan'), count: unit('count') },
  },
  /** Loan applications by month and status: amounts applied for, of approved applications, and the outstanding
   * balance. The balance of an approved application is its amount less its share of the repayments settled against
   * its contract: the submitted payable settlements (type 2) of the contract, shared among the contract's approved
   * applications in proportion to their amounts, never below zero (an application without a contract owes its whole
   * amount; one not approved owes nothing). Summed over a contract's applications it is max(0, approved − repaid). */
  loans: {
    dimensions: { month: dim('month'), status: dim('code'), counterparty: dim('text') },
    measures: { loanAmount: unit('yuan'), approvedAmount: unit('yuan'), balance: unit('yuan'), count: unit('count') },
  },
  /** Settlements by month of settlement, type and status. */
  settlements: {
    dimensions: { month: dim('month'), settlementType: dim('code'), status: dim('code') },
    measures: { amount: unit('yuan'), count: unit('count') },
  },
  /** Goods moved into (in-storage orders) and out of (outbound orders) warehouses, by month, warehouse, province of
   * the warehouse, goods category and direction (`in` / `out`). */
  warehouseFlow: {
    dimensions: {
      month: dim('month'),
      warehouse: dim('text'),
      province: dim('province'),
      goodsCategory: dim('text'),
      direction: dim('code'),
    },
    measures: { weight: unit('tonne'), pieces: unit('piece'), count: unit('count') },
  },
  /** Stock held now (in less out) by warehouse, province and goods category. */
  warehouseStock: {
    dimensions: { warehouse: dim('text'), province: dim('province'), goodsCategory: dim('text') },
    measures: { weight: unit('tonne'), pieces: unit('piece') },
  },
  /** In-storage notices and delivery instructions by kind (`inStorage` / `delivery`) and whether their order is
   * still to be made (`waiting` / `done`), by warehouse. */
  warehouseNotices: {
    dimensions: { noticeKind: dim('code'), state: dim('code'), warehouse: dim('text'), month: dim('month') },
    measures: { count: unit('count') },
  },
  /** The goods catalogue by top-level category. */
  goods: {
    dimensions: { goodsCategory: dim('text') },
    measures: { count: unit('count') },
  },
  /** Risk warnings by month, rule, risk type and company. */
  warnings: {
    dimensions: { month: dim('month'), rule: dim('text'), riskType: dim('code'), company: dim('text') },
    measures: { count: unit('count') },
  },
  /** Approval processes by business type, status and current stage: number, and hours from start to end (finished)
   * or to now (running). */
  approvals: {
    dimensions: { month: dim('month'), businessType: dim('code'), status: dim('code'), stage: dim('text') },
    measures: { count: unit('count'), avgHours: unit('hour') },
  },
} as const satisfies Record<string, BuiltInDataset>;
export type BuiltInDatasetId = keyof typeof BUILT_IN_DATASETS;
export const BUILT_IN_DATASET_IDS = Object.keys(BUILT_IN_DATASETS) as BuiltInDatasetId[];
export const isBuiltInDatasetId = (id: string): id is BuiltInDatasetId => Object.hasOwn(BUILT_IN_DATASETS, id);

/** Who a caller's figures cover: their own enterprise; their group's enterprises (group users); or every enterprise
 * (the platform operator's staff, internal users included). Decided on the server from the session, never asked. */
export const DATA_SCOPES = ['enterprise', 'group', 'all'] as const;
export type DataScope = (typeof DATA_SCOPES)[number];

export const DATA_PORTAL_MESSAGES = {
  unknownDataset: '数据集不存在',
  unknownField: '字段不存在',
  dateRange: '开始日期不能晚于结束日期',
  enterpriseOutOfScope: '无权查看该企业的数据',
  tooManyDimensions: '最多选择两个维度',
  measureRequired: '请至少选择一个指标',
  unknownChart: '图表不存在',
} as const;

/** The filter every figure takes: a date range (inclusive, `yyyy-MM-dd`, China Standard Time), a warehouse, and for
 * callers whose scope covers several enterprises, one of them. */
export const DataFilterSchema = z
  .object({
    from: isoDate().optional(),
    to: isoDate().optional(),
    warehouseId: z.coerce.number().int().positive().optional(),
    enterpriseId: inputString().max(64).optional(),
  })
  .refine((f) => !f.from || !f.to || f.from <= f.to, { message: DATA_PORTAL_MESSAGES.dateRange, path: ['to'] });
export type DataFilter = z.infer<typeof DataFilterSchema>;

const fieldName = inputString().min(1).max(64);

export const DataQueryBodySchema = z.object({
  dataset: inputString().min(1).max(64),
  dimensions: z.array(fieldName).max(2, DATA_PORTAL_MESSAGES.tooManyDimensions).default([]),
  measures: z.array(fieldName).min(1, DATA_PORTAL_MESSAGES.measureRequired).max(4),
  filter: DataFilterSchema.default({}),
  /** Rows of the result, largest first by the first measure when there is no month dimension. */
  limit: z.coerce.number().int().min(1).max(1000).default(200),
});
export type DataQueryBody = z.input<typeof DataQueryBodySchema>;

/** An aggregate: one row per combination of dimension values, in the order of the body's dimensions and measures. */
export const DataQueryResultSchema = z.object({
  dataset: z.string(),
  dimensions: z.array(z.string()),
  measures: z.array(z.string()),
  rows: z.array(z.object({ keys: z.array(z.string()), values: z.array(z.number()) })),
  /** More combinations matched than `limit`; the rest were left off. */
  truncated: z.boolean(),
  scope: z.enum(DATA_SCOPES),
  /** When the figures were computed (ISO time); they are cached until the underlying tables change. */
  computedAt: z.string(),
});
export type DataQueryResult = z.infer<typeof DataQueryResultSchema>;
export const DataQueryReplySchema = envelope(DataQueryResultSchema);

// ---- Datasets as the data-source page and the pickers of indicators and widgets list them ----

export const DATASET_KINDS = ['builtIn', 'uploaded'] as const;
export type DatasetKind = (typeof DATASET_KINDS)[number];

/** A dataset's field: a dimension (with its kind) or a measure (with its unit). */
export const DatasetFieldSchema = z.object({
  name: z.string(),
  role: z.enum(['dimension', 'measure']),
  kind: z.enum(DIMENSION_KINDS).nullable(),
  unit: z.enum(MEASURE_UNITS).nullable(),
  /** The title an uploaded dataset's owner gave the column; null for a built-in field (the web names it). */
  title: z.string().nullable(),
});
export type DatasetField = z.infer<typeof DatasetFieldSchema>;

export const DatasetSummarySchema = z.object({
  /** A built-in dataset's id (e.g. `contracts`), or `upload-<n>` for an uploaded one. */
  id: z.string(),
  kind: z.enum(DATASET_KINDS),
  /** An uploaded dataset's name; null for a built-in one (the web names it). */
  name: z.string().nullable(),
  fields: z.array(DatasetFieldSchema),
  /** Rows behind the dataset in the caller's scope (built-in: the source rows counted; uploaded: stored rows). */
  rowCount: z.number().int(),
  /** When the data last changed (ISO time); null when it never held a row. */
  refreshedAt: z.string().nullable(),
});
export type DatasetSummary = z.infer<typeof DatasetSummarySchema>;
export const DatasetListReplySchema = envelope(z.array(DatasetSummarySchema));

export const DatasetParamsSchema = z.object({ id: inputString().min(1).max(64) });
export const DatasetDetailSchema = DatasetSummarySchema.extend({
  /** At most DATASET_PREVIEW_ROWS rows: an uploaded dataset's first rows, or a built-in dataset aggregated by its
   * first dimension (never raw business rows). Values in the order of `columns`. */
  preview: z.object({
    columns: z.array(z.string()),
    rows: z.array(z.array(z.union([z.string(), z.number(), z.null()]))),
  }),
});
export type DatasetDetail = z.infer<typeof DatasetDetailSchema>;
export const DatasetDetailReplySchema = envelope(DatasetDetailSchema);
export const DATASET_PREVIEW_ROWS = 20;

// ---- Charts: what the statistics pages (and the boards) draw ----

export const CHART_KINDS = ['line', 'bar', 'stackedBar', 'pie', 'ring', 'gauge', 'kpi', 'table', 'map'] as const;
export type ChartKind = (typeof CHART_KINDS)[number];

/** A chart's figures: categories along one axis (or the slices of a pie), one or more series. Series and categories
 * are keys the web names through its locales when their kind is `code`, or shows as given. */
export const ChartDataSchema = z.object({
  id: z.string(),
  kind: z.enum(CHART_KINDS),
  dataset: z.string(),
  unit: z.enum(MEASURE_UNITS),
  categoryKind: z.enum(DIMENSION_KINDS).nullable(),
  categories: z.array(z.string()),
  series: z.array(
    z.object({
      /** A measure name (one series per measure) or a value of the second dimension (one series per value). */
      key: z.string(),
      keyKind: z.enum(['measure', ...DIMENSION_KINDS]),
      unit: z.enum(MEASURE_UNITS),
      values: z.array(z.number()),
    }),
  ),
  /** KPI charts: this period's figure and the previous period's of equal length (null when there is none). */
  kpi: z.object({ value: z.number(), previous: z.number().nullable() }).nullable(),
  /** Gauge charts: the figure's maximum (e.g. 100 for a percentage). */
  max: z.number().nullable(),
  /** Clicking a category opens the list page of its records, filtered: one in-app URL (path and query) per category,
   * in the order of `categories` (null for a category no list page shows, e.g. contracts of an order type); null
   * when the chart's segments open nothing. */
  drill: z.array(z.string().nullable()).nullable(),
});
export type ChartData = z.infer<typeof ChartDataSchema>;

export const STATISTICS_PAGES = ['business', 'funds', 'warehouse'] as const;
export type StatisticsPage = (typeof STATISTICS_PAGES)[number];

/** The charts of each statistics page, in the order the page lays them out. Every chart covers the filter's period,
 * except the waiting notices (waitingNoticesKpi, noticesWaiting): a backlog, counted as it stands now (the KPI has no
 * previous figure); the stock charts show the stock as of the period's end. */
export const STATISTICS_CHARTS = {
  business: [
    'contractAmountKpi',
    'orderAmountKpi',
    'contractCountKpi',
    'contractsByMonth',
    'contractsByType',
    'ordersByMonth',
    'topCounterparties',
  ],
  funds: [
    'loanAmountKpi',
    'loanBalanceKpi',
    'approvalRateGauge',
    'loansByMonth',
    'loansByStatus',
    'settlementsByMonth',
    'approvalDurations',
  ],
  warehouse: [
    'stockWeightKpi',
    'waitingNoticesKpi',
    'stockByWarehouse',
    'stockByCategory',
    'flowByMonth',
    'noticesWaiting',
    'stockByProvince',
  ],
} as const satisfies Record<StatisticsPage, readonly string[]>;
export type StatisticsChartId = (typeof STATISTICS_CHARTS)[StatisticsPage][number];

export const StatisticsParamsSchema = z.object({ page: z.enum(STATISTICS_PAGES) });
export const StatisticsChartParamsSchema = z.object({ page: z.enum(STATISTICS_PAGES), chartId: inputString().min(1).max(64) });
export const StatisticsQuerySchema = DataFilterSchema;

export const StatisticsResultSchema = z.object({
  page: z.enum(STATISTICS_PAGES),
  scope: z.enum(DATA_SCOPES),
  /** The enterprises the caller may choose between in the filter (only for a scope of several). */
  enterprises: z.array(z.object({ id: z.string(), name: z.string() })),
  filter: z.object({ from: z.string(), to: z.string() }),
  charts: z.array(ChartDataSchema),
  computedAt: z.string(),
});
export type StatisticsResult = z.infer<typeof StatisticsResultSchema>;
export const StatisticsReplySchema = envelope(StatisticsResultSchema);

/** The export body: the filter, and the titles in the user's language: the sheet, the category column, each series,
 * and the names of code categories (a contract type, a status) by key — a category without one is written as sent. */
export const StatisticsExportBodySchema = z.object({
  filter: DataFilterSchema.default({}),
  titles: z.object({
    sheet: inputString().max(31),
    category: inputString().max(100),
    series: z.record(z.string().max(200), inputString().max(100)),
    categories: z.record(z.string().max(200), inputString().max(200)).default({}),
  }),
});
export type StatisticsExportBody = z.input<typeof StatisticsExportBodySchema>;

/** The default period of the statistics pages when the filter gives none: the twelve months up to today. */
export const STATISTICS_DEFAULT_MONTHS = 12;
