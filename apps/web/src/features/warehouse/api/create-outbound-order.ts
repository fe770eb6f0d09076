// POST outboundOrder/create: the outbound order made from a delivery instruction (/WarehouscreatmGoodsOutbound?id=).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { OutboundOrderReplySchema, WAREHOUSE_PATHS, type CreateOutboundOrderBody, type OutboundOrder } from '@tfb/contract';
import { api } from '../../../lib/api-client';
import { WAREHOUSE_ROOT_KEY } from './keys';

export function createOutboundOrder(body: CreateOutboundOrderBody): Promise<OutboundOrder> {
  return api.post(WAREHOUSE_PATHS.outboundOrderCreate, { body, schema: OutboundOrderReplySchema.shape.data });
}

export function useCreateOutboundOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createOutboundOrder,
    // Not awaited: the page moves on at once while the lists refresh behind it.
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: WAREHOUSE_ROOT_KEY });
    },
  });
}
