// The column screens of the content: the topic and child columns with how many items each holds (one call for the
// whole table), edited in the column settings' form by a site administrator (saved against the version read), and the single pages, one per
// single-page column, created in a drawer with the row's column.
import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { contentPaths, portalPaths, type ContentRow } from '@tfb/contract';
import { fill, findDialogTitled } from '../../../test/queries';
import { COLUMNS, READER, SITE, item, openContent } from './content-fixtures';

const page = (content: ContentRow[], total = content.length) => ({ content, totalElements: total, pageNumber: 0, pageSize: 1 });

describe('the topic columns', () => {
  const counts = {
    [portalPaths(SITE).usage]: {
      GET: () => [
        { columnId: 2, type: 'article', count: 7 },
        { columnId: 4, type: 'video', count: 2 },
        { columnId: 4, type: 'article', count: 3 },
        { columnId: 4, type: 'layoutSlot', count: 1 },
      ],
    },
  };

  it('lists the site’s topic columns with their item counts, and saves an edited one against its version', async () => {
    const { api, user } = openContent('/portalWebsite/specialcolumn', {
      ...counts,
      [portalPaths(SITE).column]: { PUT: () => ({ ...COLUMNS[3]!, name: '年度专题', version: 2 }) },
    });
    const topic = (await screen.findByText('专题报道')).closest('tr')!;
    expect(screen.queryByText('行业动态')).not.toBeInTheDocument();
    // In the types' usual order, whatever order the reply gives.
    await waitFor(() =>
      expect(
        within(topic)
          .getAllByText(/^\S+ \d+$/)
          .map((tag) => tag.textContent),
      ).toEqual(['文章 3', '视频 2', '版位 1']),
    );
    // One call for the whole table, none per row and type.
    expect(api.callsTo(portalPaths(SITE).usage)).toHaveLength(1);
    expect(api.calls.filter((c) => c.path.includes('/content/'))).toEqual([]);

    await user.click(within(topic).getByRole('button', { name: /编\s*辑/ }));
    const dialog = await screen.findByRole('dialog');
    await fill(user, within(dialog).getByRole('textbox', { name: '栏目名称' }), '年度专题');
    await user.click(within(dialog).getByRole('button', { name: /确\s*定|OK/ }));
    await waitFor(() => expect(api.bodiesSentTo(portalPaths(SITE).column, 'PUT')).toHaveLength(1));
    expect(api.bodiesSentTo(portalPaths(SITE).column, 'PUT')[0]).toMatchObject({ name: '年度专题', kind: 'topic', version: 1 });
    // The edit refreshes the tree and the counts.
    await waitFor(() => expect(api.callsTo(portalPaths(SITE).usage)).toHaveLength(2));
  });

  it('shows the child columns with their counts, 0 where nothing uses one', async () => {
    openContent('/portalWebsite/childcolumn', {
      [portalPaths(SITE).usage]: { GET: () => [{ columnId: 2, type: 'article', count: 7 }] },
      [portalPaths(SITE).columns]: {
        GET: () => ({ version: 3, columns: [...COLUMNS, { ...COLUMNS[1]!, id: 6, name: '政策解读', slug: 'c6', parentId: 5 }] }),
      },
    });
    const child = (await screen.findByText('新闻中心 / 行业动态')).closest('tr')!;
    expect(await within(child).findByText('文章 7')).toBeInTheDocument();
    const empty = screen.getByText('政策法规 / 政策解读').closest('tr')!;
    expect(within(empty).getByRole('cell', { name: '0' })).toBeInTheDocument();
    expect(screen.queryByText('专题报道')).not.toBeInTheDocument();
  });

  it('offers a reader no edit', async () => {
    openContent('/portalWebsite/specialcolumn', counts, READER);
    expect(await screen.findByText('专题报道')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /编\s*辑/ })).not.toBeInTheDocument();
  });
});

describe('the single pages', () => {
  // ProseMirror measures the caret to scroll it into view; jsdom lays nothing out, so ranges answer empty boxes.
  beforeAll(async () => {
    // The editor loads on first use; loading it here keeps its first compile out of the test's own time.
    await import('../../../components/widgets/rich-text-editor-body');
    const emptyRects = () => Object.assign([], { item: () => null }) as unknown as DOMRectList;
    Range.prototype.getClientRects ??= emptyRects;
    Range.prototype.getBoundingClientRect ??= () => new DOMRect();
    document.elementFromPoint ??= () => null;
  });

  const PAGES = contentPaths(SITE, 'pictureTextPage');

  it('lists each single-page column with its page and creates a missing one with the row’s column', async () => {
    const created = item(
      { id: 6, title: '公司简介', columnId: 3, draft: { title: '公司简介', columnId: 3, cover: null, body: null } },
      'pictureTextPage',
    );
    const { api, user } = openContent('/portalWebsite/picturetextsingle', {
      [PAGES.items]: { GET: () => page([]), POST: () => created },
      [PAGES.item]: { GET: () => created },
      [PAGES.versions]: { GET: () => [] },
    });
    const about = (await screen.findByText('关于我们')).closest('tr')!;
    expect(within(about).getByText('尚未创建')).toBeInTheDocument();
    await user.click(within(about).getByRole('button', { name: '创建单页' }));
    const drawer = await findDialogTitled('新增图文单页');
    expect(within(drawer).queryByRole('combobox', { name: '栏目' })).not.toBeInTheDocument();
    await fill(user, within(drawer).getByRole('textbox', { name: '标题' }), '公司简介');
    expect(await within(drawer).findByLabelText('正文')).toBeInTheDocument();
    await user.click(within(drawer).getByRole('button', { name: /保\s*存$/ }));
    // The body is required: nothing is sent until it is written.
    expect(await within(drawer).findByText('请输入正文')).toBeInTheDocument();
    expect(api.bodiesSentTo(PAGES.items as never, 'POST')).toEqual([]);

    await user.click(within(drawer).getByRole('textbox', { name: '正文' }));
    await user.keyboard('我们是一家供应链金融平台');
    await user.click(within(drawer).getByRole('button', { name: /保\s*存$/ }));
    await waitFor(() => expect(api.bodiesSentTo(PAGES.items as never, 'POST')).toHaveLength(1));
    expect(api.bodiesSentTo(PAGES.items as never, 'POST')[0]).toMatchObject({
      data: {
        title: '公司简介',
        columnId: 3,
        body: { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: '我们是一家供应链金融平台' }] }] },
      },
    });
  });
});
