// Settlements: paged list, detail, create, update (drafts only), and the settlement picker chooseSettle (7.2).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  BUSINESS_PATHS,
  ChooseSettleQuerySchema,
  IdParamSchema,
  ListSettlementsQuerySchema,
  SaveSettlementBodySchema,
  UpdateSettlementBodySchema,
  SettlementPageReplySchema,
  SettlementReplySchema,
} from '@tfb/contract';
import { withFreshCode } from '../../lib/business-codes.js';
import { assertSaved } from '../../lib/edit-rules.js';
import { notFound } from '../../lib/errors.js';
import { assertOwnEnterprise } from '../../lib/own-enterprise.js';
import { pageOf, pageWindow } from '../../lib/paging.js';
import { ok } from '../../lib/reply.js';
import { NUMBER_KEYS, generateNumber } from '../../lib/numbering.js';
import { createSettlement, getSettlement, pageSettlements, updateSettlement } from './repository.js';

const NUMBER_KEY = NUMBER_KEYS.settlement;

export const settlementRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  const tags = ['settlements'];

  app.get(
    BUSINESS_PATHS.settlements,
    { config: { access: 'funds:read' }, schema: { tags, querystring: ListSettlementsQuerySchema, response: { 200: SettlementPageReplySchema } } },
    async (req) => {
      const w = pageWindow(req.query);
      const { content, total } = await pageSettlements(db, req.session().enterpriseId, req.query, w);
      return ok(pageOf(content, total, w));
    },
  );

  app.get(
    BUSINESS_PATHS.chooseSettle,
    { config: { access: 'funds:read' }, schema: { tags, querystring: ChooseSettleQuerySchema, response: { 200: SettlementPageReplySchema } } },
    async (req) => {
      const s = req.session();
      assertOwnEnterprise(s, req.query.enterpriseId);
      const w = pageWindow(req.query);
      const { content, total } = await pageSettlements(db, s.enterpriseId, req.query, w);
      return ok(pageOf(content, total, w));
    },
  );

  app.get(BUSINESS_PATHS.settlement, { config: { access: 'funds:read' }, schema: { tags, params: IdParamSchema, response: { 200: SettlementReplySchema } } }, async (req) => {
    const found = await getSettlement(db, req.session().enterpriseId, req.params.id);
    if (!found) throw notFound('结算单');
    return ok(found);
  });

  app.post(
    BUSINESS_PATHS.settlements,
    { config: { access: 'funds:write' }, schema: { tags, body: SaveSettlementBodySchema, response: { 200: SettlementReplySchema } } },
    async (req) => {
      const s = req.session();
      return ok(
        await withFreshCode(
          () => generateNumber(db, s.enterpriseId, NUMBER_KEY),
          (code) => createSettlement(db, s, code, req.body),
        ),
      );
    },
  );

  app.put(
    BUSINESS_PATHS.settlement,
    { config: { access: 'funds:write' }, schema: { tags, params: IdParamSchema, body: UpdateSettlementBodySchema, response: { 200: SettlementReplySchema } } },
    async (req) => {
      const s = req.session();
      return ok(assertSaved(await updateSettlement(db, s, req.params.id, req.body, req.body.version), '结算单'));
    },
  );
};
