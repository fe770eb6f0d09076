// The content editor's autosave: a change is sent as the user's working copy (with the version the form started
// from) after the debounce, never as a save; the status says when; a real save waits for it. On opening, a copy made
// on the current version is offered for restoring, one made before someone else's save is offered for comparing —
// and neither is applied until the user says so.
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CONTENT_MESSAGES, contentPaths, type ContentAutosave } from '@tfb/contract';
import { refuse } from '../../../test/mock-api';
import { closeDialog, fill, findDialogTitled } from '../../../test/queries';
import { contentAutosaveTiming } from '../components/content/content-autosave';
import { SITE, doc, item, openContent } from './content-fixtures';

const ARTICLES = contentPaths(SITE, 'article');
const SAVE = /保\s*存$/;
const mine = item({ id: 5, title: '旧标题', version: 3 });
const copy = (over: Partial<ContentAutosave>): ContentAutosave => ({
  data: { ...mine.draft, title: '自动保存的标题', body: doc('自动保存的正文') },
  goLiveAt: null,
  expireAt: null,
  baseVersion: 3,
  userName: '孙悦',
  savedTime: '2026-11-20T09:15:30+08:00',
  ...over,
});

let delay = 0;
beforeEach(() => {
  delay = contentAutosaveTiming.delayMs;
  contentAutosaveTiming.delayMs = 30;
});
afterEach(() => {
  contentAutosaveTiming.delayMs = delay;
});

describe('autosaving the content form', () => {
  it('sends a changed form as the working copy of the version it started from, and the real save after it', async () => {
    const sent: string[] = [];
    const { api, user } = openContent('/portalWebsite/articleedit?id=5', {
      [ARTICLES.item]: {
        GET: () => mine,
        PUT: () => (sent.push('save'), { ...mine, title: '我的标题', version: 4 }),
      },
      [ARTICLES.autosave]: {
        GET: () => null,
        PUT: ({ body }: { body: ContentAutosave }) => (sent.push('autosave'), copy({ ...body, savedTime: '2026-11-20T10:20:30+08:00' })),
      },
    });
    const title = await screen.findByRole('textbox', { name: '标题' });
    await waitFor(() => expect(title).toHaveValue('旧标题'));
    await fill(user, title, '我的标题');
    expect(await screen.findByText(/已自动保存 \d\d:\d\d:\d\d/)).toBeInTheDocument();
    const copies = api.bodiesSentTo(ARTICLES.autosave as never, 'PUT');
    expect(copies.at(-1)).toMatchObject({ baseVersion: 3, data: { title: '我的标题', columnId: 2 }, goLiveAt: null });
    // Autosaving is not saving: no version was made.
    expect(api.bodiesSentTo(ARTICLES.item as never, 'PUT')).toEqual([]);

    await fill(user, title, '我的标题二');
    await user.click(screen.getByRole('button', { name: SAVE }));
    await waitFor(() => expect(api.bodiesSentTo(ARTICLES.item as never, 'PUT')).toHaveLength(1));
    expect(api.bodiesSentTo(ARTICLES.item as never, 'PUT')[0]).toMatchObject({ version: 3, data: { title: '我的标题二' } });
    // Whatever autosave was under way landed before the save (which drops the copy on the server), none after it.
    expect(sent.at(-1)).toBe('save');
  });

  it('goes on keeping a private copy of the version it started from when another tab’s save makes its own save stale', async () => {
    const { api, user } = openContent('/portalWebsite/articleedit?id=5', {
      [ARTICLES.item]: { GET: () => mine, PUT: () => refuse(40900, CONTENT_MESSAGES.stale) },
      [ARTICLES.autosave]: { GET: () => null, PUT: ({ body }: { body: ContentAutosave }) => copy(body) },
    });
    const title = await screen.findByRole('textbox', { name: '标题' });
    await waitFor(() => expect(title).toHaveValue('旧标题'));
    contentAutosaveTiming.delayMs = 60_000;
    await fill(user, title, '这个标签页的标题');
    await user.click(screen.getByRole('button', { name: SAVE }));
    expect(await screen.findByRole('alert')).toHaveTextContent(CONTENT_MESSAGES.stale);
    expect(api.bodiesSentTo(ARTICLES.item as never, 'PUT')).toEqual([expect.objectContaining({ version: 3 })]);
    contentAutosaveTiming.delayMs = 30;
    await fill(user, title, '这个标签页的标题（续）');
    await waitFor(() =>
      expect(api.bodiesSentTo(ARTICLES.autosave as never, 'PUT').at(-1)).toMatchObject({
        baseVersion: 3,
        data: { title: '这个标签页的标题（续）' },
      }),
    );
    expect(title).toHaveValue('这个标签页的标题（续）');
  });

  it('shows the unsaved changes until they are autosaved, and autosaves a new item’s form without a version', async () => {
    const { api, user } = openContent('/portalWebsite/articleadd', {
      [ARTICLES.newAutosave]: { GET: () => null, PUT: ({ body }: { body: ContentAutosave }) => copy({ ...body, baseVersion: null }) },
    });
    contentAutosaveTiming.delayMs = 60_000;
    await fill(user, await screen.findByRole('textbox', { name: '标题' }), '新文章');
    expect(await screen.findByText('有未保存的修改')).toBeInTheDocument();
    expect(api.bodiesSentTo(ARTICLES.newAutosave as never, 'PUT')).toEqual([]);
    contentAutosaveTiming.delayMs = 30;
    await fill(user, screen.getByRole('textbox', { name: '摘要' }), '摘要');
    await waitFor(() => expect(api.bodiesSentTo(ARTICLES.newAutosave as never, 'PUT').length).toBeGreaterThan(0));
    const body = api.bodiesSentTo(ARTICLES.newAutosave as never, 'PUT').at(-1) as Record<string, unknown>;
    expect(body).toMatchObject({ data: { title: '新文章', summary: '摘要' } });
    expect(body).not.toHaveProperty('baseVersion');
  });
});

describe('opening an editor with an autosaved copy', () => {
  it('offers to restore a copy made on the current version, and applies it only when asked', async () => {
    const { api, user } = openContent('/portalWebsite/articleedit?id=5', {
      [ARTICLES.item]: { GET: () => mine },
      [ARTICLES.autosave]: { GET: () => copy({}), PUT: ({ body }: { body: ContentAutosave }) => copy(body) },
    });
    const offer = await screen.findByText(/孙悦 于 .* 自动保存了一份未保存的修改，是否恢复？/);
    const title = screen.getByRole('textbox', { name: '标题' });
    expect(title).toHaveValue('旧标题');
    const alert = offer.closest('.ant-alert') as HTMLElement;
    expect(within(alert).queryByRole('button', { name: /对\s*比/ })).not.toBeInTheDocument();
    await user.click(within(alert).getByRole('button', { name: '恢复自动保存的内容' }));
    await waitFor(() => expect(title).toHaveValue('自动保存的标题'));
    expect(await screen.findByText('自动保存的正文')).toBeInTheDocument();
    expect(screen.queryByText(/是否恢复/)).not.toBeInTheDocument();
    // The restored copy is the form's now: a further change is autosaved against the same version.
    await fill(user, title, '接着改');
    await waitFor(() =>
      expect(api.bodiesSentTo(ARTICLES.autosave as never, 'PUT').at(-1)).toMatchObject({ baseVersion: 3, data: { title: '接着改' } }),
    );
    expect(api.callsTo(ARTICLES.autosave as never, 'DELETE')).toEqual([]);
  });

  it('drops a copy the user discards, keeping the form as loaded', async () => {
    const { api, user } = openContent('/portalWebsite/articleedit?id=5', {
      [ARTICLES.item]: { GET: () => mine },
      [ARTICLES.autosave]: { GET: () => copy({}), DELETE: () => null },
    });
    await screen.findByText(/是否恢复/);
    await user.click(screen.getByRole('button', { name: /放\s*弃/ }));
    await waitFor(() => expect(api.callsTo(ARTICLES.autosave as never, 'DELETE')).toHaveLength(1));
    expect(screen.getByRole('textbox', { name: '标题' })).toHaveValue('旧标题');
    expect(screen.queryByText(/是否恢复/)).not.toBeInTheDocument();
  });

  it('offers to compare, not to restore, a copy made before the item was saved again', async () => {
    const current = item({ id: 5, title: '他人改的标题', version: 4 });
    const { api, user } = openContent('/portalWebsite/articleedit?id=5', {
      [ARTICLES.item]: { GET: () => current },
      [ARTICLES.autosave]: {
        GET: () => copy({ baseVersion: 3 }),
        PUT: ({ body }: { body: ContentAutosave }) => copy(body),
        DELETE: () => null,
      },
    });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(/基于第 3 版，此后内容已被保存为第 4 版/);
    expect(within(alert).queryByRole('button', { name: '恢复自动保存的内容' })).not.toBeInTheDocument();
    const title = screen.getByRole('textbox', { name: '标题' });
    expect(title).toHaveValue('他人改的标题');
    // While the offer stands the copy is not written over.
    await fill(user, title, '在新版本上改');
    expect(await screen.findByText('有未保存的修改')).toBeInTheDocument();
    expect(api.bodiesSentTo(ARTICLES.autosave as never, 'PUT')).toEqual([]);

    await user.click(within(alert).getByRole('button', { name: /对\s*比/ }));
    const dialog = await findDialogTitled('对比他人的修改');
    expect(await within(dialog).findByText('自动保存的标题')).toBeInTheDocument();
    expect(within(dialog).getByText('他人改的标题')).toBeInTheDocument();
    expect(within(dialog).getByText('最新版本（第 4 版）')).toBeInTheDocument();
    expect(within(dialog).getByText('自第 3 版以来的改动')).toBeInTheDocument();
    expect(title).toHaveValue('在新版本上改');
    expect(api.bodiesSentTo(ARTICLES.autosave as never, 'PUT')).toEqual([]);

    // Discarded, the old copy goes first; then the changes made on the current version are autosaved against it.
    closeDialog(dialog);
    await user.click(within(alert).getByRole('button', { name: /放\s*弃/ }));
    await waitFor(() => expect(api.bodiesSentTo(ARTICLES.autosave as never, 'PUT')).toHaveLength(1));
    expect(api.bodiesSentTo(ARTICLES.autosave as never, 'PUT')[0]).toMatchObject({ baseVersion: 4, data: { title: '在新版本上改' } });
    const order = api.calls.filter((c) => c.path === ARTICLES.autosave && c.method !== 'GET').map((c) => c.method);
    expect(order).toEqual(['DELETE', 'PUT']);
    expect(title).toHaveValue('在新版本上改');
  });
});

describe('the website copy’s cancel', () => {
  const COPY = contentPaths(SITE, 'websiteCopy');

  it('puts the form back and drops the copy it autosaved, so nothing is offered after it', async () => {
    let kept: ContentAutosave | null = null;
    const { api, user } = openContent('/portalWebsite/websitecopy', {
      [COPY.items]: { GET: () => ({ content: [], totalElements: 0, pageNumber: 0, pageSize: 1 }) },
      [COPY.newAutosave]: {
        GET: () => kept,
        PUT: ({ body }: { body: ContentAutosave }) => (kept = copy({ ...body, baseVersion: null })),
        DELETE: () => (kept = null),
      },
    });
    const title = await screen.findByRole('textbox', { name: '标题' });
    await fill(user, title, '改了一半');
    await waitFor(() => expect(kept).not.toBeNull());
    await user.click(screen.getByRole('button', { name: /取\s*消/ }));
    await waitFor(() => expect(api.callsTo(COPY.newAutosave as never, 'DELETE')).toHaveLength(1));
    await waitFor(() => expect(screen.getByRole('textbox', { name: '标题' })).toHaveValue(''));
    await waitFor(() => expect(api.callsTo(COPY.newAutosave as never, 'GET')).toHaveLength(2));
    expect(screen.queryByText(/是否恢复/)).not.toBeInTheDocument();
  });
});
