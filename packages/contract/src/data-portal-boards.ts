// Dashboard boards and visualisation scenes of the data portal (issue 13): a grid of chart widgets, each bound to a
// built-in dataset (dimensions and measures, i.e. an aggregate query without its filter), with titles in zh/en/es
// and a default filter. A board is laid out on a 12-column grid of the page; a scene on a fixed 1920×1080 stage
// (24 columns × 11 rows below its title bar) that the web scales to the screen, dark, refreshing itself, and
// shareable by a signed, revocable public link. Every figure is computed on the server by the data-portal query
// (aggregated, cached, scoped): a board's widgets in one call.
import { z } from 'zod';
import { envelope } from './envelope.js';
import { inputString, optionalTextOrEmpty, requiredText } from './fields.js';
import {
  BUILT_IN_DATASETS,
  CHART_KINDS,
  ChartDataSchema,
  DATA_SCOPES,
  DataFilterSchema,
  isBuiltInDatasetId,
  type BuiltInDataset,
  type ChartKind,
} from './data-portal.js';
import type { IndicatorAggregation } from './data-portal-indicators.js';

export const DASHBOARD_KINDS = ['board', 'scene'] as const;
export type DashboardKind = (typeof DASHBOARD_KINDS)[number];

export const BOARD_PATHS = {
  /** The caller enterprise's boards (GET), a new board (POST). */
  boards: '/api/data-portal/boards',
  /** One board with its widgets (GET), its whole definition (PUT, optimistic version), delete (DELETE). */
  board: '/api/data-portal/boards/:id',
  /** The widgets' grid positions only (PUT, optimistic version; 409 on a stale save). */
  layout: '/api/data-portal/boards/:id/layout',
  /** Every widget's figures for a filter, in one round trip (POST: the body carries the filter). */
  data: '/api/data-portal/boards/:id/data',
} as const;

export const SCENE_PATHS = {
  scenes: '/api/data-portal/scenes',
  scene: '/api/data-portal/scenes/:id',
  layout: '/api/data-portal/scenes/:id/layout',
  data: '/api/data-portal/scenes/:id/data',
  /** The scene's share links (GET: the live ones; POST: a new one). */
  shares: '/api/data-portal/scenes/:id/shares',
  /** Revoke one share link (DELETE): the link stops working at once, in every app process. */
  share: '/api/data-portal/scenes/:id/shares/:shareId',
} as const;

/** The public scene: opened without a session by its share token; only that scene's figures. */
export const PUBLIC_SCENE_PATH = '/api/public/scenes/:token';
export const dashboardPaths = (kind: DashboardKind) => (kind === 'board' ? BOARD_PATHS : SCENE_PATHS);
/** The list (GET) and create (POST) path of boards or scenes. */
export const dashboardCollectionPath = (kind: DashboardKind) => (kind === 'board' ? BOARD_PATHS.boards : SCENE_PATHS.scenes);
/** One board's or scene's path (GET, PUT, DELETE). */
export const dashboardItemPath = (kind: DashboardKind) => (kind === 'board' ? BOARD_PATHS.board : SCENE_PATHS.scene);

/** A board's grid: 12 columns of the page's width, rows of BOARD_ROW_HEIGHT pixels. */
export const BOARD_GRID = { cols: 12, maxRows: 200, rowHeight: 44 } as const;
/** A scene's stage: 1920×1080 design pixels; a title bar of SCENE_STAGE.header pixels, then 24 × 11 cells. */
export const SCENE_STAGE = { width: 1920, height: 1080, header: 96, cols: 24, rows: 11 } as const;
export const gridOf = (kind: DashboardKind) =>
  kind === 'board' ? { cols: BOARD_GRID.cols, rows: BOARD_GRID.maxRows } : { cols: SCENE_STAGE.cols, rows: SCENE_STAGE.rows };

export const DASHBOARD_MAX_WIDGETS = 24;
/** A scene refreshes itself every so many seconds (30 s … 1 h). */
export const SCENE_REFRESH_SECONDS = { min: 30, max: 3600, default: 60 } as const;

/** The relative periods a board's filter starts from (the user may pick dates instead). */
export const DASHBOARD_PERIODS = ['last3Months', 'last6Months', 'last12Months', 'thisYear', 'lastYear'] as const;
export type DashboardPeriod = (typeof DASHBOARD_PERIODS)[number];

export const BOARD_MESSAGES = {
  titleRequired: '请输入标题',
  widgetTitleRequired: '请输入组件标题',
  stale: '看板已被他人修改，请刷新后再保存',
  staleScene: '场景已被他人修改，请刷新后再保存',
  tooManyWidgets: `最多 ${DASHBOARD_MAX_WIDGETS} 个组件`,
  duplicateWidget: '组件编号重复',
  unknownWidget: '组件不存在',
  unknownDataset: '数据集不存在',
  unknownField: '字段不存在',
  outOfGrid: '组件超出网格范围',
  dimensionsForKind: '该图表类型的维度数量不正确',
  provinceForMap: '地图需要按省份的维度',
  shareInvalid: '链接无效或已撤销',
  refreshRange: `刷新间隔应在 ${SCENE_REFRESH_SECONDS.min} 秒到 ${SCENE_REFRESH_SECONDS.max} 秒之间`,
  indicatorUnknown: '指标不存在',
  indicatorWithoutSource: '该指标没有数据来源，不能绘制',
  indicatorNotBuiltIn: '看板组件只能使用内置数据集的指标',
  indicatorFoldDimensions: '按平均、最大、最小或最新值汇总的指标最多按一个维度（月份除外）展示',
} as const;

/** How many dimensions each chart kind draws: [min, max]. */
export const KIND_DIMENSIONS: Record<ChartKind, readonly [number, number]> = {
  line: [1, 2],
  bar: [1, 2],
  stackedBar: [1, 2],
  pie: [1, 1],
  ring: [1, 1],
  gauge: [0, 0],
  kpi: [0, 0],
  table: [1, 2],
  map: [1, 1],
};

export const LocalizedTitleSchema = z.object({
  zh: requiredText(BOARD_MESSAGES.titleRequired, 60),
  en: optionalTextOrEmpty(60),
  es: optionalTextOrEmpty(60),
});
export type LocalizedTitle = z.infer<typeof LocalizedTitleSchema>;

const fieldName = inputString().min(1).max(64);

/**
 * What a widget shows: a built-in dataset's measures by up to two of its dimensions (DataQueryBody minus filter),
 * or an indicator of the indicator system (`indicatorId`): then the server takes `dataset` and the one measure from
 * the indicator — when the board is saved and again whenever it is drawn, so a widget follows its indicator — and
 * combines the indicator's periods by its aggregation (see `indicatorFold`).
 */
export const WidgetBindingSchema = z.object({
  indicatorId: z.number().int().positive().nullable().default(null),
  dataset: inputString().min(1, BOARD_MESSAGES.unknownDataset).max(64),
  dimensions: z.array(fieldName).max(2).default([]),
  measures: z.array(fieldName).min(1, '请至少选择一个指标').max(4),
  limit: z.coerce.number().int().min(1).max(1000).default(20),
  /** A gauge's maximum; when absent the gauge scales to a round figure above the value. */
  max: z.number().positive().max(1e15).nullable().default(null),
});
export type WidgetBinding = z.infer<typeof WidgetBindingSchema>;

export const GridPositionSchema = z.object({
  x: z.number().int().min(0),
  y: z.number().int().min(0),
  w: z.number().int().min(1),
  h: z.number().int().min(1),
});
export type GridPosition = z.infer<typeof GridPositionSchema>;

const widgetId = inputString()
  .min(1)
  .max(32)
  .regex(/^[A-Za-z0-9_-]+$/, '组件编号只能包含字母、数字、下划线和连字符');

export const WidgetSchema = z.object({
  id: widgetId,
  kind: z.enum(CHART_KINDS),
  title: z.object({
    zh: requiredText(BOARD_MESSAGES.widgetTitleRequired, 60),
    en: optionalTextOrEmpty(60),
    es: optionalTextOrEmpty(60),
  }),
  binding: WidgetBindingSchema,
  position: GridPositionSchema,
});
export type Widget = z.infer<typeof WidgetSchema>;
export type WidgetInput = z.input<typeof WidgetSchema>;

/** A board's default filter: a relative period, a warehouse, and (for a scope of several enterprises) one of them. */
export const DashboardFilterDefaultSchema = z.object({
  period: z.enum(DASHBOARD_PERIODS).default('last12Months'),
  warehouseId: z.number().int().positive().nullable().default(null),
  enterpriseId: inputString().max(64).nullable().default(null),
});
export type DashboardFilterDefault = z.infer<typeof DashboardFilterDefaultSchema>;

/** Why a widget's binding cannot be drawn: [path under the widget, message], or undefined when it can. */
export function widgetBindingProblem(
  kind: ChartKind,
  b: Pick<WidgetBinding, 'dataset' | 'dimensions' | 'measures'>,
): [string, string] | undefined {
  if (!isBuiltInDatasetId(b.dataset)) return ['binding.dataset', BOARD_MESSAGES.unknownDataset];
  const ds: BuiltInDataset = BUILT_IN_DATASETS[b.dataset];
  for (const [i, d] of b.dimensions.entries())
    if (!Object.hasOwn(ds.dimensions, d)) return [`binding.dimensions.${i}`, BOARD_MESSAGES.unknownField];
  for (const [i, m] of b.measures.entries())
    if (!Object.hasOwn(ds.measures, m)) return [`binding.measures.${i}`, BOARD_MESSAGES.unknownField];
  const [min, max] = KIND_DIMENSIONS[kind];
  if (b.dimensions.length < min || b.dimensions.length > max) return ['binding.dimensions', BOARD_MESSAGES.dimensionsForKind];
  if (kind === 'map' && ds.dimensions[b.dimensions[0] as keyof typeof ds.dimensions]?.kind !== 'province') {
    return ['binding.dimensions.0', BOARD_MESSAGES.provinceForMap];
  }
  return undefined;
}

/** The indicator aggregations that are not a plain total over the period: the figure of each period of the
 * indicator's frequency is computed, then these combine them. */
export const FOLDED_AGGREGATIONS = ['avg', 'max', 'min', 'latest'] as const satisfies readonly IndicatorAggregation[];
export const isFoldedAggregation = (a: IndicatorAggregation): a is (typeof FOLDED_AGGREGATIONS)[number] =>
  (FOLDED_AGGREGATIONS as readonly string[]).includes(a);

/**
 * Why a widget cannot draw an indicator bound to `datasetId`/`field` with `aggregation`, or undefined when it can.
 * A folded aggregation over a dataset with months needs the month as an extra dimension of the query, so the widget
 * itself may use one dimension besides the month.
 */
export function indicatorBindingProblem(
  kind: ChartKind,
  indicator: { datasetId: string; field: string; aggregation: IndicatorAggregation },
  dimensions: readonly string[],
): [string, string] | undefined {
  if (indicator.datasetId === '' || indicator.field === '') return ['binding.indicatorId', BOARD_MESSAGES.indicatorWithoutSource];
  if (!isBuiltInDatasetId(indicator.datasetId)) return ['binding.indicatorId', BOARD_MESSAGES.indicatorNotBuiltIn];
  const problem = widgetBindingProblem(kind, { dataset: indicator.datasetId, dimensions: [...dimensions], measures: [indicator.field] });
  if (problem) return problem;
  const ds: BuiltInDataset = BUILT_IN_DATASETS[indicator.datasetId];
  if (isFoldedAggregation(indicator.aggregation) && Object.hasOwn(ds.dimensions, 'month')) {
    if (dimensions.filter((d) => d !== 'month').length > 1) return ['binding.dimensions', BOARD_MESSAGES.indicatorFoldDimensions];
  }
  return undefined;
}

/** Checks every widget of a dashboard of `kind`: its binding, its place on the grid, unique ids. */
const checkWidgets = (kind: DashboardKind) => (widgets: Widget[], ctx: z.RefinementCtx) => {
  const grid = gridOf(kind);
  const seen = new Set<string>();
  widgets.forEach((w, i) => {
    if (seen.has(w.id)) ctx.addIssue({ code: 'custom', path: [i, 'id'], message: BOARD_MESSAGES.duplicateWidget });
    seen.add(w.id);
    // A widget bound to an indicator is checked against the indicator's source by the server (indicatorBindingProblem).
    const problem = w.binding.indicatorId === null ? widgetBindingProblem(w.kind, w.binding) : undefined;
    if (problem)
      ctx.addIssue({
        code: 'custom',
        path: [i, ...problem[0].split('.').map((p) => (/^\d+$/.test(p) ? Number(p) : p))],
        message: problem[1],
      });
    const p = w.position;
    if (p.x + p.w > grid.cols || p.y + p.h > grid.rows)
      ctx.addIssue({ code: 'custom', path: [i, 'position'], message: BOARD_MESSAGES.outOfGrid });
  });
};

const widgetsOf = (kind: DashboardKind) =>
  z.array(WidgetSchema).max(DASHBOARD_MAX_WIDGETS, BOARD_MESSAGES.tooManyWidgets).superRefine(checkWidgets(kind));

const refreshSeconds = z.coerce
  .number()
  .int(BOARD_MESSAGES.refreshRange)
  .min(SCENE_REFRESH_SECONDS.min, BOARD_MESSAGES.refreshRange)
  .max(SCENE_REFRESH_SECONDS.max, BOARD_MESSAGES.refreshRange);

/** A new board or scene: its title (and for a scene, its refresh interval); widgets may come later. */
export const createDashboardBodySchema = (kind: DashboardKind) =>
  z.object({
    title: LocalizedTitleSchema,
    filter: DashboardFilterDefaultSchema.default({ period: 'last12Months', warehouseId: null, enterpriseId: null }),
    widgets: widgetsOf(kind).default([]),
    refreshSeconds: kind === 'scene' ? refreshSeconds.default(SCENE_REFRESH_SECONDS.default) : refreshSeconds.optional(),
  });
export const CreateBoardBodySchema = createDashboardBodySchema('board');
export const CreateSceneBodySchema = createDashboardBodySchema('scene');
export type CreateDashboardBody = z.input<typeof CreateBoardBodySchema>;

/** The whole definition, replacing the stored one, from the version it was read at. */
export const updateDashboardBodySchema = (kind: DashboardKind) =>
  createDashboardBodySchema(kind).extend({ version: z.number().int().min(1) });
export const UpdateBoardBodySchema = updateDashboardBodySchema('board');
export const UpdateSceneBodySchema = updateDashboardBodySchema('scene');
export type UpdateDashboardBody = z.input<typeof UpdateBoardBodySchema>;

/** The positions of the widgets after a drag or resize, from the version they were read at. */
export const layoutBodySchema = (kind: DashboardKind) =>
  z
    .object({
      version: z.number().int().min(1),
      positions: z.array(GridPositionSchema.extend({ id: widgetId })).max(DASHBOARD_MAX_WIDGETS),
    })
    .superRefine((b, ctx) => {
      const grid = gridOf(kind);
      b.positions.forEach((p, i) => {
        if (p.x + p.w > grid.cols || p.y + p.h > grid.rows)
          ctx.addIssue({ code: 'custom', path: ['positions', i], message: BOARD_MESSAGES.outOfGrid });
      });
    });
export const BoardLayoutBodySchema = layoutBodySchema('board');
export const SceneLayoutBodySchema = layoutBodySchema('scene');
export type LayoutBody = z.input<typeof BoardLayoutBodySchema>;

export const DashboardParamsSchema = z.object({
  id: z.coerce
    .number()
    .int()
    .positive('必须是正整数')
    .max(2 ** 53),
});
export const ShareParamsSchema = DashboardParamsSchema.extend({ shareId: inputString().min(1).max(64) });
export const PublicSceneParamsSchema = z.object({ token: z.string().max(200) });

export const DashboardSummarySchema = z.object({
  id: z.number().int(),
  kind: z.enum(DASHBOARD_KINDS),
  title: LocalizedTitleSchema,
  widgetCount: z.number().int(),
  version: z.number().int(),
  updatedAt: z.string(),
  updatedBy: z.string(),
});
export type DashboardSummary = z.infer<typeof DashboardSummarySchema>;

export const DashboardSchema = DashboardSummarySchema.extend({
  filter: DashboardFilterDefaultSchema,
  widgets: z.array(WidgetSchema),
  /** Scenes: seconds between refreshes; null for a board. */
  refreshSeconds: z.number().int().nullable(),
});
export type Dashboard = z.infer<typeof DashboardSchema>;

export const DashboardListReplySchema = envelope(z.array(DashboardSummarySchema));
export const DashboardReplySchema = envelope(DashboardSchema);
export const DeletedDashboardReplySchema = envelope(z.object({ id: z.number().int() }));

/** The figures of every widget: the filter the server resolved (dates), the scope, and one ChartData per widget
 * (its `id` is the widget's id), in the order of the widgets. */
export const DashboardDataBodySchema = z.object({ filter: DataFilterSchema.optional() });
export type DashboardDataBody = z.input<typeof DashboardDataBodySchema>;
export const DashboardDataSchema = z.object({
  scope: z.enum(DATA_SCOPES),
  enterprises: z.array(z.object({ id: z.string(), name: z.string() })),
  /** The warehouses the filter may name. */
  warehouses: z.array(z.object({ id: z.number().int(), name: z.string() })),
  filter: z.object({ from: z.string(), to: z.string(), warehouseId: z.number().int().nullable(), enterpriseId: z.string().nullable() }),
  charts: z.array(ChartDataSchema),
  computedAt: z.string(),
});
export type DashboardData = z.infer<typeof DashboardDataSchema>;
export const DashboardDataReplySchema = envelope(DashboardDataSchema);

export const SceneShareSchema = z.object({
  id: z.string(),
  /** The token of the public link (shareSceneUrl(token) in the web). */
  token: z.string(),
  createdAt: z.string(),
  createdBy: z.string(),
});
export type SceneShare = z.infer<typeof SceneShareSchema>;
export const SceneShareListReplySchema = envelope(z.array(SceneShareSchema));
export const SceneShareReplySchema = envelope(SceneShareSchema);
export const RevokedShareReplySchema = envelope(z.object({ id: z.string() }));

/** What a shared scene's public page receives: the scene (no ids of its owner) and its figures. */
export const PublicSceneSchema = z.object({
  title: LocalizedTitleSchema,
  refreshSeconds: z.number().int(),
  widgets: z.array(WidgetSchema),
  data: DashboardDataSchema.omit({ enterprises: true, warehouses: true }),
});
export type PublicScene = z.infer<typeof PublicSceneSchema>;
export const PublicSceneReplySchema = envelope(PublicSceneSchema);
