// GET contracts/:id for the contract a settlement is made on: its `limits` say how much may still be settled
// (the settlement being edited is left out with excludeSettlementId).
import { queryOptions, useQuery } from '@tanstack/react-query';
import { BUSINESS_PATHS, ContractDetailSchema, type ContractDetail } from '@tfb/contract';
import { api } from '../../../lib/api-client';
import { settlementKeys } from './keys';

export function getSettlementContract(id: number, excludeSettlementId: number | null, signal?: AbortSignal): Promise<ContractDetail> {
  return api.get(BUSINESS_PATHS.contract.replace(':id', String(id)), { query: { excludeSettlementId }, schema: ContractDetailSchema, signal });
}

export const settlementContractQueryOptions = (id: number, excludeSettlementId: number | null = null) =>
  queryOptions({
    queryKey: settlementKeys.contract(id, excludeSettlementId),
    queryFn: ({ signal }) => getSettlementContract(id, excludeSettlementId, signal),
  });

export function useSettlementContract(id: number | null | undefined, excludeSettlementId: number | null = null) {
  return useQuery({ ...settlementContractQueryOptions(id ?? 0, excludeSettlementId), enabled: id !== null && id !== undefined, retry: false });
}
