// Query keys and screen paths of the loan-application feature.
import type { QueryValue } from '../../../lib/api-client';

export const loanKeys = {
  lists: () => ['loans', 'list'] as const,
  list: (params: Record<string, QueryValue>) => ['loans', 'list', params] as const,
  detail: (id: number) => ['loans', 'detail', id] as const,
  contract: (id: number) => ['loans', 'contract', id] as const,
};

export const LOAN_PATHS = {
  list: '/funds/loans',
  add: '/funds/loans/add',
  edit: (id: number) => `/funds/loans/edit?id=${id}`,
  detail: (id: number) => `/funds/loans/detail?id=${id}`,
};
