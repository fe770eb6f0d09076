// A content form's rich-text body takes pictures from the site's media library: the editor's image dialog opens the
// library's picker (images only), the chosen file goes in as its widest WebP variant with its alt text, and the
// saved body carries that public address.
import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { contentPaths, mediaPaths, type MediaFile } from '@tfb/contract';
import { findDialogTitled } from '../../../test/queries';
import { SITE, item, openContent } from './content-fixtures';

const ARTICLES = contentPaths(SITE, 'article');
const MEDIA = mediaPaths(SITE);
const media = (c: string) => `/api/public/media/${c.repeat(64)}`;

const PHOTO: MediaFile = {
  id: 7,
  kind: 'image',
  fileName: 'warehouse.png',
  alt: '仓库现场照片',
  url: media('a'),
  thumbUrl: media('b'),
  width: 2000,
  height: 1200,
  variants: [
    { width: 480, url: media('c') },
    { width: 1600, url: media('d') },
  ],
  size: 12345,
  mimeType: 'image/png',
  folder: '',
  version: 1,
  createUserName: '孙悦',
  createTime: '2026-11-01T09:00:00.000Z',
  updateTime: '2026-11-01T09:00:00.000Z',
};
/** A file without variants (a small original) goes in as itself. */
const ICON: MediaFile = { ...PHOTO, id: 8, fileName: 'icon.png', alt: '图标', url: media('e'), thumbUrl: null, variants: [] };

beforeAll(async () => {
  // The editor loads on first use; loading it here keeps its first compile out of the test's own time.
  await import('../../../components/widgets/rich-text-editor-body');
  // ProseMirror measures the caret to scroll it into view; jsdom lays nothing out, so ranges answer empty boxes.
  const emptyRects = () => Object.assign([], { item: () => null }) as unknown as DOMRectList;
  Range.prototype.getClientRects ??= emptyRects;
  Range.prototype.getBoundingClientRect ??= () => new DOMRect();
  document.elementFromPoint ??= () => null;
});

describe('the body of a content form', () => {
  it('inserts a picture chosen in the site’s media library and saves its public address', async () => {
    const mine = item({ id: 5, title: '仓库巡检', version: 3 });
    const library = [PHOTO, ICON];
    const { api, user } = openContent('/portalWebsite/articleedit?id=5', {
      [ARTICLES.item]: { GET: () => mine, PUT: () => ({ ...mine, version: 4 }) },
      [MEDIA.list]: { GET: () => ({ content: library, totalElements: library.length, pageNumber: 0, pageSize: 20 }) },
      [MEDIA.folders]: () => [{ folder: '', count: 2 }],
    });
    await waitFor(() => expect(screen.getByRole('textbox', { name: '标题' })).toHaveValue('仓库巡检'));

    const insertFrom = async (name: string) => {
      await user.click(await screen.findByRole('button', { name: '插入图片' }));
      const dialog = await findDialogTitled('插入图片');
      await user.click(within(dialog).getByRole('button', { name: /从媒体库选择/ }));
      const picker = await findDialogTitled('选择图片');
      await user.click(await within(picker).findByRole('button', { name: `选用 ${name}` }));
      return dialog;
    };

    const dialog = await insertFrom('warehouse.png');
    expect(api.lastQuery(MEDIA.list)).toMatchObject({ kind: 'image' });
    await waitFor(() => expect(within(dialog).getByLabelText('图片地址')).toHaveValue(media('d')));
    expect(within(dialog).getByLabelText('替代文字')).toHaveValue('仓库现场照片');
    await user.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    const body = screen.getByRole('textbox', { name: '正文' });
    await waitFor(() => expect(within(body).getByRole('img', { name: '仓库现场照片' })).toHaveAttribute('src', media('d')));

    await insertFrom('icon.png');
    await waitFor(() => expect(within(dialog).getByLabelText('图片地址')).toHaveValue(media('e')));
    await user.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(within(body).getByRole('img', { name: '图标' })).toHaveAttribute('src', media('e')));

    await user.click(screen.getByRole('button', { name: /保\s*存$/ }));
    await waitFor(() => expect(api.bodiesSentTo(ARTICLES.item as never, 'PUT')).toHaveLength(1));
    const sent = api.bodiesSentTo(ARTICLES.item as never, 'PUT')[0] as { data: { body: { content: unknown[] } } };
    const images = sent.data.body.content.filter((n) => (n as { type: string }).type === 'image');
    expect(images).toEqual([
      { type: 'image', attrs: { src: media('d'), alt: '仓库现场照片', title: null, width: null, height: null } },
      { type: 'image', attrs: { src: media('e'), alt: '图标', title: null, width: null, height: null } },
    ]);
  });
});
