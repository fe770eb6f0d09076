// Query keys of the contracts feature: one root, so a save refreshes every list and detail.
import type { QueryValue } from '../../../lib/api-client';

export const CONTRACTS_ROOT_KEY = ['contracts'] as const;

export const contractKeys = {
  lists: () => [...CONTRACTS_ROOT_KEY, 'list'] as const,
  list: (params: Record<string, QueryValue>) => [...CONTRACTS_ROOT_KEY, 'list', params] as const,
  detail: (id: number) => [...CONTRACTS_ROOT_KEY, 'detail', id] as const,
};
