// POST settlements (create) and PUT settlements/:id (update a draft). The contract code, type and
// counterparty are taken by the server from the picked contract.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { BUSINESS_PATHS, SettlementRowSchema, type SaveSettlementBody, type SettlementRow } from '@tfb/contract';
import type { RecordRef } from '../../../components/business/stale-version';
import { api } from '../../../lib/api-client';
import { settlementKeys } from './keys';

export type SaveSettlementArgs = RecordRef & { body: SaveSettlementBody };

export function saveSettlement(args: SaveSettlementArgs): Promise<SettlementRow> {
  const { body } = args;
  return args.id === null
    ? api.post(BUSINESS_PATHS.settlements, { body, schema: SettlementRowSchema })
    : api.put(BUSINESS_PATHS.settlement.replace(':id', String(args.id)), { body: { ...body, version: args.version }, schema: SettlementRowSchema });
}

export function useSaveSettlement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveSettlement,
    onSuccess: (saved) => {
      queryClient.setQueryData(settlementKeys.detail(saved.id), saved);
      void queryClient.invalidateQueries({ queryKey: settlementKeys.lists() });
      // What the contracts still allow has changed.
      void queryClient.invalidateQueries({ queryKey: settlementKeys.contracts() });
    },
  });
}
