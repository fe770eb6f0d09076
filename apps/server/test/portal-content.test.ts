// The content items of the portal sites (issue 12): each type's schema, scripts neutralised, the references a
// save checks, optimistic locking, versions / diff / restore, approval through the process module (editor submits,
// administrator approves, never one's own), withdraw / delete / reissue, the scheduler with a clock the test
// moves (and two passes at once transitioning each item once), the column guard, another enterprise kept out and
// permissions refused.
import { beforeAll, describe, expect, it } from 'vitest';
import {
  CONTENT_MESSAGES,
  CONTENT_TYPES,
  CONTENT_TYPE_DEFS,
  MEDIA_MESSAGES,
  PERMISSION_MESSAGES,
  PORTAL_CONTENT_TASKS,
  PROCESS_MESSAGES,
  PROCESS_PATHS,
  contentPaths,
  createContentBodySchema,
  mediaPaths,
  portalPaths,
  publicMediaUrl,
  type ColumnTree,
  type ContentDiff,
  type ContentItem,
  type ContentRow,
  type ContentType,
  type ContentVersion,
  type MediaUse,
  type PortalSite,
  type TaskHistory,
} from '@tfb/contract';
import type { PortalPublicChange } from '../src/lib/portal-public-events.js';
import { PortalScheduler } from '../src/modules/portal-content/scheduler.js';
import { runDueTransitions } from '../src/modules/portal-content/workflow.js';
import { describeEachDatabase, type TestSession } from './helpers/test-app.js';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const SITE: PortalSite = 'portalWebsite';
const doc = (...content: unknown[]) => ({ type: 'doc', content });
const para = (text: string, marks?: unknown[]) => ({ type: 'paragraph', content: [{ type: 'text', text, ...(marks ? { marks } : {}) }] });

/** The test's clock: the app's time-driven work reads it. */
let clockNow = new Date('2026-06-01T00:00:00Z');
const hours = (n: number) => new Date(clockNow.getTime() + n * 3_600_000).toISOString();

async function waitFor(check: () => boolean | Promise<boolean>, what: string): Promise<void> {
  for (let i = 0; i < 500; i++) {
    if (await check()) return;
    await new Promise((r) => setImmediate(r));
    if (i > 100) await new Promise((r) => setTimeout(r, 5));
  }
  throw new Error(`timed out waiting for ${what}`);
}

describe('content schemas', () => {
  const valid: Record<ContentType, Record<string, unknown>> = {
    article: { title: '新闻', columnId: 1, body: doc(para('正文')) },
    announcement: { title: '公告', body: doc(para('正文')) },
    pictureTextPage: { title: '关于', columnId: 1, body: doc(para('正文')) },
    pictureTextItem: { title: '条目', columnId: 1, cover: 1 },
    video: { title: '视频', columnId: 1, video: 1, poster: 2, duration: 60 },
    industryVideo: { title: '行业', columnId: 1, video: 1, poster: 2, duration: '90' },
    banner: { title: '轮播', image: 1, linkUrl: '/news' },
    websiteCopy: { title: '文案', contactEmail: 'a@b.cn', icp: '京ICP备12345678号' },
    layoutSlot: { title: '版位', slotKind: 'horizontalNews3', columnIds: [1, 2, 3] },
  };
  for (const type of CONTENT_TYPES) {
    it(`${type}: a valid body passes, each required field left out names it with the contract's message`, () => {
      expect(createContentBodySchema(type).safeParse({ data: valid[type] }).success).toBe(true);
      for (const f of CONTENT_TYPE_DEFS[type].fields.filter((x) => x.required)) {
        const data = { ...valid[type], [f.key]: f.key === 'title' ? '  ' : null };
        const r = createContentBodySchema(type).safeParse({ data });
        expect(r.success).toBe(false);
        const issue = r.error!.issues.find((i) => i.path.join('.') === `data.${f.key}`);
        expect(issue?.message, `${type}.${f.key}`).toBe(f.required);
      }
    });
  }
  it('checks the slot column count, the time window and the link', () => {
    const slot = createContentBodySchema('layoutSlot').safeParse({ data: { title: 'x', slotKind: 'fourRow', columnIds: [1] } });
    expect(slot.error!.issues[0]).toMatchObject({ path: ['data', 'columnIds'], message: CONTENT_MESSAGES.slotColumnsCount(4, 4) });
    const window = createContentBodySchema('banner').safeParse({
      data: valid.banner,
      goLiveAt: '2026-01-02T00:00:00Z',
      expireAt: '2026-01-01T00:00:00Z',
    });
    expect(window.error!.issues[0]).toMatchObject({ path: ['expireAt'], message: CONTENT_MESSAGES.expireBeforeGoLive });
    const link = createContentBodySchema('banner').safeParse({ data: { ...valid.banner, linkUrl: 'javascript:alert(1)' } });
    expect(link.error!.issues[0]!.message).toBe(CONTENT_MESSAGES.linkInvalid);
  });
});

describeEachDatabase(
  'portal content',
  (t, kind) => {
    let editor: TestSession; // demo-portal-editor: writes both sites
    let admin: TestSession; // demo-portal-admin: writes and approves both sites
    let reader: TestSession; // demo-group (ent-p): reads only
    let stranger: TestSession; // demo-admin (ent-a): every permission, another enterprise
    let columns: ColumnTree;
    let otherSiteColumn: number;
    let image: number;
    let video: number;
    const heard: PortalPublicChange[] = [];

    beforeAll(async () => {
      [editor, admin, reader, stranger] = await Promise.all([
        t().enter('demo-portal-editor'),
        t().enter('demo-portal-admin'),
        t().enter('demo-group'),
        t().enter('demo-admin'),
      ]);
      // The demo content is not this file's: its tests start from the seeded columns alone.
      const db = t().database.db;
      const seeded = db.selectFrom('portal_items').select('id').where('enterprise_id', '=', 'ent-p');
      await db.deleteFrom('portal_item_refs').where('item_id', 'in', seeded).execute();
      await db.deleteFrom('portal_item_versions').where('item_id', 'in', seeded).execute();
      await db.deleteFrom('portal_items').where('enterprise_id', '=', 'ent-p').execute();
      const res = await call(admin, 'GET', portalPaths(SITE).columns);
      columns = res.json().data as ColumnTree;
      const other = await call(admin, 'GET', portalPaths('portalWebsites').columns);
      otherSiteColumn = (other.json().data as ColumnTree).columns.find((c) => c.slug === 'data-news')!.id;
      const media = (kind: 'image' | 'video', name: string, site: PortalSite = SITE) =>
        t()
          .database.db.insertInto('portal_media')
          .values({
            enterprise_id: 'ent-p',
            site,
            kind,
            file_name: name,
            alt: kind === 'image' ? name : '',
            sha256: 'a'.repeat(64),
            size_bytes: 10,
            mime_type: kind === 'image' ? 'image/png' : 'video/mp4',
            create_user_id: 'demo-portal-admin',
            create_user_name: 'sunyue',
          })
          .returning('id')
          .executeTakeFirstOrThrow();
      image = (await media('image', 'cover.png')).id;
      video = (await media('video', 'intro.mp4')).id;
      t().app.portalPublic.onChange((c) => heard.push(c));
    });

    const call = (s: TestSession, method: Method, url: string, payload?: unknown) =>
      t().app.inject({ method, url, headers: s.headers, ...(payload === undefined ? {} : { payload: payload as object }) });
    const paths = (type: ContentType, site: PortalSite = SITE) => contentPaths(site, type);
    const at = (path: string, id: number, version?: number) => path.replace(':id', String(id)).replace(':version', String(version ?? ''));
    const column = (slug: string) => columns.columns.find((c) => c.slug === slug)!.id;
    const ok = <T>(res: { statusCode: number; body: string; json(): unknown }): T => {
      expect(res.statusCode, res.body).toBe(200);
      return (res.json() as { data: T }).data;
    };
    const article = (title: string, extra: Record<string, unknown> = {}) => ({
      data: { title, columnId: column('group-news'), body: doc(para(`${title} 的正文`)), ...extra },
    });
    const create = async (type: ContentType, body: unknown, s = editor) => ok<ContentItem>(await call(s, 'POST', paths(type).items, body));
    const htmlOf = async (id: number) =>
      await t().database.db.selectFrom('portal_items').select(['draft_html', 'live_html']).where('id', '=', id).executeTakeFirstOrThrow();

    /** The open step of the item's process, approved or rejected by `who`. */
    const decide = async (who: TestSession, item: ContentItem, action: 'approve' | 'reject', comment = '') => {
      const h = ok<TaskHistory>(
        await call(who, 'GET', PROCESS_PATHS.taskHistory.replace(':processInstanceId', String(item.processInstanceId))),
      );
      const open = h.historyList.at(-1)!;
      return call(who, 'POST', PROCESS_PATHS.complete, {
        processInstanceId: item.processInstanceId,
        taskId: open.taskId,
        action,
        comment,
      });
    };
    const submit = async (type: ContentType, item: ContentItem, s = editor) =>
      ok<ContentItem>(await call(s, 'POST', at(paths(type).submit, item.id), { version: item.version }));
    const get = async (type: ContentType, id: number, s = editor) => ok<ContentItem>(await call(s, 'GET', at(paths(type).item, id)));
    const publish = async (type: ContentType, item: ContentItem) => {
      const submitted = await submit(type, item);
      ok(await decide(admin, submitted, 'approve'));
      return get(type, item.id);
    };

    describe('writing', () => {
      it('creates an item as version 1 with its rich text rendered, and lists it with its list fields', async () => {
        const item = await create('article', article('集团年会', { tags: ['年会'], cover: image }));
        expect(item).toMatchObject({ status: 'draft', reviewState: 'none', version: 1, live: null, columnName: '集团要闻' });
        expect(item.columns[String(column('group-news'))]).toBe('集团要闻');
        expect(item.media.map((m) => m.fileName)).toEqual(['cover.png']);
        expect((await htmlOf(item.id)).draft_html).toBe('<p>集团年会 的正文</p>');
        const page = ok<{ content: ContentRow[]; totalElements: number }>(
          await t().app.inject({
            method: 'GET',
            url: paths('article').items,
            headers: editor.headers,
            query: { title: '年会', pageNumber: '0', pageSize: '10' },
          }),
        );
        expect(page.totalElements).toBe(1);
        expect(page.content[0]).toMatchObject({
          id: item.id,
          title: '集团年会',
          listData: { title: '集团年会', columnId: column('group-news') },
        });
        const filtered = async (query: Record<string, string>) =>
          ok<{ content: ContentRow[] }>(
            await t().app.inject({
              method: 'GET',
              url: paths('article').items,
              headers: editor.headers,
              query: { pageNumber: '0', pageSize: '50', ...query },
            }),
          ).content.map((r) => r.id);
        expect(await filtered({ columnId: String(column('group-news')), status: 'draft' })).toContain(item.id);
        expect(await filtered({ columnId: String(column('market')) })).not.toContain(item.id);
        expect(await filtered({ status: 'published' })).not.toContain(item.id);
      });

      it('refuses a missing field, a column of another site or of the wrong kind, and media missing or of the wrong kind, naming the field', async () => {
        const cases: [unknown, string, string][] = [
          [{ data: { title: '', columnId: column('group-news'), body: doc(para('x')) } }, 'data.title', CONTENT_MESSAGES.titleRequired],
          [article('x', { columnId: otherSiteColumn }), 'data.columnId', CONTENT_MESSAGES.columnWrongSite],
          [article('x', { columnId: column('profile') }), 'data.columnId', CONTENT_MESSAGES.columnWrongKind],
          [article('x', { cover: video }), 'data.cover', CONTENT_MESSAGES.mediaWrongKind('image')],
          [article('x', { cover: 999_999 }), 'data.cover', CONTENT_MESSAGES.mediaMissing],
        ];
        for (const [body, field, message] of cases) {
          const res = await call(editor, 'POST', paths('article').items, body);
          expect(res.statusCode, res.body).toBe(400);
          expect(res.json().errors).toContainEqual({ field, message });
        }
        const slot = await call(editor, 'POST', paths('layoutSlot').items, {
          data: { title: '版位', slotKind: 'leftRightRow', columnIds: [column('group-news'), column('about')] },
        });
        expect(slot.statusCode).toBe(400);
        expect(slot.json().errors).toContainEqual({ field: 'data.columnIds.1', message: CONTENT_MESSAGES.columnWrongKind });
      });

      it('allows one picture-text page per column and one website copy per site (409)', async () => {
        const page = { data: { title: '公司简介', columnId: column('profile'), body: doc(para('简介')) } };
        await create('pictureTextPage', page);
        const second = await call(editor, 'POST', paths('pictureTextPage').items, page);
        expect(second.statusCode).toBe(409);
        expect(second.json().message).toBe(CONTENT_MESSAGES.onePagePerColumn);
        await create('websiteCopy', { data: { title: '页脚' } });
        const copy = await call(editor, 'POST', paths('websiteCopy').items, { data: { title: '页脚二' } });
        expect(copy.statusCode).toBe(409);
        expect(copy.json().message).toBe(CONTENT_MESSAGES.oneCopyPerSite);
      });

      it('answers 409 to the second of two saves from the same version, and keeps a version per save', async () => {
        const item = await create('article', article('版本测试'));
        const first = await call(editor, 'PUT', at(paths('article').item, item.id), { ...article('版本测试 二'), version: 1 });
        expect(ok<ContentItem>(first).version).toBe(2);
        const second = await call(admin, 'PUT', at(paths('article').item, item.id), { ...article('版本测试 三'), version: 1 });
        expect(second.statusCode).toBe(409);
        expect(second.json().message).toBe(CONTENT_MESSAGES.stale);
        const versions = ok<ContentVersion[]>(await call(editor, 'GET', at(paths('article').versions, item.id)));
        expect(versions.map((v) => [v.version, v.changedFields])).toEqual([
          [2, ['title', 'body']],
          [1, ['title', 'columnId', 'body']],
        ]);
      });

      it('diffs two versions as text and restores an old one as a new draft version', async () => {
        const item = await create('article', article('对比', { cover: image }));
        ok(await call(editor, 'PUT', at(paths('article').item, item.id), { ...article('对比 新', { cover: null }), version: 1 }));
        const diff = ok<ContentDiff>(
          await t().app.inject({
            method: 'GET',
            url: at(paths('article').diff, item.id),
            headers: editor.headers,
            query: { from: '1', to: '2' },
          }),
        );
        const byKey = Object.fromEntries(diff.fields.map((f) => [f.key, f]));
        expect(byKey.title).toMatchObject({ label: 'portal.field.title', changed: true, before: '对比', after: '对比 新' });
        expect(byKey.body).toMatchObject({ changed: true, before: '对比 的正文', after: '对比 新 的正文' });
        expect(byKey.cover).toMatchObject({ changed: true, before: 'cover.png', after: '' });
        expect(byKey.columnId).toMatchObject({ changed: false, before: '集团要闻' });
        const live = await t().app.inject({
          method: 'GET',
          url: at(paths('article').diff, item.id),
          headers: editor.headers,
          query: { from: 'live', to: '2' },
        });
        expect(live.statusCode).toBe(400);
        expect(live.json().errors).toContainEqual({ field: 'from', message: CONTENT_MESSAGES.liveMissing });

        const restored = ok<ContentItem>(await call(editor, 'POST', at(paths('article').restore, item.id, 1)));
        expect(restored).toMatchObject({ version: 3, title: '对比', live: null });
        expect(restored.draft.cover).toBe(image);
        const versions = ok<ContentVersion[]>(await call(editor, 'GET', at(paths('article').versions, item.id)));
        expect(versions[0]).toMatchObject({ version: 3, note: CONTENT_MESSAGES.restoredFrom(1) });
        expect(ok<{ data: Record<string, unknown> }>(await call(editor, 'GET', at(paths('article').version, item.id, 2))).data.title).toBe(
          '对比 新',
        );
        expect((await call(editor, 'GET', at(paths('article').version, item.id, 9))).statusCode).toBe(404);
      });
    });

    describe('images of the media library in the body', () => {
      const sha = (c: string) => c.repeat(64);
      const img = (sha256: string, alt: string) => ({ type: 'image', attrs: { src: publicMediaUrl(sha256), alt } });
      const file = (
        name: string,
        sha256: string,
        more: {
          site?: PortalSite;
          enterpriseId?: string;
          kind?: 'image' | 'video';
          deleted?: boolean;
          thumb?: string;
          variant?: string;
        } = {},
      ) =>
        t()
          .database.db.insertInto('portal_media')
          .values({
            enterprise_id: more.enterpriseId ?? 'ent-p',
            site: more.site ?? SITE,
            kind: more.kind ?? 'image',
            file_name: name,
            alt: name,
            sha256,
            size_bytes: 10,
            mime_type: more.kind === 'video' ? 'video/mp4' : 'image/png',
            thumb_sha256: more.thumb ?? null,
            variants: JSON.stringify(more.variant ? [{ width: 480, sha256: more.variant, size: 5 }] : []),
            deleted: more.deleted ?? false,
            create_user_id: 'demo-portal-admin',
            create_user_name: 'sunyue',
          })
          .returning('id')
          .executeTakeFirstOrThrow()
          .then((r) => Number(r.id));
      const uses = async (id: number) => ok<MediaUse[]>(await call(admin, 'GET', at(mediaPaths(SITE).uses, id)));

      it('a body image from the library saves, renders, counts as a use of its file and blocks deleting it', async () => {
        const photo = await file('warehouse.png', sha('1'), { thumb: sha('2'), variant: sha('3') });
        const body = doc(para('现场'), img(sha('3'), '仓库现场'), { type: 'blockquote', content: [img(sha('1'), '原图')] });
        const item = await create('article', article('仓库巡检', { body }));
        expect((await htmlOf(item.id)).draft_html).toBe(
          '<p>现场</p>' +
            `<img src="/api/public/media/${sha('3')}" alt="仓库现场" loading="lazy">` +
            `<blockquote><img src="/api/public/media/${sha('1')}" alt="原图" loading="lazy"></blockquote>`,
        );
        expect(await uses(photo)).toEqual([{ id: item.id, type: 'article', title: '仓库巡检' }]);
        const refused = await call(admin, 'DELETE', at(mediaPaths(SITE).item, photo));
        expect(refused.statusCode, refused.body).toBe(409);
        expect(refused.json().message).toBe(MEDIA_MESSAGES.inUse('warehouse.png', [MEDIA_MESSAGES.use('仓库巡检', item.id)]));

        // Published, then the draft drops the picture: the live copy still shows it, so it is still in use.
        const live = await publish('article', item);
        ok(await call(editor, 'PUT', at(paths('article').item, item.id), { ...article('仓库巡检'), version: live.version }));
        expect((await uses(photo)).map((u) => u.id)).toEqual([item.id]);
        expect((await htmlOf(item.id)).live_html).toContain(`src="/api/public/media/${sha('3')}"`);

        // A thumbnail's address counts too; an item without it no longer uses the file once neither copy shows it.
        const thumb = await create('article', article('缩略图', { body: doc(img(sha('2'), '缩略')) }));
        expect((await uses(photo)).map((u) => u.id)).toEqual([item.id, thumb.id]);
        ok(await call(editor, 'PUT', at(paths('article').item, thumb.id), { ...article('缩略图'), version: thumb.version }));
        expect((await uses(photo)).map((u) => u.id)).toEqual([item.id]);
      });

      it('refuses a body image of another site, another enterprise, a deleted file or a video, naming data.body', async () => {
        await file('other-site.png', sha('4'), { site: 'portalWebsites' });
        await file('other-enterprise.png', sha('5'), { enterpriseId: 'ent-a' });
        await file('deleted.png', sha('6'), { deleted: true });
        await file('clip.mp4', sha('7'), { kind: 'video' });
        for (const [c, name] of [
          ['4', 'another site'],
          ['5', 'another enterprise'],
          ['6', 'deleted'],
          ['7', 'a video'],
          ['8', 'no file'],
        ]) {
          const res = await call(editor, 'POST', paths('article').items, article(`图 ${name}`, { body: doc(img(sha(c!), name!)) }));
          expect(res.statusCode, `${name}: ${res.body}`).toBe(400);
          expect(res.json().errors).toContainEqual({ field: 'data.body', message: CONTENT_MESSAGES.bodyMediaMissing });
        }
        // The same refusal on a save of an existing item; nothing is written.
        const item = await create('article', article('稍后加图'));
        const res = await call(editor, 'PUT', at(paths('article').item, item.id), {
          ...article('稍后加图', { body: doc(img(sha('4'), 'x')) }),
          version: item.version,
        });
        expect(res.statusCode).toBe(400);
        expect(res.json().errors).toContainEqual({ field: 'data.body', message: CONTENT_MESSAGES.bodyMediaMissing });
        expect((await get('article', item.id)).version).toBe(item.version);
      });
    });

    describe('scripts', () => {
      const PAYLOADS = [
        '<script>alert(1)</script>',
        '<SCRIPT SRC=//evil.example/x.js></SCRIPT>',
        '<img src=x onerror=alert(1)>',
        '<svg onload=alert(1)>',
        '<svg><script>alert(1)</script></svg>',
        '<iframe src="javascript:alert(1)"></iframe>',
        '<a href="javascript:alert(1)">x</a>',
        '<body onload=alert(1)>',
        '"><script>alert(1)</script>',
        "'><img src=x onerror=alert(1)>",
        '&lt;script&gt;alert(1)&lt;/script&gt;',
        '&#60;script&#62;alert(1)&#60;/script&#62;',
        '<ScRiPt>alert(1)</sCrIpT>',
        '<img src="jav&#x09;ascript:alert(1)">',
        '<div style="background:url(javascript:alert(1))">',
        '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
        '<object data="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">',
        '<embed src="javascript:alert(1)">',
        '<details open ontoggle=alert(1)>',
        '<input autofocus onfocus=alert(1)>',
      ];
      const BAD_LINKS = [
        'javascript:alert(1)',
        'JaVaScRiPt:alert(1)',
        ' javascript:alert(1)',
        'java\tscript:alert(1)',
        'java\u200bscript:alert(1)',
        'javascript&colon;alert(1)',
        '&#106;avascript:alert(1)',
        'data:text/html,<script>alert(1)</script>',
        'vbscript:msgbox(1)',
        '//evil.example/',
      ];
      const BAD_IMAGES = [
        'javascript:alert(1)',
        'data:image/svg+xml,<svg onload=alert(1)>',
        'http://insecure.example/a.png',
        ' data:image/png;base64,AAAA',
      ];
      const unsafe = /<script|<iframe|<svg|<object|<embed|\son\w+\s*=|javascript:|data:/i;

      it(`stores ${PAYLOADS.length} payloads in text fields as text and renders them in rich text escaped`, async () => {
        for (const p of PAYLOADS) {
          const item = await create('article', {
            data: {
              title: p.slice(0, 100),
              summary: p,
              author: p.slice(0, 50),
              columnId: column('group-news'),
              body: doc(para(p), para('x', [{ type: 'bold' }])),
            },
          });
          expect(item.draft.summary).toBe(p);
          const { draft_html } = await htmlOf(item.id);
          expect(draft_html).not.toMatch(/<script|<iframe|<svg|<img|<object|<embed|<details|<input|<body|<div|<math/i);
          expect(draft_html).toMatch(/&lt;|&amp;/);
        }
      });

      it(`refuses ${BAD_LINKS.length} script links and ${BAD_IMAGES.length} unsafe image sources in rich text, and renders allowed ones without script`, async () => {
        for (const href of BAD_LINKS) {
          const res = await call(
            editor,
            'POST',
            paths('article').items,
            article('链接', { body: doc(para('点我', [{ type: 'link', attrs: { href } }])) }),
          );
          expect(res.statusCode, href).toBe(400);
        }
        for (const src of BAD_IMAGES) {
          const res = await call(
            editor,
            'POST',
            paths('article').items,
            article('图片', { body: doc({ type: 'image', attrs: { src, alt: 'a' } }) }),
          );
          expect(res.statusCode, src).toBe(400);
        }
        const extra = await call(
          editor,
          'POST',
          paths('article').items,
          article('属性', { body: doc({ type: 'paragraph', attrs: { onclick: 'alert(1)' } }) }),
        );
        expect(extra.statusCode).toBe(400);
        const unknown = await call(editor, 'POST', paths('article').items, article('节点', { body: doc({ type: 'script', content: [] }) }));
        expect(unknown.statusCode).toBe(400);
        const fine = await create(
          'article',
          article('安全链接', {
            body: doc(
              para('<b onmouseover=alert(1)>站内</b>', [{ type: 'link', attrs: { href: '/news?a=1&b=2' } }]),
              { type: 'image', attrs: { src: 'https://cdn.example/a.png', alt: '" onerror="alert(1)' } },
              { type: 'codeBlock', content: [{ type: 'text', text: '<script>alert(1)</script>' }] },
            ),
          }),
        );
        const { draft_html } = await htmlOf(fine.id);
        expect(draft_html).toContain('href="/news?a=1&amp;b=');
        expect(draft_html).toContain('&lt;b onmouseover=alert(1)&gt;');
        expect(draft_html).not.toMatch(/<script|<b\s/i);
        expect(draft_html).not.toMatch(/\son\w+="/i);
        expect(unsafe.test(draft_html!.replace(/&lt;b onmouseover=alert\(1\)&gt;|alt="&quot; onerror=&quot;alert\(1\)"/g, ''))).toBe(false);
      });
    });

    describe('approval and status', () => {
      it("publishes what the administrator approves of the editor's submission, with a content review chain", async () => {
        const before = heard.length;
        const item = await create('article', article('审批发布'));
        const submitted = await submit('article', item);
        expect(submitted).toMatchObject({ reviewState: 'pending', submittedVersion: 1 });
        const h = ok<TaskHistory>(
          await call(admin, 'GET', PROCESS_PATHS.taskHistory.replace(':processInstanceId', String(submitted.processInstanceId))),
        );
        expect(h).toMatchObject({ businessType: SITE, businessId: item.id, businessCode: `article-${item.id}`, canComplete: true });
        expect(h.historyList.map((e) => e.taskName)).toEqual([...PORTAL_CONTENT_TASKS]);
        // The editor holds no approve permission; a save while under review is refused.
        expect((await decide(editor, submitted, 'approve')).statusCode).toBe(403);
        const locked = await call(editor, 'PUT', at(paths('article').item, item.id), { ...article('改'), version: 1 });
        expect(locked.statusCode).toBe(409);
        expect(locked.json().message).toBe(CONTENT_MESSAGES.pendingReview);
        const again = await call(editor, 'POST', at(paths('article').submit, item.id), { version: 1 });
        expect(again.json().message).toBe(CONTENT_MESSAGES.alreadyPending);

        ok(await decide(admin, submitted, 'approve'));
        const live = await get('article', item.id);
        expect(live).toMatchObject({ status: 'published', reviewState: 'none', liveVersion: 1, live: { title: '审批发布' } });
        expect((await htmlOf(item.id)).live_html).toBe('<p>审批发布 的正文</p>');
        const done = ok<TaskHistory>(
          await call(admin, 'GET', PROCESS_PATHS.taskHistory.replace(':processInstanceId', String(submitted.processInstanceId))),
        );
        expect(done.status).toBe('approved');
        expect(done.historyList.map((e) => e.taskName)).toEqual([...PORTAL_CONTENT_TASKS, '归档']);
        await waitFor(() => heard.slice(before).some((c) => c.site === SITE && c.enterpriseId === 'ent-p'), 'the public change');

        // A newer draft: published with draft; the approver's diff is the submitted version against the live one.
        const saved = ok<ContentItem>(
          await call(editor, 'PUT', at(paths('article').item, item.id), { ...article('审批发布 修订'), version: 1 }),
        );
        expect(saved.status).toBe('publishedWithDraft');
        expect(saved.live!.title).toBe('审批发布');
        const diff = ok<ContentDiff>(
          await t().app.inject({
            method: 'GET',
            url: at(paths('article').diff, item.id),
            headers: admin.headers,
            query: { from: 'live', to: '2' },
          }),
        );
        expect(diff.fields.find((f) => f.key === 'title')).toMatchObject({ before: '审批发布', after: '审批发布 修订', changed: true });
        const filtered = ok<{ content: ContentRow[] }>(
          await t().app.inject({
            method: 'GET',
            url: paths('article').items,
            headers: editor.headers,
            query: { status: 'publishedWithDraft', pageNumber: '0', pageSize: '50' },
          }),
        );
        expect(filtered.content.map((r) => r.id)).toContain(item.id);
      });

      it('refuses self-approval and keeps a rejected draft with its reason', async () => {
        const own = await create('article', article('自己审批'), admin);
        const submitted = await submit('article', own, admin);
        const self = await decide(admin, submitted, 'approve');
        expect(self.statusCode).toBe(403);
        expect(self.json().message).toBe(PROCESS_MESSAGES.selfApproval);

        const item = await create('article', article('驳回'));
        const pending = await submit('article', item);
        ok(await decide(admin, pending, 'reject', '标题不规范'));
        const rejected = await get('article', item.id);
        expect(rejected).toMatchObject({ status: 'draft', reviewState: 'rejected', rejectReason: '标题不规范', live: null, version: 1 });
        const resubmitted = await submit('article', rejected);
        expect(resubmitted.reviewState).toBe('pending');
        expect(resubmitted.rejectReason).toBe('');
      });

      it('withdraws a published item, deletes only what the site does not show, and locks a published announcement', async () => {
        const item = await publish('article', await create('article', article('撤回')));
        const del = await call(editor, 'DELETE', at(paths('article').item, item.id));
        expect(del.statusCode).toBe(409);
        expect(del.json().message).toBe(CONTENT_MESSAGES.notDeletable);
        expect(ok<ContentItem>(await call(editor, 'POST', at(paths('article').withdraw, item.id), { reason: '' })).status).toBe(
          'withdrawn',
        );
        const twice = await call(editor, 'POST', at(paths('article').withdraw, item.id), {});
        expect(twice.json().message).toBe(CONTENT_MESSAGES.notWithdrawable);
        ok(await call(editor, 'DELETE', at(paths('article').item, item.id)));
        expect((await call(editor, 'GET', at(paths('article').item, item.id))).statusCode).toBe(404);

        const notice = await publish(
          'announcement',
          await create('announcement', { data: { title: '停电公告', body: doc(para('周六停电')) } }),
        );
        const edit = await call(editor, 'PUT', at(paths('announcement').item, notice.id), {
          data: { title: '改', body: doc(para('x')) },
          version: notice.version,
        });
        expect(edit.json().message).toBe(CONTENT_MESSAGES.announcementLocked);
        const copy = ok<ContentItem>(await call(editor, 'POST', at(paths('announcement').reissue, notice.id)));
        expect(copy).toMatchObject({ status: 'draft', title: '停电公告', version: 1 });
        expect(copy.id).not.toBe(notice.id);
        const articleReissue = await call(editor, 'POST', at(paths('article').reissue, copy.id));
        expect(articleReissue.statusCode).toBe(404);
      });

      it('submits and withdraws in batches, reporting what it refused', async () => {
        const a = await create('article', article('批量一'));
        const b = await create('article', article('批量二'));
        const res = ok<{ done: number[]; refused: { id: number; message: string }[] }>(
          await call(editor, 'POST', paths('article').batch, { action: 'publish', ids: [a.id, b.id, 999_999] }),
        );
        expect(res.done).toEqual([a.id, b.id]);
        expect(res.refused).toEqual([{ id: 999_999, message: CONTENT_MESSAGES.notFound }]);
        const w = ok<{ done: number[]; refused: { id: number; message: string }[] }>(
          await call(editor, 'POST', paths('article').batch, { action: 'withdraw', ids: [a.id] }),
        );
        expect(w.refused).toEqual([{ id: a.id, message: CONTENT_MESSAGES.notWithdrawable }]);
        const empty = await call(editor, 'POST', paths('article').batch, { action: 'publish', ids: [] });
        expect(empty.statusCode).toBe(400);
        expect(empty.json().errors[0].message).toBe(CONTENT_MESSAGES.batchEmpty);
      });

      it('reorders sortable items (slots of one kind only) and lists them in that order', async () => {
        const banner = async (title: string) => create('banner', { data: { title, image } });
        const [x, y, z] = [await banner('甲'), await banner('乙'), await banner('丙')];
        ok(await call(editor, 'POST', paths('banner').order, { ids: [z.id, x.id, y.id] }));
        const list = ok<{ content: ContentRow[] }>(
          await t().app.inject({
            method: 'GET',
            url: paths('banner').items,
            headers: editor.headers,
            query: { pageNumber: '0', pageSize: '50' },
          }),
        );
        expect(list.content.map((r) => r.id)).toEqual([z.id, x.id, y.id]);
        expect((await get('banner', x.id)).draft.sortOrder).toBe(1);
        const slot = (slotKind: string, ids: number[]) => create('layoutSlot', { data: { title: slotKind, slotKind, columnIds: ids } });
        const s1 = await slot('horizontalNews1', [column('group-news')]);
        const s2 = await slot('bottomNews', [column('market')]);
        const mixed = await call(editor, 'POST', paths('layoutSlot').order, { ids: [s1.id, s2.id] });
        expect(mixed.statusCode).toBe(400);
        expect(mixed.json().message).toBe(CONTENT_MESSAGES.slotKindMixed);
      });
    });

    describe('scheduler', () => {
      it('publishes at goLiveAt and expires at expireAt as the clock moves', async () => {
        const item = await create('article', { ...article('定时'), goLiveAt: hours(2), expireAt: hours(5) });
        const approved = await publish('article', item);
        expect(approved.status).toBe('scheduled');
        expect(await t().app.portalScheduler.tick()).toEqual([]);
        clockNow = new Date(Date.parse(hours(3)));
        const before = heard.length;
        const published = await t().app.portalScheduler.tick();
        expect(published).toContainEqual({ id: item.id, site: SITE, enterpriseId: 'ent-p', to: 'published' });
        expect((await get('article', item.id)).status).toBe('published');
        await waitFor(() => heard.length > before, 'the public change of going live');
        clockNow = new Date(Date.parse(hours(3)));
        expect((await t().app.portalScheduler.tick()).map((x) => x.id)).toContain(item.id);
        expect((await get('article', item.id)).status).toBe('expired');
      });

      it('runs as a loop on its interval and stops with it', async () => {
        const item = await create('article', { ...article('循环'), goLiveAt: hours(1) });
        await publish('article', item);
        clockNow = new Date(Date.parse(hours(2)));
        const loop = new PortalScheduler(t().database.db, () => clockNow, 10, t().app.log);
        loop.start();
        try {
          await waitFor(async () => (await get('article', item.id)).status === 'published', 'the loop to publish');
        } finally {
          await loop.stop();
        }
      });

      it(`transitions each item once when two passes run at once (${kind})`, async () => {
        const ids: number[] = [];
        for (let i = 0; i < 12; i++) {
          const it = await create('banner', { data: { title: `并发${i}`, image }, goLiveAt: hours(1) });
          await publish('banner', it);
          ids.push(it.id);
        }
        const when = new Date(Date.parse(hours(2)));
        const [a, b] = await Promise.all([runDueTransitions(t().database.db, when), runDueTransitions(t().database.db, when)]);
        const mine = (r: { id: number }[]) => r.map((x) => x.id).filter((id) => ids.includes(id));
        expect([...mine(a), ...mine(b)].sort((p, q) => p - q)).toEqual(ids);
        const audit = await t()
          .database.db.selectFrom('audit_log')
          .select('entity_id')
          .where('entity', '=', 'portalWebsiteItem')
          .where('entity_id', 'in', ids)
          .where('user_id', '=', 'system')
          .execute();
        expect(audit.length).toBe(ids.length);
      });
    });

    describe('columns and access', () => {
      it('refuses to delete a column a content item or a layout slot uses, naming them', async () => {
        const tree = ok<ColumnTree>(await call(admin, 'GET', portalPaths(SITE).columns));
        const market = tree.columns.find((c) => c.slug === 'policies')!;
        await create('article', article('政策文章', { columnId: market.id }));
        await create('layoutSlot', { data: { title: '政策版位', slotKind: 'horizontalNews1', columnIds: [market.id] } });
        const res = await call(admin, 'DELETE', at(portalPaths(SITE).column, market.id));
        expect(res.statusCode).toBe(409);
        expect(res.json().message).toBe(`栏目「政策法规」仍被使用，不能删除：文章「政策文章」、首页版位「政策版位」`);
      });

      it("keeps another enterprise's staff out (404) and refuses a reader's write (403)", async () => {
        const item = await create('article', article('本企业'));
        expect((await call(stranger, 'GET', at(paths('article').item, item.id))).statusCode).toBe(404);
        expect((await call(stranger, 'PUT', at(paths('article').item, item.id), { ...article('改'), version: 1 })).statusCode).toBe(404);
        expect((await call(stranger, 'POST', at(paths('article').submit, item.id), { version: 1 })).statusCode).toBe(404);
        const list = ok<{ totalElements: number }>(
          await t().app.inject({
            method: 'GET',
            url: paths('article').items,
            headers: stranger.headers,
            query: { pageNumber: '0', pageSize: '10' },
          }),
        );
        expect(list.totalElements).toBe(0);
        expect(ok<ContentItem>(await call(reader, 'GET', at(paths('article').item, item.id))).title).toBe('本企业');
        const write = await call(reader, 'PUT', at(paths('article').item, item.id), { ...article('改'), version: 1 });
        expect(write.statusCode).toBe(403);
        expect(write.json().message).toBe(PERMISSION_MESSAGES.denied('portalWebsite:write'));
        const otherSite = await call(editor, 'GET', at(paths('article', 'portalWebsites').item, item.id));
        expect(otherSite.statusCode).toBe(404);
      });
    });
  },
  { clock: () => clockNow, config: { portalSchedulerIntervalMs: 0 } },
);
