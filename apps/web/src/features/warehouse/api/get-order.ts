// GET inStorageOrder/detail and outboundOrder/detail: an order with ALL its lines (the order list's more-goods dialog).
import { queryOptions, useQuery } from '@tanstack/react-query';
import { repliesOf, type WarehouseDocumentKind, type WarehouseOrder } from '@tfb/contract';
import { api } from '../../../lib/api-client';
import { warehouseKeys } from './keys';

export function getOrder(kind: WarehouseDocumentKind, id: number, signal?: AbortSignal): Promise<WarehouseOrder> {
  return api.get(kind.order.detailPath, { query: { id }, schema: repliesOf(kind).order.shape.data, signal });
}

export const orderQueryOptions = (kind: WarehouseDocumentKind, id: number) =>
  queryOptions({ queryKey: warehouseKeys.order(kind.kind, id), queryFn: ({ signal }) => getOrder(kind, id, signal) });

export function useOrder(kind: WarehouseDocumentKind, id: number | null) {
  return useQuery({ ...orderQueryOptions(kind, id ?? 0), enabled: id !== null });
}
