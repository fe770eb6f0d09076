// The product under its Content-Security-Policy: screens with antd's runtime styles, a dialog and the API docs
// render with no policy violation and no console error, and the styles written at run time do apply.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { BrowserContext, Page } from 'playwright-core';
import { screenshot } from '../support/browser.js';
import { useProduct, watchCspViolations } from '../support/product.js';

const product = useProduct();

type Watched = { context: BrowserContext; page: Page; violations: string[]; errors: string[] };

/** A tab that records every CSP violation (across navigations) and every console error or uncaught exception. */
async function watchedTab(): Promise<Watched> {
  const context = await product.browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN' });
  const violations: string[] = [];
  const errors: string[] = [];
  await watchCspViolations(context, violations);
  const page = await context.newPage();
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(e.message));
  return { context, page, violations, errors };
}

const btn = (label: string) => new RegExp(label.split('').join('\\s*'));

describe('content security policy', () => {
  it('runs the workbench and a purchase contract form with its goods dialog without a violation or console error', async () => {
    const { context, page, violations, errors } = await watchedTab();
    try {
      const entry = await page.goto(`${product.baseUrl}/?userId=demo-a-staff`);
      const policy = (await entry?.allHeaders())?.['content-security-policy'] ?? '';
      assert.match(policy, /script-src 'self'(;|$)/, 'scripts from the product only, no nonce, no inline');
      assert.match(policy, /style-src 'self' 'nonce-[A-Za-z0-9+/=]+'/, 'runtime styles by nonce');
      await page.getByText('业务概览').waitFor();

      // antd's runtime <style> elements carry the page's nonce, so its theme applies (the primary colour on a button).
      const unnonced = await page.evaluate(() => Array.from(document.querySelectorAll('style')).filter((s) => !s.nonce).length);
      assert.equal(unnonced, 0, 'every style element carries the nonce');

      await page.goto(`${product.baseUrl}/contracts/purchase/add`);
      await page.getByRole('heading', { name: '新增采购合同' }).waitFor();
      const save = page.getByRole('button', { name: btn('保存') }).first();
      await save.waitFor();
      const background = await save.evaluate((el) => getComputedStyle(el).backgroundColor);
      assert.notEqual(background, 'rgba(0, 0, 0, 0)', `the themed button is painted (${background})`);

      // A dialog: its mask, motion and scroll lock write styles at run time too.
      await page.getByRole('button', { name: btn('从货品库选择') }).click();
      const picker = page.getByRole('dialog').filter({ hasText: '选择货品' });
      await picker.getByText('全部', { exact: true }).waitFor();
      await screenshot(page, 'csp-purchase-goods-dialog');

      assert.deepEqual(violations, [], 'no CSP violation');
      assert.deepEqual(errors, [], 'no console error');
    } finally {
      await context.close();
    }
  });

  it('sizes an autosizing text area through the CSSOM: it grows with its lines and its measuring twin stays hidden', async () => {
    const { context, page, violations, errors } = await watchedTab();
    try {
      const entry = await page.goto(`${product.baseUrl}/?userId=demo-a-staff`);
      assert.match((await entry?.allHeaders())?.['content-security-policy'] ?? '', /style-src-attr 'none'/, 'no style attributes');
      await page.getByText('业务概览').waitFor();
      await page.goto(`${product.baseUrl}/funds/settlement/add`);
      const remark = page.getByRole('textbox', { name: '备注' });
      await remark.waitFor();
      const field = await remark.elementHandle();
      const before = await remark.evaluate((el) => el.getBoundingClientRect().height);
      await remark.fill(['第一行', '第二行', '第三行', '第四行', '第五行'].join('\n'));
      // The area grows to its lines (the measurement works) ...
      await page.waitForFunction(([el, h]) => (el as Element).getBoundingClientRect().height > (h as number), [field, before] as const);
      // ... measured by a twin that exists and is not seen (had its style been refused, it would show at the foot).
      const twins = await page.evaluate(() =>
        Array.from(document.body.children)
          .filter((e) => e.tagName === 'TEXTAREA')
          .map((e) => getComputedStyle(e).visibility),
      );
      assert.ok(twins.length > 0, 'the measuring twin is in the page');
      assert.deepEqual([...new Set(twins)], ['hidden'], 'the measuring twin is hidden');
      await screenshot(page, 'csp-settlement-remark');
      assert.deepEqual(violations, [], 'no CSP violation');
      assert.deepEqual(errors, [], 'no console error');
    } finally {
      await context.close();
    }
  });

  it('keeps the API docs working under their own policy', async () => {
    const { context, page, violations, errors } = await watchedTab();
    try {
      const reply = await page.goto(`${product.baseUrl}/api/docs`);
      const headers = (await reply?.allHeaders()) ?? {};
      assert.match(headers['content-security-policy'] ?? '', /script-src 'self'(;|$)/);
      assert.equal(headers['x-frame-options'], 'DENY');
      await page.getByRole('heading', { name: /Trade-finance back-office API/ }).waitFor();
      await screenshot(page, 'csp-api-docs');
      assert.deepEqual(violations, [], 'no CSP violation');
      assert.deepEqual(errors, [], 'no console error');
    } finally {
      await context.close();
    }
  });
});
