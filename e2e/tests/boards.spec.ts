// Dashboard boards and visualisation scenes (issue 13) as the data portal's administrator meets them: a new board
// built with three widgets in the widget editor, saved and still there after a reload; and a scene opened by its
// share link in a fresh browser context that never signed in — dark, scaled, only that scene — while a revoked
// link shows the plain "link invalid or revoked" notice.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { BOARD_PATHS, SCENE_PATHS, shareSceneUrl, type Dashboard, type DashboardSummary, type SceneShare } from '@tfb/contract';
import { screenshot } from '../support/browser.js';
import { callApi, useProduct } from '../support/product.js';
import { btn, chooseOption, clickAtRest } from '../support/screen.js';

const product = useProduct();

const BOARD_PAGE = '/portalWebsites/dashboardBoard';
const SCENE_PAGE = '/portalWebsites/visualScene';

/** Adds a widget through the editor drawer: its kind, Chinese title and dataset, or an indicator of the indicator
 * system (`{ indicator: 'code name' }`); the editor fills the fields in. */
async function addWidget(page: Page, kind: string, title: string, source: string | { indicator: string }) {
  await clickAtRest(page.getByRole('button', { name: btn('添加组件') }));
  const drawer = page.getByRole('dialog', { name: '添加组件' });
  await drawer.getByText(kind, { exact: true }).click();
  await drawer.getByLabel('组件标题（中文）').fill(title);
  if (typeof source === 'string') await chooseOption(drawer.getByRole('combobox', { name: '数据集' }), source);
  else {
    await drawer.getByText('按指标体系的指标', { exact: true }).click();
    await chooseOption(drawer.getByRole('combobox', { name: '指标' }), source.indicator);
  }
  await clickAtRest(drawer.getByRole('button', { name: btn('确定') }));
  await drawer.waitFor({ state: 'hidden' });
  await page.getByRole('heading', { name: title, exact: true }).waitFor();
}

describe('dashboard boards and scenes', () => {
  it('builds a board with three widgets, saves it, and finds it kept after a reload', async () => {
    const { context, page } = await product.enter('demo-portal-admin');
    try {
      await page.goto(`${product.baseUrl}${BOARD_PAGE}`);
      // The seeded cockpit opens first, its charts drawn from the server's figures.
      await page.getByRole('heading', { name: '月度签约金额', exact: true }).waitFor();
      await screenshot(page, 'boards-seeded-cockpit');

      await clickAtRest(page.getByRole('button', { name: btn('新建看板') }));
      const form = page.getByRole('dialog', { name: '新建看板' });
      await form.getByLabel('标题（中文）').fill('资金周报看板');
      await form.getByLabel('标题（英文）').fill('Weekly funds board');
      await clickAtRest(form.getByRole('button', { name: btn('确定') }));
      await form.waitFor({ state: 'hidden' });
      await page.getByText('还没有组件', { exact: true }).waitFor();

      await addWidget(page, '指标卡', '贷款申请总额', '链资贷款');
      await addWidget(page, '折线图', '月度结算金额', '结算');
      await addWidget(page, '环形图', '合同类型占比', '合同');
      // Bound to the indicator 合同金额 of the indicator system: the widget draws its source.
      await addWidget(page, '柱状图', '各类合同金额', { indicator: 'BIZ.CONTRACT_AMOUNT 合同金额' });
      await clickAtRest(page.getByRole('button', { name: btn('保存') }));
      await page.getByRole('button', { name: btn('编辑布局') }).waitFor();

      const list = (await callApi(page, 'GET', BOARD_PATHS.boards)).data as DashboardSummary[];
      const saved = list.find((b) => b.title.zh === '资金周报看板');
      assert.ok(saved, 'the new board is saved');
      assert.equal(saved.widgetCount, 4);

      await page.reload();
      for (const title of ['贷款申请总额', '月度结算金额', '合同类型占比', '各类合同金额']) {
        await page.getByRole('heading', { name: title, exact: true }).waitFor();
      }
      assert.equal(new URL(page.url()).searchParams.get('id'), String(saved.id));
      const board = (await callApi(page, 'GET', BOARD_PATHS.board.replace(':id', String(saved.id)))).data as Dashboard;
      assert.deepEqual(
        board.widgets.map((w) => [w.kind, w.title.zh, w.binding.dataset, w.binding.measures, w.binding.indicatorId !== null]),
        [
          ['kpi', '贷款申请总额', 'loans', ['loanAmount'], false],
          ['line', '月度结算金额', 'settlements', ['amount'], false],
          ['ring', '合同类型占比', 'contracts', ['amount'], false],
          ['bar', '各类合同金额', 'contracts', ['amount'], true],
        ],
      );
    } finally {
      await context.close();
    }
  });

  it('opens a scene by its share link without a session, and refuses the link once revoked', async () => {
    const { context, page } = await product.enter('demo-portal-admin');
    const scenes = (await callApi(page, 'GET', SCENE_PATHS.scenes)).data as DashboardSummary[];
    const scene = scenes.find((s) => s.title.zh === '供应链金融大屏');
    assert.ok(scene, 'the demo scene is seeded');
    const share = (await callApi(page, 'POST', SCENE_PATHS.shares.replace(':id', String(scene.id)))).data as SceneShare;
    await page.goto(`${product.baseUrl}${SCENE_PAGE}?id=${scene.id}`);
    await page.getByTestId('scene-stage').getByRole('heading', { name: '供应链金融大屏' }).waitFor();
    await screenshot(page, 'boards-scene-designer');

    // A browser that never signed in: no session cookie, nothing in storage.
    const wall = await product.newContext({ viewport: { width: 1920, height: 1080 }, locale: 'zh-CN' });
    try {
      const screen = await wall.newPage();
      await screen.goto(`${product.baseUrl}${shareSceneUrl(share.token)}`);
      const stage = screen.getByTestId('scene-stage');
      await stage.getByRole('heading', { name: '供应链金融大屏', level: 1 }).waitFor();
      await stage.getByRole('heading', { name: '仓储网络库存分布', exact: true }).waitFor();
      await stage.getByRole('heading', { name: '合同总额', exact: true }).waitFor();
      // No app chrome: no header bar, no sign-in page.
      assert.equal(await screen.getByRole('banner').count(), 0);
      assert.equal(new URL(screen.url()).pathname, shareSceneUrl(share.token));
      await screenshot(screen, 'boards-scene-shared-1920');
      await screen.setViewportSize({ width: 1280, height: 720 });
      await stage.getByRole('heading', { name: '供应链金融大屏', level: 1 }).waitFor();
      await screenshot(screen, 'boards-scene-shared-1280');

      // Revoked in the designer: the wall screen's next load shows the notice.
      await page.getByRole('button', { name: btn('分享链接') }).click();
      const drawer = page.getByRole('dialog', { name: '分享链接' });
      await clickAtRest(drawer.getByRole('button', { name: btn('撤销') }));
      await clickAtRest(page.getByRole('tooltip').getByRole('button', { name: btn('撤销') }));
      await drawer.getByText('还没有分享链接', { exact: true }).waitFor();
      await screen.reload();
      await screen.getByText('链接无效或已撤销', { exact: true }).waitFor();
      assert.equal(await screen.getByTestId('scene-stage').count(), 0);

      // A tampered link reads the same.
      await screen.goto(`${product.baseUrl}${shareSceneUrl(`${share.token.slice(0, -3)}abc`)}`);
      await screen.getByText('链接无效或已撤销', { exact: true }).waitFor();
    } finally {
      await wall.close();
      await context.close();
    }
  });
});
