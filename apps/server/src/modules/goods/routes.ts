// Goods picker calls; written without /api in the spec (7.2), so served both ways.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CategoryListReplySchema, GOODS_EXPORT, GOODS_PATHS, GoodsPageReplySchema, ListGoodsQuerySchema } from '@tfb/contract';
import { pagedGet, sessionCall } from '../../lib/route.js';
import { listCategories, listGoods } from './repository.js';

export const goodsRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  const tags = ['goods'];

  const categories = { access: 'goods:read', tags, reply: CategoryListReplySchema } as const;
  sessionCall(app, 'GET', GOODS_PATHS.listCategory, categories, async (s) => listCategories(db, s.enterpriseId));

  pagedGet(
    app,
    GOODS_PATHS.listGoods,
    { access: 'goods:read', tags, query: ListGoodsQuerySchema, reply: GoodsPageReplySchema, listExport: GOODS_EXPORT },
    (s, q, w) => listGoods(db, s.enterpriseId, { name: q.name, categoryId: q.goodsCategoryId }, w),
  );
};
