// GET settlements: paged (zero-based), searched by settlement code, contract code or counterparty; type
// (1 receivable, 2 payable) and status filters.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { BUSINESS_PATHS, SettlementPageReplySchema, type BusinessStatus } from '@tfb/contract';
import { api } from '../../../lib/api-client';
import { settlementKeys } from './keys';

export type SettlementListParams = { pageNumber: number; pageSize: number; search?: string; status?: BusinessStatus; type?: 1 | 2 };

export function getSettlements(params: SettlementListParams, signal?: AbortSignal) {
  return api.get(BUSINESS_PATHS.settlements, { query: params, schema: SettlementPageReplySchema.shape.data, signal });
}

export const settlementsQueryOptions = (params: SettlementListParams) =>
  queryOptions({ queryKey: settlementKeys.list(params), queryFn: ({ signal }) => getSettlements(params, signal), placeholderData: keepPreviousData });

export function useSettlements(params: SettlementListParams) {
  return useQuery(settlementsQueryOptions(params));
}
