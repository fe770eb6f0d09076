// P28 as a user meets it: an enterprise creates an in-storage notice through the in-storage contract picker and the
// warehouse operator sees it in the regulated-warehouse list at once; an enterprise applies for the delivery of
// pledged goods against a loan chosen in the loan picker, an approver approves it, and the delivery instruction it
// became (提货申请生成) is in the supervisor's list.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Locator, Page } from 'playwright-core';
import { screenshot } from '../support/browser.js';
import { callApi, useProduct } from '../support/product.js';
import { btn, chooseOption, records, tableSettled } from '../support/screen.js';

const product = useProduct();

async function open(page: Page, pathname: string): Promise<void> {
  await page.goto(`${product.baseUrl}${pathname}`);
  await page.getByRole('banner').waitFor();
}

/** Chooses the first row of the picker dialog `title` that holds `text` (searched for first when given a search box
 * by its placeholder). */
async function pick(page: Page, title: string, text: string | RegExp, search?: { box: string; text: string }): Promise<void> {
  await page.getByRole('button', { name: btn('选择') }).click();
  const dialog = page.getByRole('dialog', { name: title });
  await dialog.waitFor();
  if (search) {
    const box = dialog.getByPlaceholder(search.box);
    await box.fill(search.text);
    await box.press('Enter');
  }
  const row = records(dialog).filter({ hasText: text }).first();
  await row.waitFor();
  await row.click();
  await dialog.getByRole('button', { name: btn('确定') }).click();
  await dialog.waitFor({ state: 'hidden' });
}

/** The value of the detail page's field `label` (a bordered description: the cell after its header). */
const detailValue = (page: Page, label: string): Locator =>
  page.getByRole('rowheader', { name: label, exact: true }).locator('xpath=following-sibling::td[1]');

async function fillFormBasics(page: Page, dateLabel: string, date: string): Promise<void> {
  await chooseOption(page.getByRole('combobox', { name: '仓库' }), '上海宝山监管仓（监管员：陈静）');
  const day = page.getByLabel(dateLabel);
  await day.fill(date);
  await day.press('Enter');
}

/** Types `value` into the first enabled quantity field named `… <suffix>` and answers the goods line's name. */
async function fillFirstLine(page: Page, suffix: string, value: string): Promise<string> {
  const field = page
    .getByRole('spinbutton', { name: new RegExp(` ${suffix}$`) })
    .and(page.locator(':enabled'))
    .first();
  await field.waitFor();
  const name = ((await field.getAttribute('aria-label')) ?? '').replace(` ${suffix}`, '');
  await field.fill(value);
  return name;
}

describe('the enterprise side of warehouse supervision', () => {
  it('creates an in-storage notice through the in-storage contract picker, in the operator’s list at once', async () => {
    const staff = await product.enter('demo-a-staff');
    const operator = await product.enter('demo-warehouse-operator');
    try {
      const page = staff.page;
      await open(page, '/warehouse/notices/add');
      await pick(page, '选择入库合同', /CGHT-/);
      const goods = await fillFirstLine(page, '数量', '1');
      await fillFormBasics(page, '计划入库日期', '2026-12-20');
      await screenshot(page, 'p28-notice-form');
      await page.getByRole('button', { name: btn('提交审批') }).click();
      await page.waitForURL(/\/warehouse\/notices\/detail\?id=\d+/);
      const code = (await detailValue(page, '通知编号').innerText()).trim();
      assert.match(code, /^RK-/);
      await page.getByText('审批中').first().waitFor();
      await page.getByRole('cell', { name: goods, exact: true }).waitFor();

      // The operator's regulated-warehouse list shows it, newest first.
      await open(operator.page, '/warehouse/regulated');
      const tab = operator.page.getByRole('tabpanel', { name: '入库通知' });
      await records(tab).first().waitFor();
      await tableSettled(tab);
      await records(tab).filter({ hasText: code }).first().waitFor();
      await screenshot(operator.page, 'p28-notice-in-operator-list');
    } finally {
      await staff.context.close();
      await operator.context.close();
    }
  });

  it('applies for delivery against a loan chosen in the loan picker; approved, it is a delivery instruction', async () => {
    const staff = await product.enter('demo-a-staff');
    const approver = await product.enter('demo-a-approver');
    const supervisor = await product.enter('demo-supervisor');
    try {
      const page = staff.page;
      // A loan of the demo whose repayments release goods: the one the enterprise's earlier applications are on.
      const earlier = await callApi(page, 'GET', '/api/businessperationService/deliveryApply/pageQuery?pageSize=50');
      assert.equal(earlier.code, 0);
      const loans = (earlier.data as { content: { applicationFormNum: string }[] }).content.map((a) => a.applicationFormNum);
      assert.ok(loans.length > 0, 'the demo has delivery applications on a partly repaid loan');
      const loan = loans[0]!;

      await open(page, '/warehouse/delivery-applications/add');
      await pick(page, '选择贷款申请', loan, { box: '申请单号 / 申请人 / 合同编号 / 企业', text: loan });
      await page.getByText('还款比例').waitFor();
      await fillFirstLine(page, '提货数量', '0.001');
      await fillFormBasics(page, '计划提货日期', '2026-12-22');
      await screenshot(page, 'p28-delivery-form');
      await page.getByRole('button', { name: btn('提交审批') }).click();
      await page.waitForURL(/\/warehouse\/delivery-applications\/detail\?id=\d+/);
      const code = (await detailValue(page, '申请编号').innerText()).trim();
      assert.match(code, /^THSQ-/);
      await detailValue(page, '出库指令').getByText('审批通过后生成').waitFor();

      // The approver finds it among the loan-application tasks and approves it.
      await open(approver.page, '/funds/approval');
      const row = records(approver.page.getByRole('main')).filter({ hasText: code }).first();
      await row.waitFor();
      await row.getByRole('button', { name: btn('审批') }).click();
      const dialog = approver.page.getByRole('dialog', { name: `审批 ${code}` });
      await dialog.getByRole('button', { name: btn('同意') }).click();
      await approver.page.getByText('已同意').first().waitFor();
      await dialog.waitFor({ state: 'hidden' });

      // The application now names its instruction, labelled as made from a delivery application.
      await page.reload();
      await page.getByText('已通过').first().waitFor();
      const instruction = (await detailValue(page, '出库指令').getByRole('strong').innerText()).trim();
      assert.match(instruction, /^TH-/);
      await detailValue(page, '出库指令').getByText('提货申请生成').waitFor();
      await screenshot(page, 'p28-delivery-approved');

      // The supervisor's list of delivery instructions (filtered by 提货申请生成 and the supervisor) shows it.
      await open(supervisor.page, '/warehouse/external');
      await supervisor.page.getByRole('tab', { name: '出库指令' }).click();
      const tab = supervisor.page.getByRole('tabpanel', { name: '出库指令' });
      await records(tab).filter({ hasText: instruction }).first().waitFor();
      await screenshot(supervisor.page, 'p28-instruction-in-supervisor-list');
    } finally {
      await staff.context.close();
      await approver.context.close();
      await supervisor.context.close();
    }
  });
});
