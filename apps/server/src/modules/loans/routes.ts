// Loan applications: paged list (search, status, creation date), detail with documents and the latest process,
// create, update (draft or rejected only).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { BUSINESS_PATHS, ListLoansQuerySchema, LoanDetailReplySchema, LoanPageReplySchema, SaveLoanBodySchema, UpdateLoanBodySchema } from '@tfb/contract';
import { NUMBER_KEYS } from '../../lib/numbering.js';
import { recordRoutes } from '../../lib/record-routes.js';
import { createLoan, getLoan, pageLoans, updateLoan } from './repository.js';

export const loanRoutes: FastifyPluginAsyncZod = async (app) => {
  recordRoutes(app, {
    tags: ['loans'],
    noun: '贷款申请',
    access: { read: 'funds:read', write: 'funds:write' },
    paths: { list: BUSINESS_PATHS.loans, item: BUSINESS_PATHS.loan },
    list: { query: ListLoansQuerySchema, reply: LoanPageReplySchema, page: pageLoans },
    detail: { reply: LoanDetailReplySchema, get: getLoan },
    save: { body: SaveLoanBodySchema, updateBody: UpdateLoanBodySchema, numberKey: NUMBER_KEYS.loan, create: createLoan, update: updateLoan },
  });
};
