// Sales and purchase orders (list, detail, create, update drafts) and the sales order goods list of spec 7.2.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  BUSINESS_PATHS,
  ListOrdersQuerySchema,
  PurchaseOrderDetailReplySchema,
  PurchaseOrderPageReplySchema,
  SalesOrderDetailReplySchema,
  SalesOrderGoodsQuerySchema,
  SalesOrderGoodsReplySchema,
  SalesOrderPageReplySchema,
  SavePurchaseOrderBodySchema,
  SaveSalesOrderBodySchema,
  UpdatePurchaseOrderBodySchema,
  UpdateSalesOrderBodySchema,
} from '@tfb/contract';
import { notFound } from '../../lib/errors.js';
import { ok } from '../../lib/reply.js';
import { NUMBER_KEYS } from '../../lib/numbering.js';
import { recordRoutes } from '../../lib/record-routes.js';
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
  const access = { read: 'orders:read', write: 'orders:write' } as const;

  recordRoutes(app, {
    tags,
    noun: '销售订单',
    access,
    paths: { list: BUSINESS_PATHS.salesOrders, item: BUSINESS_PATHS.salesOrder },
    list: { query: ListOrdersQuerySchema, reply: SalesOrderPageReplySchema, page: pageSalesOrders },
    detail: { reply: SalesOrderDetailReplySchema, get: getSalesOrder },
    save: {
      body: SaveSalesOrderBodySchema,
      updateBody: UpdateSalesOrderBodySchema,
      numberKey: NUMBER_KEYS.salesOrder,
      create: createSalesOrder,
      update: updateSalesOrder,
    },
  });

  recordRoutes(app, {
    tags,
    noun: '采购订单',
    access,
    paths: { list: BUSINESS_PATHS.purchaseOrders, item: BUSINESS_PATHS.purchaseOrder },
    list: { query: ListOrdersQuerySchema, reply: PurchaseOrderPageReplySchema, page: pagePurchaseOrders },
    detail: { reply: PurchaseOrderDetailReplySchema, get: getPurchaseOrder },
    save: {
      body: SavePurchaseOrderBodySchema,
      updateBody: UpdatePurchaseOrderBodySchema,
      numberKey: NUMBER_KEYS.purchaseOrder,
      create: createPurchaseOrder,
      update: updatePurchaseOrder,
    },
  });

  app.get(
    BUSINESS_PATHS.salesOrderGoods,
    { config: { access: access.read }, schema: { tags, querystring: SalesOrderGoodsQuerySchema, response: { 200: SalesOrderGoodsReplySchema } } },
    async (req) => {
      const ent = req.session().enterpriseId;
      if (!(await salesOrderExists(db, ent, req.query.id))) throw notFound('销售订单');
      return ok(await goodsLinesOf(db, ent, 'sales', req.query.id));
    },
  );
};
