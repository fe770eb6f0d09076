// The goods picker and the catalogue read the goods list through one fetcher and one query key: saving a goods
// entry reloads the list the picker shows.
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { BUSINESS_PATHS, GOODS_PATHS, type GoodsDetail } from '@tfb/contract';
import { AppProviders } from '../../../app/providers';
import { GoodsPickerModal } from '../../../components/widgets/goods-picker';
import { createQueryClient } from '../../../lib/query-client';
import { GoodsEditPage } from '../components/goods-form-page';

const copper: GoodsDetail = {
  id: 5,
  goodsId: 5,
  goodsCategoryId: 3,
  goodsCategoryName: '铜材',
  goodsName: '电解铜',
  specificationModels: '',
  unit: '吨',
  manufacturer: '',
  texture: '',
  weight: null,
  monad: '',
  goodsNumber: 'SP-20261120-00005',
  goodsPrice: null,
  images: [],
  version: 1,
};

describe('goods list shared by the picker and the catalogue', () => {
  it('a saved goods name shows in the open goods picker', async () => {
    let stored = copper;
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      const url = new URL(String(input), 'http://localhost');
      let data: unknown = null;
      if (url.pathname === `/api${GOODS_PATHS.listCategory}`) {
        data = [{ id: 3, goodsCategoryCode: 'TC', goodsCategoryName: '铜材', parentId: null, isLeaf: true, disabled: false, version: 1 }];
      } else if (url.pathname === `/api${GOODS_PATHS.listGoods}`) {
        const { images: _images, goodsCategoryName: _name, ...row } = stored;
        data = { content: [row], totalElements: 1, pageNumber: 0, pageSize: 10 };
      } else if (url.pathname === BUSINESS_PATHS.goodsItem.replace(':id', '5')) {
        if (init?.method === 'PUT') {
          const body = JSON.parse(String(init.body)) as { goodsName: string };
          stored = { ...stored, goodsName: body.goodsName, version: stored.version + 1 };
        }
        data = stored;
      }
      return new Response(JSON.stringify({ code: 0, message: '成功', data }), {
        status: 200,
        headers: { 'Content-Type': 'application/json' },
      });
    });
    const user = userEvent.setup();
    render(
      <AppProviders queryClient={createQueryClient()}>
        <MemoryRouter initialEntries={['/goods/catalogue/edit?id=5']}>
          <GoodsEditPage />
          <GoodsPickerModal open onCancel={() => undefined} onOk={() => undefined} />
        </MemoryRouter>
      </AppProviders>,
    );

    const picker = await screen.findByRole('dialog');
    expect(await within(picker).findByText('电解铜')).toBeInTheDocument();
    const name = await screen.findByDisplayValue('电解铜');
    await user.clear(name);
    await user.type(name, '阴极铜');
    await user.click(screen.getByRole('button', { name: /保\s*存/ }));

    await waitFor(() => expect(within(picker).getByText('阴极铜')).toBeInTheDocument());
    expect(within(picker).queryByText('电解铜')).not.toBeInTheDocument();
  });
});
