// The goods form keeps the goods' pictures in the image uploader and saves them as ids, in order; a picture
// removed (after the confirmation) is left out of the save. A save refused because someone else saved the goods
// first shows the stale-version message; 重新加载 rebuilds the form from the fresh record, which then saves.
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { BUSINESS_MESSAGES, BUSINESS_PATHS, GOODS_PATHS, type GoodsDetail } from '@tfb/contract';
import { AppProviders } from '../../../app/providers';
import { createQueryClient } from '../../../lib/query-client';
import { GoodsEditPage } from '../components/goods-form-page';

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
    expect(saved[0]).toMatchObject({ goodsName: '电解铜', goodsCategoryId: 3, images: [7, 8], version: 1 });

    await user.click(screen.getAllByTitle(/删除/)[0]!);
    await user.click(await screen.findByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(document.querySelectorAll('.ant-upload-list-item')).toHaveLength(1));
    await save();
    await waitFor(() => expect(saved).toHaveLength(2));
    expect(saved[1]).toMatchObject({ images: [8] });
  });

  it('a stale save shows the message; 重新加载 resets the form to the fresh record, which then saves with its version', async () => {
    let stored: GoodsDetail = goods;
    const puts: { goodsName: string; version: number }[] = [];
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      const url = new URL(String(input), 'http://localhost');
      const reply = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
      if (url.pathname === `/api${GOODS_PATHS.listCategory}`) {
        return reply(200, { code: 0, message: '成功', data: [{ id: 3, goodsCategoryCode: 'TC', goodsCategoryName: '铜材', parentId: null, isLeaf: true }] });
      }
      if (url.pathname === BUSINESS_PATHS.goodsItem.replace(':id', '5') && init?.method === 'PUT') {
        const body = JSON.parse(String(init.body)) as { goodsName: string; version: number };
        puts.push(body);
        if (body.version !== stored.version) return reply(409, { code: 40900, message: BUSINESS_MESSAGES.staleVersion, data: null });
        stored = { ...stored, goodsName: body.goodsName, version: stored.version + 1 };
        return reply(200, { code: 0, message: '成功', data: stored });
      }
      return reply(200, { code: 0, message: '成功', data: stored });
    });
    const user = userEvent.setup();
    render(
      <AppProviders queryClient={createQueryClient()}>
        <MemoryRouter initialEntries={['/goods/catalogue/edit?id=5']}>
          <GoodsEditPage />
        </MemoryRouter>
      </AppProviders>,
    );
    const name = await screen.findByDisplayValue('电解铜');
    // Someone else saves the goods after this form was opened.
    stored = { ...goods, goodsName: '电解铜 A级', version: 2 };
    await user.clear(name);
    await user.type(name, '阴极铜');
    await user.click(screen.getByRole('button', { name: /保\s*存/ }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(BUSINESS_MESSAGES.staleVersion);
    expect(puts).toEqual([expect.objectContaining({ goodsName: '阴极铜', version: 1 })]);

    await user.click(screen.getByRole('button', { name: /重新加载/ }));
    expect(await screen.findByDisplayValue('电解铜 A级')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText(BUSINESS_MESSAGES.staleVersion)).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(puts).toHaveLength(2));
    expect(puts[1]).toMatchObject({ goodsName: '电解铜 A级', version: 2 });
  });
});
