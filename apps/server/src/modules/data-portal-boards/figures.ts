// Every widget of a board or scene computed in one call: the filter resolved (the body's, else the dashboard's
// default period, warehouse and enterprise), then one aggregate of the data-portal module per widget (two for a KPI:
// this period and the previous one), run together. The data-portal module decides the scope (from the session, or
// for a shared scene from its owner enterprise), checks a named enterprise against it and caches the figures.
import type { Dashboard, DashboardData, DataFilter, DataQueryResult } from '@tfb/contract';
import type { Session } from '../../plugins/session.js';
import type { Caller, DataPortalService } from '../data-portal/public.js';
import type { IndicatorSource } from '../data-portal-indicators/public.js';
import { chinaDate, periodRange, previousRange, toChartData, widgetQuery, type ResolvedFilter } from './charts.js';
import { boundWidget, foldRows, type BoundWidget } from './indicators.js';

/** Whose figures: a signed-in caller's scope, or an enterprise's own (a shared scene, viewed without a session). */
export type Viewer = { session: Session } | { enterpriseId: string };

/** The rows a folded query may read (its dimension values × months). */
const FOLD_LIMIT = 1000;

export function resolveFilter(dashboard: Dashboard, given: DataFilter | undefined, today: string): ResolvedFilter {
  const period = periodRange(dashboard.filter.period, today);
  if (given) {
    return { from: given.from ?? period.from, to: given.to ?? period.to, warehouseId: given.warehouseId, enterpriseId: given.enterpriseId };
  }
  return {
    ...period,
    warehouseId: dashboard.filter.warehouseId ?? undefined,
    enterpriseId: dashboard.filter.enterpriseId ?? undefined,
  };
}

const asFilter = (f: ResolvedFilter): DataFilter => ({
  from: f.from,
  to: f.to,
  ...(f.warehouseId ? { warehouseId: f.warehouseId } : {}),
  ...(f.enterpriseId ? { enterpriseId: f.enterpriseId } : {}),
});

export async function dashboardFigures(
  svc: DataPortalService,
  viewer: Viewer,
  dashboard: Dashboard,
  given: DataFilter | undefined,
  now: Date,
  /** The indicators the widgets name (of the dashboard's enterprise). */
  indicators: ReadonlyMap<number, IndicatorSource>,
): Promise<Omit<DashboardData, 'warehouses'>> {
  const filter = resolveFilter(dashboard, given, chinaDate(now));
  const before = { ...filter, ...previousRange(filter.from, filter.to) };
  const callerOf = (f: ResolvedFilter): Promise<Caller> =>
    'session' in viewer
      ? svc.caller(viewer.session, asFilter(f), 'filter.enterpriseId')
      : svc.enterpriseCaller(viewer.enterpriseId, asFilter(f));
  const current = await callerOf(filter);
  const needsPrevious = dashboard.widgets.some((w) => w.kind === 'kpi');
  const previous = needsPrevious ? await callerOf(before) : undefined;

  const computed: string[] = [];
  // A widget whose indicator combines periods asks for its dimensions and the month, then folds the months.
  const query = async (caller: Caller, f: ResolvedFilter, { widget: w, fold }: BoundWidget): Promise<DataQueryResult> => {
    const body = widgetQuery(w, f);
    const dimensions = [...(body.dimensions ?? []), ...(fold ? ['month'] : [])];
    const r = await svc.aggregate(caller, {
      dataset: w.binding.dataset as Parameters<DataPortalService['aggregate']>[1]['dataset'],
      dimensions,
      measures: body.measures,
      limit: fold ? FOLD_LIMIT : w.binding.limit,
    });
    computed.push(r.computedAt);
    const folded = fold ? foldRows(r.rows, fold, f.from, f.to, w.binding.limit) : r;
    return {
      dataset: w.binding.dataset,
      dimensions: w.binding.dimensions,
      measures: w.binding.measures,
      rows: folded.rows,
      truncated: folded.truncated || r.truncated,
      scope: caller.scope.scope,
      computedAt: r.computedAt,
    };
  };
  const charts = await Promise.all(
    dashboard.widgets.map(async (stored) => {
      const bound = boundWidget(stored, indicators);
      const w = bound.widget;
      if (w.kind !== 'kpi' || !previous) return toChartData(w, await query(current, filter, bound));
      const [now_, before_] = await Promise.all([query(current, filter, bound), query(previous, before, bound)]);
      return toChartData(w, now_, before_);
    }),
  );
  return {
    scope: current.scope.scope,
    enterprises: current.scope.enterprises.length > 1 ? [...current.scope.enterprises] : [],
    filter: { from: filter.from, to: filter.to, warehouseId: filter.warehouseId ?? null, enterpriseId: filter.enterpriseId ?? null },
    charts,
    // The oldest figure's time (a cached aggregate may predate this call).
    computedAt: computed.sort()[0] ?? now.toISOString(),
  };
}
