// The goods catalogue screen: detail, create and edit goods in a category of the caller's enterprise.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { BUSINESS_PATHS, GoodsDetailReplySchema, IdParamSchema, SaveGoodsBodySchema, UpdateGoodsBodySchema } from '@tfb/contract';
import { withFreshCode } from '../../lib/business-codes.js';
import { assertSaved } from '../../lib/edit-rules.js';
import { notFound } from '../../lib/errors.js';
import { ok } from '../../lib/reply.js';
import { NUMBER_KEYS, generateNumber } from '../../lib/numbering.js';
import { createGoods, getGoods, updateGoods } from './repository.js';

const NUMBER_KEY = NUMBER_KEYS.goods;

export const goodsAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  const tags = ['goods'];

  app.get(BUSINESS_PATHS.goodsItem, { config: { access: 'goods:read' }, schema: { tags, params: IdParamSchema, response: { 200: GoodsDetailReplySchema } } }, async (req) => {
    const found = await getGoods(db, req.session().enterpriseId, req.params.id);
    if (!found) throw notFound('货品');
    return ok(found);
  });

  app.post(BUSINESS_PATHS.goods, { config: { access: 'goods:write' }, schema: { tags, body: SaveGoodsBodySchema, response: { 200: GoodsDetailReplySchema } } }, async (req) => {
    const s = req.session();
    return ok(
      await withFreshCode(
        () => generateNumber(db, s.enterpriseId, NUMBER_KEY),
        (code) => createGoods(db, s, code, req.body),
      ),
    );
  });

  app.put(
    BUSINESS_PATHS.goodsItem,
    { config: { access: 'goods:write' }, schema: { tags, params: IdParamSchema, body: UpdateGoodsBodySchema, response: { 200: GoodsDetailReplySchema } } },
    async (req) => {
      const s = req.session();
      return ok(assertSaved(await updateGoods(db, s, req.params.id, req.body, req.body.version), '货品'));
    },
  );
};
