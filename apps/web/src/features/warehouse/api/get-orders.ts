// GET inStorageOrder/pageQuery, outboundOrder/pageQuery and their details: the order lists
// (/Warehous/crexternalListManagement, /Warehous/creatwbGoodsOutbound) and their more-goods dialogs.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import {
  InStorageOrderPageReplySchema,
  InStorageOrderReplySchema,
  OutboundOrderPageReplySchema,
  OutboundOrderReplySchema,
  WAREHOUSE_PATHS,
  type InStorageOrder,
  type OutboundOrder,
  type Page,
} from '@tfb/contract';
import { api } from '../../../lib/api-client';
import { warehouseKeys } from './keys';

export type OrderListParams = { pageNumber: number; pageSize: number; blurry?: string; date?: string };

export function getInStorageOrders(params: OrderListParams, signal?: AbortSignal): Promise<Page<InStorageOrder>> {
  return api.get(WAREHOUSE_PATHS.inStorageOrderPage, { query: params, schema: InStorageOrderPageReplySchema.shape.data, signal });
}

export function getOutboundOrders(params: OrderListParams, signal?: AbortSignal): Promise<Page<OutboundOrder>> {
  return api.get(WAREHOUSE_PATHS.outboundOrderPage, { query: params, schema: OutboundOrderPageReplySchema.shape.data, signal });
}

export const inStorageOrdersQueryOptions = (params: OrderListParams) =>
  queryOptions({
    queryKey: warehouseKeys.inStorageOrders(params),
    queryFn: ({ signal }) => getInStorageOrders(params, signal),
    placeholderData: keepPreviousData,
  });

export const outboundOrdersQueryOptions = (params: OrderListParams) =>
  queryOptions({
    queryKey: warehouseKeys.outboundOrders(params),
    queryFn: ({ signal }) => getOutboundOrders(params, signal),
    placeholderData: keepPreviousData,
  });

export const useInStorageOrders = (params: OrderListParams) => useQuery(inStorageOrdersQueryOptions(params));
export const useOutboundOrders = (params: OrderListParams) => useQuery(outboundOrdersQueryOptions(params));

export function useInStorageOrder(id: number | null) {
  return useQuery({
    queryKey: warehouseKeys.inStorageOrder(id ?? 0),
    queryFn: ({ signal }) =>
      api.get(WAREHOUSE_PATHS.inStorageOrderDetail, { query: { id }, schema: InStorageOrderReplySchema.shape.data, signal }),
    enabled: id !== null,
  });
}

export function useOutboundOrder(id: number | null) {
  return useQuery({
    queryKey: warehouseKeys.outboundOrder(id ?? 0),
    queryFn: ({ signal }) =>
      api.get(WAREHOUSE_PATHS.outboundOrderDetail, { query: { id }, schema: OutboundOrderReplySchema.shape.data, signal }),
    enabled: id !== null,
  });
}
