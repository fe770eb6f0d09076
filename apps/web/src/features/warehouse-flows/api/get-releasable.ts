// GET deliveryApply/releasable?loanId=: the picked loan's pledged goods and what the repaid share still releases.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ReleasableReplySchema, WAREHOUSE_FLOW_PATHS, type Releasable } from '@tfb/contract';
import { api } from '../../../lib/api-client';
import { flowKeys } from './keys';

export const getReleasable = (loanId: number, signal?: AbortSignal): Promise<Releasable> =>
  api.get(WAREHOUSE_FLOW_PATHS.releasable, { query: { loanId }, schema: ReleasableReplySchema.shape.data, signal });

export const releasableQueryOptions = (loanId: number) =>
  queryOptions({ queryKey: flowKeys.releasable(loanId), queryFn: ({ signal }) => getReleasable(loanId, signal), staleTime: 0 });

export const useReleasable = (loanId: number | null) => useQuery({ ...releasableQueryOptions(loanId ?? 0), enabled: loanId !== null });
