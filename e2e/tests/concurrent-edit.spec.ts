// Issue 8 (optimistic locking and the audit trail) end to end: demo-a-staff opens the edit form of one draft
// contract in two tabs. Tab 1 changes the contract name and saves; tab 2, still on the version it read, changes the
// counterparty and saves: the server refuses it and the form says 记录已被他人修改，请刷新后重试. 重新加载 shows
// tab 1's change, and tab 2 can then save on top of it. The contract detail's 变更记录 tab lists the edits.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { BrowserContext, Page } from 'playwright-core';
import { screenshot } from '../support/browser.js';
import { useProduct } from '../support/product.js';
import { waitForValue } from '../support/screen.js';

const product = useProduct();

// The product's exact string, written out rather than imported, so a typo in the product fails.
const STALE_MESSAGE = '记录已被他人修改，请刷新后重试';
const stamp = Date.now().toString(36).toUpperCase();
const ORIGINAL = { name: `E2E 物流合同 ${stamp}`, counterparty: `E2E 物流公司 ${stamp}` };
const TAB1_NAME = `E2E 物流合同 ${stamp} 甲改`;
const TAB2_COUNTERPARTY = `E2E 物流公司 ${stamp} 乙改`;

/** Seeds a draft logistics contract through the API as the user the browser signs in as. */
async function seedContract(userId: string): Promise<number> {
  const entry = await fetch(`${product.baseUrl}/api/auth/entry`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ userId }),
  });
  assert.equal(entry.status, 200, await entry.clone().text());
  const { token, user } = (await entry.json()).data as { token: string; user: { enterpriseId: string; companyId: string; userId: string } };
  const res = await fetch(`${product.baseUrl}/api/businessperationService/contracts`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', token, enterpriseId: user.enterpriseId, companyId: user.companyId, userId: user.userId },
    body: JSON.stringify({
      contractType: 'MLZZHFWPT_CONTACTTYPE_WLHT',
      contractName: ORIGINAL.name,
      enterpriseName: ORIGINAL.counterparty,
      money: 5000,
    }),
  });
  assert.equal(res.status, 200, await res.clone().text());
  return ((await res.json()).data as { id: number }).id;
}

/** A new tab of the context: signs in (the session values live per tab) and opens the contract's edit form. */
async function openEdit(context: BrowserContext, id: number): Promise<Page> {
  const page = await context.newPage();
  await page.goto(`${product.baseUrl}/?userId=demo-a-staff`);
  await page.getByRole('banner').waitFor();
  await page.getByText('业务概览').waitFor();
  await page.goto(`${product.baseUrl}/contracts/logistics/edit?id=${id}`);
  await page.getByRole('textbox', { name: '合同名称' }).waitFor();
  return page;
}

/** The form's contract-name field. */
const nameField = (page: Page) => page.getByRole('textbox', { name: '合同名称' });

describe('two tabs edit one draft contract', () => {
  it('the second save is refused with the stale-version message; reload shows the first tab’s change; the detail lists the edits', async () => {
    const id = await seedContract('demo-a-staff');
    const context = await product.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN' });

    // Both tabs open the form of the same version.
    const tab1 = await openEdit(context, id);
    const tab2 = await openEdit(context, id);
    await waitForValue(nameField(tab1), ORIGINAL.name);
    await waitForValue(nameField(tab2), ORIGINAL.name);

    // Tab 1 renames the contract and saves: it lands on the detail.
    await tab1.getByRole('textbox', { name: '合同名称' }).fill(TAB1_NAME);
    await tab1.getByRole('button', { name: /保存草稿/ }).click();
    await tab1.getByText('编辑成功').waitFor();
    await tab1.waitForURL(/\/contracts\/logistics\/detail\?id=/);

    // Tab 2 changes the counterparty on the old version: refused, nothing saved, the form says why.
    await tab2.getByRole('combobox', { name: '对方企业' }).fill(TAB2_COUNTERPARTY);
    await tab2.getByRole('button', { name: /保存草稿/ }).click();
    const alert = tab2.getByRole('alert').filter({ hasText: STALE_MESSAGE });
    await alert.waitFor();
    assert.match(tab2.url(), /\/contracts\/logistics\/edit\?id=/);
    await screenshot(tab2, 'concurrent-edit-stale');

    // 重新加载: the form shows tab 1's name (and the stored counterparty); the message is gone.
    await tab2.getByRole('button', { name: /重新加载/ }).click();
    await waitForValue(nameField(tab2), TAB1_NAME);
    assert.equal(await tab2.getByRole('textbox', { name: '合同名称' }).inputValue(), TAB1_NAME);
    assert.equal(await tab2.getByRole('combobox', { name: '对方企业' }).inputValue(), ORIGINAL.counterparty);
    await alert.waitFor({ state: 'detached' });

    // On the fresh version tab 2's change saves.
    await tab2.getByRole('combobox', { name: '对方企业' }).fill(TAB2_COUNTERPARTY);
    await tab2.getByRole('button', { name: /保存草稿/ }).click();
    await tab2.waitForURL(/\/contracts\/logistics\/detail\?id=/);

    // The detail's 变更记录 lists both edits (newest first) and the create, with readable field names.
    await tab1.reload();
    await tab1.getByRole('tab', { name: '变更记录' }).click();
    const history = tab1.getByRole('tabpanel');
    const rows = history.getByRole('row');
    await rows.filter({ hasText: TAB2_COUNTERPARTY }).waitFor();
    const editRow = rows.filter({ hasText: TAB1_NAME }).filter({ hasText: '合同名称' });
    await editRow.waitFor();
    assert.match(await editRow.innerText(), /编辑/);
    assert.match(await editRow.innerText(), new RegExp(`${ORIGINAL.name}\\s*→\\s*${TAB1_NAME}`));
    const counterpartyRow = rows.filter({ hasText: TAB2_COUNTERPARTY });
    assert.match(await counterpartyRow.innerText(), /对方企业/);
    await rows.filter({ hasText: '新建' }).waitFor();
    // Header row + create + two edits.
    assert.equal(await rows.count(), 4);
    await screenshot(tab1, 'concurrent-edit-history');
    await context.close();
  });
});
