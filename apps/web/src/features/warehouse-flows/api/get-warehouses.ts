// GET inStorageNotice/warehouses: the enterprise's warehouses with their supervisor (the notice and application forms).
import { queryOptions, useQuery } from '@tanstack/react-query';
import { FlowWarehousesReplySchema, WAREHOUSE_FLOW_PATHS, type FlowWarehouse } from '@tfb/contract';
import { api } from '../../../lib/api-client';
import { flowKeys } from './keys';

export const getWarehouses = (signal?: AbortSignal): Promise<FlowWarehouse[]> =>
  api.get(WAREHOUSE_FLOW_PATHS.warehouses, { schema: FlowWarehousesReplySchema.shape.data, signal });

export const warehousesQueryOptions = () =>
  queryOptions({ queryKey: flowKeys.warehouses(), queryFn: ({ signal }) => getWarehouses(signal) });

export const useWarehouses = () => useQuery(warehousesQueryOptions());
