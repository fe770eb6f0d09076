// The public side of the portal sites (issue 12): only published content of the site's publisher is served (the live
// copy, never the draft), validators and 304s, a change made straight in the database seen on the next request,
// the server-rendered pages (escaped text, sanitised rich text, no script, the site's CSP) and the signed previews.
import { sql } from 'kysely';
import { beforeAll, expect, it } from 'vitest';
import {
  SITE_STYLESHEET_PATH,
  SLOT_KIND_NAMES,
  contentPaths,
  publicColumnItemsUrl,
  publicPaths,
  siteUrls,
  type ContentType,
  type PortalSite,
  type PublicItem,
  type PublicItemSummary,
  type PublicSlot,
  type RichTextDocument,
} from '@tfb/contract';
import { seedMediaIds, seedPortalContent } from '../src/db/seed-portal-content.js';
import { renderRichText } from '../src/lib/rich-text/index.js';
import { loadPreviewKey, signPreview } from '../src/modules/portal-public/preview-token.js';
import { describeEachDatabase, type TestSession } from './helpers/test-app.js';

const XSS = '<script>alert(1)</script>';

describeEachDatabase('portal public site', (t) => {
  let editor: TestSession; // demo-portal-admin, ent-p
  let outsider: TestSession; // demo-supervisor: no portal permission
  let otherAdmin: TestSession; // demo-admin, ent-a
  const db = () => t().database.db;

  beforeAll(async () => {
    [editor, outsider, otherAdmin] = await Promise.all([
      t().enter('demo-portal-admin'),
      t().enter('demo-supervisor'),
      t().enter('demo-admin'),
    ]);
    for (const site of ['portalWebsite', 'portalWebsites'] as const) {
      await db()
        .insertInto('portal_site_publishers')
        .values({ site, enterprise_id: 'ent-p' })
        .onConflict((oc) => oc.column('site').doUpdateSet({ enterprise_id: 'ent-p' }))
        .execute();
    }
  });

  const get = (url: string, headers: Record<string, string> = {}) => t().app.inject({ method: 'GET', url, headers });

  const columnId = async (site: PortalSite, path: string): Promise<number> => {
    let parent: number | null = null;
    for (const slug of path.split('/')) {
      const row: { id: number } = await db()
        .selectFrom('portal_columns')
        .select('id')
        .where('enterprise_id', '=', 'ent-p')
        .where('site', '=', site)
        .where('slug', '=', slug)
        .where('parent_id', parent === null ? 'is' : '=', parent)
        .executeTakeFirstOrThrow();
      parent = row.id;
    }
    return parent!;
  };

  type Fixture = {
    site?: PortalSite;
    enterpriseId?: string;
    type?: ContentType;
    status?: 'draft' | 'scheduled' | 'published' | 'withdrawn' | 'expired';
    live?: Record<string, unknown> | null;
    draft?: Record<string, unknown>;
    liveHtml?: string | null;
    draftHtml?: string | null;
    columnId?: number | null;
    expireAt?: string | null;
    goLiveAt?: string | null;
    publishedAt?: string | null;
    deleted?: boolean;
    sortOrder?: number;
    version?: number;
  };
  /** An item written straight into the table (as the content module, or another process, would leave it). */
  const addItem = async (f: Fixture): Promise<number> => {
    const status = f.status ?? 'published';
    const draft = f.draft ?? f.live ?? { title: '草稿' };
    const live = f.live === undefined ? (status === 'draft' ? null : draft) : f.live;
    const row = await db()
      .insertInto('portal_items')
      .values({
        enterprise_id: f.enterpriseId ?? 'ent-p',
        site: f.site ?? 'portalWebsite',
        type: f.type ?? 'article',
        title: String(draft.title ?? ''),
        column_id: f.columnId ?? null,
        sort_order: f.sortOrder ?? 0,
        status,
        draft: JSON.stringify(draft),
        draft_html: f.draftHtml ?? null,
        version: f.version ?? 1,
        live: live === null ? null : JSON.stringify(live),
        live_html: f.liveHtml ?? null,
        live_version: live === null ? null : 1,
        live_column_id: live === null ? null : (f.columnId ?? null),
        go_live_at: f.goLiveAt ?? null,
        expire_at: f.expireAt ?? null,
        published_at: live === null ? null : (f.publishedAt ?? new Date().toISOString()),
        deleted: f.deleted ?? false,
        create_user_id: 'demo-portal-admin',
        create_user_name: 'sunyue',
        change_user_id: 'demo-portal-admin',
        change_user_name: 'sunyue',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  };
  const addImage = async (site: PortalSite = 'portalWebsite', alt = '图片'): Promise<number> => {
    const row = await db()
      .insertInto('portal_media')
      .values({
        enterprise_id: 'ent-p',
        site,
        kind: 'image',
        file_name: 'fixture.jpg',
        alt,
        sha256: 'a'.repeat(64),
        size_bytes: 1000,
        mime_type: 'image/jpeg',
        width: 1600,
        height: 900,
        variants: JSON.stringify([{ width: 640, sha256: 'b'.repeat(64), size: 100 }]),
        thumb_sha256: 'c'.repeat(64),
        create_user_id: 'demo-portal-admin',
        create_user_name: 'sunyue',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  };
  const article = (title: string, columnId: number, extra: Record<string, unknown> = {}) => ({
    title,
    columnId,
    summary: `${title}的摘要`,
    body: { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: title }] }] },
    ...extra,
  });
  const hourAgo = () => new Date(Date.now() - 3600_000).toISOString();
  const hourAhead = () => new Date(Date.now() + 3600_000).toISOString();

  it('serves only published, unexpired items of the site and its publisher: everything else is a 404', async () => {
    const col = await columnId('portalWebsite', 'news/group-news');
    const otherCol = await columnId('portalWebsites', 'data-news/data-flash');
    const shown = await addItem({ live: article('已发布的新闻', col), columnId: col, liveHtml: '<p>已发布的新闻</p>' });
    const hidden = await Promise.all([
      addItem({ status: 'draft', draft: article('草稿新闻', col), columnId: col }),
      addItem({ status: 'scheduled', live: article('待上线新闻', col), columnId: col }),
      addItem({ status: 'withdrawn', live: article('已撤回新闻', col), columnId: col }),
      addItem({ status: 'expired', live: article('已过期新闻', col), columnId: col }),
      // Published, but its expiry passed before the scheduler came round.
      addItem({
        live: article('到期未处理新闻', col),
        columnId: col,
        expireAt: hourAgo(),
        goLiveAt: new Date(Date.now() - 7200_000).toISOString(),
      }),
      addItem({ live: article('已删除新闻', col), columnId: col, deleted: true }),
      addItem({ enterpriseId: 'ent-a', live: article('他人企业新闻', col), columnId: col }),
      addItem({ site: 'portalWebsites', live: article('另一站点新闻', otherCol), columnId: otherCol }),
    ]);

    const ok = await get(publicPaths('portalWebsite').item.replace(':id', String(shown)));
    expect(ok.statusCode, ok.body).toBe(200);
    const item = ok.json().data as PublicItem;
    expect(item).toMatchObject({ id: shown, type: 'article', title: '已发布的新闻', html: '<p>已发布的新闻</p>' });
    expect(item.column).toMatchObject({ id: col, path: 'news/group-news', name: '集团要闻' });
    expect(item.fields).not.toHaveProperty('body');

    for (const id of hidden) {
      const res = await get(publicPaths('portalWebsite').item.replace(':id', String(id)));
      expect(res.statusCode, `item ${id}`).toBe(404);
      expect(res.json()).toMatchObject({ code: 40400 });
      expect((await get(siteUrls('portalWebsite').item(id))).statusCode).toBe(404);
    }
    // The other site's item is served by its own site only.
    expect((await get(publicPaths('portalWebsites').item.replace(':id', String(hidden[7]!)))).statusCode).toBe(200);

    const list = await get(`${publicColumnItemsUrl('portalWebsite', 'news/group-news')}?pageSize=50`);
    expect(list.statusCode, list.body).toBe(200);
    const ids = (list.json().data.content as PublicItemSummary[]).map((i) => i.id);
    expect(ids).toContain(shown);
    for (const id of hidden) expect(ids).not.toContain(id);
    // A column lists its sub-columns' items too; unknown columns and link columns are 404s.
    const section = await get(`${publicColumnItemsUrl('portalWebsite', 'news')}?pageSize=50`);
    expect((section.json().data.content as PublicItemSummary[]).map((i) => i.id)).toContain(shown);
    expect((await get(publicColumnItemsUrl('portalWebsite', 'news/no-such'))).statusCode).toBe(404);
    expect((await get(publicColumnItemsUrl('portalWebsite', 'home'))).statusCode).toBe(404);
    expect((await get('/api/public/portalWebsite/columns/news')).statusCode).toBe(404);
    expect((await get('/api/public/otherSite/nav')).statusCode).toBe(404);
    expect((await get(`${publicColumnItemsUrl('portalWebsite', 'news')}?pageSize=x`)).statusCode).toBe(400);
  });

  it('pages a column newest published first, the page size clamped', async () => {
    const col = await columnId('portalWebsite', 'industry/market');
    const base = Date.now() - 86400_000;
    const ids: number[] = [];
    for (let i = 0; i < 5; i++) {
      ids.push(await addItem({ live: article(`行情 ${i}`, col), columnId: col, publishedAt: new Date(base + i * 60_000).toISOString() }));
    }
    const res = await get(`${publicColumnItemsUrl('portalWebsite', 'industry/market')}?pageNumber=0&pageSize=2`);
    const page = res.json().data as { content: PublicItemSummary[]; totalElements: number; column: { path: string } };
    expect(page.totalElements).toBeGreaterThanOrEqual(5);
    expect(page.column.path).toBe('industry/market');
    const all = await get(`${publicColumnItemsUrl('portalWebsite', 'industry/market')}?pageSize=500`);
    expect(all.json().data).toMatchObject({ pageSize: 50, clamped: true });
    const order = (all.json().data.content as PublicItemSummary[]).map((i) => i.id).filter((id) => ids.includes(id));
    expect(order).toEqual([...ids].reverse());
    const times = (all.json().data.content as PublicItemSummary[]).map((i) => i.publishedAt);
    expect([...times].sort().reverse()).toEqual(times);
  });

  it('answers ETag, Last-Modified and public revalidation, and 304 while the copy is current', async () => {
    const url = publicPaths('portalWebsite').nav;
    const first = await get(url);
    expect(first.statusCode).toBe(200);
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
    expect(first.headers['cache-control']).toBe('public, max-age=0, must-revalidate');
    const lastModified = String(first.headers['last-modified']);
    expect(Number.isNaN(Date.parse(lastModified))).toBe(false);
    expect((await get(url)).headers.etag).toBe(etag);

    const revalidated = await get(url, { 'if-none-match': etag });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.body).toBe('');
    expect(revalidated.headers.etag).toBe(etag);
    expect((await get(url, { 'if-none-match': `"other", ${etag}` })).statusCode).toBe(304);
    expect((await get(url, { 'if-none-match': '"other"' })).statusCode).toBe(200);
    expect((await get(url, { 'if-modified-since': lastModified })).statusCode).toBe(304);
    expect((await get(url, { 'if-modified-since': new Date(Date.parse(lastModified) - 1000).toUTCString() })).statusCode).toBe(200);

    const home = await get(siteUrls('portalWebsite').home);
    expect(home.statusCode).toBe(200);
    expect((await get(siteUrls('portalWebsite').home, { 'if-none-match': String(home.headers.etag) })).statusCode).toBe(304);
  });

  it('sees a change made straight in the database on the next request: the old ETag no longer answers 304', async () => {
    const col = await columnId('portalWebsite', 'notices');
    const id = await addItem({ type: 'announcement', live: article('停电检修通知', col), columnId: col, liveHtml: '<p>旧正文</p>' });
    const url = publicPaths('portalWebsite').item.replace(':id', String(id));
    const page = siteUrls('portalWebsite').item(id);
    const before = await get(url);
    const beforePage = await get(page);
    expect(before.json().data.title).toBe('停电检修通知');

    // As another app process publishing a new live copy would leave the row.
    await db()
      .updateTable('portal_items')
      .set({ live: JSON.stringify(article('停电检修通知（更新）', col)), live_html: '<p>新正文</p>', update_time: sql<string>`now()` })
      .where('id', '=', id)
      .execute();
    const after = await get(url, { 'if-none-match': String(before.headers.etag) });
    expect(after.statusCode).toBe(200);
    expect(after.json().data).toMatchObject({ title: '停电检修通知（更新）', html: '<p>新正文</p>' });
    expect(after.headers.etag).not.toBe(before.headers.etag);
    const afterPage = await get(page, { 'if-none-match': String(beforePage.headers.etag) });
    expect(afterPage.statusCode).toBe(200);
    expect(afterPage.body).toContain('新正文');

    // An expiry passing changes what is shown with no write at all.
    await db()
      .updateTable('portal_items')
      .set({ expire_at: new Date(Date.now() + 1500).toISOString() })
      .where('id', '=', id)
      .execute();
    const stillShown = await get(url);
    expect(stillShown.statusCode).toBe(200);
    await expect.poll(async () => (await get(url)).statusCode, { timeout: 10_000, interval: 200 }).toBe(404);

    // A withdrawal by another process drops it from its column's list.
    const other = await addItem({ type: 'announcement', live: article('放假安排', col), columnId: col });
    const listUrl = `${publicColumnItemsUrl('portalWebsite', 'notices')}?pageSize=50`;
    expect((await get(listUrl)).json().data.content.map((i: PublicItemSummary) => i.id)).toContain(other);
    await db()
      .updateTable('portal_items')
      .set({ status: 'withdrawn', update_time: sql<string>`now()` })
      .where('id', '=', other)
      .execute();
    expect((await get(listUrl)).json().data.content.map((i: PublicItemSummary) => i.id)).not.toContain(other);

    // A change announced through the database (the content module notifies in its transaction): once every
    // process has heard it, the reply is still right.
    const heard = new Promise<void>((resolve) => {
      const stop = t().app.portalPublic.onChange(() => {
        stop();
        resolve();
      });
    });
    await sql`SELECT pg_notify('tfb_portal_public', 'portalWebsite:ent-p')`.execute(db());
    await heard;
    expect((await get(listUrl)).json().data.content.map((i: PublicItemSummary) => i.id)).not.toContain(other);
  });

  it('shows nothing of a site nobody publishes (an empty navigation and 404s, never a 500)', async () => {
    const before = await db()
      .selectFrom('portal_site_publishers')
      .selectAll()
      .where('site', '=', 'portalWebsites')
      .executeTakeFirstOrThrow();
    await db().deleteFrom('portal_site_publishers').where('site', '=', 'portalWebsites').execute();
    try {
      const p = publicPaths('portalWebsites');
      const nav = await get(p.nav);
      expect(nav.statusCode).toBe(200);
      expect(nav.json()).toMatchObject({ code: 0, data: [] });
      expect((await get(p.banners)).json().data).toEqual([]);
      expect((await get(p.slots)).json().data).toEqual([]);
      expect((await get(p.copy)).statusCode).toBe(404);
      expect((await get(p.item.replace(':id', '1'))).statusCode).toBe(404);
      expect((await get(publicColumnItemsUrl('portalWebsites', 'data-news'))).statusCode).toBe(404);
      expect((await get(siteUrls('portalWebsites').home)).statusCode).toBe(200);
      expect((await get(siteUrls('portalWebsites').column('data-news'))).statusCode).toBe(404);
    } finally {
      await db().insertInto('portal_site_publishers').values(before).execute();
    }
  });

  it('lists the visible column tree with slug paths and SEO fields', async () => {
    const nav = (await get(publicPaths('portalWebsites').nav)).json().data as {
      slug: string;
      path: string;
      seoDescription: string;
      children: { slug: string; path: string }[];
    }[];
    const about = nav.find((c) => c.slug === 'about')!;
    expect(about.children.map((c) => c.slug)).toEqual(['profile', 'contact']);
    expect(about.children[0]!.path).toBe('about/profile');
    expect(nav.find((c) => c.slug === 'digital-receipts')!.seoDescription).toContain('数字仓单');
  });

  it('answers banners within their window in sort order, the website copy and the layout slots with their newest items', async () => {
    const site = 'portalWebsites';
    const image = await addImage(site, '仓库');
    const banner = (title: string, sortOrder: number) => ({ title, image, linkUrl: '/c/products', sortOrder });
    const second = await addItem({ site, type: 'banner', live: banner('第二', 2), sortOrder: 2 });
    const first = await addItem({ site, type: 'banner', live: banner('第一', 1), sortOrder: 1 });
    const future = await addItem({ site, type: 'banner', live: banner('未来', 0), goLiveAt: hourAhead(), sortOrder: 0 });
    const past = await addItem({
      site,
      type: 'banner',
      live: banner('过去', 0),
      expireAt: hourAgo(),
      goLiveAt: new Date(Date.now() - 7200_000).toISOString(),
    });
    const banners = (await get(publicPaths(site).banners)).json().data as { id: number; image: { url: string; alt: string } }[];
    const ids = banners.map((b) => b.id);
    expect(ids.indexOf(first)).toBeLessThan(ids.indexOf(second));
    expect(ids).not.toContain(future);
    expect(ids).not.toContain(past);
    expect(banners.find((b) => b.id === first)!.image).toMatchObject({ alt: '仓库', url: `/api/public/media/${'a'.repeat(64)}` });

    const col = await columnId(site, 'data-news/platform-notices');
    const newest = await addItem({
      site,
      live: article('平台最新公告', col),
      columnId: col,
      publishedAt: new Date(Date.now() + 60_000).toISOString(),
    });
    const slot = await addItem({
      site,
      type: 'layoutSlot',
      live: { title: '测试版位', slotKind: 'horizontalNews1', columnIds: [col], itemCount: 2, variant: 'cards', sortOrder: 0 },
    });
    const slots = (await get(publicPaths(site).slots)).json().data as PublicSlot[];
    const mine = slots.find((s) => s.id === slot)!;
    expect(mine).toMatchObject({ slotKind: 'horizontalNews1', variant: 'cards', itemCount: 2 });
    expect(mine.columns).toHaveLength(1);
    expect(mine.columns[0]!.path).toBe('data-news/platform-notices');
    expect(mine.columns[0]!.items.length).toBeLessThanOrEqual(2);
    expect(mine.columns[0]!.items[0]!.id).toBe(newest);
  });

  it('escapes every text in the pages, writes no script, and serves rich text sanitised', async () => {
    const site = 'portalWebsite';
    const col = await columnId(site, 'news/media-coverage');
    await db()
      .updateTable('portal_columns')
      .set({ name: `媒体${XSS}`, seo_description: XSS })
      .where('id', '=', col)
      .execute();
    await db().updateTable('portal_items').set({ deleted: true }).where('site', '=', site).where('type', '=', 'websiteCopy').execute();
    await addItem({
      type: 'websiteCopy',
      live: {
        title: `门户${XSS}`,
        footerText: XSS,
        contactPhone: XSS,
        contactEmail: 'a@b.cn',
        contactAddress: XSS,
        icp: XSS,
        copyright: XSS,
      },
    });
    const image = await addImage(site, `alt"${XSS}`);
    await addItem({ type: 'banner', live: { title: `焦点${XSS}`, image, linkUrl: 'javascript:alert(1)', sortOrder: 0 } });
    const dirty = '<p>正文</p><script>alert(1)</script><img src="x" onerror="alert(1)"><a href="javascript:alert(1)">链接</a>';
    const id = await addItem({
      live: article(`标题${XSS}`, col, { summary: `摘要${XSS}`, author: XSS, source: XSS, tags: [XSS], cover: image }),
      columnId: col,
      liveHtml: dirty,
    });
    await addItem({
      type: 'layoutSlot',
      live: { title: `版位${XSS}`, slotKind: 'horizontalNews1', columnIds: [col], itemCount: 5, variant: 'imageLeft' },
    });

    const api = (await get(publicPaths(site).item.replace(':id', String(id)))).json().data as PublicItem;
    expect(api.html).toContain('<p>正文</p>');
    expect(api.html).not.toMatch(/<script|onerror|javascript:/);

    const pages = [
      siteUrls(site).home,
      siteUrls(site).column('news/media-coverage'),
      siteUrls(site).item(id),
      siteUrls(site).column('nothing-here'),
    ];
    for (const url of pages) {
      const res = await get(url);
      expect([200, 404], url).toContain(res.statusCode);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.body, url).not.toMatch(/<script|onerror|javascript:|style=/i);
      expect(res.body, url).toContain('&lt;script&gt;');
    }
    const itemPage = (await get(siteUrls(site).item(id))).body;
    for (const text of ['标题&lt;script&gt;', '摘要&lt;script&gt;', '<p>正文</p>']) expect(itemPage).toContain(text);
    expect((await get(siteUrls(site).home)).body).toContain(`alt="alt&quot;&lt;script&gt;alert(1)&lt;/script&gt;"`);
  });

  it('puts the site under a strict policy: no script at all, styles only from the stylesheet', async () => {
    for (const url of [
      siteUrls('portalWebsite').home,
      siteUrls('portalWebsites').column('about/profile'),
      '/site/portalWebsite/unknown/page',
      '/site/nope/',
    ]) {
      const res = await get(url);
      const csp = String(res.headers['content-security-policy']);
      expect(csp, url).toContain("script-src 'none'");
      expect(csp).toContain("style-src 'self'");
      expect(csp).toContain("style-src-attr 'none'");
      expect(csp).not.toContain('unsafe-inline');
      expect(res.body).not.toContain('<script');
    }
    expect((await get('/site/portalWebsite/unknown/page')).statusCode).toBe(404);
    expect((await get('/site/nope/')).statusCode).toBe(404);
    expect((await get(siteUrls('portalWebsite').item(999999999))).statusCode).toBe(404);
    expect((await get('/site/portalWebsite/a/abc')).statusCode).toBe(404);
    expect((await get(`${siteUrls('portalWebsite').column('news')}?page=zero`)).statusCode).toBe(404);
    const css = await get(SITE_STYLESHEET_PATH);
    expect(css.statusCode).toBe(200);
    expect(css.headers['content-type']).toMatch(/^text\/css/);
    expect((await get(SITE_STYLESHEET_PATH, { 'if-none-match': String(css.headers.etag) })).statusCode).toBe(304);
  });

  it('renders a video with its player and poster, and a page column with its picture-text page', async () => {
    const site = 'portalWebsite';
    const poster = await addImage(site, '封面');
    const [video] = await db()
      .insertInto('portal_media')
      .values({
        enterprise_id: 'ent-p',
        site,
        kind: 'video',
        file_name: 'fixture.mp4',
        sha256: 'd'.repeat(64),
        size_bytes: 5000,
        mime_type: 'video/mp4',
        create_user_id: 'demo-portal-admin',
        create_user_name: 'sunyue',
      })
      .returning('id')
      .execute();
    const col = await columnId(site, 'videos/industry-videos');
    const id = await addItem({
      type: 'industryVideo',
      live: { title: '仓单质押业务介绍', columnId: col, video: video!.id, poster, duration: 185, summary: '三分钟了解仓单质押' },
      columnId: col,
    });
    const page = await get(siteUrls(site).item(id));
    expect(page.body).toContain('<video controls');
    expect(page.body).toContain(`poster="/api/public/media/${'a'.repeat(64)}"`);
    expect(page.body).toContain(`src="/api/public/media/${'d'.repeat(64)}"`);
    const list = (await get(publicColumnItemsUrl(site, 'videos/industry-videos'))).json().data.content as PublicItemSummary[];
    expect(list.find((i) => i.id === id)).toMatchObject({ duration: 185, cover: { id: poster } });

    const pageCol = await columnId(site, 'about/contact');
    await db()
      .updateTable('portal_items')
      .set({ deleted: true })
      .where('type', '=', 'pictureTextPage')
      .where('column_id', '=', pageCol)
      .execute();
    await addItem({
      type: 'pictureTextPage',
      live: { title: '联系我们', columnId: pageCol, body: null },
      columnId: pageCol,
      liveHtml: '<p>电话 010-12345678</p>',
    });
    const contact = await get(siteUrls(site).column('about/contact'));
    expect(contact.statusCode).toBe(200);
    expect(contact.body).toContain('电话 010-12345678');
  });

  it('makes a signed preview link of a draft: the draft on the preview, the live copy on the site', async () => {
    const col = await columnId('portalWebsite', 'news/group-news');
    const id = await addItem({
      live: article('线上标题', col),
      liveHtml: '<p>线上正文</p>',
      draft: article('草稿标题', col),
      draftHtml: '<p>草稿正文</p>',
      columnId: col,
      version: 2,
    });
    const res = await t().app.inject({
      method: 'POST',
      url: contentPaths('portalWebsite', 'article').preview.replace(':id', String(id)),
      headers: editor.headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    const { url, expiresAt } = res.json().data as { url: string; expiresAt: string };
    expect(url).toMatch(/^\/site\/portalWebsite\/preview\//);
    expect(Date.parse(expiresAt) - Date.now()).toBeGreaterThan(25 * 60_000);

    const preview = await get(url);
    expect(preview.statusCode).toBe(200);
    expect(preview.body).toContain('草稿标题');
    expect(preview.body).toContain('<p>草稿正文</p>');
    expect(preview.body).toContain('预览');
    expect(preview.body).not.toContain('<script');
    expect(preview.headers['x-robots-tag']).toContain('noindex');
    expect(preview.headers['cache-control']).toBe('no-store');
    expect(String(preview.headers['content-security-policy'])).toContain("script-src 'none'");
    const live = await get(siteUrls('portalWebsite').item(id));
    expect(live.body).toContain('线上标题');
    expect(live.body).not.toContain('草稿标题');

    // Tampered, expired, for another site, or of an item since deleted: the 404 page, never a 500.
    const token = url.split('/').pop()!;
    const flipped = `${token.slice(0, -2)}${token.endsWith('AA') ? 'BB' : 'AA'}`;
    const key = await loadPreviewKey(t().database);
    const expired = signPreview(key, {
      enterpriseId: 'ent-p',
      site: 'portalWebsite',
      type: 'article',
      id,
      version: 2,
      exp: Math.floor(Date.now() / 1000) - 1,
    });
    const otherSite = signPreview(key, {
      enterpriseId: 'ent-p',
      site: 'portalWebsites',
      type: 'article',
      id,
      version: 2,
      exp: Math.floor(Date.now() / 1000) + 60,
    });
    const forged = signPreview(Buffer.alloc(32, 7), {
      enterpriseId: 'ent-p',
      site: 'portalWebsite',
      type: 'article',
      id,
      version: 2,
      exp: Math.floor(Date.now() / 1000) + 60,
    });
    expect(url.length).toBeLessThan(140);
    for (const bad of [flipped, expired, forged, 'garbage', `${token}.x`, `${'A'.repeat(90)}.B`]) {
      const r = await get(siteUrls('portalWebsite').preview(bad));
      expect(r.statusCode, bad).toBe(404);
      expect(r.headers['cache-control']).toBe('no-store');
      expect(r.body).toContain('预览链接无效或已过期');
    }
    expect((await get(siteUrls('portalWebsites').preview(otherSite))).statusCode).toBe(404);
    // An older version named by a link still shows that version (from the versions table).
    await db()
      .insertInto('portal_item_versions')
      .values({
        item_id: id,
        version: 1,
        title: '第一版标题',
        data: JSON.stringify(article('第一版标题', col)),
        user_id: 'demo-portal-admin',
        user_name: 'sunyue',
      })
      .execute();
    const v1 = signPreview(key, {
      enterpriseId: 'ent-p',
      site: 'portalWebsite',
      type: 'article',
      id,
      version: 1,
      exp: Math.floor(Date.now() / 1000) + 60,
    });
    const older = await get(siteUrls('portalWebsite').preview(v1));
    expect(older.statusCode).toBe(200);
    expect(older.body).toContain('第一版标题');
    await db().updateTable('portal_items').set({ deleted: true }).where('id', '=', id).execute();
    expect((await get(url)).statusCode).toBe(404);
  });

  it("makes preview links only of the caller enterprise's items, for readers of the site", async () => {
    const col = await columnId('portalWebsite', 'news/group-news');
    const id = await addItem({ status: 'draft', draft: article('仅草稿', col), draftHtml: '<p>仅草稿</p>', columnId: col });
    const path = contentPaths('portalWebsite', 'article').preview.replace(':id', String(id));
    expect((await t().app.inject({ method: 'POST', url: path, headers: otherAdmin.headers })).statusCode).toBe(404);
    expect((await t().app.inject({ method: 'POST', url: path, headers: outsider.headers })).statusCode).toBe(403);
    expect((await t().app.inject({ method: 'POST', url: path })).statusCode).toBe(401);
    // The wrong type or site names no such item.
    expect(
      (
        await t().app.inject({
          method: 'POST',
          url: contentPaths('portalWebsite', 'video').preview.replace(':id', String(id)),
          headers: editor.headers,
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await t().app.inject({
          method: 'POST',
          url: contentPaths('portalWebsites', 'article').preview.replace(':id', String(id)),
          headers: editor.headers,
        })
      ).statusCode,
    ).toBe(404);
    const ok = await t().app.inject({ method: 'POST', url: path, headers: editor.headers });
    const page = await get((ok.json().data as { url: string }).url);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('仅草稿');
    // Never published: the public site has no such page.
    expect((await get(siteUrls('portalWebsite').item(id))).statusCode).toBe(404);

    // A draft banner previews on the home page beside the published ones.
    const image = await addImage('portalWebsite', '草稿焦点图');
    const banner = await addItem({ type: 'banner', status: 'draft', draft: { title: '草稿焦点图标题', image, linkUrl: '', sortOrder: 0 } });
    const link = await t().app.inject({
      method: 'POST',
      url: contentPaths('portalWebsite', 'banner').preview.replace(':id', String(banner)),
      headers: editor.headers,
    });
    const home = await get((link.json().data as { url: string }).url);
    expect(home.body).toContain('草稿焦点图标题');
    expect((await get(siteUrls('portalWebsite').home)).body).not.toContain('草稿焦点图标题');
  });
});

describeEachDatabase('portal public site: the demo content', (t) => {
  const db = () => t().database.db;
  const get = (url: string) => t().app.inject({ method: 'GET', url });

  it('fills both sites: every slot kind, pages for the page columns, items in every status, html rendered from the body', async () => {
    const rows = await db()
      .selectFrom('portal_items')
      .select(['site', 'type', 'status', 'version', 'live_version', 'draft', 'draft_html', 'live', 'live_html', 'slot_kind'])
      .where('enterprise_id', '=', 'ent-p')
      .execute();
    const articles = rows.filter((r) => r.type === 'article');
    expect(articles.length).toBeGreaterThanOrEqual(30);
    expect(new Set(rows.map((r) => r.status))).toEqual(new Set(['draft', 'scheduled', 'published', 'withdrawn', 'expired']));
    expect(rows.some((r) => r.status === 'published' && r.version > (r.live_version ?? 0))).toBe(true);
    expect(new Set(rows.filter((r) => r.type === 'layoutSlot').map((r) => r.slot_kind))).toEqual(new Set(SLOT_KIND_NAMES));
    for (const r of rows) {
      const draft = r.draft as { body?: unknown };
      if (draft.body) expect(r.draft_html).toBe(renderRichText(draft.body as RichTextDocument));
      const live = r.live as { body?: unknown } | null;
      if (live?.body) expect(r.live_html).toBe(renderRichText(live.body as RichTextDocument));
    }
    for (const site of ['portalWebsite', 'portalWebsites'] as const) {
      const home = await get(siteUrls(site).home);
      expect(home.statusCode).toBe(200);
      expect(home.body).toContain('京ICP备20260188号');
      const slots = (await get(publicPaths(site).slots)).json().data as PublicSlot[];
      expect(slots.length).toBeGreaterThanOrEqual(3);
      expect(slots.flatMap((s) => s.columns.flatMap((c) => c.items)).length).toBeGreaterThan(10);
      const profile = await get(siteUrls(site).column('about/profile'));
      expect(profile.statusCode).toBe(200);
      expect(profile.body).toContain('rich-text');
    }
    // Without media files there are no banners, picture-text cards or videos.
    expect(rows.filter((r) => ['banner', 'pictureTextItem', 'video', 'industryVideo'].includes(r.type))).toEqual([]);
  });

  it('takes its images and videos from the media library when it has files: banners within their window, covers, videos', async () => {
    const site = 'portalWebsite';
    const media = async (fileName: string, kind: 'image' | 'video', n: number) =>
      (
        await db()
          .insertInto('portal_media')
          .values({
            enterprise_id: 'ent-p',
            site,
            kind,
            file_name: fileName,
            alt: kind === 'image' ? fileName : '',
            sha256: String(n).repeat(64).slice(0, 64),
            size_bytes: 1000,
            mime_type: kind === 'image' ? 'image/jpeg' : 'video/mp4',
            create_user_id: 'demo-portal-admin',
            create_user_name: 'sunyue',
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    const ids = [await media('port.jpg', 'image', 1), await media('warehouse.jpg', 'image', 2), await media('intro.mp4', 'video', 3)];
    expect([...(await seedMediaIds(db(), 'ent-p', site)).values()]).toEqual(ids);
    // Seeded again from scratch, as on a database whose media library was seeded first.
    const items = db().selectFrom('portal_items').select('id').where('enterprise_id', '=', 'ent-p');
    await db().deleteFrom('portal_item_refs').where('item_id', 'in', items).execute();
    await db().deleteFrom('portal_item_versions').where('item_id', 'in', items).execute();
    await db().deleteFrom('portal_items').where('enterprise_id', '=', 'ent-p').execute();
    await db()
      .transaction()
      .execute((trx) => seedPortalContent(trx));

    const banners = (await get(publicPaths(site).banners)).json().data as { title: string }[];
    // Five seeded: one scheduled for later and one past its window are not shown.
    expect(banners).toHaveLength(3);
    const videos = (await get(publicColumnItemsUrl(site, 'videos'))).json().data.content as PublicItemSummary[];
    // The videos column lists its own videos and, through its child column, the industry-news videos.
    expect(videos.map((v) => v.type).sort()).toEqual(['industryVideo', 'industryVideo', 'video', 'video']);
    expect(videos[0]!.duration).toBeGreaterThan(0);
    const video = await get(siteUrls(site).item(videos[0]!.id));
    expect(video.body).toContain('<video controls');
    const refs = await db()
      .selectFrom('portal_item_refs')
      .select(['ref_id'])
      .where('ref_kind', '=', 'media')
      .where('item_id', 'in', items)
      .execute();
    expect(new Set(refs.map((r) => r.ref_id))).toEqual(new Set(ids));
    expect((await get(siteUrls(site).home)).body).toContain('class="hero"');
  });
});
