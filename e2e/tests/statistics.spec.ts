// The statistics pages as a manager meets them: the fund statistics of demo-a-staff's enterprise draw their KPI
// figures and charts; a loans-by-status segment (through the chart's table view, the canvas's accessible
// alternative) opens the loan list filtered by that status; a chart's export is a workbook with the figures the
// page shows and the titles in the page's language. Screenshots of the three pages in Chinese and English.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import type { StatisticsResult } from '@tfb/contract';
import { screenshot } from '../support/browser.js';
import { callApi, useProduct } from '../support/product.js';
import { records } from '../support/screen.js';

const product = useProduct();

const STATUS_NAMES: Record<string, string> = { draft: '草稿', submitted: '已提交' };

/** Opens a statistics page and waits until every chart (a region named by its title) shows its drawing (the img of
 * the same name, no longer busy), its table or its empty state. */
async function openStatistics(page: Page, name: 'business' | 'funds' | 'warehouse', heading: string): Promise<void> {
  await page.goto(`${product.baseUrl}/statistics/${name}`);
  await page.getByRole('heading', { level: 1, name: heading }).waitFor();
  await page.waitForFunction(() => {
    const charts = Array.from(document.querySelectorAll('main [role="region"][aria-label]'));
    if (charts.length === 0) return false;
    for (const c of charts) {
      const img = Array.from(c.querySelectorAll('[role="img"][aria-busy]')).find(
        (e) => e.getAttribute('aria-label') === c.getAttribute('aria-label'),
      );
      const shown = img
        ? img.getAttribute('aria-busy') === 'false'
        : c.querySelector('table') !== null || (c.textContent ?? '').includes('暂无数据');
      if (!shown) return false;
    }
    return true;
  });
}

/** A chart of the page: the region its card is, named by its title. */
const chart = (page: Page, title: string) => page.getByRole('region', { name: title, exact: true });

describe('statistics pages (issue 13)', () => {
  it('draws the fund statistics, opens the loans of a status from its segment and exports a chart to Excel', async () => {
    const { context, page } = await product.enter('demo-a-staff');
    try {
      const reply = await callApi(page, 'GET', '/api/statistics/funds');
      assert.equal(reply.status, 200, reply.message);
      const funds = reply.data as StatisticsResult;
      const byStatus = funds.charts.find((c) => c.id === 'loansByStatus');
      assert.ok(byStatus, 'the funds page has a loans-by-status chart');
      const index = byStatus.categories.findIndex(
        (s) => s in STATUS_NAMES && (byStatus.series[0]?.values[byStatus.categories.indexOf(s)] ?? 0) > 0,
      );
      assert.ok(index >= 0, `the demo enterprise has draft or submitted loan applications (${byStatus.categories.join(', ')})`);
      const status = byStatus.categories[index]!;

      await openStatistics(page, 'funds', '资金统计');
      for (const title of ['贷款申请总额', '贷款余额']) await page.getByText(title, { exact: true }).waitFor();
      for (const title of ['月度贷款金额', '贷款审批通过率', '贷款状态分布', '月度结算金额', '审批平均时长'])
        await page.getByRole('heading', { level: 2, name: title }).waitFor();
      for (const title of ['月度贷款金额', '贷款状态分布', '月度结算金额'])
        await chart(page, title).getByRole('img', { name: title, exact: true }).waitFor();
      await screenshot(page, 'issue13-statistics-funds-zh');

      // The segment of the status, through the card's table view.
      const card = chart(page, '贷款状态分布');
      await card.getByRole('button', { name: '以表格查看「贷款状态分布」' }).click();
      await card.getByRole('button', { name: STATUS_NAMES[status]!, exact: true }).click();
      await page.waitForURL((url) => url.pathname === '/funds/loans' && url.searchParams.get('status') === status);
      const filters = page.getByRole('search');
      await filters.getByText(STATUS_NAMES[status]!, { exact: true }).waitFor();
      await records(page).first().waitFor();
      const tags = await records(page).evaluateAll((rows) => rows.map((r) => r.textContent ?? ''));
      assert.ok(tags.length > 0 && tags.every((text) => text.includes(STATUS_NAMES[status]!)), 'every listed application has the status');

      // The export of the same chart: a workbook of the page's figures, titled in Chinese.
      await openStatistics(page, 'funds', '资金统计');
      const download = page.waitForEvent('download');
      await page.getByRole('button', { name: '导出「贷款状态分布」为 Excel' }).click();
      const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'stats-')), 'export.xlsx');
      await (await download).saveAs(file);
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.readFile(file);
      const sheet = workbook.worksheets[0]!;
      assert.equal(sheet.name, '贷款状态分布');
      assert.deepEqual(
        [1, 2].map((c) => sheet.getRow(1).getCell(c).value),
        ['状态', '数量'],
      );
      // A row per category in the page's order, code categories (the statuses) under the names the page shows.
      const names: string[] = [];
      const values: number[] = [];
      sheet.eachRow((row, n) => {
        if (n === 1) return;
        names.push(String(row.getCell(1).value));
        values.push(Number(row.getCell(2).value));
      });
      assert.deepEqual(values, byStatus.series[0]!.values, 'the workbook holds the figures the page shows');
      assert.equal(names[index], STATUS_NAMES[status], 'the status is named as the page names it');
      assert.ok(
        names.every((name) => !byStatus.categories.includes(name)),
        'no status is written as its key',
      );
    } finally {
      await context.close();
    }
  });

  it('shows the business and warehouse statistics, and all three in English', async () => {
    const { context, page } = await product.enter('demo-a-staff');
    try {
      await openStatistics(page, 'business', '业务统计');
      await page.getByRole('heading', { level: 2, name: '月度签约金额' }).waitFor();
      await screenshot(page, 'issue13-statistics-business-zh');
      await openStatistics(page, 'warehouse', '仓储统计');
      await page.getByRole('heading', { level: 2, name: '库存地区分布' }).waitFor();
      await screenshot(page, 'issue13-statistics-warehouse-zh');

      await page.evaluate(() => localStorage.setItem('language', 'en'));
      await openStatistics(page, 'funds', 'Fund statistics');
      await page.getByRole('heading', { level: 2, name: 'Loans by status' }).waitFor();
      await screenshot(page, 'issue13-statistics-funds-en');
      await openStatistics(page, 'business', 'Business statistics');
      await screenshot(page, 'issue13-statistics-business-en');
      await openStatistics(page, 'warehouse', 'Warehouse statistics');
      await screenshot(page, 'issue13-statistics-warehouse-en');
    } finally {
      await context.close();
    }
  });
});
