// POST contracts (create) and PUT contracts/:id (update a draft): header, goods and documents in one call.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { BUSINESS_PATHS, ContractDetailSchema, type ContractDetail, type SaveContractBody } from '@tfb/contract';
import { api } from '../../../lib/api-client';
import { contractKeys } from './keys';

export type SaveContractArgs = { id: number | null; body: SaveContractBody };

export function saveContract({ id, body }: SaveContractArgs): Promise<ContractDetail> {
  return id === null
    ? api.post(BUSINESS_PATHS.contracts, { body, schema: ContractDetailSchema })
    : api.put(BUSINESS_PATHS.contract.replace(':id', String(id)), { body, schema: ContractDetailSchema });
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
