// GET projects/:id.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { BUSINESS_PATHS, ProjectRowSchema, type ProjectRow } from '@tfb/contract';
import { api } from '../../../lib/api-client';
import { projectKeys } from './keys';

export function getProject(id: number, signal?: AbortSignal): Promise<ProjectRow> {
  return api.get(BUSINESS_PATHS.project.replace(':id', String(id)), { schema: ProjectRowSchema, signal });
}

export const projectQueryOptions = (id: number) => queryOptions({ queryKey: projectKeys.detail(id), queryFn: ({ signal }) => getProject(id, signal) });

export function useProject(id: number | null) {
  return useQuery({ ...projectQueryOptions(id ?? 0), enabled: id !== null, retry: false });
}
