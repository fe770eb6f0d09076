// Goods picker calls; written without /api in the spec (7.2), so served both ways.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CategoryListReplySchema, GOODS_PATHS, GoodsPageReplySchema, ListGoodsQuerySchema } from '@tfb/contract';
import { pageOf, pageWindow } from '../../lib/paging.js';
import { ok } from '../../lib/reply.js';
import { listCategories, listGoods } from './repository.js';

export const goodsRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  const tags = ['goods'];

  app.get(GOODS_PATHS.listCategory, { config: { access: 'goods:read' }, schema: { tags, response: { 200: CategoryListReplySchema } } }, async (req) =>
    ok(await listCategories(db, req.session().enterpriseId)),
  );

  app.get(
    GOODS_PATHS.listGoods,
    { config: { access: 'goods:read' }, schema: { tags, querystring: ListGoodsQuerySchema, response: { 200: GoodsPageReplySchema } } },
    async (req) => {
      const s = req.session();
      const w = pageWindow(req.query);
      const { content, total } = await listGoods(db, s.enterpriseId, { name: req.query.name, categoryId: req.query.goodsCategoryId }, w);
      return ok(pageOf(content, total, w));
    },
  );
};
