// Query keys of the warehouse feature, one factory for every call: everything lives under one root so a created
// order refreshes every list, and each document kind's calls under its kind name.
import type { WarehouseKindName, WarehouseScope } from '@tfb/contract';
import type { OrderListParams } from './get-orders';
import type { SourceListParams } from './get-sources';

export const WAREHOUSE_ROOT_KEY = ['warehouse'] as const;

export const warehouseKeys = {
  /** A list tab: open notices or instructions. */
  sources: (kind: WarehouseKindName, params: SourceListParams) => [...WAREHOUSE_ROOT_KEY, kind, 'sources', params] as const,
  /** One notice or instruction with all its lines, as the given list sees it. */
  source: (kind: WarehouseKindName, id: number, scope: WarehouseScope) => [...WAREHOUSE_ROOT_KEY, kind, 'source', id, scope] as const,
  orders: (kind: WarehouseKindName, params: OrderListParams) => [...WAREHOUSE_ROOT_KEY, kind, 'orders', params] as const,
  order: (kind: WarehouseKindName, id: number) => [...WAREHOUSE_ROOT_KEY, kind, 'order', id] as const,
  permissions: () => [...WAREHOUSE_ROOT_KEY, 'permissions'] as const,
};
