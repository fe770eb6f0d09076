// GET warehouse/permissions: the caller's own warehouse (second list) and supervisor id.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { WAREHOUSE_PATHS, WarehousePermissionsReplySchema, type WarehousePermissions } from '@tfb/contract';
import { api } from '../../../lib/api-client';
import { warehouseKeys } from './keys';

export function getWarehousePermissions(signal?: AbortSignal): Promise<WarehousePermissions> {
  return api.get(WAREHOUSE_PATHS.permissions, { schema: WarehousePermissionsReplySchema.shape.data, signal });
}

export const warehousePermissionsQueryOptions = () =>
  queryOptions({ queryKey: warehouseKeys.permissions(), queryFn: ({ signal }) => getWarehousePermissions(signal), staleTime: 5 * 60_000 });

export function useWarehousePermissions() {
  return useQuery(warehousePermissionsQueryOptions());
}
