// Goods lines of contracts and orders: a line picked from the catalogue takes its name, model and unit from
// the caller's enterprise's catalogue (a goods id of another enterprise does not exist); a typed line keeps
// what was typed.
import type { Kysely } from 'kysely';
import type { GoodsLineInput } from '@tfb/contract';
import type { DB } from '../db/types.js';
import { badRequest } from './errors.js';

export type ResolvedGoodsLine = {
  goods_id: number | null;
  goods_name: string;
  specification_models: string;
  unit: string;
  quantity: number;
  price: number;
};

export async function resolveGoodsLines(
  db: Kysely<DB>,
  enterpriseId: string,
  lines: readonly GoodsLineInput[],
): Promise<ResolvedGoodsLine[]> {
  const ids = [...new Set(lines.map((l) => l.goodsId).filter((id): id is number => id !== null))];
  const catalogue = ids.length
    ? await db
        .selectFrom('goods')
        .select(['id', 'goods_name', 'specification_models', 'unit'])
        .where('enterprise_id', '=', enterpriseId)
        .where('id', 'in', ids)
        .execute()
    : [];
  const byId = new Map(catalogue.map((g) => [g.id, g]));
  const errors = lines.flatMap((l, i) =>
    l.goodsId !== null && !byId.has(l.goodsId) ? [{ field: `goods.${i}.goodsId`, message: '货品不存在' }] : [],
  );
  if (errors.length) throw badRequest('货品不存在', errors);
  return lines.map((l) => {
    const g = l.goodsId !== null ? byId.get(l.goodsId) : undefined;
    return {
      goods_id: g?.id ?? null,
      goods_name: g?.goods_name ?? l.goodsName,
      specification_models: g?.specification_models ?? l.specificationModels,
      unit: g?.unit ?? l.unit,
      quantity: l.quantity,
      price: l.price,
    };
  });
}

export const goodsLineToWire = (r: {
  id: number;
  goods_id: number | null;
  goods_name: string;
  specification_models: string;
  unit: string;
  quantity: number | string;
  price: number | string;
}) => ({
  id: r.id,
  goodsId: r.goods_id,
  goodsName: r.goods_name,
  specificationModels: r.specification_models,
  unit: r.unit,
  quantity: Number(r.quantity),
  price: Number(r.price),
});
