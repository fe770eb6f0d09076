// Goods picker calls; written without /api in the spec (7.2), so served both ways.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CategoryListReplySchema, GOODS_PATHS, GoodsPageReplySchema, ListGoodsQuerySchema } from '@tfb/contract';
import { ok } from '../../lib/reply.js';
import { pagedGet } from '../../lib/route.js';
import { listCategories, listGoods } from './repository.js';

export const goodsRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  const tags = ['goods'];

  app.get(
    GOODS_PATHS.listCategory,
    { config: { access: 'goods:read' }, schema: { tags, response: { 200: CategoryListReplySchema } } },
    async (req) => ok(await listCategories(db, req.session().enterpriseId)),
  );

  pagedGet(
    app,
    GOODS_PATHS.listGoods,
    { access: 'goods:read', tags, query: ListGoodsQuerySchema, reply: GoodsPageReplySchema },
    (s, q, w) => listGoods(db, s.enterpriseId, { name: q.name, categoryId: q.goodsCategoryId }, w),
  );
};
