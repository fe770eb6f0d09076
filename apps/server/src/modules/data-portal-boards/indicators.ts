// Widgets bound to an indicator of the indicator system. When a board is saved, such a widget takes its dataset
// and its one measure from the indicator (a refused binding names `widgets.<i>.binding.…`); when it is drawn, the
// indicator is read again, so the widget follows an indicator whose source changed (a deleted indicator leaves the
// widget drawing the source it last had).
//
// An indicator's aggregation says how the figures of the periods of its frequency combine over the filter's
// period: `sum` and `count` are the total (the dataset's own measure), `avg` the mean of the periods (a period
// without data counts as 0), `max` and `min` the largest and smallest period, `latest` the last period with a figure.
// The datasets are monthly, so a month, quarter or year indicator combines months, quarters or years, and a day or
// week indicator is taken per month. Datasets without months (stock, goods) are states, not flows: their figure is
// the dataset's measure as it is.
import {
  BOARD_MESSAGES,
  BUILT_IN_DATASETS,
  indicatorBindingProblem,
  isBuiltInDatasetId,
  isFoldedAggregation,
  type IndicatorAggregation,
  type IndicatorFrequency,
  type Widget,
} from '@tfb/contract';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/types.js';
import { fieldError } from '../../lib/errors.js';
import { indicatorSources, type IndicatorSource } from '../data-portal-indicators/public.js';

export type Fold = { aggregation: IndicatorAggregation; frequency: IndicatorFrequency };
/** A widget as drawn: its binding with the indicator's source, and how its periods combine (null: a plain total). */
export type BoundWidget = { widget: Widget; fold: Fold | null };

const idsOf = (widgets: readonly Widget[]) => widgets.flatMap((w) => (w.binding.indicatorId === null ? [] : [w.binding.indicatorId]));

/** The widgets of a save with the indicator's dataset and measure written into their bindings; refuses a widget
 * whose indicator is not the enterprise's, has no built-in source, or does not fit the chart. */
export async function bindIndicators(db: Kysely<DB>, enterpriseId: string, widgets: Widget[]): Promise<Widget[]> {
  const sources = await indicatorSources(db, enterpriseId, idsOf(widgets));
  return widgets.map((w, i) => {
    const id = w.binding.indicatorId;
    if (id === null) return w;
    const source = sources.get(id);
    if (!source) throw fieldError(`widgets.${i}.binding.indicatorId`, BOARD_MESSAGES.indicatorUnknown);
    const problem = indicatorBindingProblem(w.kind, source, w.binding.dimensions);
    if (problem) throw fieldError(`widgets.${i}.${problem[0]}`, problem[1]);
    return { ...w, binding: { ...w.binding, dataset: source.datasetId, measures: [source.field] } };
  });
}

/** The indicator sources a dashboard's widgets name, read once per drawing. */
export const sourcesOf = (db: Kysely<DB>, enterpriseId: string, widgets: readonly Widget[]) =>
  indicatorSources(db, enterpriseId, idsOf(widgets));

/** How widget `w` is drawn now, given the indicators it may name. */
export function boundWidget(w: Widget, sources: ReadonlyMap<number, IndicatorSource>): BoundWidget {
  const source = w.binding.indicatorId === null ? undefined : sources.get(w.binding.indicatorId);
  if (!source || indicatorBindingProblem(w.kind, source, w.binding.dimensions)) return { widget: w, fold: null };
  const widget = { ...w, binding: { ...w.binding, dataset: source.datasetId, measures: [source.field] } };
  const ds = isBuiltInDatasetId(source.datasetId) ? BUILT_IN_DATASETS[source.datasetId] : undefined;
  const folds =
    isFoldedAggregation(source.aggregation) &&
    ds !== undefined &&
    Object.hasOwn(ds.dimensions, 'month') &&
    !w.binding.dimensions.includes('month');
  return { widget, fold: folds ? { aggregation: source.aggregation, frequency: source.frequency } : null };
}

/** The months (`yyyy-MM`) that the dates `from`…`to` (`yyyy-MM-dd`) touch, in order. */
export function monthsBetween(from: string, to: string): string[] {
  const out: string[] = [];
  let [y, m] = from.split('-').map(Number) as [number, number];
  const [ty, tm] = to.split('-').map(Number) as [number, number];
  while (y < ty || (y === ty && m <= tm)) {
    out.push(`${y}-${String(m).padStart(2, '0')}`);
    m += 1;
    if (m > 12) {
      m = 1;
      y += 1;
    }
  }
  return out;
}

/** The months grouped by the periods of `frequency` (a month, a calendar quarter or a calendar year each). */
export function periodsOf(frequency: IndicatorFrequency, months: readonly string[]): string[][] {
  const keyOf = (month: string) => {
    const [y, m] = month.split('-') as [string, string];
    if (frequency === 'year') return y;
    if (frequency === 'quarter') return `${y}-Q${Math.ceil(Number(m) / 3)}`;
    return month;
  };
  const groups = new Map<string, string[]>();
  for (const month of months) {
    const key = keyOf(month);
    groups.set(key, [...(groups.get(key) ?? []), month]);
  }
  return [...groups.values()];
}

/** The periods' figures combined by the aggregation (`sum` and `count`: their total). */
export function combine(aggregation: IndicatorAggregation, figures: readonly number[]): number {
  if (figures.length === 0) return 0;
  switch (aggregation) {
    case 'sum':
    case 'count':
      return figures.reduce((s, v) => s + v, 0);
    case 'avg':
      return figures.reduce((s, v) => s + v, 0) / figures.length;
    case 'max':
      return Math.max(...figures);
    case 'min':
      return Math.min(...figures);
    case 'latest':
      return [...figures].reverse().find((v) => v !== 0) ?? 0;
  }
}

type Row = { keys: string[]; values: number[] };

/**
 * Rows keyed by the widget's dimensions and then the month (the last key), folded into rows keyed by the widget's
 * dimensions alone: per key, each period's figure is the sum of its months, and the periods combine by the fold.
 * The largest first, as the aggregate orders rows without months; at most `limit` rows.
 */
export function foldRows(rows: readonly Row[], fold: Fold, from: string, to: string, limit: number): { rows: Row[]; truncated: boolean } {
  const periods = periodsOf(fold.frequency, monthsBetween(from, to));
  const byKey = new Map<string, { keys: string[]; months: Map<string, number> }>();
  for (const r of rows) {
    const keys = r.keys.slice(0, -1);
    const month = r.keys[r.keys.length - 1] ?? '';
    const id = JSON.stringify(keys);
    const entry = byKey.get(id) ?? { keys, months: new Map<string, number>() };
    entry.months.set(month, (entry.months.get(month) ?? 0) + (r.values[0] ?? 0));
    byKey.set(id, entry);
  }
  const folded = [...byKey.values()].map((e) => ({
    keys: e.keys,
    values: [
      combine(
        fold.aggregation,
        periods.map((months) => months.reduce((s, m) => s + (e.months.get(m) ?? 0), 0)),
      ),
    ],
  }));
  folded.sort((a, b) => b.values[0]! - a.values[0]! || JSON.stringify(a.keys).localeCompare(JSON.stringify(b.keys)));
  return { rows: folded.slice(0, limit), truncated: folded.length > limit };
}
