// Issue 14, system settings end to end: the administrator hides a top menu for the enterprise on /system/menus; a
// staff user of that enterprise no longer has it at their next entry, and its pages are refused by URL by the web's
// route filter. The menu list never changes what the server allows: the staff user's goods call still answers.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { callApi, useProduct } from '../support/product.js';
import { btn, toast } from '../support/screen.js';

const product = useProduct();

/** The header's menu of top menus. */
const topMenuLabels = async (page: Page): Promise<string[]> =>
  (await page.getByRole('banner').getByRole('menu').getByRole('menuitem').allInnerTexts()).map((s) => s.trim()).filter(Boolean);

describe('system settings: the stored menu list', () => {
  it('hides 货品 as admin; the staff user does not see it at next entry and /goods/catalogue is refused', async () => {
    const before = await product.enter('demo-a-staff');
    try {
      assert.ok((await topMenuLabels(before.page)).includes('货品'), 'the staff user has 货品 before');
    } finally {
      await before.context.close();
    }

    const admin = await product.enter('demo-admin');
    try {
      await admin.page.goto(`${product.baseUrl}/system/menus`);
      // Not set by the enterprise: each user's own list decides (the staff user's shows 货品).
      const goods = admin.page.getByRole('radiogroup', { name: '货品', exact: true });
      await goods.getByText('按用户设置（默认隐藏）', { exact: true }).waitFor();
      assert.equal(await goods.getByRole('radio', { name: '按用户设置（默认隐藏）' }).isChecked(), true);
      await goods.getByText('隐藏', { exact: true }).click();
      assert.equal(await goods.getByRole('radio', { name: '隐藏', exact: true }).isChecked(), true);
      await admin.page.getByRole('button', { name: btn('保存') }).click();
      await toast(admin.page, '菜单已保存，用户下一次进入时生效');
      await admin.page.getByRole('row').filter({ hasText: '货品' }).getByText('已配置').waitFor();
    } finally {
      await admin.context.close();
    }

    const staff = await product.enter('demo-a-staff');
    try {
      const menus = await topMenuLabels(staff.page);
      assert.ok(!menus.includes('货品'), `货品 is gone: ${menus.join(',')}`);
      assert.ok(menus.includes('合同'), `the other menus stay: ${menus.join(',')}`);
      await staff.page.goto(`${product.baseUrl}/goods/catalogue`);
      await staff.page.getByText('无权访问').first().waitFor();
      // Menus narrow what is shown, not what the server allows.
      const categories = await callApi(staff.page, 'GET', '/api/mlzgoodsserver/mlzGoods/listCategory');
      assert.equal(categories.status, 200);
      assert.equal(categories.code, 0);
    } finally {
      await staff.context.close();
    }
  });
});
