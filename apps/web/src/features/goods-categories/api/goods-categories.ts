// The category administration calls (P30). The tree itself is the goods picker's category list (one call, one
// query key, components/widgets/goods-api.ts): every change here refetches it, so the picker, the catalogue list
// and the goods form see the change too.
import type { QueryClient } from '@tanstack/react-query';
import {
  DeletedGoodsCategoryReplySchema,
  GOODS_CATEGORY_PATHS,
  GoodsCategoryReplySchema,
  type AddGoodsCategoryBody,
  type GoodsCategory,
  type MoveGoodsCategoryBody,
} from '@tfb/contract';
import { api } from '../../../lib/api-client';
import { goodsCategoriesQueryOptions } from '../../../components/widgets/goods-api';

const Category = GoodsCategoryReplySchema.shape.data;
const at = (path: string, id: number) => path.replace(':id', String(id));

export const addCategory = (body: AddGoodsCategoryBody): Promise<GoodsCategory> =>
  api.post(GOODS_CATEGORY_PATHS.add, { body, schema: Category });

export const renameCategory = (c: GoodsCategory, goodsCategoryName: string): Promise<GoodsCategory> =>
  api.put(at(GOODS_CATEGORY_PATHS.rename, c.id), { body: { goodsCategoryName, version: c.version }, schema: Category });

export const moveCategory = (c: GoodsCategory, to: Omit<MoveGoodsCategoryBody, 'version'>): Promise<GoodsCategory> =>
  api.put(at(GOODS_CATEGORY_PATHS.move, c.id), { body: { ...to, version: c.version }, schema: Category });

export const setCategoryDisabled = (c: GoodsCategory, disabled: boolean): Promise<GoodsCategory> =>
  api.put(at(GOODS_CATEGORY_PATHS.status, c.id), { body: { disabled, version: c.version }, schema: Category });

export const deleteCategory = (c: GoodsCategory): Promise<{ id: number }> =>
  api.delete(at(GOODS_CATEGORY_PATHS.item, c.id), { query: { version: c.version }, schema: DeletedGoodsCategoryReplySchema.shape.data });

/** Reads the tree again (after a change, or to recover from a stale version). */
export const refetchCategories = (client: QueryClient) => client.refetchQueries({ queryKey: goodsCategoriesQueryOptions().queryKey });
