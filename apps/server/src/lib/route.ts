// Route shapes more than one module registers: a call answered for the signed-in caller, the paged list GET, and the spec calls written without the /api
// prefix (spec 7.2, 7.4; e.g. /mlzgoodsserver/...), whose module's routes are registered twice, under /api (what
// the web app calls, documented) and as written (hidden).
import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { Envelope, ListExport, Page, PageQuery, RouteAccess } from '@tfb/contract';
import { listExportRoute } from './list-export.js';
import type { Session } from '../plugins/session.js';
import type { PageWindow, Paged } from './paging.js';
import { ok, okPage } from './reply.js';

type App = Parameters<FastifyPluginAsyncZod>[0];

export async function registerApiAndBare(app: FastifyInstance, plugin: FastifyPluginAsync): Promise<void> {
  await app.register(plugin, { prefix: '/api' });
  await app.register(async (bare) => {
    bare.addHook('onRoute', (route) => {
      route.schema = { ...(route.schema ?? {}), hide: true };
    });
    await bare.register(plugin);
  });
}

/** What a paged GET declares: its permission, its docs tags, its query schema and its reply schema (a page of T). */
export type PagedGet<Q extends z.ZodType<PageQuery>, T> = {
  access: RouteAccess;
  tags: string[];
  query: Q;
  reply: z.ZodType<Envelope<Page<T>>>;
  /** The list's "导出 Excel": POST `<path>/export` with the same query, scope and permission (lib/list-export). */
  listExport?: ListExport<T>;
};

/** GET `path`: the page its query asks for, read by `page` for the caller, answered with its paging. */
export function pagedGet<Q extends z.ZodType<PageQuery>, T>(
  app: App,
  path: string,
  route: PagedGet<Q, T>,
  page: (s: Session, query: z.output<Q>, w: PageWindow) => Promise<Paged<NoInfer<T>>>,
): void {
  const { access, tags, query, reply } = route;
  app.get(path, { config: { access }, schema: { tags, querystring: query, response: { 200: reply } } }, async (req) => {
    // The type provider cannot name the type of a schema that is a type parameter: the query was validated by `query`.
    const q = req.query as z.output<Q> & PageQuery;
    return okPage(q, (w) => page(req.session(), q, w));
  });
  if (route.listExport) listExportRoute(app, route.listExport, { access, tags, query }, page, path);
}

/** What a call declares: its permission, its docs tags, its path, query and body schemas (when it takes them) and its
 * reply schema. */
export type Call<P extends z.ZodType, Q extends z.ZodType, B extends z.ZodType, T> = {
  access: RouteAccess;
  tags: string[];
  params?: P;
  query?: Q;
  body?: B;
  /** The request content types when not JSON (uploads: multipart/form-data). */
  consumes?: readonly string[];
  reply: z.ZodType<Envelope<T>>;
};

/** `method path`: what `answer` makes of the caller's session and the validated input (and, for what the input schemas
 * do not cover, such as a multipart body, the request), in the success envelope. */
export function sessionCall<T, P extends z.ZodType = z.ZodNever, Q extends z.ZodType = z.ZodNever, B extends z.ZodType = z.ZodNever>(
  app: App,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  call: Call<P, Q, B, T>,
  answer: (s: Session, input: { params: z.output<P>; query: z.output<Q>; body: z.output<B> }, req: FastifyRequest) => Promise<NoInfer<T>>,
): void {
  const { access, tags, params, query, body, consumes, reply } = call;
  const declared = {
    ...(params ? { params } : {}),
    ...(query ? { querystring: query } : {}),
    ...(body ? { body } : {}),
    ...(consumes ? { consumes: [...consumes] } : {}),
  };
  const schema = { tags, ...declared, response: { 200: reply } };
  app.route({
    method,
    url: path,
    config: { access },
    schema,
    handler: async (req) => {
      // The type provider cannot name the type of a schema that is a type parameter: the input was validated by it.
      const input = { params: req.params as z.output<P>, query: req.query as z.output<Q>, body: req.body as z.output<B> };
      return ok(await answer(req.session(), input, req));
    },
  });
}
