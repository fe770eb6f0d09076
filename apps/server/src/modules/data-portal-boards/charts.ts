// A widget's figures: its binding becomes one aggregate query of the data-portal module (two for a KPI: this
// period and the previous one of equal length), and the aggregate becomes the ChartData the web draws. Dates are
// China Standard Time calendar dates.
import {
  BUILT_IN_DATASETS,
  isBuiltInDatasetId,
  type BuiltInDataset,
  type ChartData,
  type DashboardPeriod,
  type DataQueryBody,
  type DataQueryResult,
  type DimensionKind,
  type MeasureUnit,
  type Widget,
} from '@tfb/contract';

/** A calendar date `yyyy-MM-dd` of `at` in China Standard Time (UTC+8, no daylight saving). */
export const chinaDate = (at: Date): string => new Date(at.getTime() + 8 * 3600_000).toISOString().slice(0, 10);

const ymd = (y: number, m: number, d: number) => new Date(Date.UTC(y, m, d)).toISOString().slice(0, 10);

/** The dates a relative period covers on `today` (`yyyy-MM-dd`): whole months back to the first of the month, up to today. */
export function periodRange(period: DashboardPeriod, today: string): { from: string; to: string } {
  const [y, m] = today.split('-').map(Number) as [number, number];
  const month = m - 1;
  switch (period) {
    case 'last3Months':
      return { from: ymd(y, month - 2, 1), to: today };
    case 'last6Months':
      return { from: ymd(y, month - 5, 1), to: today };
    case 'last12Months':
      return { from: ymd(y, month - 11, 1), to: today };
    case 'thisYear':
      return { from: ymd(y, 0, 1), to: today };
    case 'lastYear':
      return { from: ymd(y - 1, 0, 1), to: ymd(y - 1, 11, 31) };
  }
}

const dayMs = 86_400_000;
const toMs = (d: string) => Date.parse(`${d}T00:00:00Z`);
const fromMs = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The period of equal length just before [from, to]. */
export function previousRange(from: string, to: string): { from: string; to: string } {
  const days = Math.round((toMs(to) - toMs(from)) / dayMs) + 1;
  return { from: fromMs(toMs(from) - days * dayMs), to: fromMs(toMs(from) - dayMs) };
}

export type ResolvedFilter = { from: string; to: string; warehouseId?: number | undefined; enterpriseId?: string | undefined };

/** The aggregate query of a widget's binding under `filter`. */
export function widgetQuery(w: Widget, filter: ResolvedFilter): DataQueryBody {
  return {
    dataset: w.binding.dataset,
    dimensions: w.binding.dimensions,
    measures: w.binding.measures,
    filter: {
      from: filter.from,
      to: filter.to,
      ...(filter.warehouseId ? { warehouseId: filter.warehouseId } : {}),
      ...(filter.enterpriseId ? { enterpriseId: filter.enterpriseId } : {}),
    },
    limit: w.binding.limit,
  };
}

const datasetOf = (id: string): BuiltInDataset => {
  if (!isBuiltInDatasetId(id)) throw new Error(`unknown dataset ${id}`);
  return BUILT_IN_DATASETS[id];
};
const dimensionKind = (ds: BuiltInDataset, d: string | undefined): DimensionKind | null =>
  d === undefined ? null : ((ds.dimensions as Record<string, { kind: DimensionKind }>)[d]?.kind ?? null);
const measureUnit = (ds: BuiltInDataset, m: string): MeasureUnit =>
  (ds.measures as Record<string, { unit: MeasureUnit }>)[m]?.unit ?? 'count';

const sum = (r: DataQueryResult, i: number) => r.rows.reduce((s, row) => s + (row.values[i] ?? 0), 0);

/** A round figure at or above `v` for a gauge's scale (1, 2, 2.5 or 5 times a power of ten). */
export function niceCeiling(v: number): number {
  if (!(v > 0)) return 100;
  const p = 10 ** Math.floor(Math.log10(v));
  for (const f of [1, 2, 2.5, 5, 10]) if (f * p >= v) return f * p;
  return 10 * p;
}

/**
 * The ChartData of widget `w` from the aggregate of its binding (and, for a KPI, the previous period's). No
 * dimension: one value per measure. One dimension: categories along it, one series per measure. Two: categories
 * along the first, one series per value of the second (of the first measure), zero where a combination is absent.
 */
export function toChartData(w: Widget, result: DataQueryResult, previous?: DataQueryResult): ChartData {
  const ds = datasetOf(w.binding.dataset);
  const [first, second] = w.binding.dimensions;
  const unit = measureUnit(ds, w.binding.measures[0]!);
  const base = {
    id: w.id,
    kind: w.kind,
    dataset: w.binding.dataset,
    unit,
    categoryKind: dimensionKind(ds, first),
    kpi: null,
    max: null,
    drill: null,
  };
  if (first === undefined) {
    const values = w.binding.measures.map((_, i) => sum(result, i));
    const chart: ChartData = {
      ...base,
      categories: [],
      series: w.binding.measures.map((m, i) => ({ key: m, keyKind: 'measure' as const, unit: measureUnit(ds, m), values: [values[i]!] })),
    };
    if (w.kind === 'kpi') chart.kpi = { value: values[0]!, previous: previous ? sum(previous, 0) : null };
    if (w.kind === 'gauge') chart.max = w.binding.max ?? (unit === 'percent' ? 100 : niceCeiling(values[0]!));
    return chart;
  }
  if (second === undefined) {
    return {
      ...base,
      categories: result.rows.map((r) => r.keys[0] ?? ''),
      series: w.binding.measures.map((m, i) => ({
        key: m,
        keyKind: 'measure' as const,
        unit: measureUnit(ds, m),
        values: result.rows.map((r) => r.values[i] ?? 0),
      })),
    };
  }
  const categories: string[] = [];
  const seriesKeys: string[] = [];
  const cell = new Map<string, number>();
  for (const r of result.rows) {
    const [c = '', s = ''] = r.keys;
    if (!categories.includes(c)) categories.push(c);
    if (!seriesKeys.includes(s)) seriesKeys.push(s);
    cell.set(`${c}\u0000${s}`, (cell.get(`${c}\u0000${s}`) ?? 0) + (r.values[0] ?? 0));
  }
  if (base.categoryKind === 'month') categories.sort();
  const keyKind = dimensionKind(ds, second) ?? 'text';
  return {
    ...base,
    categories,
    series: seriesKeys.map((s) => ({ key: s, keyKind, unit, values: categories.map((c) => cell.get(`${c}\u0000${s}`) ?? 0) })),
  };
}
