// Separation of duties as a user meets it on a contract's detail page: the staff member who submitted it (no
// approver role) sees no 同意 / 驳回; an approver of the enterprise who did not submit it sees them and approves
// one step; on the next step the same approver gets the reason instead of the buttons.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { screenshot } from '../support/browser.js';
import { callApi, useProduct } from '../support/product.js';

const API = {
  contracts: '/api/businessperationService/contracts',
  submit: '/api/mlzProcessService/process/submit',
} as const;
const SECOND_STEP_HINT = '您已处理过本流程的一个步骤，下一步需由其他审批人处理。';

const product = useProduct();

const enter = (userId: string) => product.enter(userId);

/** Opens the purchase contract's detail page and waits for its approval timeline. */
async function openDetail(page: Page, id: number): Promise<void> {
  await page.goto(`${product.baseUrl}/contracts/purchase/detail?id=${id}`);
  await page.getByRole('banner').waitFor();
  await page.getByTestId('timeline-entry').first().waitFor();
}

const approveButton = (page: Page) => page.getByRole('button', { name: /同\s*意/ });
const rejectButton = (page: Page) => page.getByRole('button', { name: /驳\s*回/ });

describe('separation of duties on the approval panel (issue 8)', () => {
  it('shows the buttons only to an approver the server would accept, and the reason on a second step', async () => {
    // demo-a-staff writes a purchase contract and submits it.
    const staff = await enter('demo-a-staff');
    let contractId = 0;
    try {
      const created = await callApi(staff.page, 'POST', API.contracts, {
        contractType: 'MLZZHFWPT_CONTACTTYPE_CGHT',
        contractName: `e2e 分权审批 ${Date.now()}`,
        enterpriseName: '江苏沙钢集团',
        money: 880000,
        signType: 0,
        signDate: '2026-11-01',
      });
      assert.equal(created.status, 200, created.message);
      contractId = (created.data as { id: number }).id;
      const submitted = await callApi(staff.page, 'POST', API.submit, {
        businessType: 'contract',
        businessId: contractId,
        comment: '请审批',
      });
      assert.equal(submitted.status, 200, submitted.message);

      await openDetail(staff.page, contractId);
      const open = staff.page.getByTestId('timeline-entry').last();
      assert.ok((await open.innerText()).includes('业务审核'), 'the open step is 业务审核');
      assert.equal(await approveButton(staff.page).count(), 0, 'no 同意 for the submitting staff member');
      assert.equal(await rejectButton(staff.page).count(), 0, 'no 驳回 for the submitting staff member');
      assert.equal(await staff.page.getByText('处理：业务审核').count(), 0);
      await open.scrollIntoViewIfNeeded();
      await screenshot(staff.page, 'issue8-staff-no-approval-buttons');
    } finally {
      await staff.context.close();
    }

    // demo-a-approver did not submit it: she approves 业务审核 …
    const approver = await enter('demo-a-approver');
    try {
      await openDetail(approver.page, contractId);
      await approveButton(approver.page).waitFor();
      await rejectButton(approver.page).waitFor();
      await approver.page.getByRole('textbox', { name: '审批意见' }).fill('资质齐全，同意。');
      await approveButton(approver.page).click();
      await approver.page.getByText('已同意').first().waitFor();
      // … and on the next step (风控审核) she gets the reason instead of the buttons.
      await approver.page.getByText(SECOND_STEP_HINT).waitFor();
      await approver.page.getByText('处理：风控审核').waitFor();
      assert.equal(await approveButton(approver.page).count(), 0, 'no 同意 on a second step');
      assert.equal(await rejectButton(approver.page).count(), 0, 'no 驳回 on a second step');
      // A fresh load says the same (the server's reply, not only the screen's memory).
      await openDetail(approver.page, contractId);
      await approver.page.getByText(SECOND_STEP_HINT).waitFor();
      assert.equal(await approveButton(approver.page).count(), 0);
      await approver.page.getByText(SECOND_STEP_HINT).scrollIntoViewIfNeeded();
      await screenshot(approver.page, 'issue8-approver-second-step-hint');
    } finally {
      await approver.context.close();
    }
  });
});
