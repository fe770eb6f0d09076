// Creating and editing goods of the enterprise's catalogue (the paged list is the goods picker's call).
import { sql, type Kysely } from 'kysely';
import type { GoodsDetail, SaveGoodsBody } from '@tfb/contract';
import type { DB } from '../../db/types.js';
import { badRequest } from '../../lib/errors.js';

export type Actor = { enterpriseId: string; userId: string };

export async function getGoods(db: Kysely<DB>, enterpriseId: string, id: number): Promise<GoodsDetail | undefined> {
  const r = await db
    .selectFrom('goods as g')
    .innerJoin('goods_categories as c', 'c.id', 'g.category_id')
    .select([
      'g.id',
      'g.category_id',
      'c.goods_category_name',
      'g.goods_name',
      'g.specification_models',
      'g.unit',
      'g.manufacturer',
      'g.texture',
      'g.weight',
      'g.monad',
      'g.goods_number',
      'g.goods_price',
    ])
    .where('g.enterprise_id', '=', enterpriseId)
    .where('g.id', '=', id)
    .executeTakeFirst();
  if (!r) return undefined;
  return {
    id: r.id,
    goodsId: r.id,
    goodsCategoryId: r.category_id,
    goodsCategoryName: r.goods_category_name,
    goodsName: r.goods_name,
    specificationModels: r.specification_models,
    unit: r.unit,
    manufacturer: r.manufacturer,
    texture: r.texture,
    weight: r.weight === null ? null : Number(r.weight),
    monad: r.monad,
    goodsNumber: r.goods_number,
    goodsPrice: r.goods_price === null ? null : Number(r.goods_price),
  };
}

async function checkCategory(db: Kysely<DB>, enterpriseId: string, categoryId: number): Promise<void> {
  const c = await db
    .selectFrom('goods_categories')
    .select('id')
    .where('enterprise_id', '=', enterpriseId)
    .where('id', '=', categoryId)
    .executeTakeFirst();
  if (!c) throw badRequest('货品分类不存在', [{ field: 'goodsCategoryId', message: '货品分类不存在' }]);
}

const fields = (b: SaveGoodsBody) => ({
  category_id: b.goodsCategoryId,
  goods_name: b.goodsName,
  specification_models: b.specificationModels,
  unit: b.unit,
  manufacturer: b.manufacturer,
  texture: b.texture,
  weight: b.weight,
  monad: b.monad,
  goods_price: b.goodsPrice,
});

export async function createGoods(db: Kysely<DB>, actor: Actor, goodsNumber: string, b: SaveGoodsBody): Promise<number> {
  await checkCategory(db, actor.enterpriseId, b.goodsCategoryId);
  const { id } = await db
    .insertInto('goods')
    .values({ ...fields(b), enterprise_id: actor.enterpriseId, goods_number: goodsNumber, created_by: actor.userId, updated_by: actor.userId })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

/** False when the enterprise has no such goods. */
export async function updateGoods(db: Kysely<DB>, actor: Actor, id: number, b: SaveGoodsBody): Promise<boolean> {
  await checkCategory(db, actor.enterpriseId, b.goodsCategoryId);
  const r = await db
    .updateTable('goods')
    .set({ ...fields(b), updated_by: actor.userId, updated_at: sql<string>`now()` })
    .where('enterprise_id', '=', actor.enterpriseId)
    .where('id', '=', id)
    .returning('id')
    .executeTakeFirst();
  return r !== undefined;
}
