// GET loanApplications: paged (zero-based), searched by form number, applicant, contract or company; creation
// date and status filters.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { BUSINESS_PATHS, LoanPageReplySchema, type BusinessStatus } from '@tfb/contract';
import { api } from '../../../lib/api-client';
import { loanKeys } from './keys';

export type LoanListParams = { pageNumber: number; pageSize: number; search?: string; status?: BusinessStatus; createDate?: string };

export function getLoans(params: LoanListParams, signal?: AbortSignal) {
  return api.get(BUSINESS_PATHS.loans, { query: params, schema: LoanPageReplySchema.shape.data, signal });
}

export const loansQueryOptions = (params: LoanListParams) =>
  queryOptions({ queryKey: loanKeys.list(params), queryFn: ({ signal }) => getLoans(params, signal), placeholderData: keepPreviousData });

export function useLoans(params: LoanListParams) {
  return useQuery(loansQueryOptions(params));
}
