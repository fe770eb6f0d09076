// GET contracts/:id: header, goods lines, documents and the delivery address of one contract.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { BUSINESS_PATHS, ContractDetailSchema, type ContractDetail } from '@tfb/contract';
import { api } from '../../../lib/api-client';
import { contractKeys } from './keys';

export function getContract(id: number, signal?: AbortSignal): Promise<ContractDetail> {
  return api.get(BUSINESS_PATHS.contract.replace(':id', String(id)), { schema: ContractDetailSchema, signal });
}

export const contractQueryOptions = (id: number) =>
  queryOptions({ queryKey: contractKeys.detail(id), queryFn: ({ signal }) => getContract(id, signal) });

export function useContract(id: number | null) {
  return useQuery({ ...contractQueryOptions(id ?? 0), enabled: id !== null, retry: false });
}
