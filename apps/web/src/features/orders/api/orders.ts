// The sales- and purchase-order record kinds: GET/POST salesOrders and purchaseOrders (paged lists searched by code
// or counterparty, with a status filter; create) and GET/PUT …/:id (one order with its goods lines and delivery
// address; update a draft), and where their screens are. Rows and records are read into the shared shape
// (order-view.ts), so both kinds share the screens.
import {
  BUSINESS_PATHS,
  ListOrdersQuerySchema,
  PurchaseOrderDetailSchema,
  PurchaseOrderPageReplySchema,
  SalesOrderDetailSchema,
  SalesOrderPageReplySchema,
} from '@tfb/contract';
import { recordKeys, type RecordEndpoint } from '../../../components/business/record-api';
import { recordKind, recordPaths } from '../../../components/business/record-screens';
import type { OrderKind } from '../order-kinds';
import { fromPurchase, fromSales, purchaseDetail, salesDetail } from './order-view';

/** One order kind: its screens under /orders/<slug>, its calls, and its rows and record read into the shared shape. */
const orderKind = <Row, Detail>(
  kind: OrderKind,
  slug: string,
  audit: 'salesOrder' | 'purchaseOrder',
  calls: Pick<RecordEndpoint<Row, Detail>, 'collection' | 'item' | 'page' | 'detail'>,
) =>
  recordKind({
    paths: recordPaths(`/orders/${slug}`),
    write: 'orders:write',
    audit,
    keys: recordKeys('orders', kind),
    query: ListOrdersQuerySchema,
    ...calls,
  });

export const ORDERS = {
  sales: orderKind('sales', 'sale', 'salesOrder', {
    collection: BUSINESS_PATHS.salesOrders,
    item: BUSINESS_PATHS.salesOrder,
    page: SalesOrderPageReplySchema.shape.data.transform((p) => ({ ...p, content: p.content.map(fromSales) })),
    detail: SalesOrderDetailSchema.transform(salesDetail),
  }),
  purchase: orderKind('purchase', 'purchase', 'purchaseOrder', {
    collection: BUSINESS_PATHS.purchaseOrders,
    item: BUSINESS_PATHS.purchaseOrder,
    page: PurchaseOrderPageReplySchema.shape.data.transform((p) => ({ ...p, content: p.content.map(fromPurchase) })),
    detail: PurchaseOrderDetailSchema.transform(purchaseDetail),
  }),
} satisfies Record<OrderKind, unknown>;
