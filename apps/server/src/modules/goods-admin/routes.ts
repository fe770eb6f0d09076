// The goods catalogue screen: detail, create and edit goods in a category of the caller's enterprise (the list is
// the goods picker's call).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { GOODS_RECORD } from '@tfb/contract';
import { NUMBER_KEYS } from '../../lib/numbering.js';
import { recordRoutes } from '../../lib/record-routes.js';
import { createGoods, getGoods, updateGoods } from './repository.js';

export const goodsAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const repository = { get: getGoods, create: createGoods, update: updateGoods };
  recordRoutes(app, GOODS_RECORD, { tags: ['goods'], numberKey: NUMBER_KEYS.goods, repository });
};
