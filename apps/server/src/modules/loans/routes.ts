// Loan applications: paged list (search, status, creation date), detail with documents and the latest process,
// create, update (draft or rejected only).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  BUSINESS_PATHS,
  IdParamSchema,
  ListLoansQuerySchema,
  LoanDetailReplySchema,
  LoanPageReplySchema,
  SaveLoanBodySchema,
  UpdateLoanBodySchema,
} from '@tfb/contract';
import { withFreshCode } from '../../lib/business-codes.js';
import { assertSaved } from '../../lib/edit-rules.js';
import { notFound } from '../../lib/errors.js';
import { pageOf, pageWindow } from '../../lib/paging.js';
import { ok } from '../../lib/reply.js';
import { NUMBER_KEYS, generateNumber } from '../../lib/numbering.js';
import { createLoan, getLoan, pageLoans, updateLoan } from './repository.js';

const NUMBER_KEY = NUMBER_KEYS.loan;

export const loanRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  const tags = ['loans'];

  app.get(
    BUSINESS_PATHS.loans,
    { config: { access: 'funds:read' }, schema: { tags, querystring: ListLoansQuerySchema, response: { 200: LoanPageReplySchema } } },
    async (req) => {
      const w = pageWindow(req.query);
      const { content, total } = await pageLoans(db, req.session().enterpriseId, req.query, w);
      return ok(pageOf(content, total, w));
    },
  );

  app.get(BUSINESS_PATHS.loan, { config: { access: 'funds:read' }, schema: { tags, params: IdParamSchema, response: { 200: LoanDetailReplySchema } } }, async (req) => {
    const found = await getLoan(db, req.session().enterpriseId, req.params.id);
    if (!found) throw notFound('贷款申请');
    return ok(found);
  });

  app.post(BUSINESS_PATHS.loans, { config: { access: 'funds:write' }, schema: { tags, body: SaveLoanBodySchema, response: { 200: LoanDetailReplySchema } } }, async (req) => {
    const s = req.session();
    return ok(
      await withFreshCode(
        () => generateNumber(db, s.enterpriseId, NUMBER_KEY),
        (code) => createLoan(db, s, code, req.body),
      ),
    );
  });

  app.put(
    BUSINESS_PATHS.loan,
    { config: { access: 'funds:write' }, schema: { tags, params: IdParamSchema, body: UpdateLoanBodySchema, response: { 200: LoanDetailReplySchema } } },
    async (req) => {
      const s = req.session();
      return ok(assertSaved(await updateLoan(db, s, req.params.id, req.body, req.body.version), '贷款申请'));
    },
  );
};
