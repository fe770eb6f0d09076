// Contracts of every type: paged list with search and type filter, detail, create, update (draft or rejected only).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  BUSINESS_PATHS,
  ContractDetailQuerySchema,
  ContractDetailReplySchema,
  ContractPageReplySchema,
  IdParamSchema,
  ListContractsQuerySchema,
  SaveContractBodySchema,
  UpdateContractBodySchema,
  contractTypeSuffix,
} from '@tfb/contract';
import { withFreshCode } from '../../lib/business-codes.js';
import { assertSaved } from '../../lib/edit-rules.js';
import { notFound } from '../../lib/errors.js';
import { pageOf, pageWindow } from '../../lib/paging.js';
import { ok } from '../../lib/reply.js';
import { generateNumber } from '../../lib/numbering.js';
import { createContract, getContract, pageContracts, updateContract } from './repository.js';

export const contractRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  const tags = ['contracts'];

  app.get(
    BUSINESS_PATHS.contracts,
    { config: { access: 'contracts:read' }, schema: { tags, querystring: ListContractsQuerySchema, response: { 200: ContractPageReplySchema } } },
    async (req) => {
      const s = req.session();
      const w = pageWindow(req.query);
      const { content, total } = await pageContracts(db, s.enterpriseId, req.query, w);
      return ok(pageOf(content, total, w));
    },
  );

  app.get(
    BUSINESS_PATHS.contract,
    { config: { access: 'contracts:read' }, schema: { tags, params: IdParamSchema, querystring: ContractDetailQuerySchema, response: { 200: ContractDetailReplySchema } } },
    async (req) => {
      const found = await getContract(db, req.session().enterpriseId, req.params.id, {
        loanId: req.query.excludeLoanId,
        settlementId: req.query.excludeSettlementId,
      });
      if (!found) throw notFound('合同');
      return ok(found);
    },
  );

  app.post(
    BUSINESS_PATHS.contracts,
    { config: { access: 'contracts:write' }, schema: { tags, body: SaveContractBodySchema, response: { 200: ContractDetailReplySchema } } },
    async (req) => {
      const s = req.session();
      return ok(
        await withFreshCode(
          () => generateNumber(db, s.enterpriseId, contractTypeSuffix(req.body.contractType)),
          (code) => createContract(db, s, code, req.body),
        ),
      );
    },
  );

  app.put(
    BUSINESS_PATHS.contract,
    { config: { access: 'contracts:write' }, schema: { tags, params: IdParamSchema, body: UpdateContractBodySchema, response: { 200: ContractDetailReplySchema } } },
    async (req) => {
      const s = req.session();
      return ok(assertSaved(await updateContract(db, s, req.params.id, req.body, req.body.version), '合同'));
    },
  );
};
