// The goods form keeps the goods' pictures in the image uploader and saves them as ids, in order; a picture
// removed (after the confirmation) is left out of the save. A save refused because someone else saved the goods
// first shows the stale-version message; 重新加载 rebuilds the form from the fresh record, which then saves.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { BUSINESS_MESSAGES, BUSINESS_PATHS, GOODS_PATHS, type GoodsDetail, type UpdateGoodsBody } from '@tfb/contract';
import { goodsDetail } from '../../../test/fixtures';
import { Refusal, mockApi, refuse } from '../../../test/mock-api';
import { renderRoute } from '../../../test/render';
import { signIn } from '../../../test/sign-in';

const picture = (id: number, fileName: string) => ({ id, filePath: `/api/businessperationService/common/file/${id}`, fileName });

const goods = goodsDetail({ id: 5, images: [picture(7, '正面.png'), picture(8, '铭牌.jpg')] });
const categories = () => [
  { id: 3, goodsCategoryCode: 'TC', goodsCategoryName: '铜材', parentId: null, isLeaf: true, disabled: false, version: 1 },
];

/** The goods server: it answers the stored goods, which `save` changes on a PUT (or refuses); `replace` stands for another user's save. */
function goodsServer(save: (stored: GoodsDetail, body: UpdateGoodsBody) => GoodsDetail | Refusal) {
  let stored: GoodsDetail = goods;
  const api = mockApi({
    [`/api${GOODS_PATHS.listCategory}`]: categories,
    [BUSINESS_PATHS.goodsItem]: {
      GET: () => stored,
      PUT: ({ body }) => {
        const answer = save(stored, body);
        if (!(answer instanceof Refusal)) stored = answer;
        return answer;
      },
    },
  });
  return { api, replace: (next: GoodsDetail) => (stored = next) };
}

describe('goods form pictures', () => {
  it('shows the saved pictures and saves their ids in order, without a removed one', async () => {
    signIn();
    const { api } = goodsServer((stored, body) => ({
      ...stored,
      images: goods.images.filter((img) => body.images.includes(img.id)),
      version: body.version + 1,
    }));
    const user = userEvent.setup();
    renderRoute('/goods/catalogue/edit?id=5');
    const saved = () => api.bodiesSentTo(BUSINESS_PATHS.goodsItem);
    const save = () => user.click(screen.getByRole('button', { name: /保\s*存/ }));
    const pictures = () => screen.queryAllByText(/^(正面\.png|铭牌\.jpg)$/);

    expect(await screen.findByText('货品图片')).toBeInTheDocument();
    await waitFor(() => expect(pictures()).toHaveLength(2));
    await save();
    await waitFor(() => expect(saved()).toHaveLength(1));
    expect(saved()[0]).toMatchObject({ goodsName: '电解铜', goodsCategoryId: 3, images: [7, 8], version: 1 });

    // Saved, the goods' detail opens; back to its form, the first picture is removed (after the confirmation).
    await user.click(await screen.findByRole('button', { name: /编\s*辑/ }));
    await waitFor(() => expect(pictures()).toHaveLength(2));
    await user.click(screen.getAllByTitle(/删除/)[0]!);
    await user.click(await screen.findByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(pictures()).toHaveLength(1));
    await save();
    await waitFor(() => expect(saved()).toHaveLength(2));
    expect(saved()[1]).toMatchObject({ images: [8], version: 2 });
  });

  it('a stale save shows the message; 重新加载 resets the form to the fresh record, which then saves with its version', async () => {
    signIn();
    const { api, replace } = goodsServer((stored, body) =>
      body.version !== stored.version
        ? refuse(40900, BUSINESS_MESSAGES.staleVersion)
        : { ...stored, goodsName: body.goodsName, version: stored.version + 1 },
    );
    const puts = () => api.bodiesSentTo(BUSINESS_PATHS.goodsItem, 'PUT');
    const user = userEvent.setup();
    renderRoute('/goods/catalogue/edit?id=5');
    const name = await screen.findByDisplayValue('电解铜');
    // Someone else saves the goods after this form was opened.
    replace({ ...goods, goodsName: '电解铜 A级', version: 2 });
    await user.clear(name);
    await user.type(name, '阴极铜');
    await user.click(screen.getByRole('button', { name: /保\s*存/ }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(BUSINESS_MESSAGES.staleVersion);
    expect(puts()).toEqual([expect.objectContaining({ goodsName: '阴极铜', version: 1 })]);

    await user.click(screen.getByRole('button', { name: /重新加载/ }));
    expect(await screen.findByDisplayValue('电解铜 A级')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText(BUSINESS_MESSAGES.staleVersion)).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(puts()).toHaveLength(2));
    expect(puts()[1]).toMatchObject({ goodsName: '电解铜 A级', version: 2 });
  });
});
