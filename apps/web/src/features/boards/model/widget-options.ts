// The widget editor's choices, built from the contract's BUILT_IN_DATASETS: the datasets, the dimensions and
// measures of one (named through the locales), which of them a chart kind can draw (its number of dimensions, a
// province for the map), what a change of kind or dataset keeps of a draft, where a new widget goes on the grid,
// and the grid's layout items of the widgets.
import {
  BOARD_MESSAGES,
  BUILT_IN_DATASETS,
  BUILT_IN_DATASET_IDS,
  CHART_KINDS,
  KIND_DIMENSIONS,
  gridOf,
  indicatorBindingProblem,
  isBuiltInDatasetId,
  widgetBindingProblem,
  type Indicator,
  type BuiltInDatasetId,
  type ChartKind,
  type DashboardKind,
  type DimensionKind,
  type GridPosition,
  type MeasureUnit,
  type Widget,
} from '@tfb/contract';

export type Translate = (key: string) => string;
export type Option<V extends string = string> = { value: V; label: string; disabled?: boolean; title?: string };

type Fields = { dimensions: Record<string, { kind: DimensionKind }>; measures: Record<string, { unit: MeasureUnit }> };
const fieldsOf = (dataset: string): Fields | undefined =>
  Object.hasOwn(BUILT_IN_DATASETS, dataset) ? (BUILT_IN_DATASETS[dataset as BuiltInDatasetId] as Fields) : undefined;

export const kindOptions = (t: Translate): Option<ChartKind>[] => CHART_KINDS.map((k) => ({ value: k, label: t(`boards.kind.${k}`) }));

/** The datasets that can feed a chart of `kind` (the map needs a province dimension), named, in the contract's order. */
export function datasetOptions(kind: ChartKind, t: Translate): Option<BuiltInDatasetId>[] {
  return BUILT_IN_DATASET_IDS.map((id) => {
    const provinces = Object.values((BUILT_IN_DATASETS[id] as Fields).dimensions).some((d) => d.kind === 'province');
    return { value: id, label: t(`charts.dataset.${id}`), disabled: kind === 'map' && !provinces };
  });
}

/** A dataset's dimensions; for a map only the province ones; none when the kind draws a single figure. */
export function dimensionOptions(kind: ChartKind, dataset: string, t: Translate): Option[] {
  const fields = fieldsOf(dataset);
  if (!fields || KIND_DIMENSIONS[kind][1] === 0) return [];
  return Object.entries(fields.dimensions)
    .filter(([, d]) => kind !== 'map' || d.kind === 'province')
    .map(([name]) => ({ value: name, label: t(`charts.dimension.${name}`) }));
}

/** A dataset's measures, each with its unit in the label's title. */
export function measureOptions(dataset: string, t: Translate): Option[] {
  const fields = fieldsOf(dataset);
  if (!fields) return [];
  return Object.entries(fields.measures).map(([name, m]) => ({
    value: name,
    label: t(`charts.measure.${name}`),
    title: t(`charts.unitName.${m.unit}`),
  }));
}

/** How many dimensions and measures the editor lets a kind pick: [min, max]. Pie, ring, gauge and KPI show one measure. */
export function limitsOf(kind: ChartKind): { dimensions: readonly [number, number]; measures: readonly [number, number] } {
  const single = kind === 'pie' || kind === 'ring' || kind === 'gauge' || kind === 'kpi' || kind === 'map';
  return { dimensions: KIND_DIMENSIONS[kind], measures: [1, single ? 1 : 4] };
}

export type BindingDraft = { dataset: string; dimensions: string[]; measures: string[] };

/**
 * The binding a draft becomes when its kind or dataset changes: fields the dataset does not have are dropped, the
 * dimensions cut to what the kind draws (a month first for line charts when there is one), a first dimension and
 * measure filled in when the kind needs them, and extra measures dropped for single-measure kinds.
 */
export function fitBinding(kind: ChartKind, draft: BindingDraft): BindingDraft {
  const fields = fieldsOf(draft.dataset);
  if (!fields) return { dataset: draft.dataset, dimensions: [], measures: [] };
  const limits = limitsOf(kind);
  const usable = Object.entries(fields.dimensions)
    .filter(([, d]) => kind !== 'map' || d.kind === 'province')
    .map(([name]) => name);
  let dimensions = draft.dimensions.filter((d) => usable.includes(d)).slice(0, limits.dimensions[1]);
  if (dimensions.length < limits.dimensions[0]) {
    const preferred = kind === 'line' && usable.includes('month') ? 'month' : usable.find((d) => !dimensions.includes(d));
    dimensions = preferred ? [...dimensions, preferred].slice(0, limits.dimensions[1]) : dimensions;
  }
  let measures = draft.measures.filter((m) => Object.hasOwn(fields.measures, m)).slice(0, limits.measures[1]);
  if (measures.length === 0) measures = Object.keys(fields.measures).slice(0, 1);
  return { dataset: draft.dataset, dimensions, measures };
}

/** The editor's message for a binding the server would refuse (the contract's own check), as a locale key. */
export function bindingProblemKey(kind: ChartKind, b: BindingDraft): string | undefined {
  const problem = widgetBindingProblem(kind, b);
  if (!problem) return undefined;
  const [path] = problem;
  if (path === 'binding.dataset') return 'boards.editor.pickDataset';
  if (path === 'binding.dimensions' || path === 'binding.dimensions.0')
    return kind === 'map' ? 'boards.editor.needProvince' : 'boards.editor.dimensionCount';
  return 'boards.editor.pickFields';
}

/** The indicators a widget of `kind` can draw (a grouping indicator, or one over an uploaded dataset, is shown but
 * disabled), labelled by code and name, in the tree's order. */
export function indicatorOptions(indicators: readonly Indicator[], kind: ChartKind): Option[] {
  return indicators.map((i) => {
    const drawable =
      i.datasetId !== '' && isBuiltInDatasetId(i.datasetId) && (kind !== 'map' || dimensionOptions(kind, i.datasetId, (k) => k).length > 0);
    return { value: String(i.id), label: `${i.code} ${i.name}`, disabled: !drawable };
  });
}

/** The binding of a widget bound to `indicator`: its dataset and measure, with the draft's dimensions fitted to it. */
export const bindIndicator = (kind: ChartKind, indicator: Indicator, draft: BindingDraft): BindingDraft =>
  fitBinding(kind, { dataset: indicator.datasetId, dimensions: draft.dimensions, measures: [indicator.field] });

/** The editor's message for an indicator binding the server would refuse, as a locale key. */
export function indicatorProblemKey(kind: ChartKind, indicator: Indicator | undefined, b: BindingDraft): string | undefined {
  if (!indicator) return 'boards.editor.pickIndicator';
  const problem = indicatorBindingProblem(kind, indicator, b.dimensions);
  if (!problem) return undefined;
  if (problem[0] === 'binding.indicatorId') return 'boards.editor.indicatorNoSource';
  if (problem[0] === 'binding.dimensions' && problem[1] === BOARD_MESSAGES.indicatorFoldDimensions) return 'boards.editor.indicatorFold';
  return bindingProblemKey(kind, b);
}

/** The size a new widget of `kind` takes on a board or a scene's stage. */
export function defaultSize(kind: ChartKind, dashboard: DashboardKind): Pick<GridPosition, 'w' | 'h'> {
  const small = kind === 'kpi' || kind === 'gauge';
  if (dashboard === 'scene') return small ? { w: 6, h: 2 } : { w: 8, h: 4 };
  return small ? { w: 3, h: 4 } : kind === 'table' || kind === 'map' ? { w: 6, h: 8 } : { w: 6, h: 7 };
}

/** Where a widget of `size` goes: the first free place scanning rows top-down, left to right (below all else if none). */
export function placeWidget(
  existing: readonly GridPosition[],
  size: Pick<GridPosition, 'w' | 'h'>,
  dashboard: DashboardKind,
): GridPosition {
  const grid = gridOf(dashboard);
  const w = Math.min(size.w, grid.cols);
  const overlaps = (x: number, y: number) => existing.some((p) => x < p.x + p.w && p.x < x + w && y < p.y + p.h && p.y < y + size.h);
  for (let y = 0; y + size.h <= grid.rows; y++) {
    for (let x = 0; x + w <= grid.cols; x++) if (!overlaps(x, y)) return { x, y, w, h: size.h };
  }
  const bottom = existing.reduce((m, p) => Math.max(m, p.y + p.h), 0);
  return { x: 0, y: Math.min(bottom, Math.max(0, grid.rows - size.h)), w, h: size.h };
}

/** A widget id not yet used on the dashboard. */
export function newWidgetId(widgets: readonly Pick<Widget, 'id'>[]): string {
  const used = new Set(widgets.map((w) => w.id));
  for (let n = widgets.length + 1; ; n++) if (!used.has(`w${n}`)) return `w${n}`;
}

/** The title a widget shows in `language` (zh when that language has none). */
export const widgetTitle = (title: { zh: string; en: string; es: string }, language: string): string => {
  const lang = language.slice(0, 2) as 'zh' | 'en' | 'es';
  return (lang === 'en' || lang === 'es' ? title[lang] : '') || title.zh;
};

/** The grid library's layout items of the widgets (min sizes keep a chart readable). */
export function layoutOf(widgets: readonly Widget[], editable: boolean) {
  return widgets.map((w) => ({
    i: w.id,
    ...w.position,
    minW: w.kind === 'kpi' || w.kind === 'gauge' ? 2 : 3,
    minH: 2,
    static: !editable,
  }));
}
