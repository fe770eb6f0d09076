// Company risk records of the caller's enterprise: the records behind a warning (earlyWarningInfo, the company
// risk-warning dialog) and the risk-view screen (per-type counts and a paged list by type).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ALERT_PATHS,
  CompanyRiskPageQuerySchema,
  CompanyRiskPageReplySchema,
  EarlyWarningInfoQuerySchema,
  EarlyWarningInfoReplySchema,
  RISK_PATHS,
  RISK_TYPE_TITLES,
  RiskSummaryReplySchema,
} from '@tfb/contract';
import { ok } from '../../lib/reply.js';
import { pagedGet } from '../../lib/route.js';
import { pageCompanyRisks, riskSummary, warningRecords } from './repository.js';

export const riskRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  const tags = ['risk'];

  // warnDate + warnRule select the enterprise's records of that day and rule (a warning message carries both:
  // warnDate and warn_rule); companyName narrows to the message's company. No match is an empty warnList.
  app.get(
    ALERT_PATHS.info,
    {
      config: { access: 'risk:read' },
      schema: { tags, querystring: EarlyWarningInfoQuerySchema, response: { 200: EarlyWarningInfoReplySchema } },
    },
    async (req) => {
      const s = req.session();
      const { warnDate, warnRule, companyName } = req.query;
      const warnList = await warningRecords(db, { enterpriseId: s.enterpriseId, warnDate, warnRule, companyName });
      const riskType = warnList[0]?.riskType ?? null;
      return ok({ warnDate, warnRule, riskType, title: riskType === null ? null : RISK_TYPE_TITLES[riskType], warnList });
    },
  );

  app.get(
    RISK_PATHS.summary,
    { config: { access: 'risk:read' }, schema: { tags, response: { 200: RiskSummaryReplySchema } } },
    async (req) => ok(await riskSummary(db, req.session().enterpriseId)),
  );

  pagedGet(
    app,
    RISK_PATHS.page,
    { access: 'risk:read', tags, query: CompanyRiskPageQuerySchema, reply: CompanyRiskPageReplySchema },
    (s, q, w) => pageCompanyRisks(db, { enterpriseId: s.enterpriseId, riskType: q.riskType, blurry: q.blurry }, w),
  );
};
