// The media field of the content forms and its picker, on a mocked library: the chosen file shows from the item's
// summaries without a call, choosing goes through the picker (folders, search, kind filter, pages), an upload
// needs alt text for an image and sends it with the file, where used and delete (refused while used), what a
// reader may not do, and the preview's srcset and video element.
import { screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MEDIA_MESSAGES, mediaPaths, type MediaFile, type MediaSummary, type PortalSite } from '@tfb/contract';
import { mockApi, refuse, type ApiHandlers } from '../../../test/mock-api';
import { fill, findDialogTitled, setupUser } from '../../../test/queries';
import { renderWithProviders } from '../../../test/render';
import { signIn } from '../../../test/sign-in';
import { MediaField, MediaPreview } from '../components/media/media-field';

const SITE: PortalSite = 'portalWebsite';
const P = mediaPaths(SITE);
const EDITOR = { roles: ['portal_website_admin'] };
const READER = { roles: ['group'] };

const file = (id: number, over: Partial<MediaFile> = {}): MediaFile => ({
  id,
  kind: 'image',
  fileName: `picture-${id}.png`,
  alt: `图片 ${id} 的说明`,
  url: `/api/public/media/${String(id).padStart(64, 'a')}`,
  thumbUrl: `/api/public/media/${String(id).padStart(64, 'b')}`,
  width: 1200,
  height: 800,
  variants: [
    { width: 480, url: `/api/public/media/${String(id).padStart(64, 'c')}` },
    { width: 960, url: `/api/public/media/${String(id).padStart(64, 'd')}` },
  ],
  size: 12345,
  mimeType: 'image/png',
  folder: 'news',
  version: 1,
  createUserName: '孙悦',
  createTime: '2026-11-01T09:00:00.000Z',
  updateTime: '2026-11-01T09:00:00.000Z',
  ...over,
});

const LIBRARY = [file(1), file(2, { folder: 'banners', fileName: 'banner.jpg' }), file(3, { folder: 'news/2026' })];

/** The library's calls, answering from `files` (filtered as the server would). */
function libraryApi(files: MediaFile[] = LIBRARY, over: ApiHandlers = {}): ApiHandlers {
  return {
    [P.list]: {
      GET: ({ query }) => {
        const top = query.folder === '/' ? '' : query.folder;
        const matched = files.filter(
          (f) =>
            (top === undefined || f.folder === top) &&
            (!query.kind || f.kind === query.kind) &&
            (!query.name || f.fileName.includes(query.name) || f.alt.includes(query.name)),
        );
        const start = query.pageNumber * query.pageSize;
        return {
          content: matched.slice(start, start + query.pageSize),
          totalElements: matched.length,
          pageNumber: query.pageNumber,
          pageSize: query.pageSize,
        };
      },
    },
    [P.folders]: () => [
      { folder: 'banners', count: 1 },
      { folder: 'news', count: 1 },
      { folder: 'news/2026', count: 1 },
    ],
    [P.item]: { GET: ({ params }) => files.find((f) => f.id === Number(params.id)) ?? refuse(40400, '媒体文件不存在') },
    ...over,
  };
}

/** A form's field holding its value, as the content forms use it. */
function Harness(props: {
  initial?: number | null;
  media?: MediaSummary[];
  onChange?: (id: number | null) => void;
  kind?: 'image' | 'video';
}) {
  const [value, setValue] = useState<number | null>(props.initial ?? null);
  return (
    <MediaField
      site={SITE}
      kind={props.kind ?? 'image'}
      value={value}
      media={props.media}
      aria-label="封面图片"
      onChange={(id) => {
        setValue(id);
        props.onChange?.(id);
      }}
    />
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('MediaField', () => {
  it('shows the chosen file from the item’s summaries without a call, and clears it', async () => {
    signIn(EDITOR);
    const api = mockApi(libraryApi());
    const changes: (number | null)[] = [];
    const user = setupUser();
    renderWithProviders(<Harness initial={2} media={[file(2, { fileName: 'banner.jpg' })]} onChange={(id) => changes.push(id)} />);
    const group = screen.getByRole('group', { name: '封面图片' });
    expect(within(group).getByText('banner.jpg')).toBeInTheDocument();
    expect(within(group).getByRole('img', { name: '图片 2 的说明' })).toHaveAttribute('src', file(2).thumbUrl);
    expect(api.callsTo(P.item)).toHaveLength(0);
    await user.click(within(group).getByRole('button', { name: '封面图片: 清除' }));
    expect(changes).toEqual([null]);
    expect(await within(group).findByText('未选择')).toBeInTheDocument();
    expect(within(group).getByRole('button', { name: '封面图片: 选择图片' })).toBeInTheDocument();
  });

  it('reads a value it has no summary of by its id, and says so when the library has no such file', async () => {
    signIn(EDITOR);
    const api = mockApi(libraryApi());
    renderWithProviders(<Harness initial={3} />);
    expect(await screen.findByText('picture-3.png')).toBeInTheDocument();
    expect(api.callsTo(P.item, 'GET')).toHaveLength(1);
    renderWithProviders(<Harness initial={99} />);
    expect(await screen.findByText('所选文件（#99）不在本站点的媒体库中')).toBeInTheDocument();
  });

  it('chooses a file in the picker: folders, search, only the field’s kind', async () => {
    signIn(EDITOR);
    const video = file(4, { kind: 'video', fileName: 'clip.mp4', thumbUrl: null, variants: [], folder: '', mimeType: 'video/mp4' });
    const api = mockApi(libraryApi([...LIBRARY, video]));
    const changes: (number | null)[] = [];
    const user = setupUser();
    renderWithProviders(<Harness onChange={(id) => changes.push(id)} />);
    await user.click(screen.getByRole('button', { name: '封面图片: 选择图片' }));
    const dialog = await findDialogTitled('选择图片');
    const grid = await within(dialog).findByRole('list', { name: '媒体库' });
    expect(within(grid).getAllByRole('listitem')).toHaveLength(3);
    expect(api.lastQuery(P.list)).toMatchObject({ kind: 'image', pageNumber: '0', pageSize: '20' });
    expect(api.lastQuery(P.folders)).toEqual({ kind: 'image' });

    const folders = within(dialog).getByRole('navigation', { name: '文件夹' });
    // Sub-folders sit under their parent.
    expect(
      within(folders)
        .getAllByRole('button')
        .map((b) => b.textContent?.replace(/\s/g, '')),
    ).toEqual(['全部', '根目录(0)', 'banners(1)', 'news(1)', '2026(1)']);
    await user.click(within(folders).getByRole('button', { name: 'banners (1)' }));
    await waitFor(() => expect(api.lastQuery(P.list)).toMatchObject({ folder: 'banners' }));
    expect(await within(dialog).findByRole('button', { name: '选用 banner.jpg' })).toBeInTheDocument();
    expect(within(folders).getByRole('button', { name: 'banners (1)' })).toHaveAttribute('aria-current', 'true');

    await user.click(within(folders).getByRole('button', { name: /^全\s*部$/ }));
    await fill(user, within(dialog).getByRole('searchbox', { name: '按文件名或替代文本搜索' }), 'picture-3');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(api.lastQuery(P.list)).toMatchObject({ name: 'picture-3' }));
    await waitFor(() => expect(within(dialog).queryByRole('button', { name: '选用 picture-1.png' })).not.toBeInTheDocument());
    await user.click(within(dialog).getByRole('button', { name: '选用 picture-3.png' }));
    expect(changes).toEqual([3]);
    // The picked file shows at once, without reading it again.
    const group = screen.getByRole('group', { name: '封面图片' });
    expect(await within(group).findByText('picture-3.png')).toBeInTheDocument();
    expect(api.callsTo(P.item)).toHaveLength(0);
    expect(within(group).getByRole('button', { name: '封面图片: 更换' })).toBeInTheDocument();
  });

  it('uploads into the current folder: alt text is required for an image and goes with the file', async () => {
    signIn(EDITOR);
    const uploaded = file(10, { fileName: 'new.png', alt: '新上传的图片', folder: 'banners' });
    const files = [...LIBRARY];
    mockApi(libraryApi(files));
    const sent: { url: string; fields: [string, string | File][] }[] = [];
    // The upload goes through XMLHttpRequest (for its progress): this one answers as the server would.
    class FakeXhr {
      status = 0;
      responseText = '';
      upload: { onprogress: ((e: ProgressEvent) => void) | null } = { onprogress: null };
      onload: (() => void) | null = null;
      onerror: (() => void) | null = null;
      ontimeout: (() => void) | null = null;
      onabort: (() => void) | null = null;
      withCredentials = false;
      private url = '';
      open(_method: string, url: string) {
        this.url = url;
      }
      setRequestHeader() {}
      abort() {}
      send(form: FormData) {
        sent.push({ url: this.url, fields: [...form.entries()] });
        files.unshift(uploaded);
        this.status = 200;
        this.responseText = JSON.stringify({ code: 0, message: '成功', data: uploaded });
        queueMicrotask(() => this.onload?.());
      }
    }
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const user = setupUser();
    renderWithProviders(<Harness />);
    await user.click(screen.getByRole('button', { name: '封面图片: 选择图片' }));
    const picker = await findDialogTitled('选择图片');
    await user.click(within(within(picker).getByRole('navigation', { name: '文件夹' })).getByRole('button', { name: 'banners (1)' }));
    await user.click(within(picker).getByRole('button', { name: /上\s*传/ }));
    const dialog = await findDialogTitled('上传到“banners”');
    expect(within(dialog).getByLabelText('文件夹')).toHaveValue('banners');
    await user.click(within(dialog).getByRole('button', { name: /上\s*传/ }));
    expect(await within(dialog).findByText(MEDIA_MESSAGES.altRequired)).toBeInTheDocument();
    expect(within(dialog).getByText('请选择要上传的文件')).toBeInTheDocument();
    const input = dialog.querySelector('input[type=file]') as HTMLInputElement;
    expect(input.accept).toBe('.jpg,.jpeg,.png,.webp,.gif');
    await user.upload(input, new File(['png'], 'new.png', { type: 'image/png' }));
    await fill(user, within(dialog).getByLabelText('替代文本（alt）'), '新上传的图片');
    await user.click(within(dialog).getByRole('button', { name: /上\s*传/ }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]!.url).toBe(`${P.list}?kind=image`);
    expect(sent[0]!.fields.map(([k, v]) => [k, typeof v === 'string' ? v : v.name])).toEqual([
      ['alt', '新上传的图片'],
      ['folder', 'banners'],
      ['file', 'new.png'],
    ]);
    // The library shows the new file in its folder.
    expect(await within(picker).findByRole('button', { name: '选用 new.png' })).toBeInTheDocument();
  });

  it('shows where a file is used, and shows the server’s refusal to delete it', async () => {
    signIn(EDITOR);
    const inUse = MEDIA_MESSAGES.inUse('picture-1.png', [MEDIA_MESSAGES.use('首页横幅', 7)]);
    const deleted: number[] = [];
    mockApi(
      libraryApi(LIBRARY, {
        [P.uses]: ({ params }) => (params.id === '1' ? [{ id: 7, type: 'banner', title: '首页横幅' }] : []),
        [P.item]: {
          GET: ({ params }) => LIBRARY.find((f) => f.id === Number(params.id)) ?? refuse(40400, '媒体文件不存在'),
          DELETE: ({ params }) => {
            if (params.id === '1') return refuse(40900, inUse);
            deleted.push(Number(params.id));
            return { id: Number(params.id) };
          },
        },
      }),
    );
    const user = setupUser();
    renderWithProviders(<Harness />);
    await user.click(screen.getByRole('button', { name: '封面图片: 选择图片' }));
    const picker = await findDialogTitled('选择图片');
    await user.click(await within(picker).findByRole('button', { name: 'picture-1.png 的使用情况' }));
    const uses = await findDialogTitled('“picture-1.png”的使用情况');
    expect(await within(uses).findByText('横幅：首页横幅（#7）')).toBeInTheDocument();
    await user.click(within(uses).getByRole('button', { name: /确\s*定/ }));

    await user.click(within(picker).getByRole('button', { name: '删除 picture-1.png' }));
    await user.click(await screen.findByRole('button', { name: /^确\s*定$/ }));
    expect(await screen.findByText(inUse)).toBeInTheDocument();

    await user.click(within(picker).getByRole('button', { name: '删除 banner.jpg' }));
    const confirms = await screen.findAllByRole('button', { name: /^确\s*定$/ });
    await user.click(confirms.at(-1)!);
    await waitFor(() => expect(deleted).toEqual([2]));
  });

  it('edits a file’s alt text against its version', async () => {
    signIn(EDITOR);
    const bodies: unknown[] = [];
    mockApi(
      libraryApi(LIBRARY, {
        [P.item]: {
          GET: ({ params }) => LIBRARY.find((f) => f.id === Number(params.id)) ?? refuse(40400, '媒体文件不存在'),
          PUT: ({ params, body }) => {
            bodies.push(body);
            return { ...file(Number(params.id)), ...body, version: body.version + 1 };
          },
        },
      }),
    );
    const user = setupUser();
    renderWithProviders(<Harness />);
    await user.click(screen.getByRole('button', { name: '封面图片: 选择图片' }));
    const picker = await findDialogTitled('选择图片');
    await user.click(await within(picker).findByRole('button', { name: '编辑 picture-1.png' }));
    const dialog = await findDialogTitled('编辑文件信息');
    const alt = within(dialog).getByLabelText('替代文本（alt）');
    await user.clear(alt);
    await user.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    expect(await within(dialog).findByText(MEDIA_MESSAGES.altRequired)).toBeInTheDocument();
    await fill(user, alt, '更清楚的说明');
    await user.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(bodies).toEqual([{ fileName: 'picture-1.png', alt: '更清楚的说明', folder: 'news', version: 1 }]));
  });

  it('offers a reader no upload, edit or delete', async () => {
    signIn(READER);
    mockApi(libraryApi());
    const user = setupUser();
    renderWithProviders(<Harness kind="image" />);
    await user.click(screen.getByRole('button', { name: '封面图片: 选择图片' }));
    const picker = await findDialogTitled('选择图片');
    expect(await within(picker).findByRole('button', { name: '选用 picture-1.png' })).toBeInTheDocument();
    expect(within(picker).queryByRole('button', { name: /上\s*传/ })).not.toBeInTheDocument();
    expect(within(picker).queryByRole('button', { name: '编辑 picture-1.png' })).not.toBeInTheDocument();
    expect(within(picker).queryByRole('button', { name: '删除 picture-1.png' })).not.toBeInTheDocument();
    expect(within(picker).getByRole('button', { name: 'picture-1.png 的使用情况' })).toBeInTheDocument();
  });
});

describe('MediaPreview', () => {
  it('shows an image with its widths as srcset and its alt text, and a video with controls loading metadata only', () => {
    const image = file(5, { width: 1200 });
    const { container } = renderWithProviders(
      <>
        <MediaPreview media={image} />
        <MediaPreview
          media={file(6, { kind: 'video', fileName: 'clip.mp4', alt: '演示视频', thumbUrl: null, variants: [], mimeType: 'video/mp4' })}
        />
      </>,
    );
    const img = screen.getByRole('img', { name: image.alt });
    expect(img).toHaveAttribute('srcset', `${image.variants[0]!.url} 480w, ${image.variants[1]!.url} 960w, ${image.url} 1200w`);
    expect(img).toHaveAttribute('src', image.variants[1]!.url);
    const video = container.querySelector('video')!;
    expect(video).toHaveAttribute('controls');
    expect(video).toHaveAttribute('preload', 'metadata');
    expect(video).toHaveAttribute('aria-label', '演示视频');
    expect(video).toHaveAttribute('src', file(6).url);
  });
});
