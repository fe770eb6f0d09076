// GET projects: paged (zero-based), searched by code, name, buyer or supplier; type and status filters.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { BUSINESS_PATHS, ProjectPageReplySchema, type BusinessStatus } from '@tfb/contract';
import { api } from '../../../lib/api-client';
import { projectKeys } from './keys';

export type ProjectListParams = { pageNumber: number; pageSize: number; search?: string; status?: BusinessStatus; type?: 1 | 2 };

export function getProjects(params: ProjectListParams, signal?: AbortSignal) {
  return api.get(BUSINESS_PATHS.projects, { query: params, schema: ProjectPageReplySchema.shape.data, signal });
}

export const projectsQueryOptions = (params: ProjectListParams) =>
  queryOptions({ queryKey: projectKeys.list(params), queryFn: ({ signal }) => getProjects(params, signal), placeholderData: keepPreviousData });

export function useProjects(params: ProjectListParams) {
  return useQuery(projectsQueryOptions(params));
}
