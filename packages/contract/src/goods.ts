// Goods catalogue and the goods picker (spec 2.3 item 3, 3 Goods, 7.2 listCategory / listMlzGoodsByGoodsId).
import { z } from 'zod';
import { PageQuerySchema, envelope, pageOf } from './envelope.js';
import { inputString, type QueryInput } from './fields.js';

export const GoodsCategorySchema = z.object({
  id: z.number().int(),
  goodsCategoryCode: z.string(),
  goodsCategoryName: z.string(),
  isLeaf: z.boolean(),
  parentId: z.number().int().nullable(),
});
export type GoodsCategory = z.infer<typeof GoodsCategorySchema>;
export type GoodsCategoryNode = GoodsCategory & { children: GoodsCategoryNode[] };

/** The flat category list, which the picker turns into a tree. */
export const CategoryListReplySchema = envelope(z.array(GoodsCategorySchema));

export const GoodsSchema = z.object({
  id: z.number().int(),
  goodsId: z.number().int(),
  goodsName: z.string(),
  specificationModels: z.string(),
  unit: z.string(),
  manufacturer: z.string(),
  texture: z.string(),
  weight: z.number().nullable(),
  monad: z.string(),
  goodsNumber: z.string(),
  goodsPrice: z.number().nullable(),
  goodsCategoryId: z.number().int(),
});
export type Goods = z.infer<typeof GoodsSchema>;

export const ListGoodsQuerySchema = PageQuerySchema.extend({
  name: inputString().trim().max(100, 'name is too long').optional(),
  goodsCategoryId: z.preprocess(
    (v: QueryInput<number>) => (v === '' || v === 'goods_category_all' ? undefined : v),
    z.coerce.number().int().positive().optional(),
  ),
});
export type ListGoodsQuery = z.infer<typeof ListGoodsQuerySchema>;
export const GoodsPageReplySchema = envelope(pageOf(GoodsSchema));

/** Builds the picker tree from the flat list (children sorted as listed). */
export function buildCategoryTree(list: readonly GoodsCategory[]): GoodsCategoryNode[] {
  const nodes = new Map<number, GoodsCategoryNode>();
  for (const c of list) nodes.set(c.id, { ...c, children: [] });
  const roots: GoodsCategoryNode[] = [];
  for (const c of list) {
    const node = nodes.get(c.id)!;
    const parent = c.parentId === null ? undefined : nodes.get(c.parentId);
    if (parent) parent.children.push(node);
    else roots.push(node);
  }
  return roots;
}

export const GOODS_PATHS = {
  listCategory: '/mlzgoodsserver/mlzGoods/listCategory',
  listGoods: '/mlzgoodsserver/mlzGoods/listMlzGoodsByGoodsId',
} as const;
