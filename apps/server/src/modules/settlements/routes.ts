// Settlements: paged list, detail, create, update (drafts only), and the settlement picker chooseSettle (7.2).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { BUSINESS_PATHS, ChooseSettleQuerySchema, SETTLEMENT_EXPORT, SETTLEMENT_RECORD } from '@tfb/contract';
import { assertOwnEnterprise } from '../../lib/own-enterprise.js';
import { pagedGet } from '../../lib/route.js';
import { NUMBER_KEYS } from '../../lib/numbering.js';
import { recordRoutes } from '../../lib/record-routes.js';
import { createSettlement, getSettlement, pageSettlements, updateSettlement } from './repository.js';

export const settlementRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  const tags = ['settlements'];

  const repository = { page: pageSettlements, get: getSettlement, create: createSettlement, update: updateSettlement };
  recordRoutes(app, SETTLEMENT_RECORD, { tags, numberKey: NUMBER_KEYS.settlement, repository, listExport: SETTLEMENT_EXPORT });

  const choose = { access: SETTLEMENT_RECORD.access.read, tags, query: ChooseSettleQuerySchema, reply: SETTLEMENT_RECORD.pageReply };
  pagedGet(app, BUSINESS_PATHS.chooseSettle, choose, (s, q, w) => {
    assertOwnEnterprise(s, q.enterpriseId);
    return pageSettlements(db, s.enterpriseId, q, w);
  });
};
