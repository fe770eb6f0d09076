// GET salesOrders/:id / purchaseOrders/:id: one order with its goods lines.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { BUSINESS_PATHS, PurchaseOrderDetailSchema, SalesOrderDetailSchema } from '@tfb/contract';
import { api } from '../../../lib/api-client';
import type { OrderKind } from '../order-kinds';
import { orderKeys } from './keys';
import { purchaseDetail, salesDetail, type OrderDetailView } from './order-view';

export async function getOrder(kind: OrderKind, id: number, signal?: AbortSignal): Promise<OrderDetailView> {
  if (kind === 'sales') return salesDetail(await api.get(BUSINESS_PATHS.salesOrder.replace(':id', String(id)), { schema: SalesOrderDetailSchema, signal }));
  return purchaseDetail(await api.get(BUSINESS_PATHS.purchaseOrder.replace(':id', String(id)), { schema: PurchaseOrderDetailSchema, signal }));
}

export const orderQueryOptions = (kind: OrderKind, id: number) =>
  queryOptions({ queryKey: orderKeys.detail(kind, id), queryFn: ({ signal }) => getOrder(kind, id, signal) });

export function useOrder(kind: OrderKind, id: number | null) {
  return useQuery({ ...orderQueryOptions(kind, id ?? 0), enabled: id !== null, retry: false });
}
