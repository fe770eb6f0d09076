// GET contracts/:id for the contract a loan application finances: its documents are shown read-only beside the
// application's own (the lender reviews the contract's files too).
import { queryOptions, useQuery } from '@tanstack/react-query';
import { BUSINESS_PATHS, ContractDetailSchema, type ContractDetail } from '@tfb/contract';
import { api } from '../../../lib/api-client';
import { loanKeys } from './keys';

export function getLoanContract(id: number, signal?: AbortSignal): Promise<ContractDetail> {
  return api.get(BUSINESS_PATHS.contract.replace(':id', String(id)), { schema: ContractDetailSchema, signal });
}

export const loanContractQueryOptions = (id: number) =>
  queryOptions({ queryKey: loanKeys.contract(id), queryFn: ({ signal }) => getLoanContract(id, signal) });

export function useLoanContract(id: number | null | undefined) {
  return useQuery({ ...loanContractQueryOptions(id ?? 0), enabled: id !== null && id !== undefined, retry: false });
}
