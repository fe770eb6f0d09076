// The goods catalogue screen: detail, create and edit goods in a category of the caller's enterprise (the list is
// the goods picker's call).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { BUSINESS_PATHS, GoodsDetailReplySchema, SaveGoodsBodySchema, UpdateGoodsBodySchema } from '@tfb/contract';
import { NUMBER_KEYS } from '../../lib/numbering.js';
import { recordRoutes } from '../../lib/record-routes.js';
import { createGoods, getGoods, updateGoods } from './repository.js';

export const goodsAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  recordRoutes(app, {
    tags: ['goods'],
    noun: '货品',
    access: { read: 'goods:read', write: 'goods:write' },
    paths: { list: BUSINESS_PATHS.goods, item: BUSINESS_PATHS.goodsItem },
    detail: { reply: GoodsDetailReplySchema, get: getGoods },
    save: { body: SaveGoodsBodySchema, updateBody: UpdateGoodsBodySchema, numberKey: NUMBER_KEYS.goods, create: createGoods, update: updateGoods },
  });
};
