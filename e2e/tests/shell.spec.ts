// The navigation shell as a user meets it: entry by ?userId=, top menus per user kind, tabs,
// the sidebar cookie, the language switch and the status pages.
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { screenshot } from '../support/browser.js';
import { useProduct } from '../support/product.js';
import { clickAtRest, waitForCount } from '../support/screen.js';

/** No password is seeded: this run chooses the admin operator's at its first start. */
const ADMIN_PASSWORD = `E2e-admin-${crypto.randomBytes(6).toString('hex')}`;

const product = useProduct({ OPERATOR_ADMIN_PASSWORD: ADMIN_PASSWORD });

const enter = (userId: string) => product.enter(userId);

/** The header's menu of top menus. */
const topMenu = (page: Page) => page.getByRole('banner').getByRole('menu');

const topMenuLabels = async (page: Page): Promise<string[]> =>
  (await topMenu(page).getByRole('menuitem').allInnerTexts()).map((s) => s.trim()).filter(Boolean);

/** The bar of tab views: a navigation landmark named in the user's language. */
const tabsBar = (page: Page) => page.getByRole('navigation', { name: /^(已打开的页面|Open pages|Páginas abiertas)$/ });

/** The tab views: the open pages, each a list item holding its link and, unless it is affix, its close button. */
const openTabs = (page: Page) => tabsBar(page).getByRole('listitem');

const tabLabels = async (page: Page): Promise<string[]> => (await tabsBar(page).getByRole('link').allInnerTexts()).map((s) => s.trim());

/** The close button of the tab `label`. */
const tabCloseButton = (page: Page, label: string) => openTabs(page).filter({ hasText: label }).getByRole('button', { name: '关闭页签' });

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
      assert.ok(
        cookies.some((c) => c.name === 'Token' && c.value.length > 20),
        'Token cookie set',
      );
      assert.equal(await page.evaluate(() => sessionStorage.getItem('userId')), 'demo-a-staff');
      // Figures come from the database: the seeded enterprise has sales orders.
      // Each figure of the overview is a link named by its label and count (销售订单: 40).
      const salesLink = page.getByRole('region', { name: '业务概览' }).getByRole('link', { name: /^销售订单: / });
      const figure = Number(((await salesLink.getAttribute('aria-label')) ?? (await salesLink.innerText())).replace(/\D/g, ''));
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
      await topMenu(page).getByRole('menuitem', { name: '订单', exact: true }).click();
      await page.waitForURL(/\/orders\/sale$/);
      // The address changes as soon as the page's code is in; its tab opens once the page has rendered.
      await waitForCount(openTabs(page), 2);
      await topMenu(page).getByRole('menuitem', { name: '合同', exact: true }).click();
      await page.waitForURL(/\/contracts\//);
      await waitForCount(openTabs(page), 3);
      let tabs = await tabLabels(page);
      assert.equal(tabs[0], '工作台');
      assert.ok(tabs.includes('销售订单'), tabs.join(','));
      assert.equal(tabs.length, 3, tabs.join(','));

      // The progress bar and breadcrumb follow the route; the sidebar lists the contracts pages.
      assert.ok((await page.getByRole('navigation', { name: '当前位置' }).innerText()).includes('合同'));

      await page.reload();
      await waitForCount(openTabs(page), 3);
      tabs = await tabLabels(page);
      assert.equal(tabs.length, 3, `restored: ${tabs.join(',')}`);

      // Close the sales-order tab with its close button; the affix workbench tab has none.
      await tabCloseButton(page, '销售订单').click();
      await openTabs(page).filter({ hasText: '销售订单' }).waitFor({ state: 'detached' });
      assert.equal(await tabCloseButton(page, '工作台').count(), 0);

      // The shown page's tab is marked as the current page.
      await tabsBar(page).getByRole('link', { name: '采购合同' }).and(page.locator('[aria-current="page"]')).waitFor();

      // Close all from the tab's context menu: only the affix tab stays. (Clicked once the menu has stopped sliding
      // in: a click that misses makes Playwright scroll and retry, and the scroll closes a context menu.)
      await openTabs(page).filter({ hasText: '工作台' }).click({ button: 'right' });
      await clickAtRest(page.getByRole('menuitem', { name: '关闭全部' }));
      await waitForCount(openTabs(page), 1);
      assert.deepEqual(await tabLabels(page), ['工作台']);
    } finally {
      await context.close();
    }
  });

  it('toggles the sidebar and remembers it in the sidebarStatus cookie', async () => {
    const { context, page } = await enter('demo-a-staff');
    try {
      const cookie = async () => (await context.cookies()).find((c) => c.name === 'sidebarStatus')?.value;
      // The toggle is named by what it does and says whether the sidebar is expanded.
      const collapse = page.getByRole('button', { name: '收起侧边栏', expanded: true });
      const expand = page.getByRole('button', { name: '展开侧边栏', expanded: false });
      await collapse.click();
      await page.waitForFunction(() => document.cookie.includes('sidebarStatus=0'));
      assert.equal(await cookie(), '0');
      await expand.waitFor();
      await page.reload();
      await page.getByRole('banner').waitFor();
      await expand.waitFor();
      assert.equal(await collapse.count(), 0, 'stays collapsed after reload');
      await expand.click();
      await page.waitForFunction(() => document.cookie.includes('sidebarStatus=1'));
      assert.equal(await cookie(), '1');
    } finally {
      await context.close();
    }
  });

  it('switches the language without a reload: menus, tabs, breadcrumb and title', async () => {
    const { context, page } = await enter('demo-a-staff');
    try {
      await topMenu(page).getByRole('menuitem', { name: '订单', exact: true }).click();
      await page.waitForURL(/\/orders\/sale$/);
      await page.evaluate(() => ((window as unknown as { __marker: number }).__marker = 1));
      await page.getByRole('button', { name: /语言|Language|Idioma/ }).click();
      await clickAtRest(page.getByRole('menuitem', { name: 'English' }));
      await topMenu(page).getByRole('menuitem', { name: 'Orders', exact: true }).waitFor();
      await openTabs(page).filter({ hasText: 'Sales orders' }).waitFor();
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

      await page.route('**/api/workbench**', (route) =>
        route.fulfill({ status: 500, contentType: 'application/json', body: '{"code":50000,"message":"x","data":null}' }),
      );
      await page.goto(`${product.baseUrl}/`);
      await page.waitForURL(/\/500$/);
      await page.getByText('服务器开小差了').waitFor();
    } finally {
      await context.close();
    }
  });

  it('sends an unknown user to the portal address', async () => {
    const context = await product.newContext();
    const page = await context.newPage();
    try {
      await page.goto(`${product.baseUrl}/?userId=nobody-here`);
      await page.waitForURL(/\/logon/);
    } finally {
      await context.close();
    }
  });
  it('signs an operator in on /login, with the error shown for a wrong password', async () => {
    const context = await product.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    try {
      await page.goto(`${product.baseUrl}/login`);
      await page.getByRole('textbox', { name: '用户名' }).fill('admin');
      await page.getByRole('textbox', { name: '密码' }).fill('not-the-password');
      await page.keyboard.press('Enter');
      await page.getByText('用户名或密码错误').waitFor();
      assert.match(page.url(), /\/login$/);
      await page.getByRole('textbox', { name: '密码' }).fill(ADMIN_PASSWORD);
      await page.keyboard.press('Enter');
      await page.getByRole('banner').waitFor();
      assert.ok((await topMenuLabels(page)).length >= 10, 'the admin operator sees every top menu');
    } finally {
      await context.close();
    }
  });
});
