import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { GOODS_PATHS, type Goods, type GoodsCategory } from '@tfb/contract';
import { goods } from '../../../test/fixtures';
import { mockApi, type MockApi } from '../../../test/mock-api';
import { renderWithProviders } from '../../../test/render';
import { GoodsPickerModal } from '../goods-picker';

const CATEGORIES: GoodsCategory[] = [
  { id: 1, goodsCategoryCode: 'steel', goodsCategoryName: '钢材', isLeaf: false, parentId: null, disabled: false, version: 1 },
  { id: 2, goodsCategoryCode: 'coil', goodsCategoryName: '卷板', isLeaf: true, parentId: 1, disabled: false, version: 1 },
];

const GOODS: Goods[] = Array.from({ length: 25 }, (_, i) => goods(i + 1, { goodsCategoryId: i < 20 ? 2 : 1 }));

function listGoods({ url }: { url: URL }) {
  const pageNumber = Number(url.searchParams.get('pageNumber'));
  const pageSize = Number(url.searchParams.get('pageSize'));
  const name = url.searchParams.get('name') ?? '';
  const category = url.searchParams.get('goodsCategoryId');
  const hits = GOODS.filter((g) => g.goodsName.includes(name) && (!category || g.goodsCategoryId === Number(category)));
  return { content: hits.slice(pageNumber * pageSize, (pageNumber + 1) * pageSize), totalElements: hits.length, pageNumber, pageSize };
}

const bodyRow = (name: string) => screen.getByText(name).closest('tr') as HTMLElement;
const checkboxOf = (name: string) => within(bodyRow(name)).getByRole('checkbox');

describe('GoodsPickerModal', () => {
  let api: MockApi;
  /** The goods lists asked, in order. */
  const calls = () => api.callsTo(`/api${GOODS_PATHS.listGoods}`).map((c) => c.url);
  beforeEach(() => {
    api = mockApi({
      [`/api${GOODS_PATHS.listCategory}`]: () => CATEGORIES,
      [`/api${GOODS_PATHS.listGoods}`]: listGoods,
    });
  });

  it('keeps the selection across pages and searches and returns full rows', async () => {
    const user = userEvent.setup();
    const onOk = vi.fn();
    renderWithProviders(<GoodsPickerModal open onCancel={() => undefined} onOk={onOk} initialSelected={[GOODS[24]!]} />);

    // The root 全部 is expanded by default and sends no category filter.
    expect(await screen.findByText('全部')).toBeInTheDocument();
    expect(await screen.findByText('钢材')).toBeInTheDocument();
    await screen.findByText('货品01');
    const first = calls()[0]!;
    expect(first.searchParams.get('pageNumber')).toBe('0');
    expect(first.searchParams.get('pageSize')).toBe('10');
    expect(first.searchParams.has('goodsCategoryId')).toBe(false);
    expect(screen.getByText('已选 1 项')).toBeInTheDocument();

    await user.click(checkboxOf('货品01'));
    await user.click(checkboxOf('货品02'));
    expect(screen.getByText('已选 3 项')).toBeInTheDocument();

    // Page 2: the server is asked for pageNumber 1; choose one more there.
    await user.click(screen.getByTitle('2'));
    await screen.findByText('货品11');
    expect(calls().at(-1)!.searchParams.get('pageNumber')).toBe('1');
    await user.click(checkboxOf('货品11'));

    // Search: a new query from page 0; the earlier choices stay.
    await user.type(screen.getByPlaceholderText('请输入货品名称'), '货品2');
    await user.click(screen.getByRole('button', { name: /搜\s*索/ }));
    await waitFor(() => expect(screen.queryByText('货品11')).not.toBeInTheDocument());
    expect(calls().at(-1)!.searchParams.get('name')).toBe('货品2');
    expect(calls().at(-1)!.searchParams.get('pageNumber')).toBe('0');
    await user.click(checkboxOf('货品20'));
    expect(screen.getByText('已选 5 项')).toBeInTheDocument();

    // Back to all goods, page 1: the first choices are still ticked.
    await user.clear(screen.getByPlaceholderText('请输入货品名称'));
    await user.click(screen.getByRole('button', { name: /搜\s*索/ }));
    await screen.findByText('货品01');
    expect(checkboxOf('货品01')).toBeChecked();
    expect(checkboxOf('货品02')).toBeChecked();
    expect(checkboxOf('货品03')).not.toBeChecked();

    // Unticking removes just that one.
    await user.click(checkboxOf('货品02'));
    expect(screen.getByText('已选 4 项')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: /确\s*定/ }));
    expect(onOk).toHaveBeenCalledTimes(1);
    const picked = onOk.mock.calls[0]![0] as Goods[];
    expect(picked.map((g) => g.goodsName).sort()).toEqual(['货品01', '货品11', '货品20', '货品25']);
    expect(picked.find((g) => g.id === 11)).toEqual(GOODS[10]);
  }, 60_000);

  it('filters by the chosen category and goes back to no filter on 全部', async () => {
    const user = userEvent.setup();
    renderWithProviders(<GoodsPickerModal open onCancel={() => undefined} onOk={() => undefined} />);
    await screen.findByText('货品01');
    await user.click(await screen.findByText('钢材'));
    await waitFor(() => expect(calls().at(-1)!.searchParams.get('goodsCategoryId')).toBe('1'));
    await screen.findByText('货品21');
    await waitFor(() => expect(screen.queryByText('货品01')).not.toBeInTheDocument());
    await user.click(screen.getByText('全部'));
    // The unfiltered first page again (served from the cache of the first request).
    await screen.findByText('货品01');
    expect(calls().every((u) => u.searchParams.get('goodsCategoryId') !== 'goods_category_all')).toBe(true);
  });

  it('says "more than" when the server stopped counting at its cap, and still pages on', async () => {
    const user = userEvent.setup();
    api = mockApi({
      [`/api${GOODS_PATHS.listCategory}`]: () => CATEGORIES,
      [`/api${GOODS_PATHS.listGoods}`]: (req: { url: URL }) => ({ ...listGoods(req), totalElements: 10_000, estimated: true }),
    });
    renderWithProviders(<GoodsPickerModal open onCancel={() => undefined} onOk={() => undefined} />);

    expect(await screen.findByText('超过 10,000 条，请缩小查询范围')).toBeInTheDocument();
    expect(screen.queryByText(/共 .* 条/)).toBeNull();
    // The pager reaches as far as the capped count: its last page is 1,000 at 10 a page.
    expect(screen.getByTitle('1000')).toBeInTheDocument();
    await user.click(screen.getByTitle('2'));
    await screen.findByText('货品11');
    expect(calls().at(-1)!.searchParams.get('pageNumber')).toBe('1');
  });
});
