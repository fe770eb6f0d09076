// Regulated-warehouse lists, the more-goods details, print, and the in-storage / outbound orders made from them.
// The first list (scope 'operator') shows the enterprise's rows and lets only the warehouse-operator organisation
// act; the second (scope 'warehouse', sent with warehouseId and enterpriseId) is limited to the caller's warehouse
// and lets everyone there act. Print and create calls carry the scope and are refused (403) outside the rule.
// The five calls of a document kind (list, detail, create order, order list, order detail) are registered once per
// kind from its descriptor; print is the in-storage notice's own.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import {
  IN_STORAGE,
  IN_STORAGE_ORDER_EXPORT,
  IN_STORAGE_NOTICE_EXPORT,
  DELIVERY_INSTRUCTION_EXPORT,
  OUTBOUND_ORDER_EXPORT,
  type ListExport,
  type WarehouseOrder,
  OrderDetailQuerySchema,
  OrderPageQuerySchema,
  PrintFileParamsSchema,
  PrintQuerySchema,
  PrintReplySchema,
  WAREHOUSE_ACCESS,
  WAREHOUSE_MESSAGES,
  WAREHOUSE_PATHS,
  WarehouseDetailQuerySchema,
  WarehousePermissionsReplySchema,
  dateFilterOf,
  repliesOf,
  type InStorageNoticeRow,
  type OUTBOUND,
  type SourcePageQuery,
  type SourceRow,
  type WarehouseDocumentKind,
} from '@tfb/contract';
import type { Session } from '../../plugins/session.js';
import { notFound } from '../../lib/errors.js';
import { listExportRoute } from '../../lib/list-export.js';
import { pageOf, pageWindow, type PageWindow } from '../../lib/paging.js';
import { ok } from '../../lib/reply.js';
import { assertCanAct, assertOwnOrderFilter, assertVisible, canOperate, listScope, superviseFilter, type ListScope } from './access.js';
import { IN_STORAGE_TABLES, KIND_TABLES } from './kinds.js';
import { createOrder, findOrder, pageOrders, sourceDetail } from './orders-repository.js';
import { renderNoticePdf } from './print.js';
import { findPrintDocument, printerName, storePrintDocument } from './print-repository.js';
import { findSource, pageSources, warehouseName, type SourceFilter } from './repository.js';

const { read, write } = WAREHOUSE_ACCESS;

/** Where a document row sits, for the access rule (a delivery instruction also names its supervisor). */
const placeOf = (row: SourceRow) => ({ warehouseId: row.warehouseId, superviseId: 'superviseId' in row ? row.superviseId : null });

/** A list's filters: the kind's date, and for supervised kinds the data source and the supervisor (spec 6, 7.3). */
function sourceFilter(s: Session, kind: WarehouseDocumentKind, scope: ListScope, q: SourcePageQuery): SourceFilter {
  // Only a delivery-instruction query carries these; the kind's flags say whether they apply.
  const { superviseId, dataSources } = q as Partial<SourcePageQuery<typeof OUTBOUND>>;
  return {
    enterpriseId: s.enterpriseId,
    isCreate: q.isCreate,
    blurry: q.blurry,
    date: dateFilterOf(kind, q),
    equals: {
      warehouse_id: scope.warehouseId,
      ...(kind.supervised ? { supervise_id: superviseFilter(s, scope.scope, superviseId) } : {}),
      ...(kind.dataSources ? { data_sources: dataSources } : {}),
    },
  };
}

export const warehouseRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  const tags = ['warehouse'];

  app.get(
    WAREHOUSE_PATHS.permissions,
    { config: { access: read }, schema: { tags, response: { 200: WarehousePermissionsReplySchema } } },
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

  for (const t of KIND_TABLES) {
    const kind = t.kind;
    const replies = repliesOf(kind);

    // The open documents of a list tab (spec 7.3), with whether the caller may act on them; and its "导出 Excel"
    // with the same filter, scope rules and permission.
    const sourceExport = (kind.kind === 'inStorage' ? IN_STORAGE_NOTICE_EXPORT : DELIVERY_INSTRUCTION_EXPORT) as ListExport<SourceRow>;
    listExportRoute(app, sourceExport, { access: read, tags, query: kind.source.pageQuery as z.ZodType<SourcePageQuery> }, (s, q, w) =>
      pageSources(db, t, sourceFilter(s, kind, listScope(s, q), q), w),
    );
    app.get(
      kind.source.pagePath,
      { config: { access: read }, schema: { tags, querystring: kind.source.pageQuery, response: { 200: replies.sourcePage } } },
      async (req) => {
        const s = req.session();
        const scope = listScope(s, req.query);
        const w = pageWindow(req.query);
        const { content, total } = await pageSources(db, t, sourceFilter(s, kind, scope, req.query), w);
        return ok({ ...pageOf(content, total, w), scope: scope.scope, canOperate: scope.canOperate });
      },
    );

    // The more-goods dialog and the create page: every line with what it has left.
    app.get(
      kind.source.detailPath,
      { config: { access: read }, schema: { tags, querystring: WarehouseDetailQuerySchema, response: { 200: replies.sourceDetail } } },
      async (req) => {
        const s = req.session();
        const scope = req.query.scope ?? 'operator';
        const row = await findSource(db, t, s.enterpriseId, req.query.id);
        if (!row) throw notFound(kind.source.notFound);
        assertVisible(s, kind, scope, placeOf(row));
        return ok(await sourceDetail(db, t, row, { scope, canOperate: canOperate(s, scope) }));
      },
    );

    // The order made from a document: the create page (WAREHOUSE_PAGES) posts it, its list page lists them.
    app.post(
      kind.order.createPath,
      { config: { access: write }, schema: { tags, body: kind.order.createBody, response: { 200: replies.order } } },
      async (req) => ok(await createOrder(db, req.session(), t, req.body)),
    );

    const orderPage = (s: Session, q: z.output<typeof OrderPageQuerySchema>, w: PageWindow) => {
      assertOwnOrderFilter(s, q);
      return pageOrders(db, t, { enterpriseId: s.enterpriseId, blurry: q.blurry, date: q.date, warehouseId: q.warehouseId }, w);
    };
    app.get(
      kind.order.pagePath,
      { config: { access: read }, schema: { tags, querystring: OrderPageQuerySchema, response: { 200: replies.orderPage } } },
      async (req) => {
        const w = pageWindow(req.query);
        const { content, total } = await orderPage(req.session(), req.query, w);
        return ok(pageOf(content, total, w));
      },
    );
    // The order list's "导出 Excel": the same filter, scope and permission.
    const orderExport = (kind.kind === 'inStorage' ? IN_STORAGE_ORDER_EXPORT : OUTBOUND_ORDER_EXPORT) as ListExport<WarehouseOrder>;
    listExportRoute(app, orderExport, { access: read, tags, query: OrderPageQuerySchema }, orderPage);

    app.get(
      kind.order.detailPath,
      { config: { access: read }, schema: { tags, querystring: OrderDetailQuerySchema, response: { 200: replies.order } } },
      async (req) => {
        const order = await findOrder(db, t, req.session().enterpriseId, req.query.id);
        if (!order) throw notFound(kind.order.notFound);
        return ok(order);
      },
    );
  }

  // Print outcomes (spec section 8):
  // - non-zero code (HTTP 4xx) with the message: bad id (400), not allowed from this list (403), no such notice
  //   in the caller's enterprise (404);
  // - code 0 with a message other than 成功 and null data: the notice has no goods lines (nothing to print);
  // - code 0, 成功, null data (the client shows 数据打印失败): the document could not be generated (no CJK font
  //   installed, or the renderer failed); the cause is logged for the operator, never sent to the client;
  // - code 0, 成功, data = the URL of the PDF.
  app.get(
    WAREHOUSE_PATHS.printNotice,
    { config: { access: write }, schema: { tags, querystring: PrintQuerySchema, response: { 200: PrintReplySchema } } },
    async (req) => {
      const s = req.session();
      const scope = req.query.scope ?? 'operator';
      const notice = (await findSource(db, IN_STORAGE_TABLES, s.enterpriseId, req.query.id)) as InStorageNoticeRow | undefined;
      if (!notice) throw notFound(IN_STORAGE.source.notFound);
      assertCanAct(s, IN_STORAGE, scope, placeOf(notice));
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
  app.get(
    WAREHOUSE_PATHS.printFile,
    { config: { access: read, cookieAuth: true }, schema: { tags, params: PrintFileParamsSchema } },
    async (req, reply) => {
      const s = req.session();
      const doc = await findPrintDocument(db, s, req.params.printId);
      if (!doc) throw notFound('打印文件');
      return reply
        .type('application/pdf')
        .header('Content-Disposition', `inline; filename="print.pdf"; filename*=UTF-8''${encodeURIComponent(doc.fileName)}`)
        .header('Cache-Control', 'private, no-store')
        .header('X-Content-Type-Options', 'nosniff')
        .send(doc.content);
    },
  );
};
