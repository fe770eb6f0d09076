// Loan applications: paged list (search, status, creation date), detail with documents and the latest process,
// create, update (draft or rejected only).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { LOAN_EXPORT, LOAN_RECORD } from '@tfb/contract';
import { NUMBER_KEYS } from '../../lib/numbering.js';
import { recordRoutes } from '../../lib/record-routes.js';
import { createLoan, getLoan, pageLoans, updateLoan } from './repository.js';

export const loanRoutes: FastifyPluginAsyncZod = async (app) => {
  const repository = { page: pageLoans, get: getLoan, create: createLoan, update: updateLoan };
  recordRoutes(app, LOAN_RECORD, { tags: ['loans'], numberKey: NUMBER_KEYS.loan, repository, listExport: LOAN_EXPORT });
};
