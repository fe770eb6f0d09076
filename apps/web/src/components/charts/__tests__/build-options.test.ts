// The chart kit's options: what each kind draws from the contract's ChartData, named and formatted for the user.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { ChartData } from '@tfb/contract';
import { i18n } from '../../../lib/i18n';
import {
  PIE_LEGEND_BELOW_WIDTH,
  buildOption,
  categoryAt,
  drawnAs,
  hasFigures,
  isEChartsKind,
  isHorizontal,
  type BuildContext,
} from '../build-options';
import { figureFormat } from '../format';
import { chartNames } from '../names';
import { CHART_PALETTE } from '../palette';

const ctx = (theme: BuildContext['theme'] = 'light', mapReady = false): BuildContext => ({
  names: chartNames(i18n.t),
  format: figureFormat('zh', { tonne: '{{value}} 吨', piece: '{{value}} 件', hour: '{{value}} 小时' }),
  theme,
  mapReady,
});

const chart = (over: Partial<ChartData>): ChartData => ({
  id: 'c',
  kind: 'bar',
  dataset: 'contracts',
  unit: 'yuan',
  categoryKind: 'month',
  categories: ['2026-01', '2026-02'],
  series: [{ key: 'amount', keyKind: 'measure', unit: 'yuan', values: [1200, 3400.5] }],
  kpi: null,
  max: null,
  drill: null,
  ...over,
});

type AnyOption = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

describe('buildOption', () => {
  it('puts months along the x axis of a bar chart, one series per measure, named through the locales', () => {
    const o = buildOption(chart({}), ctx()) as AnyOption;
    expect(o.xAxis.type).toBe('category');
    expect(o.xAxis.data).toEqual(['2026-01', '2026-02']);
    expect(o.yAxis.type).toBe('value');
    expect(o.series).toHaveLength(1);
    expect(o.series[0]).toMatchObject({ type: 'bar', name: '金额', data: [1200, 3400.5] });
    expect(o.legend.show).toBe(false);
    expect(o.yAxis.axisLabel.formatter(25_000_000)).toBe('¥2500万');
  });

  it('lays a ranking of names on its side, largest first at the top', () => {
    const data = chart({
      categoryKind: 'text',
      categories: ['甲公司', '乙公司', '丙公司'],
      series: [{ key: 'amount', keyKind: 'measure', unit: 'yuan', values: [9, 5, 1] }],
    });
    expect(isHorizontal(data)).toBe(true);
    const o = buildOption(data, ctx()) as AnyOption;
    expect(o.yAxis).toMatchObject({ type: 'category', inverse: true, data: ['甲公司', '乙公司', '丙公司'] });
    expect(o.xAxis.type).toBe('value');
  });

  it('stacks the series of a stacked bar and shows a legend naming codes', () => {
    const data = chart({
      kind: 'stackedBar',
      series: [
        { key: 'in', keyKind: 'code', unit: 'tonne', values: [1, 2] },
        { key: 'out', keyKind: 'code', unit: 'tonne', values: [3, 4] },
      ],
      unit: 'tonne',
    });
    const o = buildOption(data, ctx()) as AnyOption;
    expect(o.series.map((s: AnyOption) => [s.name, s.stack])).toEqual([
      ['入库', 'total'],
      ['出库', 'total'],
    ]);
    expect(o.legend.show).not.toBe(false);
  });

  it('reads a series in a second unit on its own axis, as a line over the bars', () => {
    const data = chart({
      series: [
        { key: 'amount', keyKind: 'measure', unit: 'yuan', values: [1200, 3400.5] },
        { key: 'count', keyKind: 'measure', unit: 'count', values: [3, 5] },
      ],
    });
    const o = buildOption(data, ctx()) as AnyOption;
    expect(o.yAxis).toHaveLength(2);
    expect(o.yAxis[0].axisLabel.formatter(30_000)).toBe('¥3万');
    expect(o.yAxis[1]).toMatchObject({ position: 'right' });
    expect(o.yAxis[1].axisLabel.formatter(5)).toBe('5');
    expect(o.series.map((s: AnyOption) => [s.type, s.yAxisIndex])).toEqual([
      ['bar', undefined],
      ['line', 1],
    ]);
  });

  it('draws a smooth line with an area for a single series', () => {
    const o = buildOption(chart({ kind: 'line' }), ctx()) as AnyOption;
    expect(o.series[0]).toMatchObject({ type: 'line', smooth: true, areaStyle: { opacity: 0.12 } });
    expect(o.tooltip.trigger).toBe('axis');
  });

  it('makes a slice of each category in a pie, a hole in a ring, and names contract types by their key', () => {
    const data = chart({
      kind: 'ring',
      categoryKind: 'code',
      categories: ['MLZZHFWPT_CONTACTTYPE_CGHT', 'XSHT', 'unknownKey'],
      series: [{ key: 'count', keyKind: 'measure', unit: 'count', values: [3, 2, 1] }],
      unit: 'count',
    });
    const o = buildOption(data, ctx()) as AnyOption;
    expect(o.series[0].type).toBe('pie');
    expect(o.series[0].radius).toEqual(['48%', '72%']);
    expect(o.series[0].data).toEqual([
      { name: '采购合同', value: 3 },
      { name: '销售合同', value: 2 },
      { name: 'unknownKey', value: 1 },
    ]);
    const pie = buildOption({ ...data, kind: 'pie' }, ctx()) as AnyOption;
    expect(pie.series[0].radius).toEqual(['0%', '72%']);
    // Beside the pie in a wide chart; below it, the pie in the middle, in a narrow one.
    expect(o.legend).toMatchObject({ orient: 'vertical', right: 0 });
    expect(o.media).toEqual([
      {
        query: { maxWidth: PIE_LEGEND_BELOW_WIDTH },
        option: {
          legend: { orient: 'horizontal', left: 'center', right: 'auto', top: 'auto', bottom: 0 },
          series: [{ center: ['50%', '44%'], radius: ['40%', '62%'] }],
        },
      },
    ]);
    expect(pie.media[0].option.series[0].radius).toEqual(['0%', '62%']);
  });

  it('shows a gauge of the figure against its maximum, written in its unit', () => {
    const data = chart({
      kind: 'gauge',
      unit: 'percent',
      categoryKind: null,
      categories: [],
      series: [{ key: 'approvalRate', keyKind: 'measure', unit: 'percent', values: [] }],
      kpi: { value: 62.5, previous: 50 },
      max: 100,
    });
    const o = buildOption(data, ctx()) as AnyOption;
    expect(o.series[0]).toMatchObject({ type: 'gauge', min: 0, max: 100, data: [{ value: 62.5, name: '审批通过率' }] });
    expect(o.series[0].detail.formatter(62.5)).toBe('62.5%');
  });

  it('colours the provinces on the registered map, and ranks them as bars without it', () => {
    const data = chart({
      kind: 'map',
      unit: 'tonne',
      categoryKind: 'province',
      categories: ['上海', '江苏', '内蒙古'],
      series: [{ key: 'weight', keyKind: 'measure', unit: 'tonne', values: [30, 20, 10] }],
    });
    const map = buildOption(data, ctx('light', true)) as AnyOption;
    expect(map.series[0]).toMatchObject({ type: 'map', map: 'china' });
    expect(map.series[0].data).toEqual([
      { name: '上海', value: 30 },
      { name: '江苏', value: 20 },
      { name: '内蒙古', value: 10 },
    ]);
    expect(map.visualMap).toMatchObject({ min: 0, max: 30 });
    const bars = buildOption(data, ctx('light', false)) as AnyOption;
    expect(bars.series[0].type).toBe('bar');
    expect(bars.yAxis).toMatchObject({ type: 'category', inverse: true, data: ['上海', '江苏', '内蒙古'] });
    expect(drawnAs(data, false).kind).toBe('bar');
    expect(drawnAs(data, true).kind).toBe('map');
  });

  it('builds the tooltip as nodes with classes, never markup with style attributes (the CSP refuses those)', () => {
    const data = chart({
      series: [
        { key: 'amount', keyKind: 'measure', unit: 'yuan', values: [1200, 3400.5] },
        { key: 'count', keyKind: 'measure', unit: 'count', values: [1, 2] },
      ],
    });
    const o = buildOption(data, ctx('dark')) as AnyOption;
    const node = o.tooltip.formatter([
      { seriesIndex: 0, dataIndex: 1, value: 3400.5, seriesName: '金额', name: '2026-02' },
      { seriesIndex: 1, dataIndex: 1, value: 2, seriesName: '数量', name: '2026-02' },
    ]) as HTMLElement;
    expect(node).toBeInstanceOf(HTMLElement);
    expect(node.outerHTML).not.toContain('style=');
    expect(node.textContent).toContain('2026-02');
    expect(node.textContent).toContain('¥3,400.50');
    expect(node.querySelectorAll('.tfb-chart-tip__dot--1')).toHaveLength(1);
    expect(o.tooltip.className).toContain('tfb-chart-tooltip--dark');
  });

  it('draws KPI and table charts with antd, not ECharts', () => {
    expect(isEChartsKind('kpi')).toBe(false);
    expect(isEChartsKind('table')).toBe(false);
    expect(isEChartsKind('map')).toBe(true);
    expect(() => buildOption(chart({ kind: 'kpi' }), ctx())).toThrow();
  });

  it('knows an empty chart', () => {
    expect(hasFigures(chart({}))).toBe(true);
    expect(hasFigures(chart({ categories: [], series: [{ key: 'amount', keyKind: 'measure', unit: 'yuan', values: [] }] }))).toBe(false);
    expect(hasFigures(chart({ series: [{ key: 'amount', keyKind: 'measure', unit: 'yuan', values: [0, 0] }] }))).toBe(false);
    expect(hasFigures(chart({ kind: 'kpi', kpi: { value: 0, previous: null } }))).toBe(true);
  });
});

describe('categoryAt', () => {
  const data = chart({ categories: ['a', 'b', 'c'] });
  it('turns a click anywhere in a column into its category', () => {
    expect(categoryAt(data, () => [1.3, 500], [10, 10])).toBe(1);
    expect(categoryAt(data, () => [2.4, 0], [10, 10])).toBe(2);
  });
  it('reads the row of a chart on its side', () => {
    expect(categoryAt({ ...data, categoryKind: 'text' }, () => [9999, 0.2], [10, 10])).toBe(0);
  });
  it('ignores clicks outside the categories and on charts without an axis', () => {
    expect(categoryAt(data, () => [3.6, 0], [10, 10])).toBeNull();
    expect(categoryAt(data, () => undefined, [10, 10])).toBeNull();
    expect(categoryAt({ ...data, kind: 'pie' }, () => [1, 1], [10, 10])).toBeNull();
  });
});

describe('palette', () => {
  it('has a tooltip marker class for every series colour, in order', () => {
    const css = fs.readFileSync(path.join(path.dirname(fileURLToPath(import.meta.url)), '../charts.css'), 'utf8');
    CHART_PALETTE.forEach((colour, i) =>
      expect(css).toMatch(new RegExp(`\\.tfb-chart-tip__dot--${i} \\{\\s*background: ${colour};\\s*\\}`)),
    );
  });
});
