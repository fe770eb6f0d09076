// The goods calls the goods picker and the catalogue screens share (spec 7.2 listCategory / listMlzGoodsByGoodsId,
// and goods/:id): one fetcher and one query key for each, so a saved goods entry reloads every goods list, the
// picker's included.
import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  BUSINESS_PATHS,
  CategoryListReplySchema,
  GOODS_PATHS,
  GoodsDetailSchema,
  GoodsPageReplySchema,
  ListGoodsQuerySchema,
  type Goods,
  type GoodsCategory,
  type GoodsDetail,
} from '@tfb/contract';
import { api } from '../../lib/api-client';
import { recordKeys, type RecordEndpoint } from '../business/record-api';

const goodsKeys = recordKeys('goods');

/** The catalogue: listed (filtered by name and category) by listMlzGoodsByGoodsId, created and edited under goods. */
export const GOODS: RecordEndpoint<Goods, GoodsDetail, GoodsQuery> = {
  collection: BUSINESS_PATHS.goods,
  list: `/api${GOODS_PATHS.listGoods}`,
  item: BUSINESS_PATHS.goodsItem,
  query: ListGoodsQuerySchema,
  page: GoodsPageReplySchema.shape.data,
  detail: GoodsDetailSchema,
  keys: goodsKeys,
};

/** The goods list's params. */
export type GoodsQuery = z.input<typeof ListGoodsQuerySchema>;

export function getCategories(signal?: AbortSignal): Promise<GoodsCategory[]> {
  return api.get(`/api${GOODS_PATHS.listCategory}`, { schema: CategoryListReplySchema.shape.data, signal });
}

export const goodsCategoriesQueryOptions = () =>
  queryOptions({ queryKey: [...goodsKeys.all(), 'categories'], queryFn: ({ signal }) => getCategories(signal), staleTime: 5 * 60_000 });
