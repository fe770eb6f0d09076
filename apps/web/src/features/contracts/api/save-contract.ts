// POST contracts (create) and PUT contracts/:id (update a draft): header, goods and documents in one call.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { BUSINESS_PATHS, ContractDetailSchema, type ContractDetail, type SaveContractBody } from '@tfb/contract';
import type { RecordRef } from '../../../components/business/stale-version';
import { api } from '../../../lib/api-client';
import { contractKeys } from './keys';

export type SaveContractArgs = RecordRef & { body: SaveContractBody };

export function saveContract(args: SaveContractArgs): Promise<ContractDetail> {
  const { body } = args;
  return args.id === null
    ? api.post(BUSINESS_PATHS.contracts, { body, schema: ContractDetailSchema })
    : api.put(BUSINESS_PATHS.contract.replace(':id', String(args.id)), { body: { ...body, version: args.version }, schema: ContractDetailSchema });
}

export function useSaveContract() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveContract,
    onSuccess: (saved) => {
      queryClient.setQueryData(contractKeys.detail(saved.id), saved);
      void queryClient.invalidateQueries({ queryKey: contractKeys.lists() });
    },
  });
}
