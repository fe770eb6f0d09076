// GET contracts/:id for the contract a loan application or a settlement is made on: its `limits` say how much may
// still be applied for or settled (the record being edited left out: excludeLoanId / excludeSettlementId), and a
// loan application shows its documents. Saving a loan application or a settlement reloads it (CONTRACT_LIMITS_KEY).
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { BUSINESS_PATHS, ContractDetailSchema, type ContractDetail, type ContractDetailQuerySchema } from '@tfb/contract';
import { api } from '../../lib/api-client';

export type ContractLimitsQuery = z.input<typeof ContractDetailQuerySchema>;

export const CONTRACT_LIMITS_KEY = ['contracts', 'limits'] as const;

export function getContractLimits(id: number, query: ContractLimitsQuery, signal?: AbortSignal): Promise<ContractDetail> {
  return api.get(BUSINESS_PATHS.contract.replace(':id', String(id)), { query, schema: ContractDetailSchema, signal });
}

export function useContractLimits(id: number | null | undefined, query: ContractLimitsQuery) {
  return useQuery({
    queryKey: [...CONTRACT_LIMITS_KEY, id ?? 0, query],
    queryFn: ({ signal }) => getContractLimits(id ?? 0, query, signal),
    enabled: id !== null && id !== undefined,
    retry: false,
  });
}
