// Contracts of every type: paged list with search and type filter, detail, create, update (draft or rejected only).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  BUSINESS_PATHS,
  ContractDetailQuerySchema,
  ContractDetailReplySchema,
  ContractPageReplySchema,
  ListContractsQuerySchema,
  SaveContractBodySchema,
  UpdateContractBodySchema,
  contractTypeSuffix,
} from '@tfb/contract';
import { recordRoutes } from '../../lib/record-routes.js';
import { createContract, getContract, pageContracts, updateContract } from './repository.js';

export const contractRoutes: FastifyPluginAsyncZod = async (app) => {
  recordRoutes(app, {
    tags: ['contracts'],
    noun: '合同',
    access: { read: 'contracts:read', write: 'contracts:write' },
    paths: { list: BUSINESS_PATHS.contracts, item: BUSINESS_PATHS.contract },
    list: { query: ListContractsQuerySchema, reply: ContractPageReplySchema, page: pageContracts },
    detail: {
      query: ContractDetailQuerySchema,
      reply: ContractDetailReplySchema,
      get: (db, enterpriseId, id, q) => getContract(db, enterpriseId, id, { loanId: q.excludeLoanId, settlementId: q.excludeSettlementId }),
    },
    save: {
      body: SaveContractBodySchema,
      updateBody: UpdateContractBodySchema,
      numberKey: (body) => contractTypeSuffix(body.contractType),
      create: createContract,
      update: updateContract,
    },
  });
};
