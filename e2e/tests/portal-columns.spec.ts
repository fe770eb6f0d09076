// The column settings of the data portal (P19) as its administrator meets them: the outline and the mind map of
// the seeded tree, a new column, the question spec 2.1 asks before leaving with unsaved edits, and the save that
// applies the whole tree.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { portalPaths, type ColumnTree } from '@tfb/contract';
import { screenshot } from '../support/browser.js';
import { callApi, useProduct } from '../support/product.js';
import { btn, clickAtRest, region } from '../support/screen.js';

const product = useProduct();

const ADDRESS = '/portalWebsites/columnsettingss';
const LEAVE_QUESTION = '离开当前页面未保存内容将会丢失。确认离开吗？';

const outline = (page: Page) => page.getByRole('tree', { name: '大纲' });
const tabsBar = (page: Page) => page.getByRole('navigation', { name: '已打开的页面' });

describe('portal column settings', () => {
  it('adds a column, asks before leaving with it unsaved, stays when cancelled, and saves the whole tree', async () => {
    const { context, page } = await product.enter('demo-portal-admin');
    try {
      await page.goto(`${product.baseUrl}${ADDRESS}`);
      await outline(page).getByText('数据动态', { exact: true }).waitFor();
      await page.getByText('已保存', { exact: true }).waitFor();
      await screenshot(page, 'portal-columns-outline');

      await clickAtRest(page.getByRole('button', { name: btn('新增栏目') }));
      await outline(page).getByText('新栏目', { exact: true }).waitFor();
      await page.getByText('有未保存的修改', { exact: true }).waitFor();

      // The mind map shows the same tree, the new column too.
      await page.getByText('思维导图', { exact: true }).click();
      const map = region(page, '思维导图');
      await map.getByText('新栏目', { exact: true }).waitFor();
      await map.getByText('数据门户网站', { exact: true }).waitFor();
      await screenshot(page, 'portal-columns-mind-map');

      // Leaving by the tab bar asks spec 2.1's question; cancelled, the page and its edits stay.
      await tabsBar(page).getByRole('link', { name: '工作台' }).click();
      const question = page.getByRole('dialog').filter({ hasText: LEAVE_QUESTION });
      await question.getByText(LEAVE_QUESTION, { exact: true }).waitFor();
      await question.getByRole('button', { name: btn('取消') }).click();
      await question.waitFor({ state: 'hidden' });
      assert.equal(new URL(page.url()).pathname, ADDRESS);
      await map.getByText('新栏目', { exact: true }).waitFor();

      await clickAtRest(page.getByRole('button', { name: btn('保存') }));
      await page.getByText('已保存', { exact: true }).waitFor();
      const reply = await callApi(page, 'GET', portalPaths('portalWebsites').columns);
      const tree = reply.data as ColumnTree;
      assert.ok(
        tree.columns.some((c) => c.name === '新栏目' && c.parentId === null && c.slug === 'new-column'),
        'the new column is saved at the top level',
      );

      // Saved: leaving asks nothing.
      await tabsBar(page).getByRole('link', { name: '工作台' }).click();
      await page.getByText('业务概览').waitFor();
      assert.equal(await page.getByText(LEAVE_QUESTION, { exact: true }).count(), 0);
    } finally {
      await context.close();
    }
  });
});
