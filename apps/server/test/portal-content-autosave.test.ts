// The content editor's autosave: each user's working copy of an item's edit form or of a type's add form, never a
// version. Put / get / delete, the base version recorded, only its owner sees it (another user of the enterprise
// has their own, another enterprise's item does not exist), its size and NUL limits, and a real save (create or
// save) of the same user dropping it while another user's copy stays.
import { beforeAll, describe, expect, it } from 'vitest';
import {
  CONTENT_AUTOSAVE_MAX_CHARS,
  CONTENT_MESSAGES,
  NUL_MESSAGE,
  contentPaths,
  portalPaths,
  type ColumnTree,
  type ContentAutosave,
  type ContentItem,
  type PortalSite,
} from '@tfb/contract';
import { describeEachDatabase, type TestSession } from './helpers/test-app.js';

type Method = 'GET' | 'PUT' | 'POST' | 'DELETE';
const SITE: PortalSite = 'portalWebsite';
const ARTICLES = contentPaths(SITE, 'article');
const BANNERS = contentPaths(SITE, 'banner');
const doc = (text: string) => ({ type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text }] }] });

describeEachDatabase('portal content autosave', (t) => {
  let editor: TestSession; // demo-portal-editor (ent-p): writes both sites
  let admin: TestSession; // demo-portal-admin (ent-p): another writer of the same enterprise
  let reader: TestSession; // demo-group (ent-p): reads only
  let stranger: TestSession; // demo-admin (ent-a): every permission, another enterprise
  let columnId: number;

  beforeAll(async () => {
    [editor, admin, reader, stranger] = await Promise.all([
      t().enter('demo-portal-editor'),
      t().enter('demo-portal-admin'),
      t().enter('demo-group'),
      t().enter('demo-admin'),
    ]);
    const tree = ok<ColumnTree>(await call(admin, 'GET', portalPaths(SITE).columns));
    columnId = tree.columns.find((c) => c.slug === 'group-news')!.id;
  });

  const call = (s: TestSession, method: Method, url: string, payload?: unknown) =>
    t().app.inject({ method, url, headers: s.headers, ...(payload === undefined ? {} : { payload: payload as object }) });
  const at = (path: string, id: number) => path.replace(':id', String(id));
  function ok<T>(res: { statusCode: number; body: string; json(): unknown }): T {
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { data: T }).data;
  }
  const refused = (res: { statusCode: number; body: string; json(): unknown }, status: number) => {
    expect(res.statusCode, res.body).toBe(status);
    return res.json() as { message: string; errors?: { field: string; message: string }[] };
  };
  const create = async (title: string, s = editor) =>
    ok<ContentItem>(await call(s, 'POST', ARTICLES.items, { data: { title, columnId, body: doc(`${title} 的正文`) } }));
  const working = (title: string, baseVersion?: number) => ({
    data: { title, columnId, body: doc('写到一半'), tags: [] },
    goLiveAt: '2026-12-01T08:00:00+08:00',
    expireAt: null,
    ...(baseVersion === undefined ? {} : { baseVersion }),
  });
  const versionsOf = async (id: number) =>
    (await t().database.db.selectFrom('portal_item_versions').select('version').where('item_id', '=', id).execute()).length;

  describe("an item's edit form", () => {
    it('keeps, answers and deletes the caller’s working copy with the version it started from, making no version', async () => {
      const item = await create('年会通知');
      expect(ok(await call(editor, 'GET', at(ARTICLES.autosave, item.id)))).toBeNull();
      const saved = ok<ContentAutosave>(await call(editor, 'PUT', at(ARTICLES.autosave, item.id), working('年会通知（改）', 1)));
      expect(saved).toMatchObject({ data: { title: '年会通知（改）', body: doc('写到一半') }, baseVersion: 1, expireAt: null });
      expect(Date.parse(saved.goLiveAt!)).toBe(Date.parse('2026-12-01T00:00:00Z'));
      expect(saved.userName).toBe(editor.user.userName);
      expect(Number.isNaN(Date.parse(saved.savedTime))).toBe(false);
      expect(ok(await call(editor, 'GET', at(ARTICLES.autosave, item.id)))).toEqual(saved);
      // A second put replaces it; the item itself is untouched (no version, same draft).
      const again = ok<ContentAutosave>(await call(editor, 'PUT', at(ARTICLES.autosave, item.id), working('第二稿', 1)));
      expect(again.data.title).toBe('第二稿');
      expect(await versionsOf(item.id)).toBe(1);
      expect(ok<ContentItem>(await call(editor, 'GET', at(ARTICLES.item, item.id)))).toMatchObject({ version: 1, title: '年会通知' });
      expect(ok(await call(editor, 'DELETE', at(ARTICLES.autosave, item.id)))).toBeNull();
      expect(ok(await call(editor, 'GET', at(ARTICLES.autosave, item.id)))).toBeNull();
    });

    it('is the caller’s own: another user of the enterprise neither sees nor replaces it, and keeps theirs', async () => {
      const item = await create('人事任免');
      ok(await call(editor, 'PUT', at(ARTICLES.autosave, item.id), working('编辑的稿', 1)));
      expect(ok(await call(admin, 'GET', at(ARTICLES.autosave, item.id)))).toBeNull();
      ok(await call(admin, 'PUT', at(ARTICLES.autosave, item.id), working('管理员的稿', 1)));
      ok(await call(admin, 'DELETE', at(ARTICLES.autosave, item.id)));
      expect(ok<ContentAutosave>(await call(editor, 'GET', at(ARTICLES.autosave, item.id))).data.title).toBe('编辑的稿');
    });

    it('does not exist for another enterprise, and is refused to a reader', async () => {
      const item = await create('内部通知');
      for (const method of ['GET', 'PUT', 'DELETE'] as const) {
        const res = await call(stranger, method, at(ARTICLES.autosave, item.id), method === 'PUT' ? working('外人', 1) : undefined);
        expect(refused(res, 404).message).toBe(CONTENT_MESSAGES.notFound);
      }
      expect(await t().database.db.selectFrom('portal_item_autosaves').select('id').where('item_id', '=', item.id).execute()).toEqual([]);
      refused(await call(reader, 'GET', at(ARTICLES.autosave, item.id)), 403);
      refused(await call(reader, 'PUT', at(ARTICLES.autosave, item.id), working('读者', 1)), 403);
      // An item of another type under this type's path does not exist either.
      refused(await call(editor, 'GET', at(BANNERS.autosave, item.id)), 404);
    });

    it('refuses a copy over the size limit, with NUL, not an object, or without its base version (400 naming the field)', async () => {
      const item = await create('限制');
      const big = { ...working('大', 1), data: { title: '大', body: 'x'.repeat(CONTENT_AUTOSAVE_MAX_CHARS) } };
      expect(refused(await call(editor, 'PUT', at(ARTICLES.autosave, item.id), big), 400).errors).toContainEqual({
        field: 'data',
        message: CONTENT_MESSAGES.autosaveTooLarge,
      });
      const nul = { ...working('空', 1), data: { title: 'a\u0000b' } };
      expect(refused(await call(editor, 'PUT', at(ARTICLES.autosave, item.id), nul), 400).errors).toContainEqual({
        field: 'data',
        message: NUL_MESSAGE,
      });
      const list = { ...working('列', 1), data: ['x'] };
      expect(refused(await call(editor, 'PUT', at(ARTICLES.autosave, item.id), list), 400).errors).toContainEqual({
        field: 'data',
        message: CONTENT_MESSAGES.autosaveRequired,
      });
      const noBase = working('无版本');
      expect(refused(await call(editor, 'PUT', at(ARTICLES.autosave, item.id), noBase), 400).errors?.[0]).toMatchObject({
        field: 'baseVersion',
        message: CONTENT_MESSAGES.versionInvalid,
      });
      expect(ok(await call(editor, 'GET', at(ARTICLES.autosave, item.id)))).toBeNull();
    });

    it('goes with a real save of its owner (another user’s stays); a stale save keeps it', async () => {
      const item = await create('季度报告');
      ok(await call(editor, 'PUT', at(ARTICLES.autosave, item.id), working('编辑改的', 1)));
      ok(await call(admin, 'PUT', at(ARTICLES.autosave, item.id), working('管理员改的', 1)));
      const body = { data: { title: '季度报告（定稿）', columnId, body: doc('定稿') }, version: 1 };
      const saved = ok<ContentItem>(await call(editor, 'PUT', at(ARTICLES.item, item.id), body));
      expect(saved.version).toBe(2);
      expect(ok(await call(editor, 'GET', at(ARTICLES.autosave, item.id)))).toBeNull();
      // The admin's copy still says it started from version 1: their editor offers a comparison, and their save is stale.
      expect(ok<ContentAutosave>(await call(admin, 'GET', at(ARTICLES.autosave, item.id)))).toMatchObject({ baseVersion: 1 });
      const stale = await call(admin, 'PUT', at(ARTICLES.item, item.id), { ...body, data: { ...body.data, title: '管理员改的' } });
      expect(refused(stale, 409).message).toBe(CONTENT_MESSAGES.stale);
      expect(ok<ContentAutosave>(await call(admin, 'GET', at(ARTICLES.autosave, item.id))).data.title).toBe('管理员改的');
      // A refused save leaves the item as it was and the owner's copy in place.
      ok(await call(editor, 'PUT', at(ARTICLES.autosave, item.id), working('第二个标签页', 1)));
      refused(await call(editor, 'PUT', at(ARTICLES.item, item.id), body), 409);
      expect(ok<ContentAutosave>(await call(editor, 'GET', at(ARTICLES.autosave, item.id))).baseVersion).toBe(1);
      expect(await versionsOf(item.id)).toBe(2);
    });

    it('goes with the item when it is deleted', async () => {
      const item = await create('要删的');
      ok(await call(editor, 'PUT', at(ARTICLES.autosave, item.id), working('要删的', 1)));
      ok(await call(editor, 'DELETE', at(ARTICLES.item, item.id)));
      refused(await call(editor, 'GET', at(ARTICLES.autosave, item.id)), 404);
      expect(await t().database.db.selectFrom('portal_item_autosaves').select('id').where('item_id', '=', item.id).execute()).toEqual([]);
    });
  });

  describe("a type's add form", () => {
    it('keeps one copy per user and type with no base version, and a create of its owner drops it', async () => {
      expect(ok(await call(editor, 'GET', ARTICLES.newAutosave))).toBeNull();
      const saved = ok<ContentAutosave>(await call(editor, 'PUT', ARTICLES.newAutosave, working('新文章')));
      expect(saved).toMatchObject({ data: { title: '新文章' }, baseVersion: null });
      ok(await call(editor, 'PUT', BANNERS.newAutosave, { data: { title: '新横幅' }, goLiveAt: null, expireAt: null }));
      ok(await call(admin, 'PUT', ARTICLES.newAutosave, working('管理员的新文章')));
      expect(ok(await call(stranger, 'GET', ARTICLES.newAutosave))).toBeNull();
      refused(await call(reader, 'GET', ARTICLES.newAutosave), 403);

      await create('新文章');
      expect(ok(await call(editor, 'GET', ARTICLES.newAutosave))).toBeNull();
      expect(ok<ContentAutosave>(await call(editor, 'GET', BANNERS.newAutosave)).data.title).toBe('新横幅');
      expect(ok<ContentAutosave>(await call(admin, 'GET', ARTICLES.newAutosave)).data.title).toBe('管理员的新文章');
      ok(await call(editor, 'DELETE', BANNERS.newAutosave));
      expect(ok(await call(editor, 'GET', BANNERS.newAutosave))).toBeNull();
    });

    it('refuses the same limits', async () => {
      const big = { data: { body: 'x'.repeat(CONTENT_AUTOSAVE_MAX_CHARS + 1) }, goLiveAt: null, expireAt: null };
      expect(refused(await call(editor, 'PUT', ARTICLES.newAutosave, big), 400).errors?.[0]?.field).toBe('data');
      const badTime = { data: {}, goLiveAt: '明天', expireAt: null };
      expect(refused(await call(editor, 'PUT', ARTICLES.newAutosave, badTime), 400).errors?.[0]).toMatchObject({
        field: 'goLiveAt',
        message: CONTENT_MESSAGES.dateTimeInvalid,
      });
    });
  });
});
