// GET settlements/:id.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { BUSINESS_PATHS, SettlementRowSchema, type SettlementRow } from '@tfb/contract';
import { api } from '../../../lib/api-client';
import { settlementKeys } from './keys';

export function getSettlement(id: number, signal?: AbortSignal): Promise<SettlementRow> {
  return api.get(BUSINESS_PATHS.settlement.replace(':id', String(id)), { schema: SettlementRowSchema, signal });
}

export const settlementQueryOptions = (id: number) =>
  queryOptions({ queryKey: settlementKeys.detail(id), queryFn: ({ signal }) => getSettlement(id, signal) });

export function useSettlement(id: number | null) {
  return useQuery({ ...settlementQueryOptions(id ?? 0), enabled: id !== null, retry: false });
}
