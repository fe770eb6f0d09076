// The goods catalogue screen: create and edit goods in a category; the new goods show in the goods picker;
// categories and goods of another enterprise do not exist.
import crypto from 'node:crypto';
import { beforeAll, expect, it } from 'vitest';
import { BUSINESS_PATHS, GOODS_PATHS } from '@tfb/contract';
import { api, withId } from './helpers/api.js';
import { describeEachDatabase, type TestSession } from './helpers/test-app.js';

describeEachDatabase('goods catalogue', (t) => {
  const http = api(t);
  let a: TestSession;
  let b: TestSession;
  let categoryA = 0;
  let categoryB = 0;
  const tag = `SP${crypto.randomBytes(3).toString('hex').toUpperCase()}`;
  beforeAll(async () => {
    a = await t().enter('demo-a-staff');
    b = await t().enter('demo-b-staff');
    const db = t().database.db;
    categoryA = (await db.insertInto('goods_categories').values({ enterprise_id: a.user.enterpriseId, goods_category_code: `${tag}-A`, goods_category_name: `${tag} 有色金属` }).returning('id').executeTakeFirstOrThrow()).id;
    categoryB = (await db.insertInto('goods_categories').values({ enterprise_id: b.user.enterpriseId, goods_category_code: `${tag}-B`, goods_category_name: `${tag} 煤炭` }).returning('id').executeTakeFirstOrThrow()).id;
  });

  it('creates goods in a category, edits them, and the picker lists them', async () => {
    const g = await http.create(a, BUSINESS_PATHS.goods, {
      goodsCategoryId: categoryA,
      goodsName: `${tag} 电解铜`,
      specificationModels: 'Cu-CATH-1',
      unit: '吨',
      manufacturer: '江西铜业',
      texture: '铜',
      weight: 25.5,
      monad: '件',
      goodsPrice: 68000,
    });
    expect(g.goodsNumber).toMatch(/^SP-\d{8}-\d{5}$/);
    expect(g).toMatchObject({ goodsCategoryId: categoryA, goodsCategoryName: `${tag} 有色金属`, weight: 25.5, goodsPrice: 68000 });
    const edited = await http.put(a, withId(BUSINESS_PATHS.goodsItem, g.id), { goodsCategoryId: categoryA, goodsName: `${tag} 阴极铜`, weight: '', goodsPrice: null });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().data).toMatchObject({ goodsName: `${tag} 阴极铜`, weight: null, goodsPrice: null, manufacturer: '', goodsNumber: g.goodsNumber });
    const picker = (await http.get(a, `/api${GOODS_PATHS.listGoods}`, { name: tag, goodsCategoryId: categoryA })).json().data;
    expect(picker.content.map((r: { id: number }) => r.id)).toEqual([g.id]);
  });

  it('refuses bad input and another enterprise’s category or goods', async () => {
    for (const bad of [{}, { goodsCategoryId: categoryA, goodsName: '' }, { goodsCategoryId: categoryA, goodsName: 'x', goodsPrice: -1 }, { goodsCategoryId: 'x', goodsName: 'x' }]) {
      expect((await http.post(a, BUSINESS_PATHS.goods, bad)).statusCode, JSON.stringify(bad)).toBe(400);
    }
    const foreign = await http.post(a, BUSINESS_PATHS.goods, { goodsCategoryId: categoryB, goodsName: 'x' });
    expect(foreign.json().errors).toEqual([{ field: 'goodsCategoryId', message: '货品分类不存在' }]);
    const g = await http.create(a, BUSINESS_PATHS.goods, { goodsCategoryId: categoryA, goodsName: `${tag} 铝锭` });
    expect((await http.get(b, withId(BUSINESS_PATHS.goodsItem, g.id))).statusCode).toBe(404);
    expect((await http.put(b, withId(BUSINESS_PATHS.goodsItem, g.id), { goodsCategoryId: categoryB, goodsName: 'stolen' })).statusCode).toBe(404);
  });
});
