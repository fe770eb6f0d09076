// Query keys and screen paths of the settlement feature.
import type { QueryValue } from '../../../lib/api-client';

export const settlementKeys = {
  lists: () => ['settlements', 'list'] as const,
  list: (params: Record<string, QueryValue>) => ['settlements', 'list', params] as const,
  detail: (id: number) => ['settlements', 'detail', id] as const,
  /** A settled contract; excludeSettlementId: the settlement being edited, left out of the remaining amount. */
  contracts: () => ['settlements', 'contract'] as const,
  contract: (id: number, excludeSettlementId: number | null = null) => ['settlements', 'contract', id, excludeSettlementId] as const,
};

export const SETTLEMENT_PATHS = {
  list: '/funds/settlement',
  add: '/funds/settlement/add',
  edit: (id: number) => `/funds/settlement/edit?id=${id}`,
  detail: (id: number) => `/funds/settlement/detail?id=${id}`,
};
