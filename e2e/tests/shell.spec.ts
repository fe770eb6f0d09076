// The navigation shell as a user meets it: entry by ?userId=, top menus per user kind, tabs,
// the sidebar cookie, the language switch and the status pages.
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { clickUntil, screenshot } from '../support/browser.js';
import { useProduct } from '../support/product.js';

/** No password is seeded: this run chooses the admin operator's at its first start. */
const ADMIN_PASSWORD = `E2e-admin-${crypto.randomBytes(6).toString('hex')}`;

const product = useProduct({ OPERATOR_ADMIN_PASSWORD: ADMIN_PASSWORD });

const enter = (userId: string) => product.enter(userId);

const topMenuLabels = async (page: Page): Promise<string[]> =>
  (await page.locator('.app-header .top-menu > li').allInnerTexts()).map((s) => s.trim()).filter(Boolean);

const tabLabels = async (page: Page): Promise<string[]> =>
  (await page.locator('.tabs-bar .tabs-bar__label').allInnerTexts()).map((s) => s.trim());

describe('navigation shell', () => {
  it('enters as demo-a-staff: all business top menus, the workbench with real figures', async () => {
    const { context, page } = await enter('demo-a-staff');
    try {
      const menus = await topMenuLabels(page);
      for (const label of ['首页', '订单', '项目', '合同', '仓储物流', '资金', '系统设置', '风险视图', '统计分析', '区块链']) {
        assert.ok(menus.includes(label), `top menu ${label} in ${menus.join(',')}`);
      }
      // The token is kept in the Token cookie and the user id in sessionStorage.
      const cookies = await context.cookies();
      assert.ok(cookies.some((c) => c.name === 'Token' && c.value.length > 20), 'Token cookie set');
      assert.equal(await page.evaluate(() => sessionStorage.getItem('userId')), 'demo-a-staff');
      // Figures come from the database: the seeded enterprise has sales orders.
      const salesCard = page.locator('.ant-card', { hasText: '销售订单' }).first();
      const figure = Number((await salesCard.locator('.ant-statistic-content-value').innerText()).replace(/\D/g, ''));
      assert.ok(figure > 0, `sales order count ${figure}`);
      await page.waitForFunction(() => document.title.includes('工作台'));
      await screenshot(page, 'shell-zh-workbench');
    } finally {
      await context.close();
    }
  });

  it('enters as demo-group: the dashboard top menu only', async () => {
    const { context, page } = await enter('demo-group');
    try {
      assert.deepEqual(await topMenuLabels(page), ['首页']);
      // A page outside the group user's menus is refused by URL, with the 403 page (not 404).
      await page.goto(`${product.baseUrl}/orders/sale`);
      await page.getByText('无权访问').first().waitFor();
      assert.equal(await page.getByText('页面不存在').count(), 0);
    } finally {
      await context.close();
    }
  });

  it('opens tabs from the top menus, closes one, and restores them after a reload', async () => {
    const { context, page } = await enter('demo-a-staff');
    try {
      await page.locator('.app-header .top-menu').getByText('订单', { exact: true }).click();
      await page.waitForURL(/\/orders\/sale$/);
      // The address changes as soon as the page's code is in; its tab opens once the page has rendered.
      await page.waitForFunction(() => document.querySelectorAll('.tabs-bar__label').length === 2);
      await page.locator('.app-header .top-menu').getByText('合同', { exact: true }).click();
      await page.waitForURL(/\/contracts\//);
      await page.waitForFunction(() => document.querySelectorAll('.tabs-bar__label').length === 3);
      let tabs = await tabLabels(page);
      assert.equal(tabs[0], '工作台');
      assert.ok(tabs.includes('销售订单'), tabs.join(','));
      assert.equal(tabs.length, 3, tabs.join(','));

      // The progress bar and breadcrumb follow the route; the sidebar lists the contracts pages.
      assert.ok((await page.locator('.app-breadcrumb').innerText()).includes('合同'));

      await page.reload();
      await page.waitForFunction(() => document.querySelectorAll('.tabs-bar__label').length === 3);
      tabs = await tabLabels(page);
      assert.equal(tabs.length, 3, `restored: ${tabs.join(',')}`);

      // Close the sales-order tab with its close button; the affix workbench tab has none.
      const salesTab = page.locator('.tabs-bar .ant-tabs-tab', { hasText: '销售订单' });
      await salesTab.locator('.ant-tabs-tab-remove').click();
      await page.waitForFunction(() => !Array.from(document.querySelectorAll('.tabs-bar__label')).some((e) => e.textContent === '销售订单'));
      assert.equal(await page.locator('.tabs-bar .ant-tabs-tab', { hasText: '工作台' }).locator('.ant-tabs-tab-remove').count(), 0);

      // Close all: only the affix tab stays.
      await page.locator('.tabs-bar .ant-tabs-tab', { hasText: '工作台' }).locator('.tabs-bar__label').click({ button: 'right' });
      await clickUntil(page.getByRole('menuitem', { name: '关闭全部' }), () =>
        page.waitForFunction(() => document.querySelectorAll('.tabs-bar__label').length === 1, undefined, { timeout: 3_000 }),
      );
      assert.deepEqual(await tabLabels(page), ['工作台']);
    } finally {
      await context.close();
    }
  });

  it('toggles the sidebar and remembers it in the sidebarStatus cookie', async () => {
    const { context, page } = await enter('demo-a-staff');
    try {
      const cookie = async () => (await context.cookies()).find((c) => c.name === 'sidebarStatus')?.value;
      await page.locator('.app-toolbar__toggle').click();
      await page.waitForFunction(() => document.cookie.includes('sidebarStatus=0'));
      assert.equal(await cookie(), '0');
      assert.ok(await page.locator('.app-sider.ant-layout-sider-collapsed').count());
      await page.reload();
      await page.getByRole('banner').waitFor();
      assert.ok(await page.locator('.app-sider.ant-layout-sider-collapsed').count(), 'stays collapsed after reload');
      await page.locator('.app-toolbar__toggle').click();
      await page.waitForFunction(() => document.cookie.includes('sidebarStatus=1'));
      assert.equal(await cookie(), '1');
    } finally {
      await context.close();
    }
  });

  it('switches the language without a reload: menus, tabs, breadcrumb and title', async () => {
    const { context, page } = await enter('demo-a-staff');
    try {
      await page.locator('.app-header .top-menu').getByText('订单', { exact: true }).click();
      await page.waitForURL(/\/orders\/sale$/);
      await page.evaluate(() => ((window as unknown as { __marker: number }).__marker = 1));
      await page.getByRole('button', { name: /语言|Language|Idioma/ }).click();
      await clickUntil(page.getByRole('menuitem', { name: 'English' }), () =>
        page.locator('.app-header .top-menu').getByText('Orders', { exact: true }).waitFor({ timeout: 3_000 }),
      );
      await page.locator('.tabs-bar__label', { hasText: 'Sales orders' }).waitFor();
      await page.waitForFunction(() => document.title.includes('Sales orders'));
      // No reload happened: the marker set before the switch is still there.
      assert.equal(await page.evaluate(() => (window as unknown as { __marker?: number }).__marker), 1);
      await page.goto(`${product.baseUrl}/`);
      await page.getByRole('banner').waitFor();
      await page.getByText('Business overview').waitFor();
      await screenshot(page, 'shell-en-workbench');
    } finally {
      await context.close();
    }
  });

  it('reaches /404 for an unknown path and /500 when the server fails', async () => {
    const { context, page } = await enter('demo-a-staff');
    try {
      await page.goto(`${product.baseUrl}/no/such/page`);
      await page.waitForURL(/\/404$/);
      await page.getByText('页面不存在').first().waitFor();

      await page.route('**/api/workbench**', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{"code":50000,"message":"x","data":null}' }));
      await page.goto(`${product.baseUrl}/`);
      await page.waitForURL(/\/500$/);
      await page.getByText('服务器开小差了').waitFor();
    } finally {
      await context.close();
    }
  });

  it('sends an unknown user to the portal address', async () => {
    const context = await product.browser.newContext();
    const page = await context.newPage();
    try {
      await page.goto(`${product.baseUrl}/?userId=nobody-here`);
      await page.waitForURL(/\/logon/);
    } finally {
      await context.close();
    }
  });
  it('signs an operator in on /login, with the error shown for a wrong password', async () => {
    const context = await product.browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    try {
      await page.goto(`${product.baseUrl}/login`);
      await page.locator('input').first().fill('admin');
      await page.locator('input[type=password]').fill('not-the-password');
      await page.keyboard.press('Enter');
      await page.getByText('用户名或密码错误').waitFor();
      assert.match(page.url(), /\/login$/);
      await page.locator('input[type=password]').fill(ADMIN_PASSWORD);
      await page.keyboard.press('Enter');
      await page.getByRole('banner').waitFor();
      assert.ok((await topMenuLabels(page)).length >= 10, 'the admin operator sees every top menu');
    } finally {
      await context.close();
    }
  });
});
