// The content screens of the portal sites through their addresses, against the contract's calls: the form built
// from a type's fields (each widget, the contract's required messages, a save refused as stale offering a reload
// and a comparison), the list (its filters as query params, the batch result with its refusals), a layout slot's
// column count, and what a reader without the write permission is offered.
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CONTENT_MESSAGES, contentPaths, portalPaths, type ContentRow } from '@tfb/contract';
import { refuse } from '../../../test/mock-api';
import { chooseOption, fill, findDialogTitled, type User } from '../../../test/queries';
import { EDITOR, READER, SITE, item, openContent, row } from './content-fixtures';

const ARTICLES = contentPaths(SITE, 'article');
const SLOTS = contentPaths(SITE, 'layoutSlot');
const page = (content: ContentRow[]) => ({ content, totalElements: content.length, pageNumber: 0, pageSize: 10 });
const SAVE = /保\s*存$/;

/** Picks a column in the slot's ordered column select by typing its name (the list shows only what matches). */
async function pickColumn(user: User, name: string) {
  const box = screen.getByRole('combobox', { name: '栏目（按显示顺序）' });
  await user.click(box);
  await user.type(box, name);
  const option = await waitFor(() => {
    const found = screen.getAllByTitle(name).filter((el) => el.hasAttribute('aria-disabled'));
    expect(found.length).toBeGreaterThan(0);
    return found.at(-1)!;
  });
  await user.click(option);
}

describe('the content form built from a type’s fields', () => {
  it('shows the contract’s required messages when an empty article is saved, and sends nothing', async () => {
    const { api, user } = openContent('/portalWebsite/articleadd', {});
    await user.click(await screen.findByRole('button', { name: SAVE }));
    expect(await screen.findByText(CONTENT_MESSAGES.titleRequired)).toBeInTheDocument();
    expect(screen.getByText(CONTENT_MESSAGES.columnRequired)).toBeInTheDocument();
    expect(screen.getByText(CONTENT_MESSAGES.bodyRequired)).toBeInTheDocument();
    expect(api.bodiesSentTo(ARTICLES.items as never)).toEqual([]);
  });

  it('renders each field by its widget', async () => {
    openContent('/portalWebsite/articleadd', {});
    expect(await screen.findByRole('textbox', { name: '标题' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: '栏目' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: '摘要' })).toBeInTheDocument();
    expect(screen.getByRole('group', { name: '封面图片' })).toBeInTheDocument();
    expect(await screen.findByLabelText('正文')).toBeInTheDocument();
    expect(screen.getByLabelText('发布时间')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: '标签' })).toBeInTheDocument();
    expect(screen.getByLabelText('上线时间')).toBeInTheDocument();
    expect(screen.getByLabelText('下线时间')).toBeInTheDocument();
  });

  it('renders the media and number widgets of a video', async () => {
    openContent('/portalWebsite/videoadd', {});
    expect(await screen.findByRole('group', { name: '视频文件' })).toBeInTheDocument();
    expect(screen.getByRole('group', { name: '封面图片' })).toBeInTheDocument();
    expect(screen.getByRole('spinbutton', { name: '时长（秒）' })).toBeInTheDocument();
  });

  it('offers a reload and a comparison with the other version when a save is refused as stale', async () => {
    const mine = item({ id: 5, title: '旧标题', version: 3 });
    const theirs = item({ id: 5, title: '他人改的标题', version: 4 });
    let reads = 0;
    const { api, user } = openContent('/portalWebsite/articleedit?id=5', {
      [ARTICLES.item]: { GET: () => (reads++ === 0 ? mine : theirs), PUT: () => refuse(40900, CONTENT_MESSAGES.stale) },
    });
    const title = await screen.findByRole('textbox', { name: '标题' });
    await waitFor(() => expect(title).toHaveValue('旧标题'));
    await fill(user, title, '我的标题');
    await user.click(screen.getByRole('button', { name: SAVE }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(CONTENT_MESSAGES.stale);
    expect(api.bodiesSentTo(ARTICLES.item as never, 'PUT')[0]).toMatchObject({ version: 3, data: { title: '我的标题' } });
    expect(within(alert).getByRole('button', { name: /重新加载/ })).toBeInTheDocument();

    await user.click(within(alert).getByRole('button', { name: /对\s*比/ }));
    const dialog = await findDialogTitled('对比他人的修改');
    expect(await within(dialog).findByText('他人改的标题')).toBeInTheDocument();
    expect(within(dialog).getByText('我的标题')).toBeInTheDocument();
    expect(within(dialog).getByText('最新版本（第 4 版）')).toBeInTheDocument();
  });
});

describe('the content list', () => {
  const rows = [row({ id: 1, title: '第一篇' }), row({ id: 2, title: '第二篇', status: 'published', version: 2, liveVersion: 2 })];

  it('sends its filters as the list query, from the first page', async () => {
    const { api, user } = openContent('/portalWebsite/articlelist', { [ARTICLES.items]: { GET: () => page(rows) } });
    expect(await screen.findByText('第一篇')).toBeInTheDocument();
    await fill(user, screen.getByRole('textbox', { name: '标题' }), '政策');
    await chooseOption(user, '状态', '草稿');
    await user.click(screen.getByRole('button', { name: /查\s*询/ }));
    await waitFor(() => expect(api.lastQuery(ARTICLES.items as never)).toMatchObject({ title: '政策', status: 'draft', pageNumber: '0' }));
  });

  it('publishes the selected rows in one batch call and shows what it refused and why', async () => {
    const { api, user } = openContent('/portalWebsite/articlelist', {
      [ARTICLES.items]: { GET: () => page(rows) },
      [ARTICLES.batch]: { POST: () => ({ done: [1], refused: [{ id: 2, message: CONTENT_MESSAGES.nothingToSubmit }] }) },
    });
    await user.click(await screen.findByRole('checkbox', { name: '第一篇' }));
    await user.click(screen.getByRole('checkbox', { name: '第二篇' }));
    await user.click(screen.getByRole('button', { name: /发\s*布$/ }));
    const result = await screen.findByRole('status');
    expect(result).toHaveTextContent('已提交审批 1 条，未处理 1 条');
    expect(result).toHaveTextContent(`第二篇：${CONTENT_MESSAGES.nothingToSubmit}`);
    expect(api.bodiesSentTo(ARTICLES.batch as never)).toEqual([{ action: 'publish', ids: [1, 2] }]);
  });
});

describe('the second site', () => {
  it('lists its own articles through its own calls', async () => {
    const SECOND = contentPaths('portalWebsites', 'article');
    const { api } = openContent(
      '/portalWebsites/articlelist',
      {
        [SECOND.items]: { GET: () => page([row({ id: 3, title: '数据门户的文章' })]) },
        [portalPaths('portalWebsites').columns]: { GET: () => ({ version: 1, columns: [] }) },
      },
      { roles: ['portal_websites_admin'] },
    );
    expect(await screen.findByText('数据门户的文章')).toBeInTheDocument();
    expect(api.callsTo(ARTICLES.items as never)).toEqual([]);
    expect(screen.getByRole('button', { name: /新增文章/ })).toBeInTheDocument();
  });
});

describe('a layout slot page', () => {
  it('takes exactly the columns its slot kind shows, in the order picked', async () => {
    const saved = item(
      {
        id: 9,
        title: '三栏新闻',
        draft: { title: '三栏新闻', slotKind: 'horizontalNews3', columnIds: [1, 5, 3], itemCount: 5, variant: 'list', sortOrder: 0 },
      },
      'layoutSlot',
    );
    const { api, user } = openContent('/portalWebsite/horizontalnews3', {
      [SLOTS.items]: { GET: () => page([]), POST: () => saved },
      [SLOTS.item]: { GET: () => saved },
      [SLOTS.versions]: { GET: () => [] },
    });
    await user.click((await screen.findAllByRole('button', { name: /新增版位/ }))[0]!);
    const drawer = await findDialogTitled('新增版位');
    // Its kind is the page's: the select of kinds is not offered; its style is a select, its count a number.
    expect(within(drawer).queryByRole('combobox', { name: '版位类型' })).not.toBeInTheDocument();
    expect(within(drawer).getByRole('combobox', { name: '显示样式' })).toBeInTheDocument();
    expect(within(drawer).getByRole('spinbutton', { name: '显示条数' })).toBeInTheDocument();
    await fill(user, within(drawer).getByRole('textbox', { name: '标题' }), '三栏新闻');
    await pickColumn(user, '新闻中心');
    await user.click(within(drawer).getByRole('button', { name: SAVE }));
    expect(await within(drawer).findByText(CONTENT_MESSAGES.slotColumnsCount(3, 3))).toBeInTheDocument();
    expect(api.bodiesSentTo(SLOTS.items as never)).toEqual([]);

    await pickColumn(user, '政策法规');
    await pickColumn(user, '关于我们');
    await user.click(within(drawer).getByRole('button', { name: SAVE }));
    await waitFor(() => expect(api.bodiesSentTo(SLOTS.items as never)).toHaveLength(1));
    expect(api.bodiesSentTo(SLOTS.items as never)[0]).toMatchObject({
      data: { title: '三栏新闻', slotKind: 'horizontalNews3', columnIds: [1, 5, 3] },
    });
  });
});

describe('a reader without the write permission', () => {
  const published = item({ id: 5, title: '已发布的文章', status: 'published', version: 2, liveVersion: 2 });
  const handlers = {
    [ARTICLES.items]: { GET: () => page([row({ id: 5, title: '已发布的文章', status: 'published', version: 2, liveVersion: 2 })]) },
    [ARTICLES.item]: { GET: () => published },
    [ARTICLES.versions]: { GET: () => [] },
  };

  it('sees the list without create, selection or edit', async () => {
    openContent('/portalWebsite/articlelist', handlers, READER);
    expect(await screen.findByText('已发布的文章')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /查\s*看/ })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /新增文章/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /编\s*辑/ })).not.toBeInTheDocument();
  });

  it('sees the detail with its preview only, where an editor may withdraw it', async () => {
    openContent('/portalWebsite/articledetail?id=5', handlers, READER);
    expect(await screen.findByRole('button', { name: /预\s*览/ })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /撤\s*回/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /编\s*辑/ })).not.toBeInTheDocument();
  });

  it('(an editor, for contrast, is offered withdraw and edit on the same item)', async () => {
    openContent('/portalWebsite/articledetail?id=5', handlers, EDITOR);
    expect(await screen.findByRole('button', { name: /撤\s*回/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /编\s*辑/ })).toBeInTheDocument();
  });
});
