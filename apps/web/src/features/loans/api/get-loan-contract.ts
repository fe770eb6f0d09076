// GET contracts/:id for the contract a loan application finances: its documents are shown read-only beside the
// application's own (the lender reviews the contract's files too), and its `limits` say how much may still be
// applied for (the application being edited is left out with excludeLoanId).
import { queryOptions, useQuery } from '@tanstack/react-query';
import { BUSINESS_PATHS, ContractDetailSchema, type ContractDetail } from '@tfb/contract';
import { api } from '../../../lib/api-client';
import { loanKeys } from './keys';

export function getLoanContract(id: number, excludeLoanId: number | null, signal?: AbortSignal): Promise<ContractDetail> {
  return api.get(BUSINESS_PATHS.contract.replace(':id', String(id)), { query: { excludeLoanId }, schema: ContractDetailSchema, signal });
}

export const loanContractQueryOptions = (id: number, excludeLoanId: number | null = null) =>
  queryOptions({ queryKey: loanKeys.contract(id, excludeLoanId), queryFn: ({ signal }) => getLoanContract(id, excludeLoanId, signal) });

export function useLoanContract(id: number | null | undefined, excludeLoanId: number | null = null) {
  return useQuery({ ...loanContractQueryOptions(id ?? 0, excludeLoanId), enabled: id !== null && id !== undefined, retry: false });
}
