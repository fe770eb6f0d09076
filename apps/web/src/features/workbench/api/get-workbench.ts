// GET /api/workbench/summary: the figures of the signed-in user's enterprise. Checked with the shell's schemas, so
// the boot asks for it as soon as the entry is answered, with no page's code to load first.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { WORKBENCH_PATH, type Workbench } from '@tfb/contract';
import { api } from '../../../lib/api-client';
import { loadShellSchemas } from '../../../lib/session-store';

export function getWorkbench(signal?: AbortSignal): Promise<Workbench> {
  return api.get(WORKBENCH_PATH, { schema: () => loadShellSchemas().then((s) => s.workbench), signal });
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
