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
  /** Not offered for new goods (the pickers and forms); goods already in it keep it (issue 14, P30). */
  disabled: z.boolean(),
  /** Optimistic lock of the category's own row: a write names the version it read (→ 409 when stale). */
  version: z.number().int(),
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

// ---- Category administration (issue 14, /goods/categories; requirements P30) ----

/** How many levels the category tree may have: deeper adds and moves are refused (400 naming parentId). */
export const GOODS_CATEGORY_MAX_DEPTH = 6;
export const GOODS_CATEGORY_NAME_MAX = 50;
export const GOODS_CATEGORY_CODE_MAX = 50;

export const GOODS_CATEGORY_MESSAGES = {
  nameRequired: '请输入分类名称',
  nameTooLong: `分类名称不能超过${GOODS_CATEGORY_NAME_MAX}个字符`,
  nameTaken: '同一上级分类下已有同名分类',
  codeRequired: '请输入分类编码',
  codeTooLong: `分类编码不能超过${GOODS_CATEGORY_CODE_MAX}个字符`,
  codeTaken: '分类编码已存在',
  parentNotFound: '上级分类不存在',
  cycle: '不能移动到该分类自身或其下级分类之下',
  tooDeep: `分类层级不能超过${GOODS_CATEGORY_MAX_DEPTH}级`,
  stale: '该分类已被他人修改，请刷新后重试',
  inUse: (goods: number, children: number) => `该分类下有 ${goods} 个货品、${children} 个子分类，不能删除`,
  disabledCategory: '该货品分类已停用，请选择其他分类',
} as const;

const categoryName = z
  .string(GOODS_CATEGORY_MESSAGES.nameRequired)
  .trim()
  .min(1, GOODS_CATEGORY_MESSAGES.nameRequired)
  .max(GOODS_CATEGORY_NAME_MAX, GOODS_CATEGORY_MESSAGES.nameTooLong);
const categoryVersion = z.number().int().nonnegative();
const parentId = z.number().int().positive().nullable();

export const AddGoodsCategoryBodySchema = z.object({
  /** null: a top-level category. */
  parentId,
  goodsCategoryCode: z
    .string(GOODS_CATEGORY_MESSAGES.codeRequired)
    .trim()
    .min(1, GOODS_CATEGORY_MESSAGES.codeRequired)
    .max(GOODS_CATEGORY_CODE_MAX, GOODS_CATEGORY_MESSAGES.codeTooLong),
  goodsCategoryName: categoryName,
});
export type AddGoodsCategoryBody = z.infer<typeof AddGoodsCategoryBodySchema>;

export const RenameGoodsCategoryBodySchema = z.object({ goodsCategoryName: categoryName, version: categoryVersion });
export type RenameGoodsCategoryBody = z.infer<typeof RenameGoodsCategoryBodySchema>;

export const MoveGoodsCategoryBodySchema = z.object({
  parentId,
  /** The place among the new siblings (0 = first); absent or past the end: last. */
  index: z.number().int().nonnegative().optional(),
  version: categoryVersion,
});
export type MoveGoodsCategoryBody = z.infer<typeof MoveGoodsCategoryBodySchema>;

export const SetGoodsCategoryStatusBodySchema = z.object({ disabled: z.boolean(), version: categoryVersion });
export type SetGoodsCategoryStatusBody = z.infer<typeof SetGoodsCategoryStatusBodySchema>;

export const DeleteGoodsCategoryQuerySchema = z.object({ version: z.coerce.number().int().nonnegative() });

export const GoodsCategoryReplySchema = envelope(GoodsCategorySchema);
export const DeletedGoodsCategoryReplySchema = envelope(z.object({ id: z.number().int() }));

export const GOODS_CATEGORY_PATHS = {
  add: '/api/goods/categories',
  item: '/api/goods/categories/:id',
  rename: '/api/goods/categories/:id/name',
  move: '/api/goods/categories/:id/move',
  status: '/api/goods/categories/:id/status',
} as const;
