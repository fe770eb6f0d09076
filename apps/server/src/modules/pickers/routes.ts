// The picker calls the spec writes without /api (7.2): registered with registerApiAndBare, so each is
// served under /api (what the web app calls) and as written.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ContractEntryPageReplySchema,
  CourierContractQuerySchema,
  FundContractQuerySchema,
  FundContractReplySchema,
  IN_STORAGE_CONTRACT_TYPES,
  InStorageContractQuerySchema,
  LoanPickQuerySchema,
  LoanPickReplySchema,
  OrderPickQuerySchema,
  PICKER_PATHS,
  ProjectPickQuerySchema,
  ProjectPickReplySchema,
  PurchaseOrderPickReplySchema,
  SalesOrderPickReplySchema,
} from '@tfb/contract';
import { badRequest } from '../../lib/errors.js';
import { assertOwnEnterprise } from '../../lib/own-enterprise.js';
import { pageOf, pageWindow } from '../../lib/paging.js';
import { ok } from '../../lib/reply.js';
import { pageContractEntries, pageLoans, pageProjects, pagePurchaseOrders, pageSalesOrders } from './repository.js';

export const pickerRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  const tags = ['pickers'];

  app.get(
    PICKER_PATHS.purchaseOrders,
    { config: { access: 'orders:read' }, schema: { tags, querystring: OrderPickQuerySchema, response: { 200: PurchaseOrderPickReplySchema } } },
    async (req) => {
      const s = req.session();
      const w = pageWindow(req.query);
      const { content, total } = await pagePurchaseOrders(db, s.enterpriseId, req.query.name, w);
      return ok(pageOf(content, total, w));
    },
  );

  app.get(
    PICKER_PATHS.salesOrders,
    { config: { access: 'orders:read' }, schema: { tags, querystring: OrderPickQuerySchema, response: { 200: SalesOrderPickReplySchema } } },
    async (req) => {
      const s = req.session();
      const w = pageWindow(req.query);
      const { content, total } = await pageSalesOrders(db, s.enterpriseId, req.query.name, w);
      return ok(pageOf(content, total, w));
    },
  );

  app.get(
    PICKER_PATHS.availableProjects,
    { config: { access: 'projects:read' }, schema: { tags, querystring: ProjectPickQuerySchema, response: { 200: ProjectPickReplySchema } } },
    async (req) => {
      const s = req.session();
      const w = pageWindow(req.query);
      const { content, total } = await pageProjects(db, s.enterpriseId, { codeName: req.query.codeName, type: req.query.type }, w);
      return ok(pageOf(content, total, w));
    },
  );

  app.get(
    PICKER_PATHS.loans,
    { config: { access: 'funds:read' }, schema: { tags, querystring: LoanPickQuerySchema, response: { 200: LoanPickReplySchema } } },
    async (req) => {
      const s = req.session();
      const w = pageWindow(req.query);
      const { content, total } = await pageLoans(db, s.enterpriseId, { search: req.query.search, time: req.query.time }, w);
      return ok(pageOf(content, total, w));
    },
  );

  app.get(
    PICKER_PATHS.fundContracts,
    { config: { access: 'contracts:read' }, schema: { tags, querystring: FundContractQuerySchema, response: { 200: FundContractReplySchema } } },
    async (req) => {
      const s = req.session();
      const q = req.query;
      if (q.id !== undefined && q.type?.length !== 1) {
        throw badRequest('按 id 查询时 type 必须是一个合同类型', [{ field: 'type', message: '按 id 查询时 type 必须是一个合同类型' }]);
      }
      const w = pageWindow(q);
      const { content, total } = await pageContractEntries(db, s.enterpriseId, { types: q.type, search: q.blurry, id: q.id }, w);
      const page = pageOf(content, total, w);
      return ok({
        result: page.content,
        totalElements: page.totalElements,
        pageNumber: page.pageNumber,
        pageSize: page.pageSize,
        ...(page.clamped ? { clamped: true } : {}),
      });
    },
  );

  app.get(
    PICKER_PATHS.inStorageContracts,
    { config: { access: 'contracts:read' }, schema: { tags, querystring: InStorageContractQuerySchema, response: { 200: ContractEntryPageReplySchema } } },
    async (req) => {
      const s = req.session();
      assertOwnEnterprise(s, req.query.enterpriseId);
      // The spec asks for pageSize 1e9: pageWindow clamps it to MAX_PAGE_SIZE and the reply says `clamped`.
      const w = pageWindow(req.query);
      const { content, total } = await pageContractEntries(db, s.enterpriseId, { types: IN_STORAGE_CONTRACT_TYPES, search: req.query.search }, w);
      return ok(pageOf(content, total, w));
    },
  );

  app.get(
    PICKER_PATHS.courierContracts,
    { config: { access: 'contracts:read' }, schema: { tags, querystring: CourierContractQuerySchema, response: { 200: ContractEntryPageReplySchema } } },
    async (req) => {
      const s = req.session();
      const w = pageWindow(req.query);
      const { content, total } = await pageContractEntries(
        db,
        s.enterpriseId,
        { types: req.query.contractType, search: req.query.search },
        w,
      );
      return ok(pageOf(content, total, w));
    },
  );
};
