// GET inStorageNotice/contractGoods?contractId=: the picked contract's goods lines and what each has left to notice.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ContractGoodsReplySchema, WAREHOUSE_FLOW_PATHS, type ContractGoods } from '@tfb/contract';
import { api } from '../../../lib/api-client';
import { flowKeys } from './keys';

export const getContractGoods = (contractId: number, signal?: AbortSignal): Promise<ContractGoods> =>
  api.get(WAREHOUSE_FLOW_PATHS.contractGoods, { query: { contractId }, schema: ContractGoodsReplySchema.shape.data, signal });

export const contractGoodsQueryOptions = (contractId: number) =>
  queryOptions({
    queryKey: flowKeys.contractGoods(contractId),
    queryFn: ({ signal }) => getContractGoods(contractId, signal),
    staleTime: 0,
  });

export const useContractGoods = (contractId: number | null) =>
  useQuery({ ...contractGoodsQueryOptions(contractId ?? 0), enabled: contractId !== null });
