// ChartData (the contract's chart figures) → an ECharts option: pure functions, no ECharts import at run time, so
// the option of every kind is unit-tested without a canvas. Line, bar and stacked-bar charts put the categories
// along an axis (a bar chart of names — counterparties, warehouses, provinces — lies on its side, largest first);
// pie and ring charts make a slice of each category; a gauge shows one figure against its maximum; a map colours
// the provinces of China (or, until the map is registered, ranks them as bars). KPI and table are drawn with antd.
import type { EChartsCoreOption } from 'echarts/core';
import type { ChartData, ChartKind, MeasureUnit } from '@tfb/contract';
import type { FigureFormat } from './format';
import type { ChartNames } from './names';
import { CHART_PALETTE } from './palette';
import { tooltipNode, type TooltipRow } from './tooltip';

export type ChartTheme = 'light' | 'dark';

export type BuildContext = {
  names: ChartNames;
  format: FigureFormat;
  theme: ChartTheme;
  /** The China map is registered with ECharts (map charts draw it; without it they rank the provinces as bars). */
  mapReady?: boolean;
};

/** The kinds drawn by ECharts (KPI and table are antd). */
export const ECHARTS_KINDS = ['line', 'bar', 'stackedBar', 'pie', 'ring', 'gauge', 'map'] as const satisfies readonly ChartKind[];
export type EChartsKind = (typeof ECHARTS_KINDS)[number];
export const isEChartsKind = (kind: ChartKind): kind is EChartsKind => (ECHARTS_KINDS as readonly string[]).includes(kind);

/** The name under which the map kind registers China's provinces. */
export const CHINA_MAP = 'china';

type AxisParam = { seriesIndex: number; dataIndex: number; value: unknown; seriesName: string; name: string };
type ItemParam = AxisParam & { percent?: number };

const num = (v: unknown): number => (typeof v === 'number' ? v : Array.isArray(v) ? num(v.at(-1)) : Number(v) || 0);

const themeColors = (theme: ChartTheme) =>
  theme === 'dark'
    ? { text: 'rgba(255, 255, 255, 0.85)', muted: 'rgba(255, 255, 255, 0.65)', line: 'rgba(255, 255, 255, 0.15)', empty: '#2b3a55' }
    : { text: 'rgba(0, 0, 0, 0.88)', muted: 'rgba(0, 0, 0, 0.58)', line: 'rgba(5, 5, 5, 0.08)', empty: '#e6ecf5' };

/** What every option shares: the palette, a transparent background (the card's shows), the tooltip without markup. */
function base(ctx: BuildContext) {
  const c = themeColors(ctx.theme);
  return {
    color: [...CHART_PALETTE],
    backgroundColor: 'transparent',
    textStyle: { color: c.text },
    animationDuration: 400,
    // The card is the tooltip's frame: class-styled, so the theme's colours come from charts.css.
    tooltip: {
      confine: true,
      className: `tfb-chart-tooltip tfb-chart-tooltip--${ctx.theme}`,
      padding: 0,
      borderWidth: 0,
      backgroundColor: 'transparent',
    },
  };
}

const unitOf = (data: ChartData, seriesIndex: number): MeasureUnit => data.series[seriesIndex]?.unit ?? data.unit;

/** Whether a bar chart lies on its side: categories that are names (a ranking), not months or codes. */
export const isHorizontal = (data: Pick<ChartData, 'kind' | 'categoryKind'>): boolean =>
  data.kind === 'bar' && (data.categoryKind === 'text' || data.categoryKind === 'province');

/** The figures as they are drawn: a map is a ranked bar chart of the provinces until the map is registered. */
export const drawnAs = (data: ChartData, mapReady: boolean): ChartData =>
  data.kind === 'map' && !mapReady ? { ...data, kind: 'bar', categoryKind: data.categoryKind ?? 'province' } : data;

function axisOption(data: ChartData, ctx: BuildContext): EChartsCoreOption {
  const c = themeColors(ctx.theme);
  const categories = data.categories.map((k) => ctx.names.category(k, data.categoryKind));
  const horizontal = isHorizontal(data);
  const many = data.series.length > 1;
  // A series in a second unit (a count beside amounts) is read on its own axis on the far side, drawn as a line over
  // the bars of a vertical chart; a stack shares one unit.
  const units = [...new Set(data.series.map((s) => s.unit))];
  const mainUnit = units[0] ?? data.unit;
  const secondUnit = units.length > 1 && data.kind !== 'stackedBar' ? units[1] : undefined;
  const axisIndexOf = (unit: MeasureUnit) => (secondUnit !== undefined && unit !== mainUnit ? 1 : 0);
  const valueAxis = (unit: MeasureUnit, far: boolean) => ({
    type: 'value',
    ...(far ? { position: horizontal ? 'top' : 'right' } : {}),
    axisLabel: { color: c.muted, formatter: (v: number) => ctx.format.axis(v, unit) },
    splitLine: far ? { show: false } : { lineStyle: { color: c.line } },
  });
  const valueAxes = secondUnit ? [valueAxis(mainUnit, false), valueAxis(secondUnit, true)] : valueAxis(mainUnit, false);
  const categoryAxis = {
    type: 'category',
    data: categories,
    // Rankings read from the top.
    inverse: horizontal,
    axisTick: { alignWithLabel: true },
    axisLine: { lineStyle: { color: c.line } },
    axisLabel: { color: c.muted, hideOverlap: true, ...(horizontal ? { width: 96, overflow: 'truncate' } : {}) },
  };
  const type = data.kind === 'line' ? 'line' : 'bar';
  return {
    ...base(ctx),
    tooltip: {
      ...base(ctx).tooltip,
      trigger: 'axis',
      axisPointer: { type: type === 'line' ? 'line' : 'shadow' },
      formatter: (params: AxisParam[] | AxisParam) => {
        const list = Array.isArray(params) ? params : [params];
        const rows: TooltipRow[] = list.map((p) => ({
          name: p.seriesName,
          value: ctx.format.value(num(p.value), unitOf(data, p.seriesIndex)),
          slot: p.seriesIndex,
        }));
        return tooltipNode(list[0]?.name ?? '', rows);
      },
    },
    legend: many ? { type: 'scroll', bottom: 0, textStyle: { color: c.muted } } : { show: false },
    grid: { left: 8, right: 16, top: 16, bottom: many ? 36 : 8, outerBoundsMode: 'same', outerBoundsContain: 'axisLabel' },
    xAxis: horizontal ? valueAxes : categoryAxis,
    yAxis: horizontal ? categoryAxis : valueAxes,
    series: data.series.map((s, i) => {
      const axisIndex = axisIndexOf(s.unit);
      const seriesType = axisIndex === 1 && type === 'bar' && !horizontal ? 'line' : type;
      return {
        type: seriesType,
        name: ctx.names.series(s),
        data: s.values,
        ...(axisIndex === 1 ? (horizontal ? { xAxisIndex: 1 } : { yAxisIndex: 1 }) : {}),
        ...(data.kind === 'stackedBar' ? { stack: 'total' } : {}),
        ...(seriesType === 'line'
          ? {
              smooth: true,
              smoothMonotone: 'x',
              symbol: 'circle',
              symbolSize: 6,
              showSymbol: data.categories.length <= 24,
              ...(many ? {} : { areaStyle: { opacity: 0.12 } }),
            }
          : {
              barMaxWidth: horizontal ? 18 : 28,
              itemStyle: { borderRadius: data.kind === 'stackedBar' ? 0 : horizontal ? [0, 3, 3, 0] : [3, 3, 0, 0] },
            }),
        emphasis: { focus: many ? 'series' : 'none' },
        z: seriesType === 'line' ? 10 + i : i,
      };
    }),
  };
}

function pieOption(data: ChartData, ctx: BuildContext): EChartsCoreOption {
  const c = themeColors(ctx.theme);
  const series = data.series[0];
  const values = series?.values ?? [];
  const ring = data.kind === 'ring';
  return {
    ...base(ctx),
    tooltip: {
      ...base(ctx).tooltip,
      trigger: 'item',
      formatter: (p: ItemParam) =>
        tooltipNode(series ? ctx.names.series(series) : '', [
          {
            name: p.name,
            value: `${ctx.format.value(num(p.value), data.unit)}${p.percent === undefined ? '' : ` (${ctx.format.value(p.percent, 'percent')})`}`,
            slot: p.dataIndex,
          },
        ]),
    },
    legend: { type: 'scroll', orient: 'vertical', right: 0, top: 'middle', textStyle: { color: c.muted } },
    series: [
      {
        type: 'pie',
        name: series ? ctx.names.series(series) : '',
        radius: ring ? ['48%', '72%'] : ['0%', '72%'],
        center: ['38%', '50%'],
        avoidLabelOverlap: true,
        itemStyle: { borderColor: ctx.theme === 'dark' ? '#141414' : '#fff', borderWidth: 2, borderRadius: ring ? 4 : 0 },
        label: { show: false },
        labelLine: { show: false },
        emphasis: { scaleSize: 6 },
        data: data.categories.map((k, i) => ({ name: ctx.names.category(k, data.categoryKind), value: values[i] ?? 0 })),
      },
    ],
    // In a narrow chart (a board widget a third wide) a legend beside the pie covers it, the longer the category
    // names the more: there it goes below, and the pie takes the middle.
    media: [
      {
        query: { maxWidth: PIE_LEGEND_BELOW_WIDTH },
        option: {
          legend: { orient: 'horizontal', left: 'center', right: 'auto', top: 'auto', bottom: 0 },
          series: [{ center: ['50%', '44%'], radius: ring ? ['40%', '62%'] : ['0%', '62%'] }],
        },
      },
    ],
  };
}

/** The widest chart (px) whose pie has its legend below it rather than beside it. */
export const PIE_LEGEND_BELOW_WIDTH = 480;

function gaugeOption(data: ChartData, ctx: BuildContext): EChartsCoreOption {
  const c = themeColors(ctx.theme);
  const value = data.kpi?.value ?? data.series[0]?.values[0] ?? 0;
  const max = data.max ?? (data.unit === 'percent' ? 100 : Math.max(value, 1));
  const series = data.series[0];
  return {
    ...base(ctx),
    tooltip: { show: false },
    series: [
      {
        type: 'gauge',
        name: series ? ctx.names.series(series) : '',
        min: 0,
        max,
        startAngle: 210,
        endAngle: -30,
        radius: '92%',
        center: ['50%', '58%'],
        progress: { show: true, width: 14, roundCap: true },
        axisLine: { lineStyle: { width: 14, color: [[1, c.empty]] } },
        axisTick: { show: false },
        splitLine: { show: false },
        axisLabel: { show: false },
        pointer: { show: false },
        anchor: { show: false },
        title: { show: false },
        detail: {
          valueAnimation: true,
          offsetCenter: [0, '0%'],
          fontSize: 28,
          fontWeight: 600,
          color: c.text,
          formatter: (v: number) => ctx.format.value(v, data.unit),
        },
        data: [{ value, name: series ? ctx.names.series(series) : '' }],
      },
    ],
  };
}

function mapOption(data: ChartData, ctx: BuildContext): EChartsCoreOption {
  // Without the map the provinces are a ranking, drawn like any ranked bar chart.
  if (!ctx.mapReady) return axisOption(drawnAs(data, false), ctx);
  const c = themeColors(ctx.theme);
  const series = data.series[0];
  const values = series?.values ?? [];
  const max = Math.max(1, ...values);
  return {
    ...base(ctx),
    tooltip: {
      ...base(ctx).tooltip,
      trigger: 'item',
      formatter: (p: ItemParam) =>
        tooltipNode(p.name, [
          {
            name: series ? ctx.names.series(series) : '',
            value: Number.isFinite(num(p.value)) ? ctx.format.value(num(p.value), data.unit) : '—',
            slot: 0,
          },
        ]),
    },
    visualMap: {
      type: 'continuous',
      min: 0,
      max,
      left: 8,
      bottom: 8,
      calculable: false,
      itemHeight: 96,
      textStyle: { color: c.muted },
      formatter: (v: number) => ctx.format.axis(v, data.unit),
      inRange: { color: ctx.theme === 'dark' ? ['#1d2b45', '#3c89e8', '#8dc5f8'] : ['#e6f4ff', '#69b1ff', '#0958d9'] },
    },
    series: [
      {
        type: 'map',
        map: CHINA_MAP,
        name: series ? ctx.names.series(series) : '',
        roam: false,
        layoutCenter: ['54%', '56%'],
        layoutSize: '118%',
        itemStyle: { areaColor: c.empty, borderColor: ctx.theme === 'dark' ? '#0b1424' : '#fff' },
        label: { show: false },
        emphasis: { label: { show: true, color: c.text }, itemStyle: { areaColor: '#faad14' } },
        select: { disabled: true },
        data: data.categories.map((name, i) => ({ name, value: values[i] ?? 0 })),
      },
    ],
  };
}

/** The ECharts option of a chart (ECharts kinds only; see isEChartsKind). */
export function buildOption(data: ChartData, ctx: BuildContext): EChartsCoreOption {
  switch (data.kind) {
    case 'line':
    case 'bar':
    case 'stackedBar':
      return axisOption(data, ctx);
    case 'pie':
    case 'ring':
      return pieOption(data, ctx);
    case 'gauge':
      return gaugeOption(data, ctx);
    case 'map':
      return mapOption(data, ctx);
    case 'kpi':
    case 'table':
      throw new Error(`a ${data.kind} chart is drawn with antd, not ECharts`);
  }
}

/** Whether a chart has anything to draw (an empty one shows the empty state instead of bare axes). */
export const hasFigures = (data: ChartData): boolean =>
  data.kind === 'kpi'
    ? data.kpi !== null
    : data.kind === 'gauge'
      ? data.kpi !== null || data.series.some((s) => s.values.length > 0)
      : data.categories.length > 0 && data.series.some((s) => s.values.some((v) => v !== 0));

/**
 * The category a click on the chart at pixel `point` lands in, for axis charts: the column (or row) under the
 * pointer, not only the bar itself, so a short bar is as easy to open as a tall one. `data` as drawn (drawnAs).
 */
export function categoryAt(
  data: Pick<ChartData, 'kind' | 'categoryKind' | 'categories'>,
  fromPixel: (point: [number, number]) => number[] | number | undefined,
  point: [number, number],
): number | null {
  if (data.kind !== 'line' && data.kind !== 'bar' && data.kind !== 'stackedBar') return null;
  const at = fromPixel(point);
  if (!Array.isArray(at)) return null;
  const index = Math.round(isHorizontal(data) ? at[1]! : at[0]!);
  return Number.isInteger(index) && index >= 0 && index < data.categories.length ? index : null;
}
