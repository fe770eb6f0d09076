// Settlements: paged list, detail, create, update (drafts only), and the settlement picker chooseSettle (7.2).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { BUSINESS_PATHS, ChooseSettleQuerySchema, SETTLEMENT_RECORD, SettlementPageReplySchema } from '@tfb/contract';
import { assertOwnEnterprise } from '../../lib/own-enterprise.js';
import { okPage } from '../../lib/reply.js';
import { NUMBER_KEYS } from '../../lib/numbering.js';
import { recordRoutes } from '../../lib/record-routes.js';
import { createSettlement, getSettlement, pageSettlements, updateSettlement } from './repository.js';

export const settlementRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  const tags = ['settlements'];

  const repository = { page: pageSettlements, get: getSettlement, create: createSettlement, update: updateSettlement };
  recordRoutes(app, SETTLEMENT_RECORD, { tags, numberKey: NUMBER_KEYS.settlement, repository });

  app.get(
    BUSINESS_PATHS.chooseSettle,
    { config: { access: 'funds:read' }, schema: { tags, querystring: ChooseSettleQuerySchema, response: { 200: SettlementPageReplySchema } } },
    async (req) => {
      const s = req.session();
      assertOwnEnterprise(s, req.query.enterpriseId);
      return okPage(req.query, (w) => pageSettlements(db, s.enterpriseId, req.query, w));
    },
  );
};
