// Sales and purchase orders (list, detail, create, update drafts) and the sales order goods list of spec 7.2.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  BUSINESS_PATHS,
  PURCHASE_ORDER_EXPORT,
  PURCHASE_ORDER_RECORD,
  SALES_ORDER_EXPORT,
  SALES_ORDER_RECORD,
  SalesOrderGoodsQuerySchema,
  SalesOrderGoodsReplySchema,
} from '@tfb/contract';
import { notFound } from '../../lib/errors.js';
import { NUMBER_KEYS } from '../../lib/numbering.js';
import { recordRoutes } from '../../lib/record-routes.js';
import { sessionCall } from '../../lib/route.js';
import {
  createPurchaseOrder,
  createSalesOrder,
  getPurchaseOrder,
  getSalesOrder,
  goodsLinesOf,
  pagePurchaseOrders,
  pageSalesOrders,
  salesOrderExists,
  updatePurchaseOrder,
  updateSalesOrder,
} from './repository.js';

export const orderRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  const tags = ['orders'];

  const sales = { page: pageSalesOrders, get: getSalesOrder, create: createSalesOrder, update: updateSalesOrder };
  recordRoutes(app, SALES_ORDER_RECORD, { tags, numberKey: NUMBER_KEYS.salesOrder, repository: sales, listExport: SALES_ORDER_EXPORT });
  const purchase = { page: pagePurchaseOrders, get: getPurchaseOrder, create: createPurchaseOrder, update: updatePurchaseOrder };
  recordRoutes(app, PURCHASE_ORDER_RECORD, {
    tags,
    numberKey: NUMBER_KEYS.purchaseOrder,
    repository: purchase,
    listExport: PURCHASE_ORDER_EXPORT,
  });

  const goods = { access: SALES_ORDER_RECORD.access.read, tags, query: SalesOrderGoodsQuerySchema, reply: SalesOrderGoodsReplySchema };
  sessionCall(app, 'GET', BUSINESS_PATHS.salesOrderGoods, goods, async (s, { query }) => {
    if (!(await salesOrderExists(db, s.enterpriseId, query.id))) throw notFound('销售订单');
    return goodsLinesOf(db, s.enterpriseId, 'sales', query.id);
  });
};
