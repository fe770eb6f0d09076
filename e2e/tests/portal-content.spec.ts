// The portal content of the group's website (P19) as its editor and its administrator meet it: an article written
// with bold text, a link and a picture from the media library, submitted by the editor, approved by the
// administrator and then read on the public site; a banner scheduled a few seconds ahead that the server's
// scheduler brings onto the public home page when its time comes; and an old version restored as a new draft.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Locator, Page } from 'playwright-core';
import { contentPaths, type ContentItem, type ContentRow, type Page as ListPage } from '@tfb/contract';
import { screenshot } from '../support/browser.js';
import { callApi, useProduct } from '../support/product.js';
import { atRest, btn, clickAtRest, dialog, toast } from '../support/screen.js';

// The scheduler looks for due items every half second here (15 s by default), so the go-live minute is met
// within a second of its time.
const product = useProduct({ PORTAL_SCHEDULER_INTERVAL_MS: '500' });

const SITE = 'portalWebsite';
/** The title field's name (a required field's label starts with its mark). */
const TITLE = /^\*?\s*标题$/;
const ARTICLES = contentPaths(SITE, 'article');
const BANNERS = contentPaths(SITE, 'banner');

/** Chooses `name` in the column tree select `field`. */
async function chooseColumn(page: Page, field: Locator, name: string): Promise<void> {
  await field.click();
  // Clicked once the dropdown has slid in: a click during its motion can miss the item on a busy machine.
  await clickAtRest(page.getByRole('treeitem').filter({ hasText: name }).first().getByText(name, { exact: true }));
  await page.getByRole('tree').waitFor({ state: 'hidden' });
}

/** Picks `fileName` from the media library dialog the field or the editor opened. */
async function pickFromLibrary(page: Page, title: string, fileName: string): Promise<void> {
  const picker = dialog(page, title);
  await clickAtRest(picker.getByRole('button', { name: `选用 ${fileName}` }));
  await picker.waitFor({ state: 'hidden' });
}

/** The first item of `type`'s list whose title is `title`, as the list call answers it. */
async function findItem(page: Page, path: string, title: string): Promise<ContentRow> {
  const reply = await callApi(page, 'GET', `${path}?title=${encodeURIComponent(title)}&pageSize=10`);
  const found = (reply.data as ListPage<ContentRow>).content.find((r) => r.title === title);
  assert.ok(found, `${title} is listed`);
  return found;
}

/** Reloads `url` until `text` shows on it (the public pages are server-rendered, without script). */
async function reloadUntilShown(page: Page, url: string, text: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    await page.goto(url);
    if ((await page.getByText(text, { exact: true }).count()) > 0) return;
    if (Date.now() > deadline) throw new Error(`${text} did not show on ${url}`);
    await page.waitForTimeout(1000);
  }
}

describe('portal content', () => {
  it('publishes an article written with bold text, a link and a library picture, through approval, onto the public site', async () => {
    const title = `平台服务升级公告 ${Date.now()}`;
    const editor = await product.enter('demo-portal-editor');
    try {
      const { page } = editor;
      await page.goto(`${product.baseUrl}/portalWebsite/articleadd`);
      // By role and exact name: the editor's heading buttons (标题 1 … 标题 4) carry the word too.
      await page.getByRole('textbox', { name: TITLE }).fill(title);
      await chooseColumn(page, page.getByRole('combobox', { name: '栏目' }), '集团要闻');
      await page.getByLabel('摘要').fill('供应链金融服务平台完成服务升级。');

      const body = page.getByRole('textbox', { name: '正文' });
      await body.click();
      await page.keyboard.type('平台已完成');
      await page.getByRole('button', { name: '加粗' }).click();
      await page.keyboard.type('服务升级');
      await page.getByRole('button', { name: '加粗' }).click();
      await page.keyboard.type('，详情见');
      await page.getByRole('button', { name: '链接' }).click();
      const linkDialog = dialog(page, '链接');
      await linkDialog.getByLabel('链接地址').fill('https://www.example.com/upgrade');
      await clickAtRest(linkDialog.getByRole('button', { name: btn('确定') }));
      await linkDialog.waitFor({ state: 'hidden' });
      await page.keyboard.press('End');
      await page.keyboard.press('Enter');
      await page.getByRole('button', { name: '插入图片' }).click();
      const imageDialog = dialog(page, '插入图片');
      await clickAtRest(imageDialog.getByRole('button', { name: btn('从媒体库选择') }));
      await pickFromLibrary(page, '选择图片', 'news-platform-launch.jpg');
      await clickAtRest(imageDialog.getByRole('button', { name: btn('确定') }));
      await imageDialog.waitFor({ state: 'hidden' });
      await body.locator('strong').getByText('服务升级').waitFor();
      await screenshot(page, 'portal-content-article-editor');

      await clickAtRest(page.getByRole('button', { name: btn('保存并提交') }));
      const confirm = page.getByRole('dialog').filter({ hasText: '提交后内容进入审批' });
      await clickAtRest(confirm.getByRole('button', { name: btn('保存并提交') }));
      await page.getByText('审批中', { exact: true }).first().waitFor();
      const submitted = await findItem(page, ARTICLES.items, title);
      assert.equal(submitted.reviewState, 'pending');

      // The editor may not approve: another user does, from the item's page.
      const admin = await product.enter('demo-portal-admin');
      try {
        await admin.page.goto(`${product.baseUrl}/portalWebsite/articledetail?id=${submitted.id}`);
        await admin.page.getByText(title, { exact: true }).first().waitFor();
        const approve = admin.page.getByRole('button', { name: /同\s*意/ });
        await atRest(approve);
        await screenshot(admin.page, 'portal-content-review');
        await clickAtRest(approve);
        await admin.page.getByText('已发布', { exact: true }).first().waitFor();
      } finally {
        await admin.context.close();
      }

      // The public home page lists it under 集团要闻, and its page shows the bold text, the link and the picture.
      const visitor = await product.newContext();
      try {
        const site = await visitor.newPage();
        await reloadUntilShown(site, `${product.baseUrl}/site/portalWebsite/`, title, 20_000);
        await site.getByRole('link', { name: title }).first().click();
        await site.getByRole('heading', { name: title }).waitFor();
        const article = site.getByRole('article');
        await article.locator('strong').getByText('服务升级', { exact: true }).waitFor();
        assert.equal(
          await article.getByRole('link', { name: 'https://www.example.com/upgrade' }).getAttribute('href'),
          'https://www.example.com/upgrade',
        );
        const picture = article.getByRole('img').first();
        assert.match((await picture.getAttribute('src')) ?? '', /^\/api\/public\/media\/[0-9a-f]{64}$/);
        await site.waitForFunction(
          (img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0,
          await picture.elementHandle(),
        );
        await screenshot(site, 'portal-content-public-article');
      } finally {
        await visitor.close();
      }
    } finally {
      await editor.context.close();
    }
  });

  it('brings a scheduled banner onto the public home page when its go-live time comes', async () => {
    const title = `春季合作伙伴大会 ${Date.now()}`;
    const editor = await product.enter('demo-portal-editor');
    const admin = await product.enter('demo-portal-admin');
    try {
      // The editor writes the banner with its picture from the library, going live 20 seconds from now.
      const { page } = editor;
      await page.goto(`${product.baseUrl}/portalWebsite/bannersettings`);
      await clickAtRest(page.getByRole('button', { name: /新增横幅/ }));
      const drawer = dialog(page, '新增横幅');
      await drawer.getByRole('textbox', { name: TITLE }).fill(title);
      await clickAtRest(drawer.getByRole('group', { name: '图片' }).getByRole('button', { name: btn('选择图片') }));
      await pickFromLibrary(page, '选择图片', 'banner-supply-chain.jpg');
      await drawer.getByText('banner-supply-chain.jpg').waitFor();
      // The picker takes minutes: the next minute at least 25 seconds away.
      const goLive = new Date(Math.ceil((Date.now() + 25_000) / 60_000) * 60_000);
      await drawer.getByLabel('上线时间').fill(formatLocal(goLive));
      await drawer.getByLabel('上线时间').press('Enter');
      await clickAtRest(drawer.getByRole('button', { name: btn('保存并提交') }));
      const confirm = page.getByRole('dialog').filter({ hasText: '提交后内容进入审批' });
      await clickAtRest(confirm.getByRole('button', { name: btn('保存并提交') }));
      await drawer.waitFor({ state: 'hidden' });
      const banner = await findItem(page, BANNERS.items, title);
      assert.equal(banner.reviewState, 'pending');

      // Approved before its time: scheduled, and not on the site yet.
      await admin.page.goto(`${product.baseUrl}/portalWebsite/bannersettings`);
      await clickAtRest(admin.page.getByRole('button', { name: title, exact: true }));
      const review = dialog(admin.page, `横幅详情`);
      await clickAtRest(review.getByRole('button', { name: /同\s*意/ }));
      await review.getByText('待上线', { exact: true }).first().waitFor();
      const scheduled = (await callApi(admin.page, 'GET', BANNERS.item.replace(':id', String(banner.id)))).data as ContentItem;
      assert.equal(scheduled.status, 'scheduled');

      const visitor = await product.newContext();
      try {
        const site = await visitor.newPage();
        await site.goto(`${product.baseUrl}/site/portalWebsite/`);
        if (Date.now() < goLive.getTime() - 1000) {
          assert.equal(await site.getByText(title, { exact: true }).count(), 0, 'not shown before its time');
        }
        // When its time comes the scheduler publishes it, and the next visit shows it.
        await reloadUntilShown(site, `${product.baseUrl}/site/portalWebsite/`, title, 120_000);
        assert.ok(Date.now() >= goLive.getTime(), 'shown only once its time has come');
        await screenshot(site, 'portal-content-public-home');
      } finally {
        await visitor.close();
      }
    } finally {
      await editor.context.close();
      await admin.context.close();
    }
  });

  it('restores an old version as a new draft and leaves the live copy alone', async () => {
    const admin = await product.enter('demo-portal-admin');
    try {
      const { page } = admin;
      // A seeded article published with a newer draft saved since: its first version is the live one.
      const reply = await callApi(page, 'GET', `${ARTICLES.items}?status=publishedWithDraft&pageSize=10`);
      const row = (reply.data as ListPage<ContentRow>).content.find((r) => r.reviewState === 'none');
      assert.ok(row, 'the demo content has an article with a newer draft, not under review');
      await page.goto(`${product.baseUrl}/portalWebsite/articledetail?id=${row.id}`);
      const versions = page.getByRole('region', { name: '版本', exact: true });
      const version = (n: number) => versions.getByRole('checkbox', { name: `第 ${n} 版`, exact: true });
      await version(row.version).waitFor();
      const first = versions.getByRole('row').filter({ has: page.getByRole('checkbox', { name: '第 1 版', exact: true }) });
      await clickAtRest(first.getByRole('button', { name: btn('恢复') }));
      const confirm = page.getByRole('dialog').filter({ hasText: '恢复第 1 版？' });
      await clickAtRest(confirm.getByRole('button', { name: btn('恢复') }));
      await toast(page, '已恢复第 1 版为新草稿');
      await version(row.version + 1).waitFor();
      await screenshot(page, 'portal-content-versions');

      const item = (await callApi(page, 'GET', ARTICLES.item.replace(':id', String(row.id)))).data as ContentItem;
      assert.equal(item.version, row.version + 1);
      assert.equal(item.liveVersion, row.liveVersion, 'the live copy is untouched');
      assert.equal(item.draft.title, item.live?.title, 'the new draft is version 1 again');
    } finally {
      await admin.context.close();
    }
  });
});

/** `d` as the date picker takes it typed: the browser's local time, YYYY-MM-DD HH:mm. */
function formatLocal(d: Date): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}`;
}
