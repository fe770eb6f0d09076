// The goods catalogue screen: create and edit goods in a category with up to 3 pictures; the new goods show in
// the goods picker; categories, goods and pictures of another enterprise do not exist.
import crypto from 'node:crypto';
import { beforeAll, expect, it } from 'vitest';
import { BUSINESS_MESSAGES, BUSINESS_PATHS, GOODS_PATHS, UPLOAD_PATHS, type GoodsDetail, type ImageValue } from '@tfb/contract';
import { api, withId } from './helpers/api.js';
import { gif, jpeg, multipart, pdf, png } from './helpers/files.js';
import { describeEachDatabase, type TestSession } from './helpers/test-app.js';

describeEachDatabase('goods catalogue', (t) => {
  const http = api(t);
  let a: TestSession;
  let b: TestSession;
  let categoryA = 0;
  let categoryB = 0;
  let categoryPics = 0;
  const tag = `SP${crypto.randomBytes(3).toString('hex').toUpperCase()}`;
  beforeAll(async () => {
    a = await t().enter('demo-a-staff');
    b = await t().enter('demo-b-staff');
    const db = t().database.db;
    const category = async (s: TestSession, code: string, name: string) =>
      (
        await db
          .insertInto('goods_categories')
          .values({ enterprise_id: s.user.enterpriseId, goods_category_code: `${tag}-${code}`, goods_category_name: `${tag} ${name}` })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    categoryA = await category(a, 'A', '有色金属');
    categoryB = await category(b, 'B', '煤炭');
    categoryPics = await category(a, 'P', '线材');
  });

  const send = async (s: TestSession, url: string, filename: string, content: Buffer) => {
    const { payload, headers } = multipart([{ name: 'file', filename, content }]);
    const res = await t().app.inject({ method: 'POST', url, headers: { ...s.headers, ...headers }, payload });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data;
  };
  const uploadImage = (s: TestSession, filename: string, content: Buffer) =>
    send(s, UPLOAD_PATHS.uploadImage, filename, content) as Promise<ImageValue>;
  const goodsRow = (images: unknown, extra: Record<string, unknown> = {}) => ({
    goodsCategoryId: categoryPics,
    goodsName: '铜杆',
    images,
    ...extra,
  });

  it('saves up to 3 pictures in order and answers {id, filePath, fileName} for each', async () => {
    const [front, side, label, back] = [
      await uploadImage(a, '正面.png', png()),
      await uploadImage(a, '侧面.jpg', jpeg()),
      await uploadImage(a, '铭牌.gif', gif()),
      await uploadImage(a, '背面.png', png()),
    ];
    const g = (await http.create(a, BUSINESS_PATHS.goods, goodsRow([side!.id, front!.id]))) as unknown as GoodsDetail;
    expect(g.images).toEqual([side, front]);
    expect(g.images[0]).toEqual({ id: side!.id, filePath: `/api/businessperationService/common/file/${side!.id}`, fileName: '侧面.jpg' });
    expect((await http.get(a, withId(BUSINESS_PATHS.goodsItem, g.id))).json().data.images).toEqual([side, front]);

    // Editing replaces the set and its order.
    const edited = await http.put(a, withId(BUSINESS_PATHS.goodsItem, g.id), goodsRow([front!.id, label!.id, back!.id]));
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().data.images).toEqual([front, label, back]);

    // More than 3, or one twice: refused, nothing changes.
    const four = await http.put(a, withId(BUSINESS_PATHS.goodsItem, g.id), goodsRow([front!.id, side!.id, label!.id, back!.id]));
    expect(four.statusCode).toBe(400);
    expect(four.json().errors).toEqual([{ field: 'images', message: BUSINESS_MESSAGES.imageMaxCount }]);
    const twice = await http.put(a, withId(BUSINESS_PATHS.goodsItem, g.id), goodsRow([front!.id, front!.id]));
    expect(twice.statusCode).toBe(400);
    expect(twice.json().errors).toEqual([{ field: 'images', message: BUSINESS_MESSAGES.imageDuplicate }]);
    expect((await http.get(a, withId(BUSINESS_PATHS.goodsItem, g.id))).json().data.images).toEqual([front, label, back]);

    // Saving without pictures (or images omitted) clears them.
    const cleared = await http.put(a, withId(BUSINESS_PATHS.goodsItem, g.id), { goodsCategoryId: categoryPics, goodsName: '铜杆' });
    expect(cleared.json().data.images).toEqual([]);
  });

  it('attaches only image files of the caller’s enterprise, naming the field', async () => {
    const mine = await uploadImage(a, 'mine.png', png());
    const foreign = await uploadImage(b, 'theirs.png', png());
    const documentUrl = (await send(a, UPLOAD_PATHS.upload, '合同.pdf', pdf(777))) as string;
    const documentId = Number(documentUrl.split('/').pop());
    const g = await http.create(a, BUSINESS_PATHS.goods, goodsRow([mine.id]));

    const cases: [unknown[], string, string][] = [
      [[mine.id, foreign.id], 'images.1', BUSINESS_MESSAGES.imageNotFound],
      [[999999999], 'images.0', BUSINESS_MESSAGES.imageNotFound],
      [[documentId], 'images.0', BUSINESS_MESSAGES.imageNotPicture],
    ];
    for (const [images, field, message] of cases) {
      for (const res of [
        await http.post(a, BUSINESS_PATHS.goods, goodsRow(images)),
        await http.put(a, withId(BUSINESS_PATHS.goodsItem, g.id), goodsRow(images)),
      ]) {
        expect(res.statusCode, JSON.stringify(images)).toBe(400);
        expect(res.json()).toMatchObject({ code: 40000, message, errors: [{ field, message }] });
      }
    }
    for (const images of [['x'], [-1], 'all', [mine.filePath]]) {
      const res = await http.post(a, BUSINESS_PATHS.goods, goodsRow(images));
      expect(res.statusCode, JSON.stringify(images)).toBe(400);
      expect(res.json().errors[0].field).toMatch(/^images/);
    }
    // The failed saves stored nothing: no goods after g, and g keeps its one picture.
    const newer = await t()
      .database.db.selectFrom('goods')
      .select('id')
      .where('enterprise_id', '=', a.user.enterpriseId)
      .where('id', '>', g.id)
      .execute();
    expect(newer).toEqual([]);
    expect((await http.get(a, withId(BUSINESS_PATHS.goodsItem, g.id))).json().data.images).toEqual([mine]);
    // B cannot see A's goods (nor its pictures) and cannot attach A's picture to its own goods.
    expect((await http.get(b, withId(BUSINESS_PATHS.goodsItem, g.id))).statusCode).toBe(404);
    const stolen = await http.post(b, BUSINESS_PATHS.goods, { goodsCategoryId: categoryB, goodsName: 'x', images: [mine.id] });
    expect(stolen.json().errors).toEqual([{ field: 'images.0', message: BUSINESS_MESSAGES.imageNotFound }]);
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
    const edited = await http.put(a, withId(BUSINESS_PATHS.goodsItem, g.id), {
      goodsCategoryId: categoryA,
      goodsName: `${tag} 阴极铜`,
      weight: '',
      goodsPrice: null,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().data).toMatchObject({
      goodsName: `${tag} 阴极铜`,
      weight: null,
      goodsPrice: null,
      manufacturer: '',
      goodsNumber: g.goodsNumber,
    });
    const picker = (await http.get(a, `/api${GOODS_PATHS.listGoods}`, { name: tag, goodsCategoryId: categoryA })).json().data;
    expect(picker.content.map((r: { id: number }) => r.id)).toEqual([g.id]);
  });

  it('refuses bad input and another enterprise’s category or goods', async () => {
    for (const bad of [
      {},
      { goodsCategoryId: categoryA, goodsName: '' },
      { goodsCategoryId: categoryA, goodsName: 'x', goodsPrice: -1 },
      { goodsCategoryId: 'x', goodsName: 'x' },
    ]) {
      expect((await http.post(a, BUSINESS_PATHS.goods, bad)).statusCode, JSON.stringify(bad)).toBe(400);
    }
    const foreign = await http.post(a, BUSINESS_PATHS.goods, { goodsCategoryId: categoryB, goodsName: 'x' });
    expect(foreign.json().errors).toEqual([{ field: 'goodsCategoryId', message: '货品分类不存在' }]);
    const g = await http.create(a, BUSINESS_PATHS.goods, { goodsCategoryId: categoryA, goodsName: `${tag} 铝锭` });
    expect((await http.get(b, withId(BUSINESS_PATHS.goodsItem, g.id))).statusCode).toBe(404);
    expect(
      (await http.put(b, withId(BUSINESS_PATHS.goodsItem, g.id), { goodsCategoryId: categoryB, goodsName: 'stolen' })).statusCode,
    ).toBe(404);
  });
});
