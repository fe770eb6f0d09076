// Contracts of every type: paged list with search and type filter, detail, create, update (draft or rejected only).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CONTRACT_EXPORT, CONTRACT_RECORD, ContractDetailQuerySchema, contractTypeSuffix } from '@tfb/contract';
import { recordRoutes } from '../../lib/record-routes.js';
import { createContract, getContract, pageContracts, updateContract } from './repository.js';

export const contractRoutes: FastifyPluginAsyncZod = async (app) => {
  recordRoutes(app, CONTRACT_RECORD, {
    tags: ['contracts'],
    numberKey: (body) => contractTypeSuffix(body.contractType),
    detailQuery: ContractDetailQuerySchema,
    listExport: CONTRACT_EXPORT,
    repository: {
      page: pageContracts,
      get: (db, enterpriseId, id, q) => getContract(db, enterpriseId, id, { loanId: q.excludeLoanId, settlementId: q.excludeSettlementId }),
      create: createContract,
      update: updateContract,
    },
  });
};
