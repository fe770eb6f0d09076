// GET contracts: one type's contracts, paged (zero-based), searched by code, paper number, name or counterparty.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { BUSINESS_PATHS, ContractPageReplySchema, type BusinessStatus, type ContractTypeKey } from '@tfb/contract';
import { api } from '../../../lib/api-client';
import { contractKeys } from './keys';

const PageSchema = ContractPageReplySchema.shape.data;

export type ContractListParams = {
  contractType: ContractTypeKey;
  pageNumber: number;
  pageSize: number;
  search?: string;
  status?: BusinessStatus;
};

export function getContracts(params: ContractListParams, signal?: AbortSignal) {
  return api.get(BUSINESS_PATHS.contracts, { query: params, schema: PageSchema, signal });
}

export const contractsQueryOptions = (params: ContractListParams) =>
  queryOptions({
    queryKey: contractKeys.list(params),
    queryFn: ({ signal }) => getContracts(params, signal),
    placeholderData: keepPreviousData,
  });

export function useContracts(params: ContractListParams) {
  return useQuery(contractsQueryOptions(params));
}
