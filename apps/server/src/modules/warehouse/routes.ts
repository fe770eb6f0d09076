// Regulated-warehouse lists, the more-goods details, print, and the in-storage / outbound orders made from them.
// The first list (scope 'operator') shows the enterprise's rows and lets only the warehouse-operator organisation
// act; the second (scope 'warehouse', sent with warehouseId and enterpriseId) is limited to the caller's warehouse
// and lets everyone there act. Print and create calls carry the scope and are refused (403) outside the rule.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CreateInStorageOrderBodySchema,
  CreateOutboundOrderBodySchema,
  DeliveryInstructionDetailReplySchema,
  DeliveryPageQuerySchema,
  DeliveryPageReplySchema,
  InStorageNoticeDetailReplySchema,
  InStorageOrderPageReplySchema,
  InStorageOrderReplySchema,
  InStoragePageQuerySchema,
  InStoragePageReplySchema,
  OrderDetailQuerySchema,
  OrderPageQuerySchema,
  OutboundOrderPageReplySchema,
  OutboundOrderReplySchema,
  PrintFileParamsSchema,
  PrintQuerySchema,
  PrintReplySchema,
  WAREHOUSE_MESSAGES,
  WAREHOUSE_PATHS,
  WarehouseDetailQuerySchema,
  WarehousePermissionsReplySchema,
} from '@tfb/contract';
import { notFound } from '../../lib/errors.js';
import { pageOf, pageWindow } from '../../lib/paging.js';
import { ok } from '../../lib/reply.js';
import { assertCanAct, assertOwnOrderFilter, assertVisible, canOperate, listScope, superviseFilter } from './access.js';
import {
  createInStorageOrder,
  createOutboundOrder,
  findInStorageOrder,
  findOutboundOrder,
  instructionLinesWithRemaining,
  noticeLinesWithRemaining,
  pageInStorageOrders,
  pageOutboundOrders,
} from './orders-repository.js';
import { renderNoticePdf } from './print.js';
import { findPrintDocument, printerName, storePrintDocument } from './print-repository.js';
import { findInstruction, findNotice, pageDeliveryInstructions, pageInStorageNotices, warehouseName } from './repository.js';

export const warehouseRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  const tags = ['warehouse'];

  app.get(
    WAREHOUSE_PATHS.permissions,
    { config: { access: 'warehouse:read' }, schema: { tags, response: { 200: WarehousePermissionsReplySchema } } },
    async (req) => {
      const s = req.session();
      return ok({
        operator: { canOperate: canOperate(s, 'operator') },
        warehouse: {
          canOperate: canOperate(s, 'warehouse'),
          warehouseId: s.warehouseId,
          warehouseName: s.warehouseId === null ? null : await warehouseName(db, s.enterpriseId, s.warehouseId),
          superviseId: s.isSupervisor ? s.userId : null,
        },
      });
    },
  );

  app.get(
    WAREHOUSE_PATHS.inStoragePage,
    { config: { access: 'warehouse:read' }, schema: { tags, querystring: InStoragePageQuerySchema, response: { 200: InStoragePageReplySchema } } },
    async (req) => {
      const s = req.session();
      const q = req.query;
      const scope = listScope(s, q);
      const w = pageWindow(q);
      const { content, total } = await pageInStorageNotices(
        db,
        { enterpriseId: s.enterpriseId, isCreate: q.isCreate, blurry: q.blurry, collectionTime: q.collectionTimeL, warehouseId: scope.warehouseId },
        w,
      );
      return ok({ ...pageOf(content, total, w), scope: scope.scope, canOperate: scope.canOperate });
    },
  );

  app.get(
    WAREHOUSE_PATHS.inStorageDetail,
    { config: { access: 'warehouse:read' }, schema: { tags, querystring: WarehouseDetailQuerySchema, response: { 200: InStorageNoticeDetailReplySchema } } },
    async (req) => {
      const s = req.session();
      const scope = req.query.scope ?? 'operator';
      const found = await findNotice(db, s.enterpriseId, req.query.id);
      if (!found) throw notFound('入库通知');
      assertVisible(s, scope, { warehouseId: found.row.warehouseId }, 'notice');
      return ok({ ...found.row, inStorageNoticeGoods: await noticeLinesWithRemaining(db, found.row), scope, canOperate: canOperate(s, scope) });
    },
  );

  app.get(
    WAREHOUSE_PATHS.deliveryPage,
    { config: { access: 'warehouse:read' }, schema: { tags, querystring: DeliveryPageQuerySchema, response: { 200: DeliveryPageReplySchema } } },
    async (req) => {
      const s = req.session();
      const q = req.query;
      const scope = listScope(s, q);
      const w = pageWindow(q);
      const { content, total } = await pageDeliveryInstructions(
        db,
        {
          enterpriseId: s.enterpriseId,
          isCreate: q.isCreate,
          blurry: q.blurry,
          planDeliveryTime: q.planDeliveryTime,
          dataSources: q.dataSources,
          superviseId: superviseFilter(s, scope.scope, q.superviseId),
          warehouseId: scope.warehouseId,
        },
        w,
      );
      return ok({ ...pageOf(content, total, w), scope: scope.scope, canOperate: scope.canOperate });
    },
  );

  app.get(
    WAREHOUSE_PATHS.deliveryDetail,
    { config: { access: 'warehouse:read' }, schema: { tags, querystring: WarehouseDetailQuerySchema, response: { 200: DeliveryInstructionDetailReplySchema } } },
    async (req) => {
      const s = req.session();
      const scope = req.query.scope ?? 'operator';
      const row = await findInstruction(db, s.enterpriseId, req.query.id);
      if (!row) throw notFound('出库指令');
      assertVisible(s, scope, { warehouseId: row.warehouseId, superviseId: row.superviseId }, 'instruction');
      return ok({ ...row, deliveryApplyGoods: await instructionLinesWithRemaining(db, row), scope, canOperate: canOperate(s, scope) });
    },
  );

  // Print outcomes (spec section 8):
  // - non-zero code (HTTP 4xx) with the message: bad id (400), not allowed from this list (403), no such notice
  //   in the caller's enterprise (404);
  // - code 0 with a message other than 成功 and null data: the notice has no goods lines (nothing to print);
  // - code 0, 成功, null data (the client shows 数据打印失败): the document could not be generated (no CJK font
  //   installed, or the renderer failed); the cause is logged for the operator, never sent to the client;
  // - code 0, 成功, data = the URL of the PDF.
  app.get(
    WAREHOUSE_PATHS.printNotice,
    { config: { access: 'warehouse:write' }, schema: { tags, querystring: PrintQuerySchema, response: { 200: PrintReplySchema } } },
    async (req) => {
      const s = req.session();
      const scope = req.query.scope ?? 'operator';
      const found = await findNotice(db, s.enterpriseId, req.query.id);
      if (!found) throw notFound('入库通知');
      assertCanAct(s, scope, { warehouseId: found.row.warehouseId }, 'notice');
      const notice = found.row;
      if (notice.goodsCount === 0) return ok(null, WAREHOUSE_MESSAGES.noGoodsToPrint);
      let pdf: Buffer;
      try {
        pdf = await renderNoticePdf(notice, { printedBy: (await printerName(db, s.userId)) ?? s.userName, printedAt: new Date() });
      } catch (e) {
        req.log.error({ err: e, noticeId: notice.id }, 'printing the in-storage notice failed');
        return ok(null);
      }
      const id = await storePrintDocument(db, s, {
        sourceType: 'in_storage_notice',
        sourceId: notice.id,
        fileName: `入库通知单-${notice.code}.pdf`,
        content: pdf,
      });
      return ok(WAREHOUSE_PATHS.printFile.replace(':printId', id));
    },
  );

  // The PDF itself, opened in a new window: the HttpOnly Token cookie may authenticate it (it only reads); only its
  // requester sees it. The call that makes it (printNotice) writes, so it takes the token header only.
  app.get(WAREHOUSE_PATHS.printFile, { config: { access: 'warehouse:read', cookieAuth: true }, schema: { tags, params: PrintFileParamsSchema } }, async (req, reply) => {
    const s = req.session();
    const doc = await findPrintDocument(db, s, req.params.printId);
    if (!doc) throw notFound('打印文件');
    return reply
      .type('application/pdf')
      .header('Content-Disposition', `inline; filename="print.pdf"; filename*=UTF-8''${encodeURIComponent(doc.fileName)}`)
      .header('Cache-Control', 'private, no-store')
      .header('X-Content-Type-Options', 'nosniff')
      .send(doc.content);
  });

  // In-storage orders: /WarehouscreatitemManagement?id= creates one, /Warehous/crexternalListManagement lists them.
  app.post(
    WAREHOUSE_PATHS.inStorageOrderCreate,
    { config: { access: 'warehouse:write' }, schema: { tags, body: CreateInStorageOrderBodySchema, response: { 200: InStorageOrderReplySchema } } },
    async (req) => {
      const s = req.session();
      return ok(await createInStorageOrder(db, s, req.body.scope ?? 'operator', req.body));
    },
  );

  app.get(
    WAREHOUSE_PATHS.inStorageOrderPage,
    { config: { access: 'warehouse:read' }, schema: { tags, querystring: OrderPageQuerySchema, response: { 200: InStorageOrderPageReplySchema } } },
    async (req) => {
      const s = req.session();
      const q = req.query;
      assertOwnOrderFilter(s, q);
      const w = pageWindow(q);
      const { content, total } = await pageInStorageOrders(
        db,
        { enterpriseId: s.enterpriseId, blurry: q.blurry, date: q.date, warehouseId: q.warehouseId },
        w,
      );
      return ok(pageOf(content, total, w));
    },
  );

  app.get(
    WAREHOUSE_PATHS.inStorageOrderDetail,
    { config: { access: 'warehouse:read' }, schema: { tags, querystring: OrderDetailQuerySchema, response: { 200: InStorageOrderReplySchema } } },
    async (req) => {
      const order = await findInStorageOrder(db, req.session().enterpriseId, req.query.id);
      if (!order) throw notFound('入库单');
      return ok(order);
    },
  );

  // Outbound orders: /WarehouscreatmGoodsOutbound?id= creates one, /Warehous/creatwbGoodsOutbound lists them.
  app.post(
    WAREHOUSE_PATHS.outboundOrderCreate,
    { config: { access: 'warehouse:write' }, schema: { tags, body: CreateOutboundOrderBodySchema, response: { 200: OutboundOrderReplySchema } } },
    async (req) => {
      const s = req.session();
      return ok(await createOutboundOrder(db, s, req.body.scope ?? 'operator', req.body));
    },
  );

  app.get(
    WAREHOUSE_PATHS.outboundOrderPage,
    { config: { access: 'warehouse:read' }, schema: { tags, querystring: OrderPageQuerySchema, response: { 200: OutboundOrderPageReplySchema } } },
    async (req) => {
      const s = req.session();
      const q = req.query;
      assertOwnOrderFilter(s, q);
      const w = pageWindow(q);
      const { content, total } = await pageOutboundOrders(
        db,
        { enterpriseId: s.enterpriseId, blurry: q.blurry, date: q.date, warehouseId: q.warehouseId },
        w,
      );
      return ok(pageOf(content, total, w));
    },
  );

  app.get(
    WAREHOUSE_PATHS.outboundOrderDetail,
    { config: { access: 'warehouse:read' }, schema: { tags, querystring: OrderDetailQuerySchema, response: { 200: OutboundOrderReplySchema } } },
    async (req) => {
      const order = await findOutboundOrder(db, req.session().enterpriseId, req.query.id);
      if (!order) throw notFound('出库单');
      return ok(order);
    },
  );
};
