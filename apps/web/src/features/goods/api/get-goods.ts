// GET goods/:id: one catalogue entry with its category and pictures.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { BUSINESS_PATHS, GoodsDetailSchema, type GoodsDetail } from '@tfb/contract';
import { api } from '../../../lib/api-client';
import { goodsKeys } from './keys';

export function getGoods(id: number, signal?: AbortSignal): Promise<GoodsDetail> {
  return api.get(BUSINESS_PATHS.goodsItem.replace(':id', String(id)), { schema: GoodsDetailSchema, signal });
}

export const goodsQueryOptions = (id: number) => queryOptions({ queryKey: goodsKeys.detail(id), queryFn: ({ signal }) => getGoods(id, signal) });

export function useGoods(id: number | null) {
  return useQuery({ ...goodsQueryOptions(id ?? 0), enabled: id !== null, retry: false });
}
