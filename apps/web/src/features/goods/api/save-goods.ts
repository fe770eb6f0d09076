// POST goods (create; the goods number is generated) and PUT goods/:id (edit).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { BUSINESS_PATHS, GoodsDetailSchema, type GoodsDetail, type SaveGoodsBody } from '@tfb/contract';
import type { RecordRef } from '../../../components/business/stale-version';
import { api } from '../../../lib/api-client';
import { goodsKeys } from './keys';

export type SaveGoodsArgs = RecordRef & { body: SaveGoodsBody };

export function saveGoods(args: SaveGoodsArgs): Promise<GoodsDetail> {
  const { body } = args;
  return args.id === null
    ? api.post(BUSINESS_PATHS.goods, { body, schema: GoodsDetailSchema })
    : api.put(BUSINESS_PATHS.goodsItem.replace(':id', String(args.id)), { body: { ...body, version: args.version }, schema: GoodsDetailSchema });
}

export function useSaveGoods() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveGoods,
    onSuccess: (saved) => {
      queryClient.setQueryData(goodsKeys.detail(saved.id), saved);
      void queryClient.invalidateQueries({ queryKey: goodsKeys.lists() });
    },
  });
}
