// The statistics pages: each chart of STATISTICS_CHARTS as a query of a built-in dataset and the shape the page
// draws (ChartData), with the links from its segments to the list pages that show their records.
import {
  BUILT_IN_DATASETS,
  BUSINESS_STATUSES,
  CONTRACT_TYPE_PREFIX,
  STATISTICS_CHARTS,
  STATISTICS_DEFAULT_MONTHS,
  type BuiltInDatasetId,
  type ChartData,
  type ChartKind,
  type DataFilter,
  type DimensionKind,
  type MeasureUnit,
  type StatisticsPage,
} from '@tfb/contract';
import type { AggregateSpec, Caller, DataPortalService } from './service.js';

/** The contract types that have a list page, by the slug of its path (/contracts/<slug>); the order types do not. */
const CONTRACT_LIST_SLUGS: Record<string, string> = {
  CGHT: 'purchase',
  XSHT: 'sales',
  WLHT: 'logistics',
  JGHT: 'supervision',
  HYHT: 'assay',
  DBHT: 'guarantee',
  QTHT: 'other',
};
const contractListOf = (contractType: string): string | null =>
  contractType.startsWith(CONTRACT_TYPE_PREFIX) ? (CONTRACT_LIST_SLUGS[contractType.slice(CONTRACT_TYPE_PREFIX.length)] ?? null) : null;

const TOP = 10;

type Series = ChartData['series'][number];
type Period = { from: string; to: string };
type Computed = Omit<ChartData, 'id'> & { computedAt: string };

type ChartDef = (svc: DataPortalService, caller: Caller, period: Period) => Promise<Computed>;

const unitOf = (dataset: BuiltInDatasetId, measure: string): MeasureUnit =>
  (BUILT_IN_DATASETS[dataset].measures as Record<string, { unit: MeasureUnit }>)[measure]!.unit;
const kindOf = (dataset: BuiltInDatasetId, dimension: string): DimensionKind =>
  (BUILT_IN_DATASETS[dataset].dimensions as Record<string, { kind: DimensionKind }>)[dimension]!.kind;

/** The figures of `spec` with the caller's filter but the dates of `period`. */
const run = (svc: DataPortalService, caller: Caller, period: Period, spec: AggregateSpec) =>
  svc.aggregate({ ...caller, ctx: { ...caller.ctx, from: period.from, to: period.to } }, spec);

// ---- dates (China Standard Time) ----

const DAY_MS = 86_400_000;
const parseDay = (d: string) => Date.parse(`${d}T00:00:00Z`);
const formatDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
/** Today in China Standard Time. */
export const cstToday = (now: Date) => formatDay(now.getTime() + 8 * 3600_000);

/** The period a filter asks for: its dates, or the twelve months up to today (from the first of the month eleven
 * months back). A filter giving only one end keeps the other from the default. */
export function periodOf(filter: DataFilter, now: Date): Period {
  const today = cstToday(now);
  const to = filter.to ?? (filter.from && filter.from > today ? filter.from : today);
  const end = new Date(parseDay(to));
  const start = Date.UTC(end.getUTCFullYear(), end.getUTCMonth() - (STATISTICS_DEFAULT_MONTHS - 1), 1);
  return { from: filter.from ?? formatDay(start), to };
}

/** The period of equal length just before `p`. */
export function previousPeriod(p: Period): Period {
  const days = Math.round((parseDay(p.to) - parseDay(p.from)) / DAY_MS) + 1;
  return { from: formatDay(parseDay(p.from) - days * DAY_MS), to: formatDay(parseDay(p.from) - DAY_MS) };
}

/** Every month (`yyyy-MM`) the period touches. */
export function monthsOf(p: Period): string[] {
  const out: string[] = [];
  const last = p.to.slice(0, 7);
  let y = Number(p.from.slice(0, 4));
  let m = Number(p.from.slice(5, 7));
  for (;;) {
    const key = `${y}-${String(m).padStart(2, '0')}`;
    if (key > last) break;
    out.push(key);
    if (++m > 12) {
      m = 1;
      y++;
    }
  }
  return out;
}

// ---- chart shapes ----

const base = (kind: ChartKind, dataset: BuiltInDatasetId, unit: MeasureUnit, categoryKind: DimensionKind | null) => ({
  kind,
  dataset,
  unit,
  categoryKind,
  kpi: null,
  max: null,
  drill: null,
});

/** A KPI: the measure over the period and over the period before it. */
const kpi =
  (dataset: BuiltInDatasetId, measure: string, where?: Record<string, string>): ChartDef =>
  async (svc, caller, period) => {
    const spec: AggregateSpec = { dataset, dimensions: [], measures: [measure], limit: 1, ...(where ? { where } : {}) };
    const [now, before] = await Promise.all([run(svc, caller, period, spec), run(svc, caller, previousPeriod(period), spec)]);
    const value = now.rows[0]?.values[0] ?? 0;
    const unit = unitOf(dataset, measure);
    return {
      ...base('kpi', dataset, unit, null),
      categories: [],
      series: [{ key: measure, keyKind: 'measure', unit, values: [value] }],
      kpi: { value, previous: before.rows[0]?.values[0] ?? null },
      computedAt: now.computedAt < before.computedAt ? now.computedAt : before.computedAt,
    };
  };

/** One series per measure along one dimension (months filled in for the whole period). */
const byDimension =
  (
    kind: ChartKind,
    dataset: BuiltInDatasetId,
    dimension: string,
    measures: readonly string[],
    opts: { limit?: number; where?: Record<string, string>; drill?: (key: string) => string | null } = {},
  ): ChartDef =>
  async (svc, caller, period) => {
    const r = await run(svc, caller, period, {
      dataset,
      dimensions: [dimension],
      measures,
      limit: opts.limit ?? 1000,
      ...(opts.where ? { where: opts.where } : {}),
    });
    const categoryKind = kindOf(dataset, dimension);
    let categories = r.rows.map((row) => row.keys[0]!);
    let values = measures.map((_, i) => r.rows.map((row) => row.values[i]!));
    if (categoryKind === 'month') {
      const at = new Map(r.rows.map((row) => [row.keys[0]!, row]));
      categories = monthsOf(period);
      values = measures.map((_, i) => categories.map((m) => at.get(m)?.values[i] ?? 0));
    }
    if (categoryKind === 'province') {
      // The map names provinces; a warehouse whose address names none has no place on it.
      const keep = categories.map((c) => c !== '');
      categories = categories.filter((_, i) => keep[i]);
      values = values.map((v) => v.filter((_, i) => keep[i]));
    }
    return {
      ...base(kind, dataset, unitOf(dataset, measures[0]!), categoryKind),
      categories,
      series: measures.map((m, i): Series => ({ key: m, keyKind: 'measure', unit: unitOf(dataset, m), values: values[i]! })),
      drill: opts.drill ? categories.map(opts.drill) : null,
      computedAt: r.computedAt,
    };
  };

/** One measure along one dimension, one series per value of a second dimension. */
const crossed =
  (
    kind: ChartKind,
    dataset: BuiltInDatasetId,
    dimension: string,
    split: string,
    measure: string,
    where?: Record<string, string>,
  ): ChartDef =>
  async (svc, caller, period) => {
    const r = await run(svc, caller, period, {
      dataset,
      dimensions: [dimension, split],
      measures: [measure],
      limit: 1000,
      ...(where ? { where } : {}),
    });
    const categoryKind = kindOf(dataset, dimension);
    const categories = categoryKind === 'month' ? monthsOf(period) : [...new Set(r.rows.map((row) => row.keys[0]!))];
    const keys = [...new Set(r.rows.map((row) => row.keys[1]!))].sort();
    const cell = new Map(r.rows.map((row) => [`${row.keys[0]}\u0000${row.keys[1]}`, row.values[0]!]));
    const unit = unitOf(dataset, measure);
    return {
      ...base(kind, dataset, unit, categoryKind),
      categories,
      series: keys.map((k) => ({
        key: k,
        keyKind: kindOf(dataset, split),
        unit,
        values: categories.map((c) => cell.get(`${c}\u0000${k}`) ?? 0),
      })),
      computedAt: r.computedAt,
    };
  };

/** The share of decided loan applications that were approved, in percent. */
const approvalRate: ChartDef = async (svc, caller, period) => {
  const r = await run(svc, caller, period, { dataset: 'loans', dimensions: ['status'], measures: ['count'], limit: 100 });
  const of = (status: string) => r.rows.find((row) => row.keys[0] === status)?.values[0] ?? 0;
  const decided = of('approved') + of('rejected');
  const value = decided ? Math.round((of('approved') / decided) * 1000) / 10 : 0;
  return {
    ...base('gauge', 'loans', 'percent', null),
    categories: [],
    series: [{ key: 'approvalRate', keyKind: 'measure', unit: 'percent', values: [value] }],
    max: 100,
    computedAt: r.computedAt,
  };
};

/** The largest counterparties by contract amount; each opens the contract list of its largest contract type. */
const topCounterparties: ChartDef = async (svc, caller, period) => {
  const r = await run(svc, caller, period, {
    dataset: 'contracts',
    dimensions: ['counterparty', 'contractType'],
    measures: ['amount'],
    limit: 1000,
  });
  const totals = new Map<string, { amount: number; list: string | null; listAmount: number }>();
  for (const row of r.rows) {
    const [name, type] = row.keys as [string, string];
    const t = totals.get(name) ?? { amount: 0, list: null, listAmount: -Infinity };
    t.amount += row.values[0]!;
    const list = contractListOf(type);
    if (list && row.values[0]! > t.listAmount) Object.assign(t, { list, listAmount: row.values[0]! });
    totals.set(name, t);
  }
  const top = [...totals.entries()].sort((a, b) => b[1].amount - a[1].amount || a[0].localeCompare(b[0])).slice(0, TOP);
  return {
    ...base('bar', 'contracts', 'yuan', 'text'),
    categories: top.map(([name]) => name),
    series: [{ key: 'amount', keyKind: 'measure', unit: 'yuan', values: top.map(([, t]) => Math.round(t.amount * 100) / 100) }],
    drill: top.map(([name, t]) => (t.list ? `/contracts/${t.list}?search=${encodeURIComponent(name)}` : null)),
    computedAt: r.computedAt,
  };
};

const CHARTS: Record<string, ChartDef> = {
  // business
  contractAmountKpi: kpi('contracts', 'amount'),
  orderAmountKpi: kpi('orders', 'amount'),
  contractCountKpi: kpi('contracts', 'count'),
  contractsByMonth: byDimension('bar', 'contracts', 'month', ['amount', 'count']),
  contractsByType: byDimension('ring', 'contracts', 'contractType', ['amount'], {
    drill: (type) => {
      const slug = contractListOf(type);
      return slug ? `/contracts/${slug}` : null;
    },
  }),
  ordersByMonth: crossed('stackedBar', 'orders', 'month', 'orderKind', 'amount'),
  topCounterparties,
  // funds
  loanAmountKpi: kpi('loans', 'loanAmount'),
  loanBalanceKpi: kpi('loans', 'balance'),
  approvalRateGauge: approvalRate,
  loansByMonth: byDimension('line', 'loans', 'month', ['loanAmount', 'approvedAmount']),
  // The loan list filters by the statuses a form saves (draft, submitted); the approval's states open nothing.
  loansByStatus: byDimension('pie', 'loans', 'status', ['count'], {
    drill: (status) =>
      (BUSINESS_STATUSES as readonly string[]).includes(status) ? `/funds/loans?status=${encodeURIComponent(status)}` : null,
  }),
  settlementsByMonth: crossed('stackedBar', 'settlements', 'month', 'settlementType', 'amount'),
  approvalDurations: byDimension('table', 'approvals', 'businessType', ['count', 'avgHours']),
  // warehouse
  stockWeightKpi: kpi('warehouseStock', 'weight'),
  waitingNoticesKpi: kpi('warehouseNotices', 'count', { state: 'waiting' }),
  stockByWarehouse: byDimension('bar', 'warehouseStock', 'warehouse', ['weight', 'pieces']),
  stockByCategory: byDimension('ring', 'warehouseStock', 'goodsCategory', ['weight']),
  flowByMonth: crossed('line', 'warehouseFlow', 'month', 'direction', 'weight'),
  noticesWaiting: crossed('stackedBar', 'warehouseNotices', 'warehouse', 'noticeKind', 'count', { state: 'waiting' }),
  stockByProvince: byDimension('map', 'warehouseStock', 'province', ['weight']),
};

export const isChartOf = (page: StatisticsPage, chartId: string): boolean =>
  (STATISTICS_CHARTS[page] as readonly string[]).includes(chartId);

/** One chart's figures for the caller over `period`. */
export async function computeChart(
  svc: DataPortalService,
  caller: Caller,
  period: Period,
  chartId: string,
): Promise<Computed & { id: string }> {
  const chart = await CHARTS[chartId]!(svc, caller, period);
  return { id: chartId, ...chart };
}

/** Every chart of `page`, in the page's order, and when the oldest of their figures was computed. */
export async function computePage(
  svc: DataPortalService,
  caller: Caller,
  period: Period,
  page: StatisticsPage,
): Promise<{ charts: ChartData[]; computedAt: string }> {
  const charts = await Promise.all(STATISTICS_CHARTS[page].map((id) => computeChart(svc, caller, period, id)));
  const computedAt = charts.reduce((oldest, c) => (c.computedAt < oldest ? c.computedAt : oldest), charts[0]!.computedAt);
  return { charts: charts.map(({ computedAt: _at, ...c }) => c), computedAt };
}

export type { Period };
