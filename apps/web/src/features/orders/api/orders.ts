// The sales- and purchase-order calls (GET/POST salesOrders and purchaseOrders, GET/PUT …/:id): paged lists searched
// by code or counterparty with a status filter; one order with its goods lines and delivery address; create and
// update a draft. Rows and records are read into the shared shape (order-view.ts), so both kinds share the screens.
import type { z } from 'zod';
import {
  BUSINESS_PATHS,
  PurchaseOrderDetailSchema,
  PurchaseOrderPageReplySchema,
  SalesOrderDetailSchema,
  SalesOrderPageReplySchema,
  type ListOrdersQuerySchema,
} from '@tfb/contract';
import { recordKeys, useRecordPage, type RecordEndpoint } from '../../../components/business/record-api';
import type { OrderKind } from '../order-kinds';
import { fromPurchase, fromSales, purchaseDetail, salesDetail, type OrderDetailView, type OrderView } from './order-view';

export const ORDERS: Record<OrderKind, RecordEndpoint<OrderView, OrderDetailView>> = {
  sales: {
    collection: BUSINESS_PATHS.salesOrders,
    item: BUSINESS_PATHS.salesOrder,
    page: SalesOrderPageReplySchema.shape.data.transform((p) => ({ ...p, content: p.content.map(fromSales) })),
    detail: SalesOrderDetailSchema.transform(salesDetail),
    keys: recordKeys('orders', 'sales'),
  },
  purchase: {
    collection: BUSINESS_PATHS.purchaseOrders,
    item: BUSINESS_PATHS.purchaseOrder,
    page: PurchaseOrderPageReplySchema.shape.data.transform((p) => ({ ...p, content: p.content.map(fromPurchase) })),
    detail: PurchaseOrderDetailSchema.transform(purchaseDetail),
    keys: recordKeys('orders', 'purchase'),
  },
};

export type OrdersQuery = z.input<typeof ListOrdersQuerySchema>;

export const useOrders = (kind: OrderKind, params: OrdersQuery) => useRecordPage(ORDERS[kind], params);
