// The goods form keeps the goods' pictures in the image uploader and saves them as ids, in order; a picture
// removed (after the confirmation) is left out of the save.
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { BUSINESS_PATHS, GOODS_PATHS, type GoodsDetail } from '@tfb/contract';
import { AppProviders } from '../../../app/providers';
import { createQueryClient } from '../../../lib/query-client';
import { GoodsEditPage } from '../components/goods-pages';

const picture = (id: number, fileName: string) => ({ id, filePath: `/api/businessperationService/common/file/${id}`, fileName });

const goods: GoodsDetail = {
  id: 5,
  goodsId: 5,
  goodsCategoryId: 3,
  goodsCategoryName: '铜材',
  goodsName: '电解铜',
  specificationModels: 'Cu-CATH-1',
  unit: '吨',
  manufacturer: '江西铜业',
  texture: '铜',
  weight: 25,
  monad: '件',
  goodsNumber: 'SP-20261120-00005',
  goodsPrice: 68000,
  images: [picture(7, '正面.png'), picture(8, '铭牌.jpg')],
  version: 1,
};

describe('goods form pictures', () => {
  it('shows the saved pictures and saves their ids in order, without a removed one', async () => {
    const saved: unknown[] = [];
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      const url = new URL(String(input), 'http://localhost');
      let data: unknown = null;
      if (url.pathname === `/api${GOODS_PATHS.listCategory}`) {
        data = [{ id: 3, goodsCategoryCode: 'TC', goodsCategoryName: '铜材', parentId: null, isLeaf: true }];
      } else if (url.pathname === BUSINESS_PATHS.goodsItem.replace(':id', '5')) {
        if (init?.method === 'PUT') {
          const body = JSON.parse(String(init.body)) as { images: number[] };
          saved.push(body);
          data = { ...goods, images: goods.images.filter((img) => body.images.includes(img.id)) };
        } else data = goods;
      }
      return new Response(JSON.stringify({ code: 0, message: '成功', data }), { status: 200, headers: { 'Content-Type': 'application/json' } });
    });
    const user = userEvent.setup();
    render(
      <AppProviders queryClient={createQueryClient()}>
        <MemoryRouter initialEntries={['/goods/catalogue/edit?id=5']}>
          <GoodsEditPage />
        </MemoryRouter>
      </AppProviders>,
    );

    expect(await screen.findByText('货品图片')).toBeInTheDocument();
    await waitFor(() => expect(document.querySelectorAll('.ant-upload-list-item')).toHaveLength(2));
    const save = () => user.click(screen.getByRole('button', { name: /保\s*存/ }));
    await save();
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]).toMatchObject({ goodsName: '电解铜', goodsCategoryId: 3, images: [7, 8] });

    await user.click(screen.getAllByTitle(/删除/)[0]!);
    await user.click(await screen.findByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(document.querySelectorAll('.ant-upload-list-item')).toHaveLength(1));
    await save();
    await waitFor(() => expect(saved).toHaveLength(2));
    expect(saved[1]).toMatchObject({ images: [8] });
  });
});
