// GET listMlzGoodsByGoodsId (7.2): the catalogue, paged (zero-based), by name and category (none = all).
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { GOODS_PATHS, GoodsPageReplySchema } from '@tfb/contract';
import { api } from '../../../lib/api-client';
import { goodsKeys } from './keys';

export type GoodsListParams = { pageNumber: number; pageSize: number; name?: string; goodsCategoryId?: number };

export function getGoodsList(params: GoodsListParams, signal?: AbortSignal) {
  return api.get(`/api${GOODS_PATHS.listGoods}`, { query: params, schema: GoodsPageReplySchema.shape.data, signal });
}

export const goodsListQueryOptions = (params: GoodsListParams) =>
  queryOptions({ queryKey: goodsKeys.list(params), queryFn: ({ signal }) => getGoodsList(params, signal), placeholderData: keepPreviousData });

export function useGoodsList(params: GoodsListParams) {
  return useQuery(goodsListQueryOptions(params));
}
