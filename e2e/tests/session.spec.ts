// The session in the browser (issue 9, point 2): no token anywhere page script can read; a reload, a second tab,
// a bookmark and several tabs opened at once keep the session (one refresh at a time, so none spends a refresh
// token another already spent); logout in one tab ends the session in every tab and on the server.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { REFRESH_COOKIE, SESSION_PATHS, TOKEN_COOKIE } from '@tfb/contract';
import { useProduct } from '../support/product.js';
import { clickAtRest } from '../support/screen.js';

const product = useProduct();

/** The page shows the signed-in shell on `path` (not the portal's /logon). */
async function expectSignedIn(page: Page, path: string): Promise<void> {
  await page.getByRole('banner').waitFor();
  await page.getByRole('button', { name: '张伟' }).waitFor();
  assert.equal(new URL(page.url()).pathname, path);
}

/** What page script can read of the session: storage and document.cookie. */
const readableByScript = (page: Page) =>
  page.evaluate(() => JSON.stringify({ local: { ...localStorage }, session: { ...sessionStorage }, cookie: document.cookie }));

describe('browser session', () => {
  it('keeps no token where page script can read it; the server sets both cookies HttpOnly', async () => {
    const { context, page } = await product.enter('demo-a-staff');
    try {
      const cookies = await context.cookies();
      const token = cookies.find((c) => c.name === TOKEN_COOKIE);
      const refresh = cookies.find((c) => c.name === REFRESH_COOKIE);
      assert.ok(token && refresh, cookies.map((c) => c.name).join(','));
      assert.equal(token.httpOnly, true);
      assert.equal(token.sameSite, 'Lax');
      assert.equal(refresh.httpOnly, true);
      assert.equal(refresh.sameSite, 'Strict');
      assert.equal(refresh.path, SESSION_PATHS.refresh);
      const readable = await readableByScript(page);
      assert.ok(!readable.includes(token.value), 'the access token is not readable by script');
      assert.ok(!readable.includes(refresh.value), 'the refresh token is not readable by script');
      assert.ok(!/refreshToken/.test(readable), readable);
    } finally {
      await context.close();
    }
  });

  it('a reload, a bookmark in a second tab and three tabs opened at once all keep the session', async () => {
    const { context, page } = await product.enter('demo-a-staff');
    try {
      await page.reload();
      await expectSignedIn(page, '/');
      await page.getByText('业务概览').waitFor();

      // A bookmark opened in a new tab: its own page, nothing in its sessionStorage.
      const bookmark = await context.newPage();
      await bookmark.goto(`${product.baseUrl}/orders/sale`);
      await expectSignedIn(bookmark, '/orders/sale');
      await bookmark.getByRole('heading', { name: '销售订单' }).waitFor();

      // Three tabs at once: each renews the session, one at a time.
      const three = await Promise.all([1, 2, 3].map(() => context.newPage()));
      await Promise.all(three.map((p) => p.goto(`${product.baseUrl}/contracts/purchase`)));
      for (const p of three) await expectSignedIn(p, '/contracts/purchase');

      // No refresh token was spent twice: the session is alive, and the first tab still works after a reload.
      await page.reload();
      await expectSignedIn(page, '/');
      await page.getByText('业务概览').waitFor();
    } finally {
      await context.close();
    }
  });

  it('logout in one tab ends the session in every tab and on the server', async () => {
    const { context, page } = await product.enter('demo-a-staff');
    try {
      const other = await context.newPage();
      await other.goto(`${product.baseUrl}/orders/sale`);
      await expectSignedIn(other, '/orders/sale');

      // Back to the first tab (a background tab's animations are throttled, as for a person who is not looking).
      await page.bringToFront();
      await page.getByRole('button', { name: '张伟' }).click();
      await clickAtRest(page.getByRole('menuitem', { name: '退出登录' }));
      // Both tabs leave for the portal (here /logon).
      await page.waitForURL(/\/logon$/);
      await other.waitForURL(/\/logon$/);
      // The cookies are gone, and a bookmark opened now finds no session.
      const names = (await context.cookies()).map((c) => c.name);
      assert.ok(!names.includes(TOKEN_COOKIE) && !names.includes(REFRESH_COOKIE), names.join(','));
      const late = await context.newPage();
      await late.goto(`${product.baseUrl}/orders/sale`);
      await late.waitForURL(/\/logon$/);
    } finally {
      await context.close();
    }
  });

  it('a cross-site style call with the cookie alone cannot act', async () => {
    const { context, page } = await product.enter('demo-a-staff');
    try {
      // The Token cookie rides along, but no token header: refused, and no number is consumed.
      const status = await page.evaluate(
        async (url) => (await fetch(url, { credentials: 'include' })).status,
        `${SESSION_PATHS.generateNumber}?numberKey=CSRF`,
      );
      assert.equal(status, 401);
    } finally {
      await context.close();
    }
  });
});
