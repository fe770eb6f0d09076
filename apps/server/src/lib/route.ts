// Route shapes more than one module registers: the paged list GET, and the spec calls written without the /api
// prefix (spec 7.2, 7.4; e.g. /mlzgoodsserver/...), whose module's routes are registered twice, under /api (what
// the web app calls, documented) and as written (hidden).
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { Envelope, Page, PageQuery, RouteAccess } from '@tfb/contract';
import type { Session } from '../plugins/session.js';
import type { PageWindow, Paged } from './paging.js';
import { okPage } from './reply.js';

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
}
