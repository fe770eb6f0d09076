// The statistics pages (issue 13): every chart of each page for the caller's scope and period, the KPIs against the
// period before, the links from segments to the filtered list pages, the choosable enterprises of a group, and each
// chart's Excel export (computed again on the server, opened here with exceljs).
import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import ExcelJS from 'exceljs';
import {
  DATA_PORTAL_MESSAGES,
  PERMISSION_MESSAGES,
  STATISTICS_CHARTS,
  STATISTICS_PAGES,
  STATISTICS_PATHS,
  type ChartData,
  type StatisticsExportBody,
  type StatisticsPage,
  type StatisticsResult,
} from '@tfb/contract';
import { monthsOf, periodOf, previousPeriod } from '../src/modules/data-portal/statistics.js';
import { describeEachDatabase, type TestSession } from './helpers/test-app.js';

const round = (n: number) => Math.round(n * 100) / 100;
const pageUrl = (page: StatisticsPage, query = '') => `${STATISTICS_PATHS.page.replace(':page', page)}${query}`;
const exportUrl = (page: string, chartId: string) => STATISTICS_PATHS.export.replace(':page', page).replace(':chartId', chartId);

describe('statistics periods', () => {
  it('defaults to the twelve months up to today (China Standard Time)', () => {
    // 2026-11-27 20:30 UTC is already the 28th in Shanghai.
    expect(periodOf({}, new Date('2026-11-27T20:30:00Z'))).toEqual({ from: '2025-12-01', to: '2026-11-28' });
    expect(periodOf({ from: '2026-03-01', to: '2026-03-31' }, new Date())).toEqual({ from: '2026-03-01', to: '2026-03-31' });
    expect(periodOf({ to: '2026-02-10' }, new Date('2026-11-27T00:00:00Z'))).toEqual({ from: '2025-03-01', to: '2026-02-10' });
  });

  it('compares with the period of equal length before', () => {
    expect(previousPeriod({ from: '2026-03-01', to: '2026-03-31' })).toEqual({ from: '2026-01-29', to: '2026-02-28' });
    expect(previousPeriod({ from: '2025-12-01', to: '2026-11-28' })).toEqual({ from: '2024-12-03', to: '2025-11-30' });
  });

  it('lists every month of a period', () => {
    expect(monthsOf({ from: '2025-11-15', to: '2026-02-01' })).toEqual(['2025-11', '2025-12', '2026-01', '2026-02']);
  });
});

describeEachDatabase('statistics pages', (t) => {
  let staffA: TestSession;
  let group: TestSession;
  let internal: TestSession;
  let supervisor: TestSession;

  beforeAll(async () => {
    [staffA, group, internal, supervisor] = await Promise.all([
      t().enter('demo-a-staff'),
      t().enter('demo-group'),
      t().enter('demo-internal'),
      t().enter('demo-supervisor'),
    ]);
  });

  const db = () => t().database.db;
  const page = async (s: TestSession, p: StatisticsPage, query = ''): Promise<StatisticsResult> => {
    const res = await t().app.inject({ method: 'GET', url: pageUrl(p, query), headers: s.headers });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as StatisticsResult;
  };
  const chart = (r: StatisticsResult, id: string): ChartData => r.charts.find((c) => c.id === id)!;
  const contractTotal = async (ids: string[], from: string, to: string) => {
    const r = await sql<{ amount: number; n: number }>`
      SELECT coalesce(sum(money), 0) AS amount, count(*) AS n FROM contracts
      WHERE enterprise_id IN (${sql.join(ids)})
        AND coalesce(sign_date, (created_at AT TIME ZONE 'Asia/Shanghai')::date) BETWEEN ${from}::date AND ${to}::date`.execute(db());
    return { amount: round(Number(r.rows[0]!.amount)), n: Number(r.rows[0]!.n) };
  };

  it.each(STATISTICS_PAGES)('%s: every chart of the page, in its order, each well formed', async (p) => {
    const r = await page(internal, p);
    expect(r.page).toBe(p);
    expect(r.charts.map((c) => c.id)).toEqual([...STATISTICS_CHARTS[p]]);
    for (const c of r.charts) {
      for (const s of c.series)
        expect(s.values, `${c.id} ${s.key}`).toHaveLength(c.kind === 'kpi' || c.kind === 'gauge' ? 1 : c.categories.length);
      if (c.drill) expect(c.drill).toHaveLength(c.categories.length);
      if (c.kind === 'kpi') expect(c.kpi).not.toBeNull();
      if (c.categoryKind === 'month') expect(c.categories).toEqual(monthsOf(r.filter));
    }
    expect(r.computedAt).toMatch(/^\d{4}-\d\d-\d\dT/);
  });

  it('business: the contract KPIs for the period and the period before, for the caller’s enterprise', async () => {
    const r = await page(staffA, 'business');
    expect(r.scope).toBe('enterprise');
    expect(r.enterprises).toEqual([]);
    const now = await contractTotal(['ent-a'], r.filter.from, r.filter.to);
    const prev = previousPeriod(r.filter);
    const before = await contractTotal(['ent-a'], prev.from, prev.to);
    expect(now.n).toBeGreaterThan(0);
    expect(chart(r, 'contractAmountKpi').kpi).toEqual({ value: now.amount, previous: before.amount });
    expect(chart(r, 'contractCountKpi').kpi).toEqual({ value: now.n, previous: before.n });
    const byMonth = chart(r, 'contractsByMonth');
    expect(round(byMonth.series[0]!.values.reduce((a, b) => a + b, 0))).toBe(now.amount);
  });

  it('business: a date filter narrows every chart', async () => {
    const r = await page(staffA, 'business', '?from=2026-04-01&to=2026-06-30');
    expect(r.filter).toEqual({ from: '2026-04-01', to: '2026-06-30' });
    expect(chart(r, 'contractsByMonth').categories).toEqual(['2026-04', '2026-05', '2026-06']);
    expect(chart(r, 'contractAmountKpi').kpi!.value).toBe((await contractTotal(['ent-a'], '2026-04-01', '2026-06-30')).amount);
  });

  it('business: segments open the matching list pages', async () => {
    const r = await page(staffA, 'business');
    const byType = chart(r, 'contractsByType');
    byType.categories.forEach((type, i) => {
      const slug = {
        CGHT: 'purchase',
        XSHT: 'sales',
        WLHT: 'logistics',
        JGHT: 'supervision',
        HYHT: 'assay',
        DBHT: 'guarantee',
        QTHT: 'other',
      }[type.replace('MLZZHFWPT_CONTACTTYPE_', '')];
      expect(byType.drill![i]).toBe(slug ? `/contracts/${slug}` : null);
    });
    const top = chart(r, 'topCounterparties');
    expect(top.categories.length).toBeGreaterThan(0);
    expect(top.categories.length).toBeLessThanOrEqual(10);
    const amounts = top.series[0]!.values;
    expect(amounts).toEqual([...amounts].sort((a, b) => b - a));
    top.categories.forEach((name, i) => {
      if (top.drill![i] !== null)
        expect(top.drill![i]).toMatch(new RegExp(`^/contracts/[a-z]+\\?search=${encodeURIComponent(name).replace(/[()*.]/g, '\\$&')}$`));
    });
  });

  it('funds: loans by status open the loan list filtered by status; the approval rate is a percentage', async () => {
    const r = await page(staffA, 'funds');
    const byStatus = chart(r, 'loansByStatus');
    expect(byStatus.categories).toEqual(expect.arrayContaining(['submitted', 'approved']));
    // The list filters by the statuses a form saves; the approval's states open nothing.
    expect(byStatus.drill).toEqual(
      byStatus.categories.map((s) => (s === 'draft' || s === 'submitted' ? `/funds/loans?status=${s}` : null)),
    );
    const gauge = chart(r, 'approvalRateGauge');
    expect(gauge.max).toBe(100);
    expect(gauge.series[0]!.values[0]).toBeGreaterThanOrEqual(0);
    expect(gauge.series[0]!.values[0]).toBeLessThanOrEqual(100);
    const decided = await sql<{ approved: number; decided: number }>`
      SELECT count(*) FILTER (WHERE pi.status = 'approved') AS approved, count(*) FILTER (WHERE pi.status IN ('approved', 'rejected')) AS decided
      FROM loan_applications l JOIN process_instances pi ON pi.id = l.process_instance_id
      WHERE l.enterprise_id = 'ent-a' AND l.status = 'submitted' AND l.create_date BETWEEN ${r.filter.from}::date AND ${r.filter.to}::date`.execute(
      db(),
    );
    const { approved, decided: n } = decided.rows[0]!;
    expect(gauge.series[0]!.values[0]).toBe(Number(n) ? Math.round((Number(approved) / Number(n)) * 1000) / 10 : 0);
  });

  it('warehouse: stock by province is a map of provinces; waiting notices counted', async () => {
    const r = await page(staffA, 'warehouse');
    const map = chart(r, 'stockByProvince');
    expect(map.kind).toBe('map');
    expect(map.categoryKind).toBe('province');
    expect(map.categories.length).toBeGreaterThan(0);
    for (const p of map.categories) expect(['上海', '天津', '河北', '湖北']).toContain(p);
    // Waiting notices are the backlog as it stands, whatever the period.
    const waiting = await sql<{ n: number }>`
      SELECT (SELECT count(*) FROM in_storage_notices WHERE enterprise_id = 'ent-a' AND is_create = 0)
           + (SELECT count(*) FROM delivery_instructions WHERE enterprise_id = 'ent-a' AND is_create = 0) AS n`.execute(db());
    expect(chart(r, 'waitingNoticesKpi').kpi).toEqual({ value: Number(waiting.rows[0]!.n), previous: null });
    const byWarehouse = chart(r, 'noticesWaiting');
    expect(byWarehouse.series.flatMap((x) => x.values).reduce((a, b) => a + b, 0)).toBe(Number(waiting.rows[0]!.n));
  });

  it('a platform user sees every enterprise together and may choose one of them', async () => {
    const r = await page(internal, 'business');
    expect(r.scope).toBe('all');
    const all = (await sql<{ id: string }>`SELECT id FROM enterprises ORDER BY id`.execute(db())).rows.map((e) => e.id);
    expect(r.enterprises.map((e) => e.id)).toEqual(all);
    expect(chart(r, 'contractAmountKpi').kpi!.value).toBe((await contractTotal(all, r.filter.from, r.filter.to)).amount);
    const onlyB = await page(internal, 'business', '?enterpriseId=ent-b');
    expect(chart(onlyB, 'contractAmountKpi').kpi!.value).toBe((await contractTotal(['ent-b'], r.filter.from, r.filter.to)).amount);
    const outside = await t().app.inject({
      method: 'GET',
      url: pageUrl('business', '?enterpriseId=ent-unknown'),
      headers: internal.headers,
    });
    expect(outside.statusCode).toBe(403);
    expect(outside.json().message).toBe(DATA_PORTAL_MESSAGES.enterpriseOutOfScope);
  });

  it('answers the kept page while nothing changes, and the new figures at once after a change', async () => {
    const first = await page(staffA, 'business');
    const again = await page(staffA, 'business');
    expect(again).toEqual(first);
    // Straight in the database, as another process would write: the data version moves, and so does the page.
    await sql`UPDATE contracts SET money = money + 100 WHERE id = (
      SELECT min(id) FROM contracts WHERE enterprise_id = 'ent-a'
        AND coalesce(sign_date, (created_at AT TIME ZONE 'Asia/Shanghai')::date) BETWEEN ${first.filter.from}::date AND ${first.filter.to}::date)`.execute(
      db(),
    );
    const after = await page(staffA, 'business');
    expect(chart(after, 'contractAmountKpi').kpi!.value).toBe(round(chart(first, 'contractAmountKpi').kpi!.value + 100));
    expect(chart(after, 'contractAmountKpi').kpi!.value).toBe((await contractTotal(['ent-a'], first.filter.from, first.filter.to)).amount);
    // Kept per caller and filter: the platform's page of every enterprise and of ent-a alone stay apart.
    const all = await page(internal, 'business');
    const onlyA = await page(internal, 'business', '?enterpriseId=ent-a');
    expect(all.enterprises.length).toBeGreaterThan(1);
    expect(chart(onlyA, 'contractAmountKpi').kpi).toEqual(chart(after, 'contractAmountKpi').kpi);
    expect(chart(all, 'contractAmountKpi').kpi!.value).toBeGreaterThan(chart(onlyA, 'contractAmountKpi').kpi!.value);
  });

  it('a group user is refused: spec 6 shows group users the dashboard only, where the data portal shows their group', async () => {
    const res = await t().app.inject({ method: 'GET', url: pageUrl('business'), headers: group.headers });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 40301, message: PERMISSION_MESSAGES.denied('statistics:read') });
  });

  it('refuses a caller without statistics:read, bad dates and unknown pages', async () => {
    const refused = await t().app.inject({ method: 'GET', url: pageUrl('warehouse'), headers: supervisor.headers });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 40301, message: PERMISSION_MESSAGES.denied('statistics:read') });
    const reversed = await t().app.inject({
      method: 'GET',
      url: pageUrl('business', '?from=2026-05-01&to=2026-01-01'),
      headers: staffA.headers,
    });
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().errors[0]).toEqual({ field: 'to', message: DATA_PORTAL_MESSAGES.dateRange });
    const badDate = await t().app.inject({ method: 'GET', url: pageUrl('business', '?from=2026-02-30'), headers: staffA.headers });
    expect(badDate.statusCode).toBe(400);
    expect(badDate.json().errors[0].field).toBe('from');
    const unknown = await t().app.inject({ method: 'GET', url: '/api/statistics/marketing', headers: staffA.headers });
    expect(unknown.statusCode).toBe(400);
  });

  describe('export', () => {
    const exportChart = (s: TestSession, p: string, chartId: string, body: StatisticsExportBody) =>
      t().app.inject({ method: 'POST', url: exportUrl(p, chartId), headers: s.headers, payload: body as object });
    const open = async (payload: Buffer) => {
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(payload as unknown as ArrayBuffer);
      return wb.worksheets[0]!;
    };

    it('streams the chart as a workbook: categories, a column per series, numbers with their format', async () => {
      const r = await page(staffA, 'business');
      const byMonth = chart(r, 'contractsByMonth');
      const res = await exportChart(staffA, 'business', 'contractsByMonth', {
        filter: {},
        titles: { sheet: '合同按月统计', category: '月份', series: { amount: '合同金额（元）', count: '合同数量' } },
      });
      expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
      expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
      expect(res.headers['content-disposition']).toBe(
        `attachment; filename="______.xlsx"; filename*=UTF-8''${encodeURIComponent('合同按月统计.xlsx')}`,
      );
      const ws = await open(res.rawPayload);
      expect(ws.name).toBe('合同按月统计');
      expect(ws.getRow(1).values).toEqual([undefined, '月份', '合同金额（元）', '合同数量']);
      expect(ws.getRow(1).font?.bold).toBe(true);
      byMonth.categories.forEach((month, i) => {
        const row = ws.getRow(i + 2);
        expect(row.getCell(1).value).toBe(month);
        expect(row.getCell(2).value).toBe(byMonth.series[0]!.values[i]);
        expect(typeof row.getCell(2).value).toBe('number');
        expect(row.getCell(2).numFmt).toBe('#,##0.00');
        expect(row.getCell(3).value).toBe(byMonth.series[1]!.values[i]);
      });
      expect(ws.rowCount).toBe(byMonth.categories.length + 1);
      expect(ws.getColumn(2).width).toBeGreaterThanOrEqual(10);
    });

    it('names code categories (contract types) as the page sent them, and writes the others as they are', async () => {
      const r = await page(staffA, 'business');
      const byType = chart(r, 'contractsByType');
      expect(byType.categories.length).toBeGreaterThan(1);
      const [named, ...rest] = byType.categories;
      const res = await exportChart(staffA, 'business', 'contractsByType', {
        filter: {},
        titles: { sheet: '合同类型', category: '合同类型', series: { amount: '金额' }, categories: { [named!]: '采购合同' } },
      });
      expect(res.statusCode).toBe(200);
      const ws = await open(res.rawPayload);
      expect(ws.getRow(2).getCell(1).value).toBe('采购合同');
      rest.forEach((key, i) => expect(ws.getRow(i + 3).getCell(1).value).toBe(key));
    });

    it('computes the figures again for the filter (a KPI: this period and the one before)', async () => {
      const res = await exportChart(staffA, 'business', 'contractAmountKpi', {
        filter: { from: '2026-04-01', to: '2026-06-30' },
        titles: { sheet: 'KPI', category: 'Period', series: { amount: 'Amount' } },
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-disposition']).toContain('filename="KPI.xlsx"');
      const ws = await open(res.rawPayload);
      const now = await contractTotal(['ent-a'], '2026-04-01', '2026-06-30');
      // 91 days, and the 91 before them.
      const before = await contractTotal(['ent-a'], '2025-12-31', '2026-03-31');
      expect(ws.getRow(2).values).toEqual([undefined, '2026-04-01 ~ 2026-06-30', now.amount]);
      expect(ws.getRow(3).values).toEqual([undefined, '2025-12-31 ~ 2026-03-31', before.amount]);
    });

    it('refuses an unknown chart, a chart of another page, a caller without statistics:read and an enterprise outside the scope', async () => {
      const titles = { sheet: 's', category: 'c', series: {} };
      const unknown = await exportChart(staffA, 'business', 'nope', { filter: {}, titles });
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json().errors[0]).toEqual({ field: 'chartId', message: DATA_PORTAL_MESSAGES.unknownChart });
      expect((await exportChart(staffA, 'business', 'loansByStatus', { filter: {}, titles })).statusCode).toBe(400);
      const refused = await exportChart(supervisor, 'business', 'contractsByType', { filter: {}, titles });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().code).toBe(40301);
      const outside = await exportChart(staffA, 'business', 'contractsByType', { filter: { enterpriseId: 'ent-b' }, titles });
      expect(outside.statusCode).toBe(403);
      expect(outside.json().message).toBe(DATA_PORTAL_MESSAGES.enterpriseOutOfScope);
      const noTitles = await t().app.inject({
        method: 'POST',
        url: exportUrl('business', 'contractsByType'),
        headers: staffA.headers,
        payload: { filter: {} },
      });
      expect(noTitles.statusCode).toBe(400);
      expect(noTitles.json().errors[0].field).toMatch(/^titles/);
    });
  });
});
