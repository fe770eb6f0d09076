// Issue 8 point 4 end to end: the address form always shows the record it edits. As demo-a-staff, from the
// sales contract add screen's 选择地址: 编辑 address 1, 取消, 编辑 address 2, change its phone, 保存; both addresses
// are then read back through the API: address 1 is unchanged, address 2 has the new phone and its own other
// fields. 新增地址 after an edit opens empty.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { useProduct } from '../support/product.js';

const product = useProduct();

const enter = (userId: string) => product.enter(userId);

type Address = {
  id: number;
  contacts: string;
  contactsPhone: string;
  addressCode: string;
  province: string;
  city: string;
  area: string;
  detailedAddress: string;
  isDefault: number;
  isDelete: number;
};

const LIST_PATH = '/api/businessperationService/mlzSettle/findPageBIllPath';

/** The enterprise's addresses as the server holds them, read with the session token of the product.browser. */
async function readAddresses(context: BrowserContext): Promise<Address[]> {
  const token = (await context.cookies()).find((c) => c.name === 'Token')?.value;
  assert.ok(token, 'the session token cookie is set');
  const res = await fetch(`${product.baseUrl}${LIST_PATH}?pageNumber=0&pageSize=100`, {
    headers: { Accept: 'application/json', token: decodeURIComponent(token) },
  });
  assert.equal(res.status, 200);
  const body = (await res.json()) as { code: number; data: { content: Address[] } };
  assert.equal(body.code, 0);
  return body.data.content;
}

const kept = (a: Address) => ({
  contacts: a.contacts,
  contactsPhone: a.contactsPhone,
  addressCode: a.addressCode,
  province: a.province,
  city: a.city,
  area: a.area,
  detailedAddress: a.detailedAddress,
  isDefault: a.isDefault,
  isDelete: a.isDelete,
});

/** A button's name: antd puts a space between the two characters of a two-character label (取 消). */
const btn = (label: string): RegExp => new RegExp(`^\\s*${label.split('').join('\\s*')}\\s*$`);

const dialog = (page: Page, title: string): Locator => page.getByRole('dialog', { name: title, exact: true });

describe('issue 8: the address form always shows the record it edits', () => {
  it('edit 1, cancel, edit 2 and save changes address 2 only; add after an edit opens empty', async () => {
    const { context, page } = await enter('demo-a-staff');
    try {
      const before = await readAddresses(context);
      assert.ok(before.length >= 2, `the demo enterprise has two addresses at least (${before.length})`);
      const [first, second] = before as [Address, Address];
      assert.notEqual(first.contactsPhone, second.contactsPhone, 'the two addresses are told apart by phone');

      await page.goto(`${product.baseUrl}/contracts/sales/add`);
      await page.getByRole('heading', { name: '新增销售合同' }).waitFor();
      await page.getByRole('button', { name: /选\s*择\s*地\s*址/ }).click();
      const book = dialog(page, '收货地址');
      await book.waitFor();
      const rowOf = (a: Address) => book.getByRole('row').filter({ hasText: a.contactsPhone });
      await rowOf(first).waitFor();
      await rowOf(second).waitFor();

      const form = dialog(page, '编辑收货地址');
      // 编辑 address 1: the form shows it; 取消.
      await rowOf(first)
        .getByRole('button', { name: btn('编辑') })
        .click();
      await form.waitFor();
      assert.equal(await form.getByLabel('姓名').inputValue(), first.contacts);
      assert.equal(await form.getByLabel('手机号').inputValue(), first.contactsPhone);
      await form.getByRole('button', { name: btn('取消') }).click();
      await form.waitFor({ state: 'hidden' });

      // 编辑 address 2: the form shows address 2, not address 1.
      await rowOf(second)
        .getByRole('button', { name: btn('编辑') })
        .click();
      await form.waitFor();
      assert.equal(await form.getByLabel('姓名').inputValue(), second.contacts);
      assert.equal(await form.getByLabel('手机号').inputValue(), second.contactsPhone);
      assert.equal(await form.getByLabel('详细地址').inputValue(), second.detailedAddress);

      const newPhone = second.contactsPhone === '13911112222' ? '13922223333' : '13911112222';
      await form.getByLabel('手机号').fill(newPhone);
      const saved = page.waitForResponse(
        (r) => r.request().method() === 'POST' && r.url().includes('/mlzSettle/mlzBillListPathInfoUpdate'),
      );
      await form.getByRole('button', { name: btn('保存') }).click();
      const sent = (await saved).request().postDataJSON() as Record<string, unknown>;
      assert.equal(sent.id, second.id, 'the save names address 2');
      assert.equal(sent.contacts, second.contacts);
      await form.waitFor({ state: 'hidden' });
      await book.getByRole('row').filter({ hasText: newPhone }).waitFor();

      // Read back both through the API.
      const after = await readAddresses(context);
      const one = after.find((a) => a.id === first.id);
      const two = after.find((a) => a.id === second.id);
      assert.ok(one && two, 'both addresses are still there');
      assert.deepEqual(kept(one), kept(first), 'address 1 is unchanged');
      assert.deepEqual(kept(two), { ...kept(second), contactsPhone: newPhone }, 'address 2 has the new phone and its own other fields');

      // 新增地址 right after an edit opens empty.
      await rowOf(first)
        .getByRole('button', { name: btn('编辑') })
        .click();
      await form.waitFor();
      assert.equal(await form.getByLabel('姓名').inputValue(), first.contacts);
      await form.getByRole('button', { name: btn('取消') }).click();
      await form.waitFor({ state: 'hidden' });
      await book.getByRole('button', { name: /新\s*增\s*地\s*址/ }).click();
      const create = dialog(page, '新增收货地址');
      await create.waitFor();
      assert.equal(await create.getByLabel('姓名').inputValue(), '');
      assert.equal(await create.getByLabel('手机号').inputValue(), '');
      assert.equal(await create.getByLabel('详细地址').inputValue(), '');
      await create.getByRole('button', { name: btn('取消') }).click();
      await create.waitFor({ state: 'hidden' });
    } finally {
      await context.close();
    }
  });
});
