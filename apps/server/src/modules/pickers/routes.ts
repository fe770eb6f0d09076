// The picker calls the spec writes without /api (7.2): registered with registerApiAndBare, so each is
// served under /api (what the web app calls) and as written. Orders, projects and loan applications are listed
// by their own modules' queries; the reply schemas keep the fields a picker shows (orders in the spec's snake_case).
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
import { fieldError } from '../../lib/errors.js';
import { assertOwnEnterprise } from '../../lib/own-enterprise.js';
import { ok, okPage } from '../../lib/reply.js';
import type { Paged } from '../../lib/paging.js';
import { pagedGet } from '../../lib/route.js';
import { pageLoans } from '../loans/public.js';
import { pagePurchaseOrders, pageSalesOrders } from '../orders/public.js';
import { pageProjects } from '../projects/public.js';
import { pageContractEntries } from './repository.js';

type SnakeCase<S extends string> = S extends `${infer H}${infer T}`
  ? `${H extends Lowercase<H> ? H : `_${Lowercase<H>}`}${SnakeCase<T>}`
  : S;
type SnakeCaseKeys<T> = { [K in keyof T & string as SnakeCase<K>]: T[K] };
const snakeCase = (key: string) => key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/** The order pickers answer the order rows with the spec's snake_case names (orderCode → order_code). */
const snakeCasePage = <T extends object>(page: Paged<T>): Paged<SnakeCaseKeys<T>> => ({
  total: page.total,
  content: page.content.map((row) => Object.fromEntries(Object.entries(row).map(([k, v]) => [snakeCase(k), v])) as SnakeCaseKeys<T>),
});

export const pickerRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  const tags = ['pickers'];
  const orders = { access: 'orders:read', tags, query: OrderPickQuerySchema } as const;
  const projects = { access: 'projects:read', tags, query: ProjectPickQuerySchema, reply: ProjectPickReplySchema } as const;
  const loans = { access: 'funds:read', tags, query: LoanPickQuerySchema, reply: LoanPickReplySchema } as const;
  const contracts = { access: 'contracts:read', tags } as const;
  const entries = { ...contracts, reply: ContractEntryPageReplySchema };

  pagedGet(app, PICKER_PATHS.purchaseOrders, { ...orders, reply: PurchaseOrderPickReplySchema }, (s, q, w) =>
    pagePurchaseOrders(db, s.enterpriseId, { search: q.name }, w).then(snakeCasePage),
  );

  pagedGet(app, PICKER_PATHS.salesOrders, { ...orders, reply: SalesOrderPickReplySchema }, (s, q, w) =>
    pageSalesOrders(db, s.enterpriseId, { search: q.name }, w).then(snakeCasePage),
  );

  pagedGet(app, PICKER_PATHS.availableProjects, projects, (s, q, w) =>
    pageProjects(db, s.enterpriseId, { codeName: q.codeName, type: q.type }, w),
  );

  pagedGet(app, PICKER_PATHS.loans, loans, (s, q, w) => pageLoans(db, s.enterpriseId, { search: q.search, createDate: q.time }, w));

  app.get(
    PICKER_PATHS.fundContracts,
    {
      config: { access: contracts.access },
      schema: { tags, querystring: FundContractQuerySchema, response: { 200: FundContractReplySchema } },
    },
    async (req) => {
      const s = req.session();
      const q = req.query;
      if (q.id !== undefined && q.type?.length !== 1) throw fieldError('type', '按 id 查询时 type 必须是一个合同类型');
      const filter = { types: q.type, search: q.blurry, id: q.id };
      const { data } = await okPage(q, (w) => pageContractEntries(db, s.enterpriseId, filter, w));
      const { content, ...paging } = data;
      return ok({ result: content, ...paging });
    },
  );

  // The spec asks for pageSize 1e9: the page is clamped to MAX_PAGE_SIZE and the reply says `clamped`.
  pagedGet(app, PICKER_PATHS.inStorageContracts, { ...entries, query: InStorageContractQuerySchema }, (s, q, w) => {
    assertOwnEnterprise(s, q.enterpriseId);
    return pageContractEntries(db, s.enterpriseId, { types: IN_STORAGE_CONTRACT_TYPES, search: q.search }, w);
  });

  pagedGet(app, PICKER_PATHS.courierContracts, { ...entries, query: CourierContractQuerySchema }, (s, q, w) =>
    pageContractEntries(db, s.enterpriseId, { types: q.contractType, search: q.search }, w),
  );
};
