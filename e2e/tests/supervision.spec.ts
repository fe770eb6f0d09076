// Issue 4 as a user meets it: the regulated-warehouse list (more goods, print, create the in-storage order) for the
// warehouse-operator organisation and not for anyone else (hidden AND refused by the server), opening a warning
// message, the company risk-warning dialog, and approving a contract with its growing process timeline.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import type { Locator, Page } from 'playwright-core';
import { screenshot } from '../support/browser.js';
import { callApi, useProduct } from '../support/product.js';
import { records, tableSettled } from '../support/screen.js';

const API = {
  noticePage: '/api/businessperationService/inStorageManage/pageQuery',
  noticeDetail: '/api/businessperationService/inStorageManage/detail',
  print: '/api/businessperationService/inStorageManage/pathDownLoad',
  createInStorageOrder: '/api/businessperationService/inStorageOrder/create',
} as const;

const product = useProduct();

const enter = (userId: string) => product.enter(userId);

/** Loads a page of the app (a full load, so lists show the server's current data) and waits for the shell. */
async function open(page: Page, pathname: string): Promise<void> {
  await page.goto(`${product.baseUrl}${pathname}`);
  await page.getByRole('banner').waitFor();
}

/** The in-storage notices tab of the regulated-warehouse page. */
const noticesTab = (page: Page) => page.getByRole('tabpanel', { name: '入库通知' });
/** A notice's row: a record of the notice table (each is followed by the row of its goods). */
const noticeRows = (page: Page) => records(noticesTab(page));
/** The more-goods dialog of the notice `code`. */
const goodsDialog = (page: Page, code: string) => page.getByRole('dialog', { name: `入库通知货品明细 ${code}` });

/** Waits until the notice table has rows and is not loading. */
async function waitForNoticeTable(page: Page): Promise<void> {
  await noticeRows(page).first().waitFor();
  await tableSettled(noticesTab(page));
}

/** The first notice whose goods row offers 查看更多货品: its id, code and the more link. */
async function findNoticeWithMoreGoods(page: Page): Promise<{ id: number; code: string; more: Locator }> {
  const more = page.getByRole('button', { name: '查看更多货品' });
  // The row of a notice's goods holds their own table (货品信息); the first such row with the link.
  const goodsRow = noticesTab(page)
    .getByRole('row')
    .filter({ has: page.getByRole('table', { name: '货品信息' }) })
    .filter({ has: more })
    .first();
  await goodsRow.waitFor();
  // Its notice is the row just above it: the notice code is the strong text of the first cell, the key its id.
  const noticeRow = goodsRow.locator('xpath=preceding-sibling::tr[1]');
  const found = {
    id: Number(await noticeRow.getAttribute('data-row-key')),
    code: ((await noticeRow.getByRole('cell').first().getByRole('strong').textContent()) ?? '').trim(),
  };
  assert.ok(found.id > 0 && found.code, `the notice row of the more-goods link: ${JSON.stringify(found)}`);
  // The row shows exactly 3 goods lines before the link, then the total row.
  assert.equal(await goodsRow.getByTestId('goods-line').count(), 3);
  await goodsRow.getByTestId('goods-total').waitFor();
  return { ...found, more: goodsRow.getByRole('button', { name: '查看更多货品' }) };
}

/** Opens the more-goods dialog and answers the goods names of all its lines. */
async function openMoreGoods(page: Page, more: Locator, code: string): Promise<string[]> {
  await more.click();
  const dialog = goodsDialog(page, code);
  await dialog.waitFor();
  const lines = records(dialog);
  await lines.first().waitFor();
  const names: string[] = [];
  for (const line of await lines.all()) names.push(((await line.getByRole('cell').first().textContent()) ?? '').trim());
  assert.ok(names.length > 3, `more than 3 goods lines in the dialog: ${names.length}`);
  // The total row under the lines.
  await dialog.getByRole('row').filter({ hasText: /^合计/ }).waitFor();
  return names;
}

/** The count the header bell shows (its accessible label carries it). */
async function unreadBadge(page: Page): Promise<number> {
  const label = (await page.getByTestId('unread-warnings').getAttribute('aria-label')) ?? '';
  const m = /(\d+)/.exec(label);
  return m ? Number(m[1]) : 0;
}

const squash = (s: string) => s.replace(/\s+/g, '');

/** A screenshot once the page is still: dialogs and masks have finished their opening / closing motion. */
async function snap(page: Page, name: string): Promise<void> {
  await page.waitForFunction(() =>
    document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity),
  );
  await screenshot(page, name);
}

describe('warehouse supervision, warnings, risk and approval (issue 4)', () => {
  it('lets the warehouse operator see more goods, print the notice and turn it into an in-storage order', async () => {
    const { context, page } = await enter('demo-warehouse-operator');
    try {
      await open(page, '/warehouse/regulated');
      await waitForNoticeTable(page);
      // The operator sees the actions and no operator-only hint.
      await noticeRows(page).first().getByRole('button', { name: '打印' }).waitFor();
      assert.equal(await page.getByText('打印、创建入库单和创建出库单仅对仓储运营机构开放。').count(), 0);
      await snap(page, 'issue4-regulated-list-operator');

      const notice = await findNoticeWithMoreGoods(page);
      const names = await openMoreGoods(page, notice.more, notice.code);
      const dialog = goodsDialog(page, notice.code);
      await dialog.getByRole('button', { name: '打印' }).waitFor();
      await dialog.getByRole('button', { name: '创建入库单' }).waitFor();
      await snap(page, 'issue4-more-goods-dialog');

      // Print: the reply's URL opens in a new window; the PDF holds the notice and all its goods.
      const printReply = page.waitForResponse((r) => r.url().includes(API.print) && r.request().method() === 'GET');
      const popupOpened = context.waitForEvent('page');
      await dialog.getByRole('button', { name: '打印' }).click();
      const reply = (await (await printReply).json()) as { code: number; message: string; data: string | null };
      assert.equal(reply.code, 0, JSON.stringify(reply));
      assert.equal(reply.message, '成功');
      assert.ok(reply.data && reply.data.includes('/printFile/'), `a document URL: ${reply.data}`);
      const popup = await popupOpened;
      await popup.waitForURL((u) => u.href.includes(reply.data!), { timeout: 15_000 });
      const pdf = await context.request.get(`${product.baseUrl}${reply.data}`);
      assert.equal(pdf.status(), 200);
      assert.match(pdf.headers()['content-type'] ?? '', /application\/pdf/);
      const bytes = await pdf.body();
      assert.equal(bytes.subarray(0, 5).toString('latin1'), '%PDF-');
      const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'tfb-print-'));
      try {
        const file = path.join(tmp, 'notice.pdf');
        fs.writeFileSync(file, bytes);
        const text = squash(execFileSync('/usr/bin/pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' }));
        assert.ok(text.includes(notice.code), `the notice code ${notice.code} in the PDF`);
        for (const name of new Set(names)) assert.ok(text.includes(squash(name)), `goods ${name} in the PDF text:\n${text.slice(0, 2000)}`);
      } finally {
        fs.rmSync(tmp, { recursive: true, force: true });
      }
      await popup.close();

      // Create the in-storage order from the dialog: the create page with ?id= of the notice.
      await dialog.getByRole('button', { name: '创建入库单' }).click();
      await page.waitForURL((u) => u.pathname === '/WarehouscreatitemManagement' && u.searchParams.get('id') === String(notice.id));
      // (The list stays in the page, hidden, while its tab is kept: only what shows counts.)
      const form = page.getByRole('main');
      await form.getByRole('button', { name: '确认创建' }).waitFor();
      await form.getByText(notice.code).visible().first().waitFor();
      for (const name of new Set(names)) await form.getByText(name, { exact: true }).visible().first().waitFor();
      // The shell keeps the list's scroll position across the navigation (reported); show the page from its top.
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.mouse.move(5, 880);
      await snap(page, 'issue4-create-in-storage-order');
      const created = page.waitForResponse((r) => r.url().includes(API.createInStorageOrder) && r.request().method() === 'POST');
      await form.getByRole('button', { name: '确认创建' }).click();
      const createdReply = (await (await created).json()) as { code: number; data: { code: string } };
      assert.equal(createdReply.code, 0, JSON.stringify(createdReply));
      await page.waitForURL((u) => u.pathname === '/Warehous/crexternalListManagement');
      await page.getByText(`入库单 ${createdReply.data.code} 已创建`).waitFor();
      await records(page.getByRole('main')).filter({ hasText: createdReply.data.code }).first().waitFor();
      await snap(page, 'issue4-in-storage-orders');

      // The notice has left the list: the list no longer holds it, even when searched by its code.
      await open(page, '/warehouse/regulated');
      await waitForNoticeTable(page);
      assert.equal(await noticeRows(page).filter({ hasText: notice.code }).count(), 0);
      const searched = page.waitForResponse((r) => r.url().includes(API.noticePage) && r.url().includes('blurry='));
      const search = noticesTab(page).getByRole('search');
      await search.getByRole('textbox', { name: /关键字/ }).fill(notice.code);
      await search.getByRole('button', { name: /查\s*询/ }).click();
      const searchedPage = (await (await searched).json()) as { data: { totalElements: number } };
      assert.equal(searchedPage.data.totalElements, 0);
      await noticeRows(page).first().waitFor({ state: 'detached' });
      await tableSettled(noticesTab(page));
      // The server agrees: the notice is created.
      const detail = await callApi(page, 'GET', `${API.noticeDetail}?id=${notice.id}&scope=operator`);
      assert.equal((detail.data as { isCreate: number }).isCreate, 1);
    } finally {
      await context.close();
    }
  });

  it('hides the operator actions from other staff, and the server refuses them', async () => {
    const { context, page } = await enter('demo-a-staff');
    try {
      const listed = page.waitForResponse((r) => r.url().includes(API.noticePage) && r.request().method() === 'GET');
      await open(page, '/warehouse/regulated');
      const firstPage = (await (await listed).json()) as { data: { content: { id: number; code: string }[] } };
      await waitForNoticeTable(page);
      await page.getByText('打印、创建入库单和创建出库单仅对仓储运营机构开放。').waitFor();
      const table = noticesTab(page).getByRole('table').first();
      assert.equal(await table.getByRole('button', { name: '打印' }).count(), 0);
      assert.equal(await table.getByRole('button', { name: '创建入库单' }).count(), 0);
      assert.equal(await table.getByRole('columnheader', { name: '操作' }).count(), 0);
      await snap(page, 'issue4-regulated-list-staff');

      // The goods dialog has no actions either.
      const notice = await findNoticeWithMoreGoods(page);
      await openMoreGoods(page, notice.more, notice.code);
      const dialog = goodsDialog(page, notice.code);
      assert.equal(await dialog.getByRole('button', { name: '打印' }).count(), 0);
      assert.equal(await dialog.getByRole('button', { name: '创建入库单' }).count(), 0);
      await snap(page, 'issue4-more-goods-dialog-staff');
      await dialog.getByRole('button', { name: '关闭' }).click();
      await dialog.waitFor({ state: 'hidden' });

      // Hiding is not security: the same calls with this user's token are refused.
      const id = firstPage.data.content[0]!.id;
      const print = await callApi(page, 'GET', `${API.print}?id=${id}&scope=operator`);
      assert.equal(print.status, 403, JSON.stringify(print));
      assert.notEqual(print.code, 0);
      assert.equal(print.data ?? null, null);
      const create = await callApi(page, 'POST', API.createInStorageOrder, {
        noticeId: id,
        scope: 'operator',
        inStorageTime: '2026-01-15',
        remark: '',
      });
      assert.equal(create.status, 403, JSON.stringify(create));
      assert.notEqual(create.code, 0);
      // Nothing was created: the notice is still open.
      const detail = await callApi(page, 'GET', `${API.noticeDetail}?id=${id}&scope=operator`);
      assert.equal((detail.data as { isCreate: number }).isCreate, 0);

      // The create page opened by URL is refused by the route guard (staff hold no warehouse:write) instead of offering the form.
      await open(page, `/WarehouscreatitemManagement?id=${id}&scope=operator`);
      await page.getByText('您的账号没有访问该页面的权限，如需开通请联系管理员。').waitFor();
      assert.equal(await page.getByRole('button', { name: '确认创建' }).count(), 0);
    } finally {
      await context.close();
    }
  });

  it('marks an opened warning message read and lowers the unread count in the header', async () => {
    const { context, page } = await enter('demo-a-staff');
    try {
      await open(page, '/risk/warnings');
      const items = page.getByRole('list', { name: '预警消息' }).getByRole('listitem');
      await items.first().waitFor();
      await page.getByTestId('unread-summary').waitFor();
      await page.waitForFunction(() =>
        /\d/.test(document.querySelector('[data-testid="unread-warnings"]')?.getAttribute('aria-label') ?? ''),
      );
      const before = await unreadBadge(page);
      assert.ok(before > 0, `unread warnings before: ${before}`);
      await snap(page, 'issue4-warnings');

      const index = (await items.getByTestId('read-state').allInnerTexts()).findIndex((s) => s.trim() === '未读');
      assert.ok(index >= 0, 'an unread message on the first page');
      const item = items.nth(index);
      assert.equal((await item.getByTestId('read-state').innerText()).trim(), '未读');
      // An unread message's rule is in bold (strong).
      await item.getByRole('strong').waitFor();
      await item.getByRole('button', { name: /^查看预警：/ }).click();

      // The message's detail: the company risk-warning dialog of its warning, titled 风险类型 · 企业.
      const riskDialog = page.getByRole('dialog', { name: / · / });
      await riskDialog.waitFor();
      await riskDialog.getByRole('cell', { name: /预警规则/ }).waitFor();
      await page.waitForFunction(
        (n) => (document.querySelector('[data-testid="unread-warnings"]')?.getAttribute('aria-label') ?? '').includes(String(n)),
        before - 1,
      );
      assert.equal(await unreadBadge(page), before - 1);
      await snap(page, 'issue4-warning-opened');
      await riskDialog.getByRole('button', { name: '关闭' }).click();
      await riskDialog.waitFor({ state: 'hidden' });
      assert.equal((await item.getByTestId('read-state').innerText()).trim(), '已读');
      assert.equal(await item.getByRole('strong').count(), 0, 'a read message is no longer in bold');
      assert.equal((await page.getByTestId('unread-summary').innerText()).trim(), `未读 ${before - 1} 条`);

      // Kept by the server: after a reload the message is still read and the count still lower.
      await page.reload();
      await items.first().waitFor();
      await page.waitForFunction(() =>
        /\d/.test(document.querySelector('[data-testid="unread-warnings"]')?.getAttribute('aria-label') ?? ''),
      );
      assert.equal(await unreadBadge(page), before - 1);
      assert.equal((await items.nth(index).getByTestId('read-state').innerText()).trim(), '已读');
    } finally {
      await context.close();
    }
  });

  it('shows a company risk warning in its dialog from the risk view', async () => {
    const { context, page } = await enter('demo-a-staff');
    try {
      await open(page, '/risk/companies');
      const rows = records(page.getByRole('main'));
      await rows.first().waitFor();
      await page.getByRole('list', { name: '风险类型' }).getByRole('listitem').nth(1).waitFor();
      await snap(page, 'issue4-risk-companies');
      await rows
        .first()
        .getByRole('button', { name: /详\s*情/ })
        .click();
      const dialog = page.getByRole('dialog', { name: / · / });
      await records(dialog).first().waitFor();
      assert.ok((await dialog.getByRole('columnheader').count()) >= 3, 'the type table has its own columns');
      await snap(page, 'issue4-risk-dialog');
    } finally {
      await context.close();
    }
  });

  it('approves a contract task with a comment: the timeline grows by one entry and toggles more / hide', async () => {
    // Each step has its own approver (separation of duties): the admin takes 风控审核, and the next step shows up
    // in the task list of demo-a-finance, who has not handled a step of it yet.
    const first = await enter('demo-admin');
    const second = await enter('demo-a-finance');
    const taskName = '风控审核';
    const on = (page: Page) => {
      const rows = records(page.getByRole('main'));
      const dialog = (code: string) => page.getByRole('dialog', { name: `审批 ${code}` });
      const entries = (code: string) => dialog(code).getByTestId('timeline-entry');
      const openTask = async (r: Locator, code: string) => {
        await r.getByRole('button', { name: /审\s*批/ }).click();
        await entries(code).first().waitFor();
      };
      /** Expands the timeline and answers every entry's text. */
      const expandAll = async (code: string): Promise<string[]> => {
        await dialog(code)
          .getByRole('button', { name: /更多（另 \d+ 条）/ })
          .click();
        await dialog(code)
          .getByRole('button', { name: /收\s*起/ })
          .waitFor();
        return entries(code).allInnerTexts();
      };
      // The current step is the entry marked aria-current="step" (no role query filters on it).
      return {
        rows,
        dialog,
        entries,
        openTask,
        expandAll,
        current: (code: string) => entries(code).and(dialog(code).locator('[aria-current="step"]')),
      };
    };
    try {
      const a = on(first.page);
      await open(first.page, '/contracts/approval');
      await a.rows.first().waitFor();
      await snap(first.page, 'issue4-approval-tasks');
      const row = a.rows.filter({ hasText: taskName }).first();
      await row.waitFor();
      const code = (await row.getByRole('cell').first().getByRole('strong').innerText()).trim();

      await a.openTask(row, code);
      // Collapsed: the first 2 entries, the toggle and the current step named.
      assert.equal(await a.entries(code).count(), 2);
      await a.dialog(code).getByText(`当前环节：${taskName}`).waitFor();
      const before = await a.expandAll(code);
      assert.ok(before.length > 2, `history entries: ${before.length}`);
      assert.equal(await a.current(code).count(), 1);
      assert.ok((await a.current(code).innerText()).includes(taskName));
      assert.equal(await a.entries(code).last().getAttribute('aria-current'), 'step');

      const comment = `e2e 审批意见 ${Date.now()}`;
      await a.dialog(code).getByRole('textbox', { name: '审批意见' }).fill(comment);
      await a
        .dialog(code)
        .getByRole('button', { name: /同\s*意/ })
        .click();
      await first.page.getByText('已同意').first().waitFor();
      await a.dialog(code).waitFor({ state: 'hidden' });
      // The admin handled a step of it: the next one is not in the admin's list.
      await a.rows.filter({ hasText: code }).first().waitFor({ state: 'detached' });

      // The process has moved on: its next step is a task of demo-a-finance, with one more history entry.
      const b = on(second.page);
      await open(second.page, '/contracts/approval');
      const next = b.rows.filter({ hasText: code }).first();
      await next.waitFor();
      const nextTask = (await next.getByRole('cell').nth(1).innerText()).trim();
      assert.equal(nextTask, '财务复核');
      await b.openTask(next, code);
      assert.equal(await b.entries(code).count(), 2, 'collapsed again to the first 2 entries');
      await b.dialog(code).getByText(`当前环节：${nextTask}`).waitFor();
      const afterTexts = await b.expandAll(code);
      assert.equal(afterTexts.length, before.length + 1, 'one more entry');
      assert.ok(afterTexts[before.length - 1]!.includes(comment), 'the approved step carries the comment');
      assert.ok(afterTexts[before.length - 1]!.includes('同意'));
      assert.equal(await b.current(code).count(), 1);
      assert.ok((await b.current(code).innerText()).includes(nextTask));
      assert.equal(await b.entries(code).last().getAttribute('aria-current'), 'step');
      assert.equal(
        await b
          .entries(code)
          .nth(before.length - 1)
          .getAttribute('aria-current'),
        null,
        'the previous step is no longer current',
      );
      await b.current(code).scrollIntoViewIfNeeded();
      await snap(second.page, 'issue4-approval-timeline');

      // hide: back to the first 2 entries.
      await b
        .dialog(code)
        .getByRole('button', { name: /收\s*起/ })
        .click();
      await b
        .dialog(code)
        .getByRole('button', { name: /更多（另 \d+ 条）/ })
        .waitFor();
      assert.equal(await b.entries(code).count(), 2);
      await snap(second.page, 'issue4-approval-timeline-collapsed');
    } finally {
      await first.context.close();
      await second.context.close();
    }
  });
});
