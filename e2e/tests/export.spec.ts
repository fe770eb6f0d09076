// "导出 Excel" of a list (issue 14): demo-a-staff filters the project list by its side, exports it, and the workbook
// the browser saves holds the rows the list call answers for that filter — titled as the page names the columns,
// sides and statuses under their names, dates as Excel dates. Screenshot of the list with its export button.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import ExcelJS from 'exceljs';
import { BUSINESS_PATHS, type Page as ListPage, type ProjectRow } from '@tfb/contract';
import { screenshot } from '../support/browser.js';
import { callApi, useProduct } from '../support/product.js';
import { btn, chooseOption, records, tableSettled } from '../support/screen.js';

const product = useProduct();

describe('list export (issue 14)', () => {
  it('exports the filtered project list and the workbook holds the rows the list shows', async () => {
    const { context, page } = await product.enter('demo-a-staff');
    try {
      const reply = await callApi(page, 'GET', `${BUSINESS_PATHS.projects}?type=2&pageSize=100`);
      assert.equal(reply.status, 200, reply.message);
      const listed = reply.data as ListPage<ProjectRow>;
      assert.ok(
        listed.totalElements > 0 && listed.totalElements <= 100,
        `the demo enterprise has sales-side projects (${listed.totalElements})`,
      );

      await page.goto(`${product.baseUrl}/projects/list`);
      await page.getByRole('heading', { level: 1, name: '项目列表' }).waitFor();
      await records(page).first().waitFor();
      const filters = page.getByRole('search');
      await chooseOption(filters.getByRole('combobox', { name: '项目类型' }), '销售类');
      await filters.getByRole('button', { name: btn('查询') }).click();
      await tableSettled(page);
      await page.waitForFunction(
        (first) => document.querySelector('[data-row-key]')?.textContent?.includes(first) ?? false,
        listed.content[0]!.projectCode,
      );
      await screenshot(page, 'issue14-export-projects-zh');

      const download = page.waitForEvent('download');
      await page.getByRole('button', { name: btn('导出 Excel') }).click();
      const saved = await download;
      assert.match(saved.suggestedFilename(), /^项目列表_\d{8}\.xlsx$/);
      const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'export-')), 'projects.xlsx');
      await saved.saveAs(file);
      await page.getByText(/^已导出 项目列表_\d{8}\.xlsx$/).waitFor();

      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.readFile(file);
      const sheet = workbook.worksheets[0]!;
      assert.equal(sheet.name, '项目列表');
      const header = (sheet.getRow(1).values as unknown[]).slice(1);
      assert.deepEqual(header.slice(0, 7), ['项目编号', '项目名称', '项目类型', '买方企业', '供应商', '生效日期', '状态']);
      const rows: unknown[][] = [];
      sheet.eachRow((row, n) => {
        if (n > 1) rows.push((row.values as unknown[]).slice(1));
      });
      assert.equal(rows.length, listed.totalElements, 'one row per project the filter matches');
      assert.deepEqual(
        rows.map((r) => r[0]),
        listed.content.map((p) => p.projectCode),
        'the list’s projects, in the list’s order',
      );
      assert.ok(
        rows.every((r) => r[2] === '销售类'),
        'the side is written under its name',
      );
      const STATUS: Record<string, string> = {
        draft: '草稿',
        submitted: '已提交',
        approving: '审批中',
        approved: '已通过',
        rejected: '已驳回',
      };
      assert.deepEqual(
        rows.map((r) => r[6]),
        listed.content.map((p) => STATUS[p.status]),
      );
      const dated = listed.content.findIndex((p) => p.projectTakeEffectTime);
      if (dated >= 0) {
        assert.ok(rows[dated]![5] instanceof Date, 'a date is an Excel date');
        assert.equal((rows[dated]![5] as Date).toISOString().slice(0, 10), listed.content[dated]!.projectTakeEffectTime);
      }
    } finally {
      await context.close();
    }
  });
});
