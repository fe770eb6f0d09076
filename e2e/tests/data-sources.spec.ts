// The data-source page end to end (issue 13): as the data-portal administrator, upload a CSV through the wizard,
// retitle a column, confirm, and see the new source's columns, row count and preview; the stored dataset is read
// back through the API with the edited title. The one-graph tab then draws the source on the China map.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { useProduct } from '../support/product.js';
import { btn, dialog } from '../support/screen.js';

const product = useProduct();

const CSV = [
  '省份,仓库,库存重量（吨）,统计日期',
  '上海,上港仓,120.5,2026-10-31',
  '江苏,太仓仓,80,2026-10-31',
  '广东,黄埔仓,45.25,2026-10-31',
].join('\n');

describe('data sources: an uploaded CSV becomes a data source', () => {
  it('uploads a CSV, edits a column title, confirms, and shows the columns, row count and preview; the map draws it', async () => {
    const { context, page } = await product.enter('demo-portal-admin');
    try {
      await page.goto(`${product.baseUrl}/portalWebsites/oneGraphDataSource`);
      await page.getByRole('tab', { name: '数据源' }).waitFor();
      await page.getByRole('button', { name: btn('上传数据') }).click();
      const wizard = dialog(page, '上传数据源');
      await wizard.waitFor();
      await wizard.locator('input[type=file]').setInputFiles({ name: 'e2e-库存.csv', mimeType: 'text/csv', buffer: Buffer.from(CSV) });
      await wizard.getByText('e2e-库存.csv：3 行数据，4 列').waitFor();
      await wizard.getByLabel('数据源名称').fill('e2e 各省库存');
      await wizard.getByLabel('标题 仓库', { exact: true }).fill('仓库名称');
      await wizard.getByRole('columnheader', { name: '仓库名称' }).waitFor();
      await wizard.getByRole('button', { name: btn('确认保存') }).click();
      await wizard.getByText('数据源“e2e 各省库存”共 3 行。').waitFor();
      await wizard.getByRole('button', { name: btn('完成') }).click();
      await wizard.waitFor({ state: 'hidden' });

      // The new source is chosen: its columns (the edited title), row count and preview.
      const detail = page.getByRole('region', { name: 'e2e 各省库存' });
      await detail.waitFor();
      const columns = detail.getByRole('table', { name: '列' });
      await columns.getByRole('cell', { name: '仓库名称', exact: true }).waitFor();
      await columns.getByRole('cell', { name: '省份', exact: true }).first().waitFor();
      await detail.getByRole('cell', { name: /^行数\s*[:：]?\s*3$/ }).waitFor();
      const preview = detail.getByRole('table', { name: '数据预览' });
      await preview.getByRole('cell', { name: '上港仓' }).waitFor();
      await preview.getByRole('cell', { name: '120.5' }).waitFor();

      // Stored as confirmed.
      const token = (await context.cookies()).find((c) => c.name === 'Token')?.value;
      assert.ok(token, 'the session token cookie is set');
      const res = await fetch(`${product.baseUrl}/api/data-portal/uploads`, {
        headers: { Accept: 'application/json', token: decodeURIComponent(token) },
      });
      assert.equal(res.status, 200);
      const stored = (await res.json()) as {
        data: { name: string; rowCount: number; columns: { header: string; title: string; type: string }[] }[];
      };
      const mine = stored.data.find((d) => d.name === 'e2e 各省库存');
      assert.ok(mine, 'the dataset is stored');
      assert.equal(mine.rowCount, 3);
      assert.deepEqual(
        mine.columns.map((c) => [c.header, c.title, c.type]),
        [
          ['省份', '省份', 'province'],
          ['仓库', '仓库名称', 'text'],
          ['库存重量（吨）', '库存重量（吨）', 'number'],
          ['统计日期', '统计日期', 'date'],
        ],
      );

      // The one-graph tab: the uploaded source by province on the map.
      await page.getByRole('tab', { name: '一图' }).click();
      await page.getByRole('combobox', { name: '数据源' }).waitFor();
      const map = page.getByRole('img', { name: /e2e 各省库存/ });
      await map.and(page.locator('[aria-busy="false"]')).waitFor();
    } finally {
      await context.close();
    }
  });
});
