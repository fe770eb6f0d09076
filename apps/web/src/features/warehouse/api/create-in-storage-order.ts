// POST inStorageOrder/create: the in-storage order made from a notice (/WarehouscreatitemManagement?id=).
// The notice is then created (isCreate 1) and leaves every list: the whole warehouse key is invalidated.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { InStorageOrderReplySchema, WAREHOUSE_PATHS, type CreateInStorageOrderBody, type InStorageOrder } from '@tfb/contract';
import { api } from '../../../lib/api-client';
import { WAREHOUSE_ROOT_KEY } from './keys';

export function createInStorageOrder(body: CreateInStorageOrderBody): Promise<InStorageOrder> {
  return api.post(WAREHOUSE_PATHS.inStorageOrderCreate, { body, schema: InStorageOrderReplySchema.shape.data });
}

export function useCreateInStorageOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createInStorageOrder,
    // Not awaited: the page moves on at once while the lists refresh behind it.
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: WAREHOUSE_ROOT_KEY });
    },
  });
}
