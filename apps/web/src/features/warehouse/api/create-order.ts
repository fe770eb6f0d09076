// POST inStorageOrder/create and outboundOrder/create: the order made from a notice (/WarehouscreatitemManagement?id=)
// or a delivery instruction (/WarehouscreatmGoodsOutbound?id=). Its source may then be created (isCreate 1) and
// leave every list: the whole warehouse key is invalidated.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { orderBody, repliesOf, type OrderDraft, type WarehouseDocumentKind, type WarehouseOrder } from '@tfb/contract';
import { api } from '../../../lib/api-client';
import { WAREHOUSE_ROOT_KEY } from './keys';

export function createOrder(kind: WarehouseDocumentKind, draft: OrderDraft): Promise<WarehouseOrder> {
  return api.post(kind.order.createPath, { body: orderBody(kind, draft), schema: repliesOf(kind).order.shape.data });
}

export function useCreateOrder(kind: WarehouseDocumentKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (draft: OrderDraft) => createOrder(kind, draft),
    // Not awaited: the page moves on at once while the lists refresh behind it.
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: WAREHOUSE_ROOT_KEY });
    },
  });
}
