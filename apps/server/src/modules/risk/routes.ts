// Company risk records of the caller's enterprise: the records behind a warning (earlyWarningInfo, the company
// risk-warning dialog) and the risk-view screen (per-type counts and a paged list by type).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ALERT_PATHS,
  CompanyRiskPageQuerySchema,
  CompanyRiskPageReplySchema,
  EarlyWarningInfoQuerySchema,
  EarlyWarningInfoReplySchema,
  COMPANY_RISK_EXPORT,
  RISK_PATHS,
  RISK_TYPE_TITLES,
  RiskSummaryReplySchema,
} from '@tfb/contract';
import { pagedGet, sessionCall } from '../../lib/route.js';
import { pageCompanyRisks, riskSummary, warningRecords } from './repository.js';

export const riskRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  const tags = ['risk'];

  // warnDate + warnRule select the enterprise's records of that day and rule (a warning message carries both:
  // warnDate and warn_rule); companyName narrows to the message's company. No match is an empty warnList.
  const info = { access: 'risk:read', tags, query: EarlyWarningInfoQuerySchema, reply: EarlyWarningInfoReplySchema } as const;
  sessionCall(app, 'GET', ALERT_PATHS.info, info, async (s, { query }) => {
    const { warnDate, warnRule, companyName } = query;
    const warnList = await warningRecords(db, { enterpriseId: s.enterpriseId, warnDate, warnRule, companyName });
    const riskType = warnList[0]?.riskType ?? null;
    return { warnDate, warnRule, riskType, title: riskType === null ? null : RISK_TYPE_TITLES[riskType], warnList };
  });

  const summary = { access: 'risk:read', tags, reply: RiskSummaryReplySchema } as const;
  sessionCall(app, 'GET', RISK_PATHS.summary, summary, async (s) => riskSummary(db, s.enterpriseId));

  pagedGet(
    app,
    RISK_PATHS.page,
    { access: 'risk:read', tags, query: CompanyRiskPageQuerySchema, reply: CompanyRiskPageReplySchema, listExport: COMPANY_RISK_EXPORT },
    (s, q, w) => pageCompanyRisks(db, { enterpriseId: s.enterpriseId, riskType: q.riskType, blurry: q.blurry }, w),
  );
};
