// GET /api/workbench/summary: the figures of the signed-in user's enterprise.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { WORKBENCH_PATH, WorkbenchSchema, type Workbench } from '@tfb/contract';
import { api } from '../../../lib/api-client';

export function getWorkbench(signal?: AbortSignal): Promise<Workbench> {
  return api.get(WORKBENCH_PATH, { schema: WorkbenchSchema, signal });
}

export const workbenchQueryOptions = () =>
  queryOptions({
    queryKey: ['workbench', 'summary'],
    queryFn: ({ signal }) => getWorkbench(signal),
    staleTime: 60_000,
    refetchInterval: 5 * 60_000,
  });

export function useWorkbench() {
  return useQuery(workbenchQueryOptions());
}
