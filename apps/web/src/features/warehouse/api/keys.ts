// Query keys of the warehouse feature: everything lives under one root so a created order refreshes every list.
import type { WarehouseScope } from '@tfb/contract';
import type { QueryValue } from '../../../lib/api-client';

export const WAREHOUSE_ROOT_KEY = ['warehouse'] as const;

export type ListParams = Record<string, QueryValue> & { pageNumber: number; pageSize: number };

export const warehouseKeys = {
  notices: (params: ListParams) => [...WAREHOUSE_ROOT_KEY, 'notices', params] as const,
  instructions: (params: ListParams) => [...WAREHOUSE_ROOT_KEY, 'instructions', params] as const,
  notice: (id: number, scope: WarehouseScope) => [...WAREHOUSE_ROOT_KEY, 'notice', id, scope] as const,
  instruction: (id: number, scope: WarehouseScope) => [...WAREHOUSE_ROOT_KEY, 'instruction', id, scope] as const,
  permissions: () => [...WAREHOUSE_ROOT_KEY, 'permissions'] as const,
  inStorageOrders: (params: ListParams) => [...WAREHOUSE_ROOT_KEY, 'in-storage-orders', params] as const,
  inStorageOrder: (id: number) => [...WAREHOUSE_ROOT_KEY, 'in-storage-order', id] as const,
  outboundOrders: (params: ListParams) => [...WAREHOUSE_ROOT_KEY, 'outbound-orders', params] as const,
  outboundOrder: (id: number) => [...WAREHOUSE_ROOT_KEY, 'outbound-order', id] as const,
};
