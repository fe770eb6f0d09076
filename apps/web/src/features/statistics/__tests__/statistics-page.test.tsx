// A statistics page with its calls answered: the period filter sent, KPI figures with their change, a chart per
// card drawn from the reply (ECharts' canvas engine is replaced by a recorder: jsdom has no canvas), the table
// view, a segment opening its drill URL, the enterprise filter of a group-wide scope, and the Excel export.
import { screen, waitFor, within } from '@testing-library/react';
import dayjs from 'dayjs';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { STATISTICS_PATHS, type ChartData, type StatisticsResult } from '@tfb/contract';
import { refuse } from '../../../test/mock-api';
import { openScreen } from '../../../test/screen';

type Handler = (e: { offsetX: number; offsetY: number }) => void;
type FakeChart = {
  dom: HTMLElement;
  options: Record<string, unknown>[];
  zrHandlers: Map<string, Handler>;
  itemHandlers: Map<string, (p: { componentType: string; dataIndex: number }) => void>;
};
const drawn: FakeChart[] = [];

vi.mock('../../../components/charts/echarts-runtime', () => ({
  loadChinaMap: () => Promise.resolve(),
  init: (dom: HTMLElement) => {
    const fake: FakeChart = { dom, options: [], zrHandlers: new Map(), itemHandlers: new Map() };
    drawn.push(fake);
    let disposed = false;
    return {
      setOption: (o: Record<string, unknown>) => fake.options.push(o),
      resize: () => undefined,
      dispose: () => {
        disposed = true;
      },
      isDisposed: () => disposed,
      on: (name: string, h: (p: { componentType: string; dataIndex: number }) => void) => fake.itemHandlers.set(name, h),
      off: () => undefined,
      containPixel: () => true,
      // The fake grid: each category is 100 px wide.
      convertFromPixel: (_: unknown, [x]: [number, number]) => [x / 100, 0],
      getZr: () => ({
        on: (name: string, h: Handler) => fake.zrHandlers.set(name, h),
        off: () => undefined,
        setCursorStyle: () => undefined,
      }),
    };
  },
}));

const series = (
  key: string,
  values: number[],
  unit: ChartData['unit'] = 'yuan',
  keyKind: ChartData['series'][number]['keyKind'] = 'measure',
) => ({
  key,
  keyKind,
  unit,
  values,
});
const chart = (over: Partial<ChartData> & Pick<ChartData, 'id' | 'kind'>): ChartData => ({
  dataset: 'loans',
  unit: 'yuan',
  categoryKind: null,
  categories: [],
  series: [],
  kpi: null,
  max: null,
  drill: null,
  ...over,
});

const fundsReply = (over: Partial<StatisticsResult> = {}): StatisticsResult => ({
  page: 'funds',
  scope: 'enterprise',
  enterprises: [],
  filter: { from: '2025-12-01', to: '2026-11-28' },
  computedAt: '2026-11-28T08:00:00.000Z',
  charts: [
    chart({ id: 'loanAmountKpi', kind: 'kpi', series: [series('loanAmount', [])], kpi: { value: 1_250_000, previous: 1_000_000 } }),
    chart({ id: 'loanBalanceKpi', kind: 'kpi', series: [series('balance', [])], kpi: { value: 800_000, previous: null } }),
    chart({
      id: 'loansByMonth',
      kind: 'line',
      categoryKind: 'month',
      categories: ['2026-10', '2026-11'],
      series: [series('loanAmount', [500_000, 750_000]), series('approvedAmount', [400_000, 600_000])],
    }),
    chart({
      id: 'approvalRateGauge',
      kind: 'gauge',
      unit: 'percent',
      series: [series('approvalRate', [], 'percent')],
      kpi: { value: 62.5, previous: 50 },
      max: 100,
    }),
    chart({
      id: 'loansByStatus',
      kind: 'bar',
      unit: 'count',
      categoryKind: 'code',
      categories: ['draft', 'submitted'],
      series: [series('count', [2, 5], 'count')],
      drill: ['/funds/loans?status=draft', '/funds/loans?status=submitted'],
    }),
  ],
  ...over,
});

beforeEach(() => {
  drawn.length = 0;
});

describe('statistics page', () => {
  it('asks for the last twelve months, shows the KPI figures with their change and draws every chart from the reply', async () => {
    const { api } = openScreen('/statistics/funds', { [STATISTICS_PATHS.page]: () => fundsReply() });

    expect(await screen.findByRole('heading', { level: 1, name: '资金统计' })).toBeInTheDocument();
    expect(await screen.findByText('¥1,250,000.00')).toBeInTheDocument();
    expect(screen.getByText('较上期增长 25%')).toBeInTheDocument();
    expect(screen.getByText('上期无数据')).toBeInTheDocument();
    expect(api.lastQuery(STATISTICS_PATHS.page)).toEqual({
      from: dayjs().subtract(11, 'month').startOf('month').format('YYYY-MM-DD'),
      to: dayjs().format('YYYY-MM-DD'),
    });
    for (const title of ['月度贷款金额', '贷款审批通过率', '贷款状态分布'])
      expect(screen.getByRole('heading', { level: 2, name: title })).toBeInTheDocument();
    // No enterprise to choose for an enterprise's own figures.
    expect(screen.queryByLabelText('企业')).toBeNull();

    await waitFor(() => expect(drawn.filter((c) => c.options.length > 0)).toHaveLength(3));
    const byLabel = (name: string) => drawn.find((c) => c.dom.getAttribute('aria-label') === name)!;
    const line = byLabel('月度贷款金额').options.at(-1) as { series: { type: string; name: string; data: number[] }[] };
    expect(line.series.map((s) => [s.type, s.name, s.data])).toEqual([
      ['line', '申请金额', [500_000, 750_000]],
      ['line', '审批通过金额', [400_000, 600_000]],
    ]);
    const status = byLabel('贷款状态分布').options.at(-1) as { xAxis: { data: string[] } };
    expect(status.xAxis.data).toEqual(['草稿', '已提交']);
  });

  it('opens the filtered list of a clicked segment, from the chart and from its table view', async () => {
    const { user, router } = openScreen('/statistics/funds', { [STATISTICS_PATHS.page]: () => fundsReply() });
    await screen.findByRole('heading', { level: 2, name: '贷款状态分布' });
    const statusChart = await waitFor(() => {
      const c = drawn.find((d) => d.dom.getAttribute('aria-label') === '贷款状态分布');
      expect(c?.zrHandlers.get('click')).toBeDefined();
      return c!;
    });
    // A click in the second category's column (100–200 px).
    statusChart.zrHandlers.get('click')!({ offsetX: 130, offsetY: 40 });
    await waitFor(() => expect(router.state.location.pathname + router.state.location.search).toBe('/funds/loans?status=submitted'));

    await router.navigate('/statistics/funds');
    const card = (await screen.findByRole('heading', { level: 2, name: '贷款状态分布' })).closest('.ant-card') as HTMLElement;
    await user.click(within(card).getByRole('button', { name: '以表格查看「贷款状态分布」' }));
    // The page opened again may still be drawing from its kept figures when the table view is asked for.
    expect(await within(card).findByText('5')).toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: '草稿' }));
    await waitFor(() => expect(router.state.location.search).toBe('?status=draft'));
  });

  it('opens no list for a user who may not read the records behind a segment (the platform’s internal staff see figures only)', async () => {
    const { user } = openScreen(
      '/statistics/funds',
      { [STATISTICS_PATHS.page]: () => fundsReply() },
      { roles: ['internal'], isInternal: true },
    );
    const card = (await screen.findByRole('heading', { level: 2, name: '贷款状态分布' })).closest('.ant-card') as HTMLElement;
    await user.click(within(card).getByRole('button', { name: '以表格查看「贷款状态分布」' }));
    expect(within(card).getByText('草稿')).toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: '草稿' })).toBeNull();
  });

  it('offers the enterprises of a group-wide scope and asks for the one chosen', async () => {
    const { api, user } = openScreen('/statistics/funds', {
      [STATISTICS_PATHS.page]: () =>
        fundsReply({
          scope: 'group',
          enterprises: [
            { id: 'ent-a', name: '江苏沙钢贸易有限公司' },
            { id: 'ent-b', name: '上海宝钢物流有限公司' },
          ],
        }),
    });
    expect(await screen.findByText('集团数据')).toBeInTheDocument();
    await user.click(screen.getByRole('combobox', { name: '企业' }));
    await user.click(await screen.findByTitle('上海宝钢物流有限公司'));
    await waitFor(() => expect(api.lastQuery(STATISTICS_PATHS.page)?.enterpriseId).toBe('ent-b'));
  });

  it('exports a chart with the filter and its titles in the current language, and saves the workbook', async () => {
    const { api, user } = openScreen('/statistics/funds', { [STATISTICS_PATHS.page]: () => fundsReply() });
    await screen.findByRole('heading', { level: 2, name: '贷款状态分布' });
    // The export answers a workbook, not the JSON envelope: answered here beside the contract's mock server.
    const contractServer = globalThis.fetch;
    const exports: { url: string; body: unknown }[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
        const url = String(input);
        if (!url.includes('/export')) return contractServer(input, init);
        exports.push({ url, body: JSON.parse(String(init?.body)) });
        return Promise.resolve(
          new Response(new Blob(['xlsx']), {
            status: 200,
            headers: { 'Content-Disposition': "attachment; filename*=UTF-8''%E8%B4%B7%E6%AC%BE.xlsx" },
          }),
        );
      }),
    );
    const created = vi.fn(() => 'blob:statistics');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: created, revokeObjectURL: () => undefined }));
    const clicked = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);

    await user.click(screen.getByRole('button', { name: '导出「贷款状态分布」为 Excel' }));
    expect(await screen.findByText('已导出 贷款.xlsx')).toBeInTheDocument();
    expect(exports).toHaveLength(1);
    expect(exports[0]!.url).toBe('/api/statistics/funds/charts/loansByStatus/export');
    expect(exports[0]!.body).toEqual({
      filter: api.lastQuery(STATISTICS_PATHS.page),
      titles: { sheet: '贷款状态分布', category: '状态', series: { count: '数量' }, categories: { draft: '草稿', submitted: '已提交' } },
    });
    expect(created).toHaveBeenCalledTimes(1);
    expect(clicked).toHaveBeenCalledTimes(1);
  });

  it('says when the figures cannot be loaded and tries again', async () => {
    let fail = true;
    const { user } = openScreen('/statistics/funds', {
      [STATISTICS_PATHS.page]: () => (fail ? refuse(40000, '开始日期不能晚于结束日期') : fundsReply()),
    });
    expect(await screen.findByText('统计数据加载失败')).toBeInTheDocument();
    expect(screen.getByText('开始日期不能晚于结束日期')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: /重\s*试/ }));
    expect(await screen.findByText('¥1,250,000.00')).toBeInTheDocument();
  });
});
