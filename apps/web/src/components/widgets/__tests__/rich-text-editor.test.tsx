import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { RICH_TEXT_MESSAGES, RichTextDocumentSchema, type RichTextDocument } from '@tfb/contract';
import { changeLanguage } from '../../../lib/i18n';
import { renderWithProviders } from '../../../test/render';
import { RichTextEditor, type PickedImage } from '../rich-text-editor';
import { findDialogTitled } from '../../../test/queries';

// ProseMirror measures the caret to scroll it into view; jsdom lays nothing out, so ranges answer empty boxes.
beforeAll(() => {
  const emptyRects = () => Object.assign([], { item: () => null }) as unknown as DOMRectList;
  Range.prototype.getClientRects ??= emptyRects;
  Range.prototype.getBoundingClientRect ??= () => new DOMRect();
  document.elementFromPoint ??= () => null;
});

describe('RichTextEditor', () => {
  it('types bold text and a link and hands back a document the contract accepts', async () => {
    const user = userEvent.setup();
    let latest: RichTextDocument | undefined;
    renderWithProviders(<RichTextEditor aria-label="正文" onChange={(doc) => (latest = doc)} />);

    const body = await screen.findByRole('textbox', { name: '正文' });
    await user.click(body);
    await user.keyboard('Plain ');
    await user.click(screen.getByRole('button', { name: '加粗' }));
    await user.keyboard('strong');
    await user.click(screen.getByRole('button', { name: '加粗' }));
    await user.keyboard(' then ');

    await user.click(screen.getByRole('button', { name: '链接' }));
    const address = await screen.findByLabelText('链接地址');
    await user.type(address, 'javascript:alert(1)');
    await user.click(screen.getByRole('button', { name: /确\s*定/ }));
    expect(await screen.findByText(RICH_TEXT_MESSAGES.linkUrl)).toBeInTheDocument();
    await user.clear(address);
    await user.type(address, 'https://example.com/report');
    await user.click(screen.getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(JSON.stringify(latest)).toContain('https://example.com/report'));

    const parsed = RichTextDocumentSchema.safeParse(latest);
    expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true);
    expect(latest).toEqual({
      type: 'doc',
      content: [
        {
          type: 'paragraph',
          content: [
            { type: 'text', text: 'Plain ' },
            { type: 'text', text: 'strong', marks: [{ type: 'bold' }] },
            { type: 'text', text: ' then ' },
            {
              type: 'text',
              text: 'https://example.com/report',
              marks: [
                {
                  type: 'link',
                  attrs: {
                    href: 'https://example.com/report',
                    target: '_blank',
                    rel: 'noopener noreferrer nofollow',
                    class: null,
                    title: null,
                  },
                },
              ],
            },
          ],
        },
      ],
    });
  });

  it('fills the image dialog from the caller’s library picker and inserts the chosen image', async () => {
    const user = userEvent.setup();
    const src = `/api/public/media/${'d'.repeat(64)}`;
    let answer: (image: PickedImage | null) => void = () => undefined;
    const pickImage = vi.fn(() => new Promise<PickedImage | null>((resolve) => (answer = resolve)));
    let latest: RichTextDocument | undefined;
    renderWithProviders(<RichTextEditor aria-label="正文" pickImage={pickImage} onChange={(doc) => (latest = doc)} />);
    await user.click(await screen.findByRole('textbox', { name: '正文' }));
    await user.keyboard('Before');

    await user.click(screen.getByRole('button', { name: '插入图片' }));
    const dialog = await findDialogTitled('插入图片');
    // Cancelled in the picker: the dialog keeps what it had.
    await user.click(within(dialog).getByRole('button', { name: /从媒体库选择/ }));
    expect(pickImage).toHaveBeenCalledTimes(1);
    await act(async () => answer(null));
    expect(within(dialog).getByLabelText('图片地址')).toHaveValue('');

    await user.click(within(dialog).getByRole('button', { name: /从媒体库选择/ }));
    await act(async () => answer({ src, alt: '仓库现场照片' }));
    await waitFor(() => expect(within(dialog).getByLabelText('图片地址')).toHaveValue(src));
    expect(within(dialog).getByLabelText('替代文字')).toHaveValue('仓库现场照片');
    await user.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(JSON.stringify(latest)).toContain(src));

    const parsed = RichTextDocumentSchema.safeParse(latest);
    expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true);
    expect(latest?.content).toContainEqual({
      type: 'image',
      attrs: { src, alt: '仓库现场照片', title: null, width: null, height: null },
    });
  });

  it('offers no library without a picker: the address is typed', async () => {
    const user = userEvent.setup();
    renderWithProviders(<RichTextEditor aria-label="正文" />);
    await user.click(await screen.findByRole('button', { name: '插入图片' }));
    const dialog = await findDialogTitled('插入图片');
    expect(within(dialog).getByLabelText('图片地址')).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: /从媒体库选择/ })).not.toBeInTheDocument();
  });

  it('names its toolbar buttons in the current language', async () => {
    renderWithProviders(<RichTextEditor aria-label="正文" />);
    await screen.findByRole('textbox', { name: '正文' });
    for (const name of ['加粗', '斜体', '下划线', '删除线', '标题 2', '有序列表', '无序列表', '链接', '插入图片']) {
      expect(screen.getByRole('button', { name })).toBeInTheDocument();
    }
    await act(() => changeLanguage('en'));
    expect(screen.getByRole('button', { name: 'Bold' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Heading 2' })).toBeInTheDocument();
    await act(() => changeLanguage('es'));
    expect(screen.getByRole('button', { name: 'Negrita' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Insertar imagen' })).toBeInTheDocument();
  });
});
