// How many content items use each column of a portal site's tree (the topic and child column tables read it in one
// call): an item counts in the column of its draft and in that of its live copy, a layout slot in each column it
// names, a deleted item nowhere; another enterprise's items and columns never; a role without the site's read
// permission is refused.
import { beforeAll, expect, it } from 'vitest';
import {
  PERMISSION_MESSAGES,
  PROCESS_PATHS,
  contentPaths,
  portalPaths,
  type Column,
  type ColumnUsage,
  type ContentItem,
  type ContentType,
  type PortalSite,
  type TaskHistory,
} from '@tfb/contract';
import { describeEachDatabase, type TestSession } from './helpers/test-app.js';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const SITE: PortalSite = 'portalWebsite';
const body = (text: string) => ({ type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text }] }] });

describeEachDatabase('portal column usage', (t) => {
  let editor: TestSession; // demo-portal-editor (ent-p): writes both sites' content
  let admin: TestSession; // demo-portal-admin (ent-p): administers the trees and approves
  let reader: TestSession; // demo-group (ent-p): reads only
  let outsider: TestSession; // demo-supervisor: no portal permission
  let stranger: TestSession; // demo-admin (ent-a): every permission, another enterprise
  beforeAll(async () => {
    [editor, admin, reader, outsider, stranger] = await Promise.all([
      t().enter('demo-portal-editor'),
      t().enter('demo-portal-admin'),
      t().enter('demo-group'),
      t().enter('demo-supervisor'),
      t().enter('demo-admin'),
    ]);
  });

  const call = (s: TestSession, method: Method, url: string, payload?: unknown) =>
    t().app.inject({ method, url, headers: s.headers, ...(payload === undefined ? {} : { payload: payload as object }) });
  const ok = <T>(res: { statusCode: number; body: string; json(): unknown }): T => {
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { data: T }).data;
  };
  const at = (path: string, id: number) => path.replace(':id', String(id));
  const newColumn = async (s: TestSession, slug: string, kind: Column['kind'] = 'list') =>
    ok<Column>(await call(s, 'POST', portalPaths(SITE).columns, { name: `栏目 ${slug}`, slug, kind }));
  const create = async (type: ContentType, data: Record<string, unknown>, s = editor) =>
    ok<ContentItem>(await call(s, 'POST', contentPaths(SITE, type).items, { data }));
  const article = (title: string, columnId: number, s = editor) => create('article', { title, columnId, body: body(title) }, s);
  const usage = async (s: TestSession) => ok<ColumnUsage[]>(await call(s, 'GET', portalPaths(SITE).usage));
  /** The usage of `ids` only, as "column:type" → count. */
  const countsOf = (rows: readonly ColumnUsage[], ids: readonly number[]) =>
    Object.fromEntries(rows.filter((r) => ids.includes(r.columnId)).map((r) => [`${r.columnId}:${r.type}`, r.count]));

  /** Submits the item and has the administrator approve it: its live copy is then in its draft's column. */
  const publish = async (item: ContentItem) => {
    const submitted = ok<ContentItem>(
      await call(editor, 'POST', at(contentPaths(SITE, 'article').submit, item.id), { version: item.version }),
    );
    const history = ok<TaskHistory>(
      await call(admin, 'GET', PROCESS_PATHS.taskHistory.replace(':processInstanceId', String(submitted.processInstanceId))),
    );
    ok(
      await call(admin, 'POST', PROCESS_PATHS.complete, {
        processInstanceId: submitted.processInstanceId,
        taskId: history.historyList.at(-1)!.taskId,
        action: 'approve',
        comment: '',
      }),
    );
    return ok<ContentItem>(await call(editor, 'GET', at(contentPaths(SITE, 'article').item, item.id)));
  };

  it('counts per column and type the items whose draft or live copy is there and the slots naming it, once each', async () => {
    const [a, b, topic] = [
      await newColumn(admin, 'usage-a'),
      await newColumn(admin, 'usage-b'),
      await newColumn(admin, 'usage-topic', 'topic'),
    ];
    const ids = [a.id, b.id, topic.id];
    expect(countsOf(await usage(editor), ids)).toEqual({});

    await article('草稿在甲', a.id);
    // Published in A, then its draft moved to B: it uses both.
    const moved = await publish(await article('先发布在甲', a.id));
    expect(moved.status).toBe('published');
    ok(
      await call(editor, 'PUT', at(contentPaths(SITE, 'article').item, moved.id), {
        data: { title: '草稿移到乙', columnId: b.id, body: body('移到乙') },
        version: moved.version,
      }),
    );
    await article('专题文章', topic.id);
    // Deleted: counted nowhere.
    const gone = await article('已删除', a.id);
    ok(await call(editor, 'DELETE', at(contentPaths(SITE, 'article').item, gone.id)));
    // A slot naming A and B (and a seeded column) counts once in each it names.
    const seeded = ok<{ columns: Column[] }>(await call(editor, 'GET', portalPaths(SITE).columns)).columns.find(
      (c) => c.slug === 'group-news',
    )!;
    await create('layoutSlot', { title: '首页三栏', slotKind: 'horizontalNews3', columnIds: [a.id, b.id, seeded.id] });

    const rows = await usage(editor);
    expect(countsOf(rows, ids)).toEqual({
      [`${a.id}:article`]: 2,
      [`${a.id}:layoutSlot`]: 1,
      [`${b.id}:article`]: 1,
      [`${b.id}:layoutSlot`]: 1,
      [`${topic.id}:article`]: 1,
    });
    expect(rows.find((r) => r.columnId === seeded.id && r.type === 'layoutSlot')?.count).toBeGreaterThanOrEqual(1);
    // Only the site's own columns, and only positive counts.
    const tree = ok<{ columns: Column[] }>(await call(editor, 'GET', portalPaths(SITE).columns));
    for (const r of rows) {
      expect(tree.columns.some((c) => c.id === r.columnId)).toBe(true);
      expect(r.count).toBeGreaterThan(0);
    }
    // The reader sees the same counts.
    expect(await usage(reader)).toEqual(rows);
  });

  it("counts neither another enterprise's items nor its columns, and shows that enterprise only its own", async () => {
    const mine = await newColumn(admin, 'usage-mine');
    await article('我的文章', mine.id);
    const before = await usage(editor);

    const theirs = await newColumn(stranger, 'usage-theirs');
    await article('他们的文章', theirs.id, stranger);
    // A row of theirs pointing at our column (the API refuses such a save; the count must not trust it either).
    await t()
      .database.db.insertInto('portal_items')
      .values({
        enterprise_id: 'ent-a',
        site: SITE,
        type: 'article',
        title: '越界',
        draft: JSON.stringify({ title: '越界', columnId: mine.id }),
        column_id: mine.id,
        live_column_id: mine.id,
        create_user_id: 'demo-admin',
        create_user_name: 'admin',
        change_user_id: 'demo-admin',
        change_user_name: 'admin',
      })
      .execute();

    const after = await usage(editor);
    expect(after).toEqual(before);
    expect(countsOf(after, [mine.id])).toEqual({ [`${mine.id}:article`]: 1 });
    expect(after.some((r) => r.columnId === theirs.id)).toBe(false);
    expect(await usage(stranger)).toEqual([{ columnId: theirs.id, type: 'article', count: 1 }]);
  });

  it('needs the site’s read permission', async () => {
    const res = await call(outsider, 'GET', portalPaths(SITE).usage);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 40301, message: PERMISSION_MESSAGES.denied(`${SITE}:read`) });
    const other = await call(outsider, 'GET', portalPaths('portalWebsites').usage);
    expect(other.json()).toMatchObject({ code: 40301, message: PERMISSION_MESSAGES.denied('portalWebsites:read') });
    expect((await t().app.inject({ method: 'GET', url: portalPaths(SITE).usage })).statusCode).toBe(401);
  });
});
