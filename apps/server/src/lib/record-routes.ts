// The routes of a business record kept as a list and a form (contracts, sales and purchase orders, projects, loan
// applications, settlements, goods), built from the contract's record kind (recordKind: its noun, permissions,
// paths and schemas): the paged list, the detail, create (with a fresh business number) and update (from the
// version the client read; draft or rejected only), each guarded by the kind's read or write permission. A module
// adds its repository and numbering key; the answers (the record, `<noun>不存在`, 409 for a stale or read-only
// record) are the same for every record.
import type { Kysely } from 'kysely';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { IdParamSchema, type Envelope, type ListExport, type Page, type PageQuery, type Permission } from '@tfb/contract';
import type { DB } from '../db/types.js';
import type { Session } from '../plugins/session.js';
import { withFreshCode } from './business-codes.js';
import { assertSaved, type SaveOutcome } from './edit-rules.js';
import { generateNumber } from './numbering.js';
import type { PageWindow, Paged } from './paging.js';
import { ok, okFound } from './reply.js';
import { pagedGet } from './route.js';

type App = Parameters<FastifyPluginAsyncZod>[0];

/** What the record routes read of a contract record kind (recordKind). */
export type RecordRoutesKind<L extends z.ZodType<PageQuery>, S extends z.ZodType, Row, Detail> = {
  noun: string;
  access: { read: Permission; write: Permission };
  /** The collection (GET the list, POST a new record) and one record (GET its detail, PUT an update). */
  paths: { list: string; item: string };
  listQuery: L | undefined;
  pageReply: z.ZodType<Envelope<Page<Row>>>;
  /** Answers the detail, the create and the update alike. */
  reply: z.ZodType<Envelope<Detail>>;
  saveBody: S;
  updateBody: z.ZodType<z.output<S> & { version: number }>;
};

export type RecordRoutesServer<L extends z.ZodType, Q extends z.ZodType, S extends z.ZodType, Row, Detail> = {
  tags: string[];
  /** The numbering key of the business number (contracts: by the body's contract type). */
  numberKey: string | ((body: z.output<S>) => string);
  /** A query of the detail call (the contract's: what its limits leave out). */
  detailQuery?: Q;
  /** The list's "导出 Excel" (POST `<list>/export`, same filter, scope and permission as the list). */
  listExport?: ListExport<Row>;
  repository: {
    /** Absent when another call lists the record (goods: the goods picker's). */
    page?: (db: Kysely<DB>, enterpriseId: string, query: z.output<L>, w: PageWindow) => Promise<Paged<Row>>;
    get: (db: Kysely<DB>, enterpriseId: string, id: number, query: z.output<Q>) => Promise<Detail | undefined>;
    create: (db: Kysely<DB>, actor: Session, code: string, body: z.output<S>) => Promise<Detail>;
    update: (db: Kysely<DB>, actor: Session, id: number, body: z.output<S>, version: number) => Promise<SaveOutcome<Detail>>;
  };
};

export function recordRoutes<L extends z.ZodType<PageQuery>, Q extends z.ZodType, S extends z.ZodType, Row, Detail>(
  app: App,
  kind: RecordRoutesKind<L, S, Row, Detail>,
  server: RecordRoutesServer<L, Q, S, Row, Detail>,
): void {
  const db = app.database.db;
  const { noun, access, paths } = kind;
  const { tags, repository } = server;
  const response = { 200: kind.reply };
  // The type provider cannot name the type of a schema that is a type parameter; each input below has been
  // validated against exactly the schema its type is the output of.
  type Body = z.output<S>;
  type UpdateBody = Body & { version: number };

  const { page } = repository;
  if (kind.listQuery && page) {
    const route = { access: access.read, tags, query: kind.listQuery, reply: kind.pageReply, listExport: server.listExport };
    pagedGet(app, paths.list, route, (s, q, w) => page(db, s.enterpriseId, q, w));
  }

  const detailQuery = server.detailQuery ? { querystring: server.detailQuery } : {};
  app.get(paths.item, { config: { access: access.read }, schema: { tags, params: IdParamSchema, ...detailQuery, response } }, async (req) =>
    okFound(await repository.get(db, req.session().enterpriseId, req.params.id, req.query as z.output<Q>), noun),
  );

  app.post(paths.list, { config: { access: access.write }, schema: { tags, body: kind.saveBody, response } }, async (req) => {
    const s = req.session();
    const body = req.body as Body;
    const key = typeof server.numberKey === 'string' ? server.numberKey : server.numberKey(body);
    return ok(
      await withFreshCode(
        () => generateNumber(db, s.enterpriseId, key),
        (code) => repository.create(db, s, code, body),
      ),
    );
  });

  app.put(
    paths.item,
    { config: { access: access.write }, schema: { tags, params: IdParamSchema, body: kind.updateBody, response } },
    async (req) => {
      const body = req.body as UpdateBody;
      return ok(assertSaved(await repository.update(db, req.session(), req.params.id, body, body.version), noun));
    },
  );
}
