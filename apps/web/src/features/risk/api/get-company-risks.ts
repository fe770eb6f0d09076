// The risk view: per-type counts (companyRiskSummary) and the enterprise's records of a type (companyRiskPage).
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  CompanyRiskPageReplySchema,
  RISK_PATHS,
  RiskSummaryReplySchema,
  type CompanyRiskPageQuerySchema,
  type CompanyRiskRecord,
  type Page,
} from '@tfb/contract';
import { api } from '../../../lib/api-client';

const SummarySchema = RiskSummaryReplySchema.shape.data;
export type RiskSummary = ReturnType<typeof SummarySchema.parse>;
export type CompanyRiskQuery = z.input<typeof CompanyRiskPageQuerySchema>;

export function getRiskSummary(signal?: AbortSignal): Promise<RiskSummary> {
  return api.get(RISK_PATHS.summary, { schema: SummarySchema, signal });
}

export function getCompanyRisks(params: CompanyRiskQuery, signal?: AbortSignal): Promise<Page<CompanyRiskRecord>> {
  return api.get(RISK_PATHS.page, { query: params, schema: CompanyRiskPageReplySchema.shape.data, signal });
}

export const riskSummaryQueryOptions = () =>
  queryOptions({ queryKey: ['risk', 'summary'], queryFn: ({ signal }) => getRiskSummary(signal) });

export const companyRisksQueryOptions = (params: CompanyRiskQuery) =>
  queryOptions({
    queryKey: ['risk', 'records', params],
    queryFn: ({ signal }) => getCompanyRisks(params, signal),
    placeholderData: keepPreviousData,
  });

export const useRiskSummary = () => useQuery(riskSummaryQueryOptions());
export const useCompanyRisks = (params: CompanyRiskQuery) => useQuery(companyRisksQueryOptions(params));
