// The enterprise's in-storage notices and delivery applications (requirements P28): the forms' look-ups (warehouses,
// a contract's goods, a loan's releasable goods), create, list and detail of each.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ApplyListQuerySchema,
  ContractGoodsQuerySchema,
  ContractGoodsReplySchema,
  CreateApplyBodySchema,
  CreateNoticeBodySchema,
  DeliveryApplicationPageReplySchema,
  DeliveryApplicationReplySchema,
  EnterpriseNoticePageReplySchema,
  EnterpriseNoticeReplySchema,
  FlowDetailQuerySchema,
  FlowWarehousesReplySchema,
  NoticeListQuerySchema,
  ReleasableQuerySchema,
  ReleasableReplySchema,
  WAREHOUSE_FLOW_ACCESS as A,
  WAREHOUSE_FLOW_PATHS as P,
  DELIVERY_APPLICATION_EXPORT,
  ENTERPRISE_NOTICE_EXPORT,
  applicationExportRow,
  noticeExportRow,
} from '@tfb/contract';
import { found } from '../../lib/reply.js';
import { listExportRoute } from '../../lib/list-export.js';
import { pagedGet, sessionCall } from '../../lib/route.js';
import {
  contractGoods,
  createApplication,
  createNotice,
  findApplication,
  findNotice,
  listWarehouses,
  pageApplications,
  pageNotices,
  releasable,
} from './repository.js';

export const warehouseFlowRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  const tags = ['warehouse-flows'];

  // Either form chooses a warehouse: whoever may write notices or applications may list them.
  sessionCall(app, 'GET', P.warehouses, { access: [A.noticeWrite, A.applyWrite], tags, reply: FlowWarehousesReplySchema }, (s) =>
    listWarehouses(db, s.enterpriseId),
  );
  sessionCall(
    app,
    'GET',
    P.contractGoods,
    { access: A.noticeRead, tags, query: ContractGoodsQuerySchema, reply: ContractGoodsReplySchema },
    (s, { query }) => contractGoods(db, s.enterpriseId, query.contractId),
  );
  sessionCall(
    app,
    'POST',
    P.noticeCreate,
    { access: A.noticeWrite, tags, body: CreateNoticeBodySchema, reply: EnterpriseNoticeReplySchema },
    (s, { body }) => createNotice(db, s, body),
  );
  pagedGet(
    app,
    P.noticePage,
    { access: A.noticeRead, tags, query: NoticeListQuerySchema, reply: EnterpriseNoticePageReplySchema },
    (s, q, w) => pageNotices(db, s.enterpriseId, q, w),
  );
  // 导出 Excel: the list's notices, their goods as one line.
  listExportRoute(app, ENTERPRISE_NOTICE_EXPORT, { access: A.noticeRead, tags, query: NoticeListQuerySchema }, async (s, q, w) => {
    const page = await pageNotices(db, s.enterpriseId, q, w);
    return { ...page, content: page.content.map(noticeExportRow) };
  });
  sessionCall(
    app,
    'GET',
    P.noticeDetail,
    { access: A.noticeRead, tags, query: FlowDetailQuerySchema, reply: EnterpriseNoticeReplySchema },
    async (s, { query }) => found(await findNotice(db, s.enterpriseId, query.id), '入库通知'),
  );

  sessionCall(
    app,
    'GET',
    P.releasable,
    { access: A.applyRead, tags, query: ReleasableQuerySchema, reply: ReleasableReplySchema },
    (s, { query }) => releasable(db, s.enterpriseId, query.loanId),
  );
  sessionCall(
    app,
    'POST',
    P.applyCreate,
    { access: A.applyWrite, tags, body: CreateApplyBodySchema, reply: DeliveryApplicationReplySchema },
    (s, { body }) => createApplication(db, s, body),
  );
  pagedGet(
    app,
    P.applyPage,
    { access: A.applyRead, tags, query: ApplyListQuerySchema, reply: DeliveryApplicationPageReplySchema },
    (s, q, w) => pageApplications(db, s.enterpriseId, q, w),
  );
  // 导出 Excel: the list's applications, their goods as one line.
  listExportRoute(app, DELIVERY_APPLICATION_EXPORT, { access: A.applyRead, tags, query: ApplyListQuerySchema }, async (s, q, w) => {
    const page = await pageApplications(db, s.enterpriseId, q, w);
    return { ...page, content: page.content.map(applicationExportRow) };
  });
  sessionCall(
    app,
    'GET',
    P.applyDetail,
    { access: A.applyRead, tags, query: FlowDetailQuerySchema, reply: DeliveryApplicationReplySchema },
    async (s, { query }) => found(await findApplication(db, s.enterpriseId, query.id), '提货申请'),
  );
};
