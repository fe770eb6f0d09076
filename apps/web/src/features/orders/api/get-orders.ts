// GET salesOrders / purchaseOrders: paged (zero-based), searched by code or counterparty, status filter.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { BUSINESS_PATHS, PurchaseOrderPageReplySchema, SalesOrderPageReplySchema, type BusinessStatus, type Page } from '@tfb/contract';
import { api } from '../../../lib/api-client';
import type { OrderKind } from '../order-kinds';
import { orderKeys } from './keys';
import { fromPurchase, fromSales, type OrderView } from './order-view';

export type OrderListParams = { pageNumber: number; pageSize: number; search?: string; status?: BusinessStatus };

export async function getOrders(kind: OrderKind, params: OrderListParams, signal?: AbortSignal): Promise<Page<OrderView>> {
  if (kind === 'sales') {
    const page = await api.get(BUSINESS_PATHS.salesOrders, { query: params, schema: SalesOrderPageReplySchema.shape.data, signal });
    return { ...page, content: page.content.map(fromSales) };
  }
  const page = await api.get(BUSINESS_PATHS.purchaseOrders, { query: params, schema: PurchaseOrderPageReplySchema.shape.data, signal });
  return { ...page, content: page.content.map(fromPurchase) };
}

export const ordersQueryOptions = (kind: OrderKind, params: OrderListParams) =>
  queryOptions({
    queryKey: orderKeys.list(kind, params),
    queryFn: ({ signal }) => getOrders(kind, params, signal),
    placeholderData: keepPreviousData,
  });

export function useOrders(kind: OrderKind, params: OrderListParams) {
  return useQuery(ordersQueryOptions(kind, params));
}
