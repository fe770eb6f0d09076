// The risk view: per-type counts (companyRiskSummary) and the enterprise's records of a type (companyRiskPage).
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { CompanyRiskPageReplySchema, RISK_PATHS, RiskSummaryReplySchema, type CompanyRiskRecord, type Page, type RiskType } from '@tfb/contract';
import { api } from '../../../lib/api-client';

const SummarySchema = RiskSummaryReplySchema.shape.data;
export type RiskSummary = ReturnType<typeof SummarySchema.parse>;
export type CompanyRiskParams = { pageNumber: number; pageSize: number; riskType?: RiskType; blurry?: string };

export function getRiskSummary(signal?: AbortSignal): Promise<RiskSummary> {
  return api.get(RISK_PATHS.summary, { schema: SummarySchema, signal });
}

export function getCompanyRisks(params: CompanyRiskParams, signal?: AbortSignal): Promise<Page<CompanyRiskRecord>> {
  return api.get(RISK_PATHS.page, { query: params, schema: CompanyRiskPageReplySchema.shape.data, signal });
}

export const riskSummaryQueryOptions = () => queryOptions({ queryKey: ['risk', 'summary'], queryFn: ({ signal }) => getRiskSummary(signal) });

export const companyRisksQueryOptions = (params: CompanyRiskParams) =>
  queryOptions({
    queryKey: ['risk', 'records', params],
    queryFn: ({ signal }) => getCompanyRisks(params, signal),
    placeholderData: keepPreviousData,
  });

export const useRiskSummary = () => useQuery(riskSummaryQueryOptions());
export const useCompanyRisks = (params: CompanyRiskParams) => useQuery(companyRisksQueryOptions(params));
