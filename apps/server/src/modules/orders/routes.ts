// Sales and purchase orders (list, detail, create, update drafts) and the sales order goods list of spec 7.2.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  BUSINESS_PATHS,
  IdParamSchema,
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
import { withFreshCode } from '../../lib/business-codes.js';
import { assertSaved } from '../../lib/edit-rules.js';
import { notFound } from '../../lib/errors.js';
import { pageOf, pageWindow } from '../../lib/paging.js';
import { ok } from '../../lib/reply.js';
import { NUMBER_KEYS, generateNumber } from '../../lib/numbering.js';
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

const SALES_NUMBER_KEY = NUMBER_KEYS.salesOrder;
const PURCHASE_NUMBER_KEY = NUMBER_KEYS.purchaseOrder;

export const orderRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  const tags = ['orders'];

  app.get(
    BUSINESS_PATHS.salesOrders,
    { config: { access: 'orders:read' }, schema: { tags, querystring: ListOrdersQuerySchema, response: { 200: SalesOrderPageReplySchema } } },
    async (req) => {
      const w = pageWindow(req.query);
      const { content, total } = await pageSalesOrders(db, req.session().enterpriseId, req.query, w);
      return ok(pageOf(content, total, w));
    },
  );

  app.get(
    BUSINESS_PATHS.salesOrder,
    { config: { access: 'orders:read' }, schema: { tags, params: IdParamSchema, response: { 200: SalesOrderDetailReplySchema } } },
    async (req) => {
      const found = await getSalesOrder(db, req.session().enterpriseId, req.params.id);
      if (!found) throw notFound('销售订单');
      return ok(found);
    },
  );

  app.post(
    BUSINESS_PATHS.salesOrders,
    { config: { access: 'orders:write' }, schema: { tags, body: SaveSalesOrderBodySchema, response: { 200: SalesOrderDetailReplySchema } } },
    async (req) => {
      const s = req.session();
      return ok(
        await withFreshCode(
          () => generateNumber(db, s.enterpriseId, SALES_NUMBER_KEY),
          (code) => createSalesOrder(db, s, code, req.body),
        ),
      );
    },
  );

  app.put(
    BUSINESS_PATHS.salesOrder,
    { config: { access: 'orders:write' }, schema: { tags, params: IdParamSchema, body: UpdateSalesOrderBodySchema, response: { 200: SalesOrderDetailReplySchema } } },
    async (req) => {
      const s = req.session();
      return ok(assertSaved(await updateSalesOrder(db, s, req.params.id, req.body, req.body.version), '销售订单'));
    },
  );

  app.get(
    BUSINESS_PATHS.salesOrderGoods,
    { config: { access: 'orders:read' }, schema: { tags, querystring: SalesOrderGoodsQuerySchema, response: { 200: SalesOrderGoodsReplySchema } } },
    async (req) => {
      const ent = req.session().enterpriseId;
      if (!(await salesOrderExists(db, ent, req.query.id))) throw notFound('销售订单');
      return ok(await goodsLinesOf(db, ent, 'sales', req.query.id));
    },
  );

  app.get(
    BUSINESS_PATHS.purchaseOrders,
    { config: { access: 'orders:read' }, schema: { tags, querystring: ListOrdersQuerySchema, response: { 200: PurchaseOrderPageReplySchema } } },
    async (req) => {
      const w = pageWindow(req.query);
      const { content, total } = await pagePurchaseOrders(db, req.session().enterpriseId, req.query, w);
      return ok(pageOf(content, total, w));
    },
  );

  app.get(
    BUSINESS_PATHS.purchaseOrder,
    { config: { access: 'orders:read' }, schema: { tags, params: IdParamSchema, response: { 200: PurchaseOrderDetailReplySchema } } },
    async (req) => {
      const found = await getPurchaseOrder(db, req.session().enterpriseId, req.params.id);
      if (!found) throw notFound('采购订单');
      return ok(found);
    },
  );

  app.post(
    BUSINESS_PATHS.purchaseOrders,
    { config: { access: 'orders:write' }, schema: { tags, body: SavePurchaseOrderBodySchema, response: { 200: PurchaseOrderDetailReplySchema } } },
    async (req) => {
      const s = req.session();
      return ok(
        await withFreshCode(
          () => generateNumber(db, s.enterpriseId, PURCHASE_NUMBER_KEY),
          (code) => createPurchaseOrder(db, s, code, req.body),
        ),
      );
    },
  );

  app.put(
    BUSINESS_PATHS.purchaseOrder,
    { config: { access: 'orders:write' }, schema: { tags, params: IdParamSchema, body: UpdatePurchaseOrderBodySchema, response: { 200: PurchaseOrderDetailReplySchema } } },
    async (req) => {
      const s = req.session();
      return ok(assertSaved(await updatePurchaseOrder(db, s, req.params.id, req.body, req.body.version), '采购订单'));
    },
  );
};
