// Every widget of a board or scene computed in one call: the filter resolved (the body's, else the dashboard's
// default period, warehouse and enterprise), then one aggregate query of the data-portal module per widget (two for a
// KPI), run together. The data-portal module decides the scope, checks an enterprise against it and caches.
import type { Dashboard, DashboardData, DataFilter, DataQueryBody, DataQueryResult, DataScope } from '@tfb/contract';
import type { Session } from '../../plugins/session.js';
import { chinaDate, periodRange, previousRange, toChartData, widgetQuery, type ResolvedFilter } from './charts.js';

/** What the figures of a dashboard need of the data-portal module, for a viewer's scope `S`. */
export type FigureSource<S> = {
  /** The scope of a signed-in caller (their enterprise, group or all). */
  ofSession(s: Session): Promise<S>;
  /** The scope of an enterprise as such (a shared scene's owner): the platform's is all, another's its own. */
  ofEnterprise(enterpriseId: string): Promise<S>;
  kind(scope: S): DataScope;
  /** The enterprises a scope of several may choose between in a filter (empty for one). */
  enterprises(scope: S): Promise<{ id: string; name: string }[]>;
  query(scope: S, body: DataQueryBody): Promise<DataQueryResult>;
};

export type Viewer = { source: FigureSource<unknown>; scope: unknown };

export async function sessionViewer(source: FigureSource<unknown>, s: Session): Promise<Viewer> {
  return { source, scope: await source.ofSession(s) };
}

export async function enterpriseViewer(source: FigureSource<unknown>, enterpriseId: string): Promise<Viewer> {
  return { source, scope: await source.ofEnterprise(enterpriseId) };
}

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

export async function dashboardFigures(
  viewer: Viewer,
  dashboard: Dashboard,
  given: DataFilter | undefined,
  now: Date,
): Promise<Omit<DashboardData, 'warehouses'>> {
  const { source, scope } = viewer;
  const filter = resolveFilter(dashboard, given, chinaDate(now));
  const computed: string[] = [];
  const query = async (body: DataQueryBody) => {
    const result = await source.query(scope, body);
    computed.push(result.computedAt);
    return result;
  };
  const charts = await Promise.all(
    dashboard.widgets.map(async (w) => {
      const body = widgetQuery(w, filter);
      if (w.kind !== 'kpi') return toChartData(w, await query(body));
      const before = previousRange(filter.from, filter.to);
      const [current, previous] = await Promise.all([query(body), query(widgetQuery(w, { ...filter, ...before }))]);
      return toChartData(w, current, previous);
    }),
  );
  return {
    scope: source.kind(scope),
    enterprises: await source.enterprises(scope),
    filter: { from: filter.from, to: filter.to, warehouseId: filter.warehouseId ?? null, enterpriseId: filter.enterpriseId ?? null },
    charts,
    // The oldest figure's time (a cached aggregate may predate this call).
    computedAt: computed.sort()[0] ?? now.toISOString(),
  };
}
