// The routes of a business record kept as a list and a form (contracts, sales and purchase orders, projects, loan
// applications, settlements, goods): the paged list, the detail, create (with a fresh business number) and update
// (from the version the client read; draft or rejected only), guarded by the record's read and write permissions
// from the contract's permission table. A module names its paths, schemas and repository; the answers (the
// record, `<noun>不存在`, 409 for a stale or read-only record) are the same for every record.
import type { Kysely } from 'kysely';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { IdParamSchema, type Envelope, type Page, type PageQuery, type Permission } from '@tfb/contract';
import type { DB } from '../db/types.js';
import type { Session } from '../plugins/session.js';
import { withFreshCode } from './business-codes.js';
import { assertSaved, type SaveOutcome } from './edit-rules.js';
import { generateNumber } from './numbering.js';
import type { PageWindow, Paged } from './paging.js';
import { ok, okFound } from './reply.js';
import { pagedGet } from './route.js';

type App = Parameters<FastifyPluginAsyncZod>[0];

export type RecordRoutes<L extends z.ZodType<PageQuery>, Q extends z.ZodType, S extends z.ZodType, Row, Detail> = {
  tags: string[];
  /** The record as the 404 names it (合同 → 合同不存在). */
  noun: string;
  access: { read: Permission; write: Permission };
  /** The collection (GET the list, POST a new record) and one record (GET its detail, PUT an update). */
  paths: { list: string; item: string };
  /** Absent when the record is listed by another call (goods: the goods picker's). */
  list?: {
    query: L;
    reply: z.ZodType<Envelope<Page<Row>>>;
    page: (db: Kysely<DB>, enterpriseId: string, query: z.output<L>, w: PageWindow) => Promise<Paged<Row>>;
  };
  /** `reply` answers the detail, the create and the update alike. */
  detail: {
    query?: Q;
    reply: z.ZodType<Envelope<Detail>>;
    get: (db: Kysely<DB>, enterpriseId: string, id: number, query: z.output<Q>) => Promise<Detail | undefined>;
  };
  save: {
    body: S;
    /** The body plus the version the client read. */
    updateBody: z.ZodType<z.output<S> & { version: number }>;
    /** The numbering key of the business number (contracts: by the body's contract type). */
    numberKey: string | ((body: z.output<S>) => string);
    create: (db: Kysely<DB>, actor: Session, code: string, body: z.output<S>) => Promise<Detail>;
    update: (db: Kysely<DB>, actor: Session, id: number, body: z.output<S>, version: number) => Promise<SaveOutcome<Detail>>;
  };
};

export function recordRoutes<L extends z.ZodType<PageQuery>, Q extends z.ZodType, S extends z.ZodType, Row, Detail>(
  app: App,
  r: RecordRoutes<L, Q, S, Row, Detail>,
): void {
  const db = app.database.db;
  const { tags, noun, list, detail, save } = r;
  const response = { 200: detail.reply };
  // The type provider cannot name the type of a schema that is a type parameter; each input below has been
  // validated against exactly the schema its type is the output of.
  type Body = z.output<S>;
  type UpdateBody = Body & { version: number };

  if (list) {
    const route = { access: r.access.read, tags, query: list.query, reply: list.reply };
    pagedGet(app, r.paths.list, route, (s, q, w) => list.page(db, s.enterpriseId, q, w));
  }

  const detailQuery = detail.query ? { querystring: detail.query } : {};
  app.get(
    r.paths.item,
    { config: { access: r.access.read }, schema: { tags, params: IdParamSchema, ...detailQuery, response } },
    async (req) => okFound(await detail.get(db, req.session().enterpriseId, req.params.id, req.query as z.output<Q>), noun),
  );

  app.post(r.paths.list, { config: { access: r.access.write }, schema: { tags, body: save.body, response } }, async (req) => {
    const s = req.session();
    const body = req.body as Body;
    const key = typeof save.numberKey === 'string' ? save.numberKey : save.numberKey(body);
    return ok(
      await withFreshCode(
        () => generateNumber(db, s.enterpriseId, key),
        (code) => save.create(db, s, code, body),
      ),
    );
  });

  app.put(
    r.paths.item,
    { config: { access: r.access.write }, schema: { tags, params: IdParamSchema, body: save.updateBody, response } },
    async (req) => {
      const body = req.body as UpdateBody;
      return ok(assertSaved(await save.update(db, req.session(), req.params.id, body, body.version), noun));
    },
  );
}
