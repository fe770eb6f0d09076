// Query keys of the projects feature.
import type { QueryValue } from '../../../lib/api-client';

export const projectKeys = {
  lists: () => ['projects', 'list'] as const,
  list: (params: Record<string, QueryValue>) => ['projects', 'list', params] as const,
  detail: (id: number) => ['projects', 'detail', id] as const,
};

export const PROJECT_PATHS = {
  list: '/projects/list',
  add: '/projects/list/add',
  edit: (id: number) => `/projects/list/edit?id=${id}`,
  detail: (id: number) => `/projects/list/detail?id=${id}`,
};
