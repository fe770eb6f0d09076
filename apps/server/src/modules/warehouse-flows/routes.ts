// The enterprise's in-storage notices and delivery applications (requirements P28): the forms' look-ups (warehouses,
// a contract's goods, a loan's releasable goods), create, list and detail of each.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
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
  FlowListQuerySchema,
  ReleasableQuerySchema,
  ReleasableReplySchema,
  WAREHOUSE_FLOW_ACCESS as A,
  WAREHOUSE_FLOW_PATHS as P,
  DELIVERY_APPLICATION_EXPORT,
  ENTERPRISE_NOTICE_EXPORT,
  applicationExportRow,
  noticeExportRow,
  type ListExport,
  type RouteAccess,
} from '@tfb/contract';
import type { z } from 'zod';
import { listExportRoute } from '../../lib/list-export.js';
import { found } from '../../lib/reply.js';
import { pagedGet, sessionCall, type Call, type PagedGet } from '../../lib/route.js';
import type { Paged, PageWindow } from '../../lib/paging.js';
import type { Session } from '../../plugins/session.js';
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

type App = Parameters<FastifyPluginAsyncZod>[0];

/** One kind of document's routes: its form's look-up, create, list (with its 导出 Excel) and detail. */
type FlowRoutes<LQ extends z.ZodType, L, B extends z.ZodType, T, Row> = {
  paths: { lookup: string; create: string; page: string; detail: string };
  access: { read: RouteAccess; write: RouteAccess };
  /** The document's name in the 404 of its detail. */
  noun: string;
  lookup: Pick<Call<z.ZodNever, LQ, z.ZodNever, L>, 'query' | 'reply'> & { read: (s: Session, q: z.output<LQ>) => Promise<L> };
  create: { body: B; reply: Call<z.ZodNever, z.ZodNever, B, T>['reply']; write: (s: Session, body: z.output<B>) => Promise<T> };
  list: Pick<PagedGet<typeof FlowListQuerySchema, T>, 'reply'> & {
    read: (s: Session, q: z.output<typeof FlowListQuerySchema>, w: PageWindow) => Promise<Paged<T>>;
    find: (s: Session, id: number) => Promise<T | undefined>;
  };
  /** The list's export: its columns and a document as one row (its goods as one line). */
  export: { spec: ListExport<Row>; row: (t: T) => Row };
};

function flowRoutes<LQ extends z.ZodType, L, B extends z.ZodType, T, Row>(app: App, tags: string[], k: FlowRoutes<LQ, L, B, T, Row>): void {
  const { read, write } = k.access;
  sessionCall(app, 'GET', k.paths.lookup, { access: read, tags, query: k.lookup.query, reply: k.lookup.reply }, (s, { query }) =>
    k.lookup.read(s, query),
  );
  sessionCall(app, 'POST', k.paths.create, { access: write, tags, body: k.create.body, reply: k.create.reply }, (s, { body }) =>
    k.create.write(s, body),
  );
  pagedGet(app, k.paths.page, { access: read, tags, query: FlowListQuerySchema, reply: k.list.reply }, k.list.read);
  listExportRoute(app, k.export.spec, { access: read, tags, query: FlowListQuerySchema }, async (s, q, w) => {
    const page = await k.list.read(s, q, w);
    return { ...page, content: page.content.map(k.export.row) };
  });
  sessionCall(
    app,
    'GET',
    k.paths.detail,
    { access: read, tags, query: FlowDetailQuerySchema, reply: k.create.reply },
    async (s, { query }) => found(await k.list.find(s, query.id), k.noun),
  );
}

export const warehouseFlowRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  const tags = ['warehouse-flows'];

  // Either form chooses a warehouse: whoever may write notices or applications may list them.
  sessionCall(app, 'GET', P.warehouses, { access: [A.noticeWrite, A.applyWrite], tags, reply: FlowWarehousesReplySchema }, (s) =>
    listWarehouses(db, s.enterpriseId),
  );
  flowRoutes(app, tags, {
    paths: { lookup: P.contractGoods, create: P.noticeCreate, page: P.noticePage, detail: P.noticeDetail },
    access: { read: A.noticeRead, write: A.noticeWrite },
    noun: '入库通知',
    lookup: {
      query: ContractGoodsQuerySchema,
      reply: ContractGoodsReplySchema,
      read: (s, q) => contractGoods(db, s.enterpriseId, q.contractId),
    },
    create: { body: CreateNoticeBodySchema, reply: EnterpriseNoticeReplySchema, write: (s, body) => createNotice(db, s, body) },
    list: {
      reply: EnterpriseNoticePageReplySchema,
      read: (s, q, w) => pageNotices(db, s.enterpriseId, q, w),
      find: (s, id) => findNotice(db, s.enterpriseId, id),
    },
    export: { spec: ENTERPRISE_NOTICE_EXPORT, row: noticeExportRow },
  });
  flowRoutes(app, tags, {
    paths: { lookup: P.releasable, create: P.applyCreate, page: P.applyPage, detail: P.applyDetail },
    access: { read: A.applyRead, write: A.applyWrite },
    noun: '提货申请',
    lookup: { query: ReleasableQuerySchema, reply: ReleasableReplySchema, read: (s, q) => releasable(db, s.enterpriseId, q.loanId) },
    create: { body: CreateApplyBodySchema, reply: DeliveryApplicationReplySchema, write: (s, body) => createApplication(db, s, body) },
    list: {
      reply: DeliveryApplicationPageReplySchema,
      read: (s, q, w) => pageApplications(db, s.enterpriseId, q, w),
      find: (s, id) => findApplication(db, s.enterpriseId, id),
    },
    export: { spec: DELIVERY_APPLICATION_EXPORT, row: applicationExportRow },
  });
};
