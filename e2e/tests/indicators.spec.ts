// The indicator system of the data portal as its administrator meets it: the seeded tree in the outline and the mind
// map, a new indicator, the question spec 2.1 asks before leaving with unsaved edits (cancelled: the edits stay), the
// whole-tree save, and the new indicator's first version in its history.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { INDICATOR_PATHS, type IndicatorTree } from '@tfb/contract';
import { screenshot } from '../support/browser.js';
import { callApi, useProduct } from '../support/product.js';
import { btn, clickAtRest, region } from '../support/screen.js';

const product = useProduct();

const ADDRESS = '/portalWebsites/indexSystem';
const LEAVE_QUESTION = '离开当前页面未保存内容将会丢失。确认离开吗？';

const outline = (page: Page) => page.getByRole('tree', { name: '大纲' });
const tabsBar = (page: Page) => page.getByRole('navigation', { name: '已打开的页面' });

describe('indicator system', () => {
  it('adds an indicator, asks before leaving with it unsaved, stays when cancelled, and saves the whole tree', async () => {
    const { context, page } = await product.enter('demo-portal-admin');
    try {
      await page.goto(`${product.baseUrl}${ADDRESS}`);
      await outline(page).getByText('贷款余额', { exact: true }).waitFor();
      await page.getByText('已保存', { exact: true }).waitFor();
      // The detail panel shows the selected indicator's fields and its history.
      await outline(page).getByText('合同金额', { exact: true }).click();
      const detail = region(page, '指标详情');
      await detail.getByRole('textbox', { name: '指标编码' }).waitFor();
      assert.equal(await detail.getByRole('textbox', { name: '指标编码' }).inputValue(), 'BIZ.CONTRACT_AMOUNT');
      await screenshot(page, 'indicators-outline');
      await detail.getByRole('tab', { name: '版本历史' }).click();
      await detail.getByText('版本 1', { exact: true }).waitFor();
      await screenshot(page, 'indicators-versions');
      await detail.getByRole('tab', { name: '指标信息' }).click();

      await clickAtRest(page.getByRole('button', { name: btn('新增指标') }));
      await outline(page).getByText('新指标', { exact: true }).waitFor();
      await page.getByText('有未保存的修改', { exact: true }).waitFor();

      // The mind map shows the same tree, the new indicator too.
      await page.getByText('思维导图', { exact: true }).click();
      const map = region(page, '思维导图');
      await map.getByText('新指标', { exact: true }).waitFor();
      await map.getByText('业务规模', { exact: true }).waitFor();
      await screenshot(page, 'indicators-mind-map');

      // Leaving by the tab bar asks spec 2.1's question; cancelled, the page and its edits stay.
      await tabsBar(page).getByRole('link', { name: '工作台' }).click();
      const question = page.getByRole('dialog').filter({ hasText: LEAVE_QUESTION });
      await question.getByText(LEAVE_QUESTION, { exact: true }).waitFor();
      await question.getByRole('button', { name: btn('取消') }).click();
      await question.waitFor({ state: 'hidden' });
      assert.equal(new URL(page.url()).pathname, ADDRESS);
      await map.getByText('新指标', { exact: true }).waitFor();

      await clickAtRest(page.getByRole('button', { name: btn('保存') }));
      await page.getByText('已保存', { exact: true }).waitFor();
      const reply = await callApi(page, 'GET', INDICATOR_PATHS.tree);
      const tree = reply.data as IndicatorTree;
      const added = tree.indicators.find((i) => i.name === '新指标');
      assert.ok(added, 'the new indicator is saved');
      assert.deepEqual([added.parentId, added.code, added.status], [null, 'NEW_1', 'draft']);

      // Saved: leaving asks nothing.
      await tabsBar(page).getByRole('link', { name: '工作台' }).click();
      await page.getByText('业务概览').waitFor();
      assert.equal(await page.getByText(LEAVE_QUESTION, { exact: true }).count(), 0);
    } finally {
      await context.close();
    }
  });
});
