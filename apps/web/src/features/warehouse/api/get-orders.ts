// GET inStorageOrder/pageQuery and outboundOrder/pageQuery: the order lists (/Warehous/crexternalListManagement,
// /Warehous/creatwbGoodsOutbound), newest first.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import {
  repliesOf,
  type ListParams,
  type OrderPageQuerySchema,
  type Page,
  type WarehouseDocumentKind,
  type WarehouseOrder,
} from '@tfb/contract';
import { api } from '../../../lib/api-client';
import { warehouseKeys } from './keys';

/** What an order list may ask for (either kind). */
export type OrderListParams = ListParams<typeof OrderPageQuerySchema>;

export function getOrders(kind: WarehouseDocumentKind, params: OrderListParams, signal?: AbortSignal): Promise<Page<WarehouseOrder>> {
  return api.get(kind.order.pagePath, { query: params, schema: repliesOf(kind).orderPage.shape.data, signal });
}

export const ordersQueryOptions = (kind: WarehouseDocumentKind, params: OrderListParams) =>
  queryOptions({
    queryKey: warehouseKeys.orders(kind.kind, params),
    queryFn: ({ signal }) => getOrders(kind, params, signal),
    placeholderData: keepPreviousData,
  });

export function useOrders(kind: WarehouseDocumentKind, params: OrderListParams) {
  return useQuery(ordersQueryOptions(kind, params));
}
