// The portal sites' column trees (issue 12): the seeded trees, create/edit/move/delete with the tree rules (no
// cycles, depth ≤ 4, slugs unique among siblings), 409 on a stale version, the where-used guard, the whole-tree
// save (all or nothing), the mind-map draft, the permissions and another enterprise's tree out of reach.
import { beforeAll, describe, expect, it } from 'vitest';
import {
  COLUMN_DRAFT_MAX_CHARS,
  NUL_MESSAGE,
  PERMISSION_MESSAGES,
  CONTENT_TYPE_NAMES,
  PORTAL_MESSAGES,
  portalPaths,
  type Column,
  type ColumnTree,
  type PortalSite,
} from '@tfb/contract';
import { seedDemo } from '../src/db/seed.js';
import { describeEachDatabase, type TestSession } from './helpers/test-app.js';
import { addTestUser } from './helpers/users.js';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

describeEachDatabase('portal columns', (t) => {
  let editor: TestSession; // demo-portal-admin, ent-p: administers both sites
  let reader: TestSession; // demo-group, ent-p: reads only
  let outsider: TestSession; // demo-supervisor: no portal permission
  let otherAdmin: TestSession; // demo-admin, ent-a: every permission, another enterprise
  beforeAll(async () => {
    [editor, reader, outsider, otherAdmin] = await Promise.all([
      t().enter('demo-portal-admin'),
      t().enter('demo-group'),
      t().enter('demo-supervisor'),
      t().enter('demo-admin'),
    ]);
  });

  const call = (s: TestSession, method: Method, url: string, payload?: unknown) =>
    t().app.inject({ method, url, headers: s.headers, ...(payload === undefined ? {} : { payload: payload as object }) });
  const at = (path: string, id: number) => path.replace(':id', String(id));
  const tree = async (s: TestSession, site: PortalSite): Promise<ColumnTree> => {
    const res = await call(s, 'GET', portalPaths(site).columns);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as ColumnTree;
  };
  const bySlug = (tr: ColumnTree, slug: string, parentId?: number | null): Column => {
    const c = tr.columns.find((x) => x.slug === slug && (parentId === undefined || x.parentId === parentId));
    if (!c) throw new Error(`no column ${slug}`);
    return c;
  };
  const childrenOf = (tr: ColumnTree, parentId: number | null) => tr.columns.filter((c) => c.parentId === parentId).map((c) => c.slug);
  const column = (over: Record<string, unknown> = {}) => ({ name: '测试栏目', slug: 'test', kind: 'list', ...over });
  const created = async (site: PortalSite, over: Record<string, unknown>): Promise<Column> => {
    const res = await call(editor, 'POST', portalPaths(site).columns, column(over));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ code: 0, message: '成功' });
    return res.json().data as Column;
  };

  describe('reading', () => {
    it('answers the seeded tree of each site, parents before children and siblings in order', async () => {
      const site = await tree(editor, 'portalWebsite');
      expect(site.version).toBe(1);
      expect(childrenOf(site, null)).toEqual(['home', 'news', 'industry', 'notices', 'products', 'videos', 'scf-innovation', 'about']);
      const products = bySlug(site, 'products');
      expect(childrenOf(site, products.id)).toEqual(['warehouse-receipt-pledge', 'order-financing', 'receivables-financing']);
      expect(bySlug(site, 'profile').kind).toBe('page');
      expect(bySlug(site, 'scf-innovation').kind).toBe('topic');
      const seen = new Set<number>();
      for (const c of site.columns) {
        if (c.parentId !== null) expect(seen.has(c.parentId)).toBe(true);
        seen.add(c.id);
      }
      const data = await tree(editor, 'portalWebsites');
      expect(childrenOf(data, null)).toContain('digital-receipts');
      expect(bySlug(data, 'regulation')).toMatchObject({ kind: 'link', linkUrl: 'https://www.nfra.gov.cn/' });
      expect(bySlug(data, 'history').visible).toBe(false);
    });

    it('lets a reader read but not change, and refuses a role without the permission', async () => {
      expect((await tree(reader, 'portalWebsite')).columns.length).toBeGreaterThan(10);
      const write = await call(reader, 'POST', portalPaths('portalWebsite').columns, column({ slug: 'by-reader' }));
      expect(write.statusCode).toBe(403);
      expect(write.json()).toMatchObject({ code: 40301, message: PERMISSION_MESSAGES.denied('portalWebsite:admin') });
      const draft = await call(reader, 'GET', portalPaths('portalWebsites').draft);
      expect(draft.statusCode).toBe(403);
      const read = await call(outsider, 'GET', portalPaths('portalWebsites').columns);
      expect(read.statusCode).toBe(403);
      expect(read.json()).toMatchObject({ code: 40301, message: PERMISSION_MESSAGES.denied('portalWebsites:read') });
    });

    it("gives each site's administrator that site's tree only, and content editors no say over the structure", async () => {
      await addTestUser(t().database.db, {
        id: 'test-site-admin',
        enterpriseId: 'ent-p',
        orgId: 'org-p-ops',
        roles: ['portal_website_admin'],
      });
      const siteAdmin = await t().enter('test-site-admin');
      const own = await call(siteAdmin, 'POST', portalPaths('portalWebsite').columns, column({ slug: 'by-site-admin' }));
      expect(own.statusCode, own.body).toBe(200);
      const other = await call(siteAdmin, 'POST', portalPaths('portalWebsites').columns, column({ slug: 'by-site-admin' }));
      expect(other.statusCode).toBe(403);
      expect(other.json()).toMatchObject({ code: 40301, message: PERMISSION_MESSAGES.denied('portalWebsites:admin') });
      expect((await call(siteAdmin, 'GET', portalPaths('portalWebsites').columns)).statusCode).toBe(403);
      // internal edits content (write) but not the column tree (admin).
      const internal = await t().enter('demo-internal');
      expect((await tree(internal, 'portalWebsites')).columns.length).toBeGreaterThan(10);
      const put = await call(internal, 'PUT', portalPaths('portalWebsites').draft, { baseVersion: 1, tree: {} });
      expect(put.statusCode).toBe(403);
      expect(put.json()).toMatchObject({ code: 40301, message: PERMISSION_MESSAGES.denied('portalWebsites:admin') });
    });

    it('answers 404 for a site that does not exist', async () => {
      for (const url of ['/api/portal/portalWebsitez/columns', '/api/portal/other/columns/1']) {
        const res = await call(editor, 'GET', url);
        expect(res.statusCode).toBe(404);
        expect(res.json().code).toBe(40400);
      }
      expect((await call(editor, 'POST', '/api/portal/nosite/columns', column())).statusCode).toBe(404);
    });

    it("keeps each enterprise's tree its own: another enterprise's admin neither sees nor changes it", async () => {
      const theirs = await tree(otherAdmin, 'portalWebsite');
      expect(theirs.columns).toEqual([]);
      const news = bySlug(await tree(editor, 'portalWebsite'), 'news');
      const update = await call(otherAdmin, 'PUT', at(portalPaths('portalWebsite').column, news.id), column({ version: news.version }));
      expect(update.statusCode).toBe(404);
      expect((await call(otherAdmin, 'DELETE', at(portalPaths('portalWebsite').column, news.id))).statusCode).toBe(404);
      const move = await call(otherAdmin, 'POST', at(portalPaths('portalWebsite').move, news.id), {
        parentId: null,
        position: 0,
        version: news.version,
      });
      expect(move.statusCode).toBe(404);
      const child = await call(otherAdmin, 'POST', portalPaths('portalWebsite').columns, column({ parentId: news.id }));
      expect(child.statusCode).toBe(400);
      expect(child.json().errors).toEqual([{ field: 'parentId', message: PORTAL_MESSAGES.parentMissing }]);
      expect(bySlug(await tree(editor, 'portalWebsite'), 'news')).toEqual(news);
    });
  });

  describe('create and edit', () => {
    it('creates a column last among its siblings, stamped with the caller, and raises the tree version', async () => {
      const before = await tree(editor, 'portalWebsite');
      const news = bySlug(before, 'news');
      const c = await created('portalWebsite', { name: '党建工作', slug: 'party-building', parentId: news.id, seoTitle: '党建工作' });
      expect(c).toMatchObject({
        parentId: news.id,
        kind: 'list',
        visible: true,
        version: 1,
        sortOrder: 2,
        createUserName: 'sunyue',
        linkUrl: '',
      });
      const after = await tree(editor, 'portalWebsite');
      expect(after.version).toBe(before.version + 1);
      expect(childrenOf(after, news.id)).toEqual(['group-news', 'media-coverage', 'party-building']);
    });

    it.each([
      [{ name: '' }, 'name', PORTAL_MESSAGES.nameRequired],
      [{ name: '长'.repeat(51) }, 'name', '不能超过 50 个字符'],
      [{ slug: undefined }, 'slug', PORTAL_MESSAGES.slugRequired],
      [{ slug: 'Has Space' }, 'slug', PORTAL_MESSAGES.slugInvalid],
      [{ slug: 'a'.repeat(61) }, 'slug', '不能超过 60 个字符'],
      [{ kind: undefined }, 'kind', PORTAL_MESSAGES.kindRequired],
      [{ kind: 'gallery' }, 'kind', PORTAL_MESSAGES.kindInvalid],
      [{ kind: 'link' }, 'linkUrl', PORTAL_MESSAGES.linkRequired],
      [{ kind: 'link', linkUrl: 'javascript:alert(1)' }, 'linkUrl', PORTAL_MESSAGES.linkInvalid],
      [{ kind: 'link', linkUrl: '//evil.example/x' }, 'linkUrl', PORTAL_MESSAGES.linkInvalid],
      [{ sortOrder: -1 }, 'sortOrder', PORTAL_MESSAGES.sortInvalid],
      [{ visible: 'maybe' }, 'visible', PORTAL_MESSAGES.visibleInvalid],
      [{ seoTitle: 'x'.repeat(101) }, 'seoTitle', '不能超过 100 个字符'],
      [{ seoDescription: 'x'.repeat(501) }, 'seoDescription', '不能超过 500 个字符'],
    ])('refuses %j with 400 naming %s', async (over, field, message) => {
      const res = await call(editor, 'POST', portalPaths('portalWebsites').columns, column({ slug: 'valid-slug', ...over }));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 40000, message: `${field}: ${message}` });
      expect(res.json().errors[0]).toEqual({ field, message });
    });

    it('accepts http, https and relative links', async () => {
      for (const [i, linkUrl] of ['https://www.example.com/a?b=1', 'http://example.com', '/site/portalWebsites/', 'news/list'].entries()) {
        const c = await created('portalWebsites', { slug: `link-${i}`, kind: 'link', linkUrl });
        expect(c.linkUrl).toBe(linkUrl);
      }
    });

    it('refuses a slug a sibling has, and allows it under another parent', async () => {
      const site = await tree(editor, 'portalWebsites');
      const clash = await call(editor, 'POST', portalPaths('portalWebsites').columns, column({ slug: 'products' }));
      expect(clash.statusCode).toBe(400);
      expect(clash.json().errors).toEqual([{ field: 'slug', message: PORTAL_MESSAGES.slugTaken('products') }]);
      await created('portalWebsites', { slug: 'products', parentId: bySlug(site, 'videos').id });
    });

    it('lets only one of two concurrent creates take a slug among siblings', async () => {
      const url = portalPaths('portalWebsites').columns;
      const replies = await Promise.all([1, 2, 3].map((n) => call(editor, 'POST', url, column({ name: `并发${n}`, slug: 'race' }))));
      expect(replies.map((r) => r.statusCode).sort()).toEqual([200, 400, 400]);
      expect((await tree(editor, 'portalWebsites')).columns.filter((c) => c.slug === 'race' && c.parentId === null)).toHaveLength(1);
    });

    it('edits a column at the version read, and answers 409 to a stale version without changing it', async () => {
      const notices = bySlug(await tree(editor, 'portalWebsite'), 'notices');
      const url = at(portalPaths('portalWebsite').column, notices.id);
      const first = await call(editor, 'PUT', url, column({ name: '通知公告', slug: 'notices', version: notices.version, visible: false }));
      expect(first.statusCode, first.body).toBe(200);
      expect(first.json().data).toMatchObject({
        name: '通知公告',
        visible: false,
        version: notices.version + 1,
        sortOrder: notices.sortOrder,
      });
      const stale = await call(editor, 'PUT', url, column({ name: '旧的', slug: 'notices', version: notices.version }));
      expect(stale.statusCode).toBe(409);
      expect(stale.json()).toMatchObject({ code: 40900, message: PORTAL_MESSAGES.staleColumn });
      expect(bySlug(await tree(editor, 'portalWebsite'), 'notices').name).toBe('通知公告');
      const rename = await call(editor, 'PUT', url, column({ slug: 'news', version: notices.version + 1 }));
      expect(rename.statusCode).toBe(400);
      expect(rename.json().errors).toEqual([{ field: 'slug', message: PORTAL_MESSAGES.slugTaken('news') }]);
      const missing = await call(editor, 'PUT', at(portalPaths('portalWebsite').column, 99999999), column({ version: 1 }));
      expect(missing.statusCode).toBe(404);
    });
  });

  describe('move and delete', () => {
    /** A chain a > b > c under the top level of portalWebsites, made fresh for each use. */
    const chain = async (prefix: string) => {
      const a = await created('portalWebsites', { slug: `${prefix}-a` });
      const b = await created('portalWebsites', { slug: `${prefix}-b`, parentId: a.id });
      const c = await created('portalWebsites', { slug: `${prefix}-c`, parentId: b.id });
      return { a, b, c };
    };
    const move = (c: Column, parentId: number | null, position = 0) =>
      call(editor, 'POST', at(portalPaths('portalWebsites').move, c.id), { parentId, position, version: c.version });

    it('moves a column under a new parent at a position, renumbering its new siblings', async () => {
      const site = await tree(editor, 'portalWebsites');
      const products = bySlug(site, 'products');
      const guides = bySlug(site, 'guides');
      const res = await move(guides, products.id, 1);
      expect(res.statusCode, res.body).toBe(200);
      const after = res.json().data as ColumnTree;
      expect(after.version).toBe(site.version + 1);
      expect(childrenOf(after, products.id)).toEqual([
        'warehouse-receipt-pledge',
        'guides',
        'order-financing',
        'receivables-financing',
        'data-services',
      ]);
      expect(after.columns.filter((c) => c.parentId === products.id).map((c) => c.sortOrder)).toEqual([0, 1, 2, 3, 4]);
      expect(bySlug(after, 'guides').version).toBe(guides.version + 1);
    });

    it('refuses a cycle, a fifth level and a sibling slug clash, changing nothing', async () => {
      const { a, b, c } = await chain('mv');
      const before = await tree(editor, 'portalWebsites');
      const self = await move(a, a.id);
      expect(self.statusCode).toBe(400);
      expect(self.json().errors).toEqual([{ field: 'parentId', message: PORTAL_MESSAGES.cycle }]);
      const cycle = await move(a, c.id);
      expect(cycle.json().errors).toEqual([{ field: 'parentId', message: PORTAL_MESSAGES.cycle }]);
      // a > b > c is three levels; under about > profile (two levels) it would be five.
      const profile = bySlug(before, 'profile');
      const deep = await move(a, profile.id);
      expect(deep.statusCode).toBe(400);
      expect(deep.json().errors).toEqual([{ field: 'parentId', message: PORTAL_MESSAGES.tooDeep }]);
      // b > c under about > profile makes four levels, which is allowed.
      expect((await move(b, profile.id)).statusCode).toBe(200);
      const stale = await move(b, null);
      expect(stale.statusCode).toBe(409);
      expect(stale.json()).toMatchObject({ code: 40900, message: PORTAL_MESSAGES.staleColumn });
      const clash = await created('portalWebsites', { slug: 'home', parentId: a.id });
      const res = await move(clash, null);
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual([{ field: 'slug', message: PORTAL_MESSAGES.slugTaken('home') }]);
      expect(childrenOf(await tree(editor, 'portalWebsites'), profile.id)).toEqual(['mv-b']);
    });

    it('refuses to delete a column with children, listing them, and deletes a leaf', async () => {
      const site = await tree(editor, 'portalWebsite');
      const about = bySlug(site, 'about');
      const res = await call(editor, 'DELETE', at(portalPaths('portalWebsite').column, about.id));
      expect(res.statusCode).toBe(409);
      const uses = PORTAL_MESSAGES.childColumns(['公司简介', '联系我们']);
      // The demo content gives the column its single page too.
      const page = `${CONTENT_TYPE_NAMES.pictureTextPage}「关于我们」`;
      expect(res.json()).toMatchObject({
        code: 40900,
        message: PORTAL_MESSAGES.inUse('关于我们', [uses, page]),
        errors: [
          { field: 'id', message: uses },
          { field: 'id', message: page },
        ],
      });
      const contact = bySlug(site, 'contact');
      const gone = await call(editor, 'DELETE', at(portalPaths('portalWebsite').column, contact.id));
      expect(gone.statusCode, gone.body).toBe(200);
      expect(gone.json().data).toEqual({ id: contact.id });
      const after = await tree(editor, 'portalWebsite');
      expect(childrenOf(after, about.id)).toEqual(['profile']);
      expect(after.version).toBe(site.version + 1);
      expect((await call(editor, 'DELETE', at(portalPaths('portalWebsite').column, contact.id))).statusCode).toBe(404);
    });
  });

  describe('whole-tree save', () => {
    type Node = Record<string, unknown> & { key: string; parentKey: string | null };
    const nodesOf = (tr: ColumnTree): Node[] =>
      tr.columns.map((c) => ({
        id: c.id,
        key: String(c.id),
        parentKey: c.parentId === null ? null : String(c.parentId),
        name: c.name,
        slug: c.slug,
        kind: c.kind,
        linkUrl: c.linkUrl,
        visible: c.visible,
        seoTitle: c.seoTitle,
        seoKeywords: c.seoKeywords,
        seoDescription: c.seoDescription,
      }));
    const save = (baseVersion: number, columns: Node[]) =>
      call(editor, 'PUT', portalPaths('portalWebsites').columns, { baseVersion, columns });

    it('applies renames, new nested columns, removals and order in one go', async () => {
      const before = await tree(editor, 'portalWebsites');
      const videos = bySlug(before, 'videos');
      const history = bySlug(before, 'history');
      const nodes = nodesOf(before).filter((n) => n.id !== history.id);
      const flash = nodes.find((n) => n.slug === 'data-flash')!;
      flash.name = '数据速递';
      const top = nodes.filter((n) => n.parentKey === null);
      const rest = nodes.filter((n) => n.parentKey !== null);
      const added: Node[] = [
        { key: 'n1', parentKey: String(videos.id), name: '客户访谈', slug: 'interviews', kind: 'list' },
        { key: 'n2', parentKey: 'n1', name: '钢铁行业', slug: 'steel', kind: 'list' },
      ];
      const res = await save(before.version, [...top.reverse(), ...rest, ...added]);
      expect(res.statusCode, res.body).toBe(200);
      const after = res.json().data as ColumnTree;
      expect(after.version).toBe(before.version + 1);
      expect(childrenOf(after, null)).toEqual([...childrenOf(before, null)].reverse());
      expect(bySlug(after, 'data-flash')).toMatchObject({ name: '数据速递', version: bySlug(before, 'data-flash').version + 1 });
      // An unchanged column keeps its version.
      expect(bySlug(after, 'commodities').version).toBe(bySlug(before, 'commodities').version);
      const interviews = bySlug(after, 'interviews');
      expect(interviews.parentId).toBe(videos.id);
      expect(bySlug(after, 'steel').parentId).toBe(interviews.id);
      expect(after.columns.some((c) => c.id === history.id)).toBe(false);
      expect(after.columns).toHaveLength(before.columns.length + 1);
    });

    it('refuses a save from an older version with 409', async () => {
      const current = await tree(editor, 'portalWebsites');
      const res = await save(current.version - 1, nodesOf(current));
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ code: 40900, message: PORTAL_MESSAGES.staleTree });
    });

    it('writes nothing when one node breaks a rule, naming the node', async () => {
      const before = await tree(editor, 'portalWebsites');
      const valid = nodesOf(before);
      valid[0]!.name = '改了但不该保存';
      // mv-c is at the fourth level (about > profile > mv-b > mv-c, from the move tests).
      const leaf = bySlug(before, 'mv-c');
      const cases: [Node[], string, string][] = [
        [
          [...valid, { key: 'x', parentKey: String(leaf.id), name: '第五级', slug: 'fifth', kind: 'list' }],
          `columns.${valid.length}.parentKey`,
          PORTAL_MESSAGES.tooDeep,
        ],
        [
          [...valid, { key: 'x', parentKey: null, name: '重复', slug: 'home', kind: 'list' }],
          `columns.${valid.length}.slug`,
          PORTAL_MESSAGES.slugTaken('home'),
        ],
        [
          [
            ...valid,
            { key: 'x', parentKey: 'y', name: '甲', slug: 'cy-x', kind: 'list' },
            { key: 'y', parentKey: 'x', name: '乙', slug: 'cy-y', kind: 'list' },
          ],
          `columns.${valid.length}.parentKey`,
          PORTAL_MESSAGES.cycle,
        ],
        [
          [...valid, { key: 'x', parentKey: 'nowhere', name: '孤儿', slug: 'orphan', kind: 'list' }],
          `columns.${valid.length}.parentKey`,
          PORTAL_MESSAGES.parentKeyMissing('nowhere'),
        ],
        [[...valid, { ...valid[1]!, key: 'copy' }], `columns.${valid.length}.id`, PORTAL_MESSAGES.idDuplicate(valid[1]!.id as number)],
        [
          [...valid, { key: 'x', id: 99999999, parentKey: null, name: '外来', slug: 'foreign', kind: 'list' }],
          `columns.${valid.length}.id`,
          PORTAL_MESSAGES.unknownColumn(99999999),
        ],
      ];
      for (const [columns, field, message] of cases) {
        const res = await save(before.version, columns);
        expect(res.statusCode, field).toBe(400);
        expect(res.json().errors).toEqual([{ field, message }]);
      }
      const badKind = await save(before.version, [...valid, { key: 'x', parentKey: null, name: '坏', slug: 'bad', kind: 'gallery' }]);
      expect(badKind.statusCode).toBe(400);
      expect(badKind.json().errors[0]).toEqual({ field: `columns.${valid.length}.kind`, message: PORTAL_MESSAGES.kindInvalid });
      expect(await tree(editor, 'portalWebsites')).toEqual(before);
    });

    it("cannot take another enterprise's columns into its own tree", async () => {
      const theirs = await tree(editor, 'portalWebsites');
      const mine = await tree(otherAdmin, 'portalWebsites');
      const first = nodesOf(theirs)[0]!;
      const stolen: Node = { ...first, parentKey: null };
      const res = await call(otherAdmin, 'PUT', portalPaths('portalWebsites').columns, { baseVersion: mine.version, columns: [stolen] });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual([{ field: 'columns.0.id', message: PORTAL_MESSAGES.unknownColumn(stolen.id as number) }]);
      expect(await tree(editor, 'portalWebsites')).toEqual(theirs);
    });
  });

  describe('the mind-map draft', () => {
    it('keeps one draft per site with who and when, and forgets it on delete', async () => {
      const paths = portalPaths('portalWebsite');
      expect((await call(editor, 'GET', paths.draft)).json().data).toBeNull();
      const draftTree = { root: { topic: '集团门户', children: [{ topic: '集团新闻', id: 'a1' }] } };
      const put = await call(editor, 'PUT', paths.draft, { baseVersion: 3, tree: draftTree });
      expect(put.statusCode, put.body).toBe(200);
      const got = (await call(editor, 'GET', paths.draft)).json().data;
      expect(got).toMatchObject({ tree: draftTree, baseVersion: 3, userId: 'demo-portal-admin', userName: 'sunyue' });
      expect(Number.isNaN(Date.parse(got.savedTime))).toBe(false);
      // The other site's draft and another enterprise's are separate.
      expect((await call(editor, 'GET', portalPaths('portalWebsites').draft)).json().data).toBeNull();
      expect((await call(otherAdmin, 'GET', paths.draft)).json().data).toBeNull();
      const empty = await call(editor, 'PUT', paths.draft, { baseVersion: 3 });
      expect(empty.statusCode).toBe(400);
      expect(empty.json().errors[0]).toEqual({ field: 'tree', message: PORTAL_MESSAGES.draftRequired });
      const nul = await call(editor, 'PUT', paths.draft, { baseVersion: 3, tree: { topic: 'a\u0000b' } });
      expect(nul.statusCode).toBe(400);
      expect(nul.json().errors[0]).toEqual({ field: 'tree', message: NUL_MESSAGE });
      const huge = await call(editor, 'PUT', paths.draft, { baseVersion: 3, tree: { topic: 'x'.repeat(COLUMN_DRAFT_MAX_CHARS) } });
      expect(huge.statusCode).toBe(400);
      expect((await call(editor, 'GET', paths.draft)).json().data).toMatchObject({ tree: draftTree });
      expect((await call(editor, 'DELETE', paths.draft)).json()).toMatchObject({ code: 0, data: null });
      expect((await call(editor, 'GET', paths.draft)).json().data).toBeNull();
    });

    it('drops the draft with the whole-tree save it led to, and keeps it when the save is refused', async () => {
      const paths = portalPaths('portalWebsites');
      const tree = (await call(editor, 'GET', paths.columns)).json().data as ColumnTree;
      const columns = tree.columns.map((c) => ({
        ...c,
        key: String(c.id),
        parentKey: c.parentId === null ? null : String(c.parentId),
      }));
      await call(editor, 'PUT', paths.draft, { baseVersion: tree.version, tree: { topic: '草稿' } });
      const stale = await call(editor, 'PUT', paths.columns, { baseVersion: tree.version - 1, columns });
      expect(stale.statusCode).toBe(409);
      expect((await call(editor, 'GET', paths.draft)).json().data).toMatchObject({ tree: { topic: '草稿' } });
      const saved = await call(editor, 'PUT', paths.columns, { baseVersion: tree.version, columns });
      expect(saved.statusCode, saved.body).toBe(200);
      expect((await call(editor, 'GET', paths.draft)).json().data).toBeNull();
    });
  });
  describe('the database', () => {
    it('holds the sibling-slug and same-tree rules itself, checking slugs at commit', async () => {
      const db = t().database.db;
      const rows = await db
        .selectFrom('portal_columns')
        .selectAll()
        .where('enterprise_id', '=', 'ent-p')
        .where('site', '=', 'portalWebsite')
        .where('parent_id', 'is', null)
        .orderBy('sort_order')
        .execute();
      const [a, b] = rows;
      const other = await db
        .selectFrom('portal_columns')
        .select('id')
        .where('enterprise_id', '=', 'ent-p')
        .where('site', '=', 'portalWebsites')
        .executeTakeFirstOrThrow();
      const copy = (over: Partial<typeof a>) => {
        const { id: _id, ...row } = { ...a!, ...over };
        return row;
      };
      // A second root with a root's slug, written directly: refused when the transaction commits.
      await expect(db.transaction().execute((trx) => trx.insertInto('portal_columns').values(copy({})).execute())).rejects.toThrow(
        /portal_columns_sibling_slug_key/,
      );
      // A parent from the other site's tree: refused.
      await expect(
        db
          .insertInto('portal_columns')
          .values(copy({ slug: 'stray', parent_id: other.id }))
          .execute(),
      ).rejects.toThrow(/portal_columns_parent_same_tree/);
      // Two siblings swapping their slugs inside one transaction: allowed (the rule holds again at commit).
      await db.transaction().execute(async (trx) => {
        await trx.updateTable('portal_columns').set({ slug: b!.slug }).where('id', '=', a!.id).execute();
        await trx.updateTable('portal_columns').set({ slug: a!.slug }).where('id', '=', b!.id).execute();
      });
      await db.transaction().execute(async (trx) => {
        await trx.updateTable('portal_columns').set({ slug: a!.slug }).where('id', '=', a!.id).execute();
        await trx.updateTable('portal_columns').set({ slug: b!.slug }).where('id', '=', b!.id).execute();
      });
      const after = await db.selectFrom('portal_columns').select(['id', 'slug']).where('id', 'in', [a!.id, b!.id]).orderBy('id').execute();
      expect(after.map((r) => r.slug).sort()).toEqual([a!.slug, b!.slug].sort());
    });
  });
  describe('the demo seed', () => {
    it('gives a database seeded before the portal trees its trees once, at the next start', async () => {
      const db = t().database.db;
      // Such a database had no portal content either (the demo content points at the columns).
      const items = db.selectFrom('portal_items').select('id').where('enterprise_id', '=', 'ent-p');
      await db.deleteFrom('portal_item_refs').where('item_id', 'in', items).execute();
      await db.deleteFrom('portal_item_versions').where('item_id', 'in', items).execute();
      await db.deleteFrom('portal_items').where('enterprise_id', '=', 'ent-p').execute();
      await db.deleteFrom('portal_columns').where('enterprise_id', '=', 'ent-p').execute();
      await db.deleteFrom('portal_column_trees').where('enterprise_id', '=', 'ent-p').execute();
      await db.deleteFrom('app_secrets').where('name', '=', 'demo_seed_portal_v1').execute();
      const users = async () => (await db.selectFrom('users').select(db.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n;
      const before = await users();
      expect(await seedDemo(db)).toBe(false);
      expect(await seedDemo(db)).toBe(false);
      expect(await users()).toBe(before);
      const site = await tree(editor, 'portalWebsite');
      expect(site.version).toBe(1);
      expect(childrenOf(site, null)).toEqual(['home', 'news', 'industry', 'notices', 'products', 'videos', 'scf-innovation', 'about']);
      expect((await tree(editor, 'portalWebsites')).columns.filter((c) => c.slug === 'home')).toHaveLength(1);
    });
  });
});
