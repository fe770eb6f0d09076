// The goods category page (P30) through its address, against a small category server: adding a category under the
// selected one and at the top sends the contract's body and shows it in the tree; renaming sends the version read;
// a name taken among siblings shows by the field; deleting a category in use shows the server's refusal with its
// counts and leaves the tree as it was.
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { GOODS_CATEGORY_MESSAGES as M, GOODS_CATEGORY_PATHS as P, GOODS_PATHS, type GoodsCategory } from '@tfb/contract';
import { refuse, type ApiHandlers } from '../../../test/mock-api';
import { fill } from '../../../test/queries';
import { openScreen } from '../../../test/screen';

const ADDRESS = '/goods/categories';
const ADMIN = { roles: ['admin'] };

const category = (over: Partial<GoodsCategory> & Pick<GoodsCategory, 'id' | 'goodsCategoryName'>): GoodsCategory => ({
  goodsCategoryCode: `C${over.id}`,
  isLeaf: true,
  parentId: null,
  disabled: false,
  version: 1,
  ...over,
});

/** The category server: the stored list, changed by the calls as the real server would (without its checks). */
function categoryServer(over: ApiHandlers = {}) {
  let list: GoodsCategory[] = [
    category({ id: 1, goodsCategoryName: '钢材', isLeaf: false }),
    category({ id: 2, goodsCategoryName: '螺纹钢', parentId: 1 }),
    category({ id: 3, goodsCategoryName: '煤炭' }),
  ];
  let next = 10;
  const handlers: ApiHandlers = {
    [`/api${GOODS_PATHS.listCategory}`]: () => list,
    [P.add]: ({ body }) => {
      const c = category({
        id: next++,
        goodsCategoryName: body.goodsCategoryName,
        goodsCategoryCode: body.goodsCategoryCode,
        parentId: body.parentId,
      });
      list = [...list.map((x) => (x.id === body.parentId ? { ...x, isLeaf: false } : x)), c];
      return c;
    },
    [P.rename]: ({ params, body }) => {
      const c = list.find((x) => x.id === Number(params.id))!;
      if (c.version !== body.version) return refuse(40900, M.stale);
      const renamed = { ...c, goodsCategoryName: body.goodsCategoryName, version: c.version + 1 };
      list = list.map((x) => (x.id === c.id ? renamed : x));
      return renamed;
    },
    ...over,
  };
  return handlers;
}

const tree = () => screen.findByRole('tree', { name: '货品分类树' });

describe('goods category page', () => {
  it('adds a category under the selected one, and one at the top', async () => {
    const { api, user } = openScreen(ADDRESS, categoryServer(), ADMIN);
    const shown = await tree();
    expect(within(shown).getByText('钢材')).toBeInTheDocument();
    await user.click(within(shown).getByText('钢材'));

    const add = screen.getByRole('form', { name: '新增分类' });
    await fill(user, within(add).getByLabelText('分类编码'), 'STEEL-PLATE');
    await fill(user, within(add).getByLabelText('分类名称'), '中厚板');
    await user.click(within(add).getByRole('button', { name: /新\s*增/ }));
    await waitFor(() => expect(api.bodiesSentTo(P.add)).toHaveLength(1));
    expect(api.bodiesSentTo(P.add)[0]).toEqual({ parentId: 1, goodsCategoryCode: 'STEEL-PLATE', goodsCategoryName: '中厚板' });
    // The new category is selected, its place shown.
    expect(await within(shown).findByText('中厚板')).toBeInTheDocument();
    expect(await screen.findByText('钢材 / 中厚板')).toBeInTheDocument();

    // With nothing selected, a new category goes to the top level.
    await user.click(within(shown).getByText('中厚板'));
    expect(await screen.findByText('在左侧选择一个分类以重命名、移动、停用或删除')).toBeInTheDocument();
    const add2 = screen.getByRole('form', { name: '新增分类' });
    await fill(user, within(add2).getByLabelText('分类编码'), 'WOOD');
    await fill(user, within(add2).getByLabelText('分类名称'), '木材');
    await user.click(within(add2).getByRole('button', { name: /新\s*增/ }));
    await waitFor(() => expect(api.bodiesSentTo(P.add)).toHaveLength(2));
    expect(api.bodiesSentTo(P.add)[1]).toEqual({ parentId: null, goodsCategoryCode: 'WOOD', goodsCategoryName: '木材' });
    expect(await within(shown).findByText('木材')).toBeInTheDocument();
  });

  it('refuses an empty name in the form, and shows a name taken among siblings by the field', async () => {
    const { api, user } = openScreen(
      ADDRESS,
      categoryServer({ [P.add]: () => refuse(40000, M.nameTaken, [{ field: 'goodsCategoryName', message: M.nameTaken }]) }),
      ADMIN,
    );
    await tree();
    const add = screen.getByRole('form', { name: '新增分类' });
    await fill(user, within(add).getByLabelText('分类编码'), 'X1');
    await user.click(within(add).getByRole('button', { name: /新\s*增/ }));
    expect(await within(add).findByText(M.nameRequired)).toBeInTheDocument();
    expect(api.bodiesSentTo(P.add)).toHaveLength(0);

    await fill(user, within(add).getByLabelText('分类名称'), '煤炭');
    await user.click(within(add).getByRole('button', { name: /新\s*增/ }));
    expect(await within(add).findByText(M.nameTaken)).toBeInTheDocument();
  });

  it('renames from the version read', async () => {
    const { api, user } = openScreen(ADDRESS, categoryServer(), ADMIN);
    const shown = await tree();
    await user.click(within(shown).getByText('煤炭'));
    const rename = screen.getByRole('region', { name: '重命名' });
    const name = within(rename).getByLabelText('分类名称');
    expect(name).toHaveValue('煤炭');
    await fill(user, name, '动力煤');
    await user.click(within(rename).getByRole('button', { name: '保存名称' }));
    await waitFor(() => expect(api.bodiesSentTo(P.rename)).toEqual([{ goodsCategoryName: '动力煤', version: 1 }]));
    expect(await within(shown).findByText('动力煤')).toBeInTheDocument();
  });

  it('shows the server’s refusal to delete a category in use, with its counts, and keeps it', async () => {
    const { api, user } = openScreen(ADDRESS, categoryServer({ [P.item]: { DELETE: () => refuse(40900, M.inUse(12, 1)) } }), ADMIN);
    const shown = await tree();
    await user.click(within(shown).getByText('钢材'));
    await user.click(screen.getByRole('button', { name: /删\s*除/ }));
    expect(await screen.findByText('确定删除分类「钢材」吗？')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /确\s*定|OK/ }));
    expect(await screen.findByRole('alert')).toHaveTextContent('该分类下有 12 个货品、1 个子分类，不能删除');
    expect(api.callsTo(P.item, 'DELETE')[0]!.query).toEqual({ version: '1' });
    expect(within(shown).getByText('钢材')).toBeInTheDocument();
  });
});
