// The column settings screen through its address: the outline shows the tree (kinds, hidden columns), edits stay
// local until 保存 sends the whole tree against the version it was read at, a stale tree offers a reload, a
// column with children is refused with the server's where-used message, the draft is autosaved while the tree
// holds edits and offered back on the next visit, and leaving with unsaved edits asks spec 2.1's question.
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES, PORTAL_MESSAGES, portalPaths, type Column, type ColumnDraft, type ColumnTree } from '@tfb/contract';
import { mockApi, refuse, type ApiHandlers } from '../../../test/mock-api';
import { fill, findDialogTitled, setupUser } from '../../../test/queries';
import { renderApp } from '../../../test/render';
import { openScreen } from '../../../test/screen';
import { signIn } from '../../../test/sign-in';
import { DRAFT_AUTOSAVE_MS } from '../components/column-settings-page';

const SITE = 'portalWebsites';
const PATHS = portalPaths(SITE);
const ADDRESS = '/portalWebsites/columnsettingss';
const ADMIN = { roles: ['portal_websites_admin'] };

const column = (over: Partial<Column> & Pick<Column, 'id' | 'name' | 'slug'>): Column => ({
  parentId: null,
  kind: 'list',
  linkUrl: '',
  sortOrder: 0,
  visible: true,
  seoTitle: '',
  seoKeywords: '',
  seoDescription: '',
  version: 1,
  createUserName: '孙悦',
  changeUserName: '孙悦',
  createTime: '2026-11-01 09:00:00',
  updateTime: '2026-11-01 09:00:00',
  ...over,
});

const tree = (version = 7): ColumnTree => ({
  version,
  columns: [
    column({ id: 1, name: '首页', slug: 'home', kind: 'link', linkUrl: '/' }),
    column({ id: 2, name: '数据动态', slug: 'news', sortOrder: 1 }),
    column({ id: 3, name: '平台公告', slug: 'notices', parentId: 2 }),
    column({ id: 4, name: '历史沿革', slug: 'history', parentId: 2, sortOrder: 1, kind: 'page', visible: false }),
  ],
});

/** The editor's calls: the tree (GET and PUT) and the draft (GET, PUT, DELETE), with what a test changes. */
function editorApi(over: ApiHandlers = {}): ApiHandlers {
  return {
    [PATHS.columns]: { GET: () => tree(), PUT: ({ body }) => ({ version: body.baseVersion + 1, columns: tree().columns }) },
    [PATHS.draft]: { GET: () => null, PUT: () => null, DELETE: () => null },
    ...over,
  };
}

const outline = () => screen.findByRole('tree', { name: '大纲' });

afterEach(() => vi.useRealTimers());

describe('column settings outline', () => {
  it('shows each column’s kind and marks hidden ones, and edits the selected column in a form built from the contract', async () => {
    const { user } = openScreen(ADDRESS, editorApi(), ADMIN);
    const shown = await outline();
    expect(within(shown).getByText('首页')).toBeInTheDocument();
    expect(within(shown).getByText('链接')).toBeInTheDocument();
    expect(within(shown).getByText('隐藏')).toBeInTheDocument();

    await user.click(within(shown).getByText('平台公告'));
    const name = await screen.findByLabelText('栏目名称');
    expect(name).toHaveValue('平台公告');
    await user.clear(name);
    expect(await screen.findByText(PORTAL_MESSAGES.nameRequired)).toBeInTheDocument();
    // The tree keeps the last valid name while the form refuses a blank one.
    expect(within(shown).getByText('平台公告')).toBeInTheDocument();
    await fill(user, name, '平台通知');
    expect(await within(shown).findByText('平台通知')).toBeInTheDocument();
    expect(screen.getByText('有未保存的修改')).toBeInTheDocument();
  });

  it('adds a child column and saves the whole tree in one PUT against the version it was read at', async () => {
    const { api, user } = openScreen(ADDRESS, editorApi(), ADMIN);
    const shown = await outline();
    await user.click(within(shown).getByText('数据动态'));
    await user.click(screen.getByRole('button', { name: '添加子栏目' }));
    expect(await within(shown).findByText('新栏目')).toBeInTheDocument();
    expect(screen.getByLabelText('栏目别名')).toHaveValue('new-column');

    await user.click(screen.getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(api.calls.map((c) => c.method + ' ' + c.path)).toContain('PUT ' + PATHS.columns));
    const body = api.bodiesSentTo(PATHS.columns, 'PUT')[0] as {
      baseVersion: number;
      columns: { id?: number; name: string; parentKey: string | null }[];
    };
    expect(body.baseVersion).toBe(7);
    expect(body.columns.map((c) => [c.id, c.name, c.parentKey])).toEqual([
      [1, '首页', null],
      [2, '数据动态', null],
      [3, '平台公告', 'c2'],
      [4, '历史沿革', 'c2'],
      [undefined, '新栏目', 'c2'],
    ]);
    expect(await screen.findByText('栏目树已保存')).toBeInTheDocument();
    // Saved: nothing is left unsaved, and the editor makes no second call for the draft (the save dropped it).
    expect(screen.getByText('已保存')).toBeInTheDocument();
    expect(api.callsTo(PATHS.draft, 'DELETE')).toHaveLength(0);
  });

  it('refuses to delete a column that still has child columns, with the server’s where-used message', async () => {
    const { user } = openScreen(ADDRESS, editorApi(), ADMIN);
    const shown = await outline();
    await user.click(within(shown).getByText('数据动态'));
    await user.click(screen.getByRole('button', { name: /删\s*除/ }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      PORTAL_MESSAGES.inUse('数据动态', [PORTAL_MESSAGES.childColumns(['平台公告', '历史沿革'])]),
    );
    expect(within(shown).getByText('数据动态')).toBeInTheDocument();

    await user.click(within(shown).getByText('首页'));
    await user.click(screen.getByRole('button', { name: /删\s*除/ }));
    await waitFor(() => expect(within(shown).queryByText('首页')).not.toBeInTheDocument());
  });

  it('shows the server’s refusal of a save (a column still in use) and keeps the edits', async () => {
    const inUse = PORTAL_MESSAGES.inUse('平台公告', ['横幅「平台公告」']);
    const { user } = openScreen(ADDRESS, editorApi({ [PATHS.columns]: { GET: () => tree(), PUT: () => refuse(40900, inUse) } }), ADMIN);
    const shown = await outline();
    await user.click(within(shown).getByText('平台公告'));
    await user.click(screen.getByRole('button', { name: /删\s*除/ }));
    await user.click(screen.getByRole('button', { name: /保\s*存/ }));
    expect(await screen.findByRole('alert')).toHaveTextContent(inUse);
    expect(screen.getByText('有未保存的修改')).toBeInTheDocument();
  });

  it('offers a reload when someone else changed the tree since it was read, and reads it afresh', async () => {
    let version = 7;
    const { api, user } = openScreen(
      ADDRESS,
      editorApi({
        [PATHS.columns]: {
          GET: () => ({ ...tree(version), columns: [...tree().columns, column({ id: 9, name: '他人新增', slug: 'other' })] }),
          PUT: () => refuse(40900, PORTAL_MESSAGES.staleTree),
        },
      }),
      ADMIN,
    );
    await outline();
    await user.click(screen.getByRole('button', { name: /新增栏目/ }));
    version = 8;
    await user.click(screen.getByRole('button', { name: /保\s*存/ }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(PORTAL_MESSAGES.staleTree);

    await user.click(within(alert).getByRole('button', { name: /重新加载/ }));
    await waitFor(() => expect(api.callsTo(PATHS.columns, 'GET')).toHaveLength(2));
    expect(await within(await outline()).findByText('他人新增')).toBeInTheDocument();
    expect(screen.queryByText('新栏目')).not.toBeInTheDocument();
    expect(screen.getByText('已保存')).toBeInTheDocument();
  });
});

describe('column settings draft', () => {
  it('autosaves the tree as the site’s draft every few seconds while it holds unsaved edits', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const { api, user } = openScreen(ADDRESS, editorApi(), ADMIN);
    await outline();
    await user.click(screen.getByRole('button', { name: /新增栏目/ }));
    expect(api.bodiesSentTo(PATHS.draft, 'PUT')).toHaveLength(0);
    act(() => vi.advanceTimersByTime(DRAFT_AUTOSAVE_MS));
    await waitFor(() => expect(api.bodiesSentTo(PATHS.draft, 'PUT')).toHaveLength(1));
    const draft = api.bodiesSentTo(PATHS.draft, 'PUT')[0] as { baseVersion: number; tree: { columns: { name: string }[] } };
    expect(draft.baseVersion).toBe(7);
    expect(draft.tree.columns.map((c) => c.name)).toEqual(['首页', '数据动态', '平台公告', '历史沿革', '新栏目']);
    // Nothing new since: the next tick saves nothing.
    act(() => vi.advanceTimersByTime(DRAFT_AUTOSAVE_MS));
    expect(api.bodiesSentTo(PATHS.draft, 'PUT')).toHaveLength(1);
  });

  it('offers a draft newer than the tree on opening, and restores it', async () => {
    const columns = [
      {
        key: 'c1',
        id: 1,
        parentKey: null,
        name: '草稿里的首页',
        slug: 'home',
        kind: 'list',
        linkUrl: '',
        visible: true,
        seoTitle: '',
        seoKeywords: '',
        seoDescription: '',
      },
    ];
    const draft: ColumnDraft = {
      tree: { columns },
      baseVersion: 7,
      userId: 'demo-portal-admin',
      userName: '孙悦',
      savedTime: '2026-11-02 10:00:00',
    };
    const { user } = openScreen(ADDRESS, editorApi({ [PATHS.draft]: { GET: () => draft, PUT: () => draft, DELETE: () => null } }), ADMIN);
    await user.click(await screen.findByRole('button', { name: '恢复草稿' }));
    expect(await within(await outline()).findByText('草稿里的首页')).toBeInTheDocument();
    expect(screen.queryByText('平台公告')).not.toBeInTheDocument();
    expect(screen.getByText('有未保存的修改')).toBeInTheDocument();
  });
});

describe('column settings leave guard', () => {
  it('asks spec 2.1’s question before leaving with unsaved edits, and stays when cancelled', async () => {
    signIn(ADMIN);
    mockApi(editorApi());
    const user = setupUser();
    const { router } = renderApp(ADDRESS);
    await outline();
    await user.click(screen.getByRole('button', { name: /新增栏目/ }));
    expect(await screen.findByText('有未保存的修改')).toBeInTheDocument();

    act(() => void router.navigate('/portalWebsites/childcolumn'));
    const dialog = await findDialogTitled('提示');
    expect(within(dialog).getByText(MESSAGES.leaveUnsaved)).toBeInTheDocument();
    expect(MESSAGES.leaveUnsaved).toBe('离开当前页面未保存内容将会丢失。确认离开吗？');
    await user.click(within(dialog).getByRole('button', { name: /取\s*消/ }));
    // (antd's closing animation does not finish under jsdom, so the closed dialog stays in the DOM.)
    expect(router.state.location.pathname).toBe(ADDRESS);
    expect(screen.getByText('有未保存的修改')).toBeInTheDocument();

    // Closing its tab asks the same, before the tab (and the edits) go.
    await user.click(
      within(screen.getByRole('navigation', { name: '已打开的页面' }))
        .getAllByRole('button', { name: '关闭页签' })
        .at(-1)!,
    );
    const asked = await waitFor(() => {
      const last = screen.getAllByRole('dialog').at(-1)!;
      expect(last).not.toBe(dialog);
      return last;
    });
    expect(within(asked).getByText(MESSAGES.leaveUnsaved)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '栏目设置' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(ADDRESS);
  });
});
