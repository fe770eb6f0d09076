// The life of content items on their screens: a banner's order moved with the keyboard-reachable buttons or by
// dragging (shown at once, put back when refused), the
// website copy's form shown directly (its email checked with the contract's message), a published announcement
// refused for editing and reissued as a new draft, and an approver reviewing what a submitted version changes.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CONTENT_BATCH_MAX, CONTENT_MESSAGES, PROCESS_PATHS, contentPaths, type ContentRow } from '@tfb/contract';
import { taskHistory } from '../../../test/fixtures';
import { refuse } from '../../../test/mock-api';
import { closeDialog, fill, findDialogTitled } from '../../../test/queries';
import { EDITOR, SITE, item, openContent, row } from './content-fixtures';

const page = (content: ContentRow[]) => ({ content, totalElements: content.length, pageNumber: 0, pageSize: 100 });
const SAVE = /保\s*存$/;

describe('banners', () => {
  const BANNERS = contentPaths(SITE, 'banner');
  const banners = [
    row({ id: 1, title: '横幅一', columnId: null, columnName: null }, 'banner'),
    row({ id: 2, title: '横幅二', columnId: null, columnName: null }, 'banner'),
  ];

  it('moves a banner down and sends the new order of the whole list', async () => {
    const { api, user } = openContent('/portalWebsite/bannersettings', {
      [BANNERS.items]: { GET: () => page(banners) },
      [BANNERS.order]: { POST: () => ({ done: [2, 1], refused: [] }) },
    });
    await user.click(await screen.findByRole('button', { name: '下移「横幅一」' }));
    await waitFor(() => expect(api.bodiesSentTo(BANNERS.order as never, 'POST')).toEqual([{ ids: [2, 1] }]));
    expect(screen.getByRole('button', { name: '上移「横幅一」' })).toBeDisabled();
  });

  describe('dragged into place', () => {
    const three = [...banners, row({ id: 3, title: '横幅三', columnId: null, columnName: null }, 'banner')];
    // jsdom has no DataTransfer: the drag's data is kept on a plain object.
    const dataTransfer = { setData: () => undefined, setDragImage: () => undefined, effectAllowed: 'all', dropEffect: 'none' };
    const titles = () => screen.getAllByRole('button', { name: /^横幅/ }).map((b) => b.textContent);
    const rowOf = (title: string) => screen.getByRole('button', { name: title }).closest('tr')!;
    /** Drags `title`'s handle onto the row of `onto`, showing the drop line there first. */
    const dragOnto = async (title: string, onto: string, line: 'before' | 'after') => {
      fireEvent.dragStart(await screen.findByRole('img', { name: `拖动排序「${title}」` }), { dataTransfer });
      fireEvent.dragOver(rowOf(onto), { dataTransfer });
      await waitFor(() => expect(rowOf(onto)).toHaveClass(`row-drag__over--${line}`));
      fireEvent.drop(rowOf(onto), { dataTransfer });
    };
    const deferred = () => {
      let settle!: (answer: unknown) => void;
      return { promise: new Promise((resolve) => (settle = resolve)), settle };
    };

    it('sends the whole new order, showing it while the call is under way', async () => {
      let order = three;
      const answer = deferred();
      const { api } = openContent('/portalWebsite/bannersettings', {
        [BANNERS.items]: { GET: () => page(order) },
        [BANNERS.order]: {
          POST: async ({ body }: { body: { ids: number[] } }) => {
            await answer.promise;
            order = body.ids.map((id) => three.find((r) => r.id === id)!);
            return { done: body.ids, refused: [] };
          },
        },
      });
      await dragOnto('横幅一', '横幅三', 'after');
      await waitFor(() => expect(api.bodiesSentTo(BANNERS.order as never, 'POST')).toEqual([{ ids: [2, 3, 1] }]));
      expect(titles()).toEqual(['横幅二', '横幅三', '横幅一']);
      expect(screen.getByRole('button', { name: '上移「横幅二」' })).toBeDisabled();
      answer.settle(null);
      await waitFor(() => expect(screen.getByRole('button', { name: '上移「横幅二」' })).toBeDisabled());
      await waitFor(() => expect(screen.getByRole('button', { name: '上移「横幅三」' })).toBeEnabled());
      expect(titles()).toEqual(['横幅二', '横幅三', '横幅一']);
      expect(api.callsTo(BANNERS.items as never, 'GET').length).toBeGreaterThan(1);
    });

    it('puts the old order back and says why when the call is refused', async () => {
      const answer = deferred();
      const { api } = openContent('/portalWebsite/bannersettings', {
        [BANNERS.items]: { GET: () => page(three) },
        [BANNERS.order]: { POST: () => answer.promise.then(() => refuse(40900, '横幅已被他人修改，请刷新后重试')) },
      });
      await dragOnto('横幅三', '横幅一', 'before');
      await waitFor(() => expect(api.bodiesSentTo(BANNERS.order as never, 'POST')).toEqual([{ ids: [3, 1, 2] }]));
      expect(titles()).toEqual(['横幅三', '横幅一', '横幅二']);
      answer.settle(null);
      expect(await screen.findByText('横幅已被他人修改，请刷新后重试')).toBeInTheDocument();
      await waitFor(() => expect(titles()).toEqual(['横幅一', '横幅二', '横幅三']));
      await waitFor(() => expect(screen.getByRole('button', { name: '下移「横幅一」' })).toBeEnabled());
    });

    it('takes no drop onto the dragged row nor a drag from elsewhere, and offers no drag in a filtered list', async () => {
      const { api, user } = openContent('/portalWebsite/bannersettings', { [BANNERS.items]: { GET: () => page(three) } });
      const handle = await screen.findByRole('img', { name: '拖动排序「横幅二」' });
      expect(handle).toHaveAttribute('draggable', 'true');
      fireEvent.dragStart(handle, { dataTransfer });
      fireEvent.dragOver(rowOf('横幅二'), { dataTransfer });
      fireEvent.drop(rowOf('横幅二'), { dataTransfer });
      // Something dragged in from outside the table (no drag of a row started).
      fireEvent.dragOver(rowOf('横幅一'), { dataTransfer });
      fireEvent.drop(rowOf('横幅一'), { dataTransfer });
      expect(screen.getAllByRole('row').filter((r) => r.classList.contains('row-drag__over'))).toEqual([]);
      expect(api.bodiesSentTo(BANNERS.order as never, 'POST')).toEqual([]);

      await fill(user, screen.getByRole('textbox', { name: '标题' }), '横幅');
      await user.click(screen.getByRole('button', { name: /查\s*询/ }));
      await waitFor(() => expect(screen.getByRole('img', { name: '拖动排序「横幅二」' })).toHaveAttribute('draggable', 'false'));
      expect(screen.getByRole('button', { name: '下移「横幅二」' })).toBeDisabled();
    });

    it('offers no reordering of a list longer than a page, whose whole order it does not hold', async () => {
      openContent('/portalWebsite/bannersettings', {
        [BANNERS.items]: { GET: () => ({ ...page(three), totalElements: CONTENT_BATCH_MAX + 1 }) },
      });
      expect(await screen.findByText(`超过 ${CONTENT_BATCH_MAX} 条，列表分页显示，不能调整顺序`)).toBeInTheDocument();
      expect(screen.getByRole('img', { name: '拖动排序「横幅二」' })).toHaveAttribute('draggable', 'false');
      expect(screen.getByRole('button', { name: '上移「横幅二」' })).toBeDisabled();
    });
  });

  it('adds a banner in a drawer with its image and link fields', async () => {
    const { user } = openContent('/portalWebsite/bannersettings', { [BANNERS.items]: { GET: () => page(banners) } });
    await user.click(await screen.findByRole('button', { name: /新增横幅/ }));
    const drawer = await findDialogTitled('新增横幅');
    expect(within(drawer).getByRole('group', { name: '图片' })).toBeInTheDocument();
    expect(within(drawer).getByRole('textbox', { name: '链接地址' })).toBeInTheDocument();
    await fill(user, within(drawer).getByRole('textbox', { name: '链接地址' }), 'javascript:alert(1)');
    await user.click(within(drawer).getByRole('button', { name: SAVE }));
    expect(await within(drawer).findByText(CONTENT_MESSAGES.linkInvalid)).toBeInTheDocument();
    expect(within(drawer).getByText(CONTENT_MESSAGES.imageRequired)).toBeInTheDocument();
  });
});

describe('the website copy', () => {
  const COPY = contentPaths(SITE, 'websiteCopy');

  it('shows its form directly while the site has none, and creates it', async () => {
    const created = item(
      {
        id: 3,
        title: '网站文案',
        draft: {
          title: '网站文案',
          footerText: '',
          contactPhone: '',
          contactEmail: 'info@example.com',
          contactAddress: '',
          icp: '',
          copyright: '',
        },
      },
      'websiteCopy',
    );
    let saved = false;
    const { api, user } = openContent('/portalWebsite/websitecopy', {
      [COPY.items]: {
        GET: () => page(saved ? [row({ id: 3, title: '网站文案' }, 'websiteCopy')] : []),
        POST: () => ((saved = true), created),
      },
      [COPY.item]: { GET: () => created },
      [COPY.versions]: { GET: () => [] },
    });
    await fill(user, await screen.findByRole('textbox', { name: '标题' }), '网站文案');
    await fill(user, screen.getByRole('textbox', { name: '联系邮箱' }), 'not-an-email');
    await user.click(screen.getByRole('button', { name: SAVE }));
    expect(await screen.findByText(CONTENT_MESSAGES.emailInvalid)).toBeInTheDocument();
    await fill(user, screen.getByRole('textbox', { name: '联系邮箱' }), 'info@example.com');
    await user.click(screen.getByRole('button', { name: SAVE }));
    await waitFor(() => expect(api.bodiesSentTo(COPY.items as never, 'POST')).toHaveLength(1));
    expect(api.bodiesSentTo(COPY.items as never, 'POST')[0]).toMatchObject({
      data: { title: '网站文案', contactEmail: 'info@example.com' },
      goLiveAt: null,
    });
    expect(await screen.findByRole('region', { name: '版本' })).toBeInTheDocument();
  });
});

describe('a published announcement', () => {
  const NOTICES = contentPaths(SITE, 'announcement');
  const published = item({ id: 7, title: '停机公告', status: 'published', version: 2, liveVersion: 2 }, 'announcement');
  const reissued = item({ id: 8, title: '停机公告', version: 1 }, 'announcement');

  it('is not edited but withdrawn or reissued as a new draft, which opens for editing', async () => {
    const { api, user } = openContent('/portalWebsite/announcementadd?id=7', {
      [NOTICES.item]: { GET: ({ params }: { params: { id: string } }) => (params.id === '8' ? reissued : published) },
      [NOTICES.reissue]: { POST: () => reissued },
      [NOTICES.versions]: { GET: () => [] },
    });
    expect(await screen.findByText(CONTENT_MESSAGES.announcementLocked)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '查看详情' }));
    expect(await screen.findByRole('button', { name: /撤\s*回/ })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /编\s*辑/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /重新发布/ }));
    const confirm = await findDialogTitled('重新发布？');
    await user.click(within(confirm).getByRole('button', { name: /重新发布/ }));
    await waitFor(() => expect(api.callsTo(NOTICES.reissue as never, 'POST')).toHaveLength(1));
    expect(await screen.findByRole('textbox', { name: '标题' })).toHaveValue('停机公告');
  });
});

describe('the versions of an item', () => {
  const ARTICLES = contentPaths(SITE, 'article');
  const version = (v: number, live = false) => ({
    version: v,
    title: `标题 v${v}`,
    userName: '孙悦',
    time: '2026-11-02 10:00:00',
    changedFields: ['title'],
    note: '',
    live,
  });

  it('diffs two picked versions side by side and restores an older one as a new draft', async () => {
    const current = item({ id: 5, title: '标题 v3', version: 3, liveVersion: 2, status: 'publishedWithDraft' });
    const { api, user } = openContent('/portalWebsite/articledetail?id=5', {
      [ARTICLES.item]: { GET: () => current },
      [ARTICLES.versions]: { GET: () => [version(3), version(2, true), version(1)] },
      [ARTICLES.diff]: {
        GET: ({ query }: { query: { from: number; to: number } }) => ({
          from: query.from,
          to: query.to,
          fields: [{ key: 'title', label: 'portal.field.title', changed: true, before: `标题 v${query.from}`, after: `标题 v${query.to}` }],
        }),
      },
      [ARTICLES.restore]: { POST: () => ({ ...current, version: 4, title: '标题 v1' }) },
    });
    const versions = await screen.findByRole('region', { name: '版本' });
    await user.click(await within(versions).findByRole('checkbox', { name: '第 1 版' }));
    await user.click(within(versions).getByRole('checkbox', { name: '第 3 版' }));
    await user.click(within(versions).getByRole('button', { name: /对比所选版本/ }));
    const diff = await findDialogTitled('版本对比');
    expect(await within(diff).findByText('标题 v1')).toBeInTheDocument();
    expect(api.lastQuery(ARTICLES.diff as never)).toEqual({ from: '1', to: '3' });
    closeDialog(diff);

    const first = within(versions).getByText('标题 v1').closest('tr')!;
    await user.click(within(first).getByRole('button', { name: /恢\s*复/ }));
    const confirm = await findDialogTitled('恢复第 1 版？');
    await user.click(within(confirm).getByRole('button', { name: /恢\s*复/ }));
    await waitFor(() =>
      expect(api.callsTo(ARTICLES.restore as never, 'POST').map((c) => c.url.pathname)).toEqual([
        ARTICLES.restore.replace(':id', '5').replace(':version', '1'),
      ]),
    );
  });
});

describe('an approver', () => {
  const ARTICLES = contentPaths(SITE, 'article');

  it('sees what the submitted version changes against the live copy, and the approval timeline', async () => {
    const pending = item({
      id: 5,
      title: '新标题',
      status: 'publishedWithDraft',
      reviewState: 'pending',
      version: 3,
      liveVersion: 2,
      processInstanceId: 42,
    });
    openContent(
      '/portalWebsite/articledetail?id=5',
      {
        [ARTICLES.item]: { GET: () => pending },
        [ARTICLES.versions]: { GET: () => [] },
        [ARTICLES.diff]: {
          GET: () => ({
            from: 'live',
            to: 3,
            fields: [
              { key: 'title', label: 'portal.field.title', changed: true, before: '旧标题', after: '新标题' },
              { key: 'author', label: 'portal.field.author', changed: false, before: '张三', after: '张三' },
            ],
          }),
        },
        [PROCESS_PATHS.taskHistory]: () => taskHistory('portalWebsite', 5),
      },
      EDITOR,
    );
    const changes = await screen.findByRole('region', { name: '提交的版本相对线上版本的改动' });
    expect(await within(changes).findByText('旧标题')).toBeInTheDocument();
    expect(within(changes).getByText('有改动')).toBeInTheDocument();
    expect(await screen.findByText('审批流程')).toBeInTheDocument();
  });
});
