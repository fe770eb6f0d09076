// GET mlzDeliveryManage/detail: a delivery instruction with ALL its goods lines.
import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  DeliveryInstructionDetailReplySchema,
  WAREHOUSE_PATHS,
  type DeliveryInstructionDetail,
  type WarehouseScope,
} from '@tfb/contract';
import { api } from '../../../lib/api-client';
import { warehouseKeys } from './keys';

export function getInstructionDetail(id: number, scope: WarehouseScope, signal?: AbortSignal): Promise<DeliveryInstructionDetail> {
  return api.get(WAREHOUSE_PATHS.deliveryDetail, {
    query: { id, scope },
    schema: DeliveryInstructionDetailReplySchema.shape.data,
    signal,
  });
}

export const instructionDetailQueryOptions = (id: number, scope: WarehouseScope) =>
  queryOptions({
    queryKey: warehouseKeys.instruction(id, scope),
    queryFn: ({ signal }) => getInstructionDetail(id, scope, signal),
    staleTime: 0,
  });

export function useInstructionDetail(id: number | null, scope: WarehouseScope) {
  return useQuery({ ...instructionDetailQueryOptions(id ?? 0, scope), enabled: id !== null && id > 0 });
}
