// GET mlzDeliveryManage/pageQueryShipping (spec 7.3): open delivery instructions (isCreate 0); the second list
// sends the delivery-application label (dataSources) and, for a supervisor, superviseId.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { DeliveryPageReplySchema, WAREHOUSE_PATHS, type WarehouseScope } from '@tfb/contract';
import { api } from '../../../lib/api-client';
import { warehouseKeys } from './keys';

const PageSchema = DeliveryPageReplySchema.shape.data;
export type InstructionPage = ReturnType<typeof PageSchema.parse>;

export type InstructionListParams = {
  scope: WarehouseScope;
  pageNumber: number;
  pageSize: number;
  blurry?: string;
  planDeliveryTime?: string;
  dataSources?: string;
  superviseId?: string;
  warehouseId?: number;
  enterpriseId?: string;
};

export function getDeliveryInstructions(params: InstructionListParams, signal?: AbortSignal): Promise<InstructionPage> {
  return api.get(WAREHOUSE_PATHS.deliveryPage, { query: { ...params, isCreate: 0 }, schema: PageSchema, signal });
}

export const deliveryInstructionsQueryOptions = (params: InstructionListParams) =>
  queryOptions({
    queryKey: warehouseKeys.instructions({ ...params, isCreate: 0 }),
    queryFn: ({ signal }) => getDeliveryInstructions(params, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

export function useDeliveryInstructions(params: InstructionListParams, enabled = true) {
  return useQuery({ ...deliveryInstructionsQueryOptions(params), enabled });
}
