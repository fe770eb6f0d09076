// Query keys and screen paths of the loan-application feature.
import type { QueryValue } from '../../../lib/api-client';

export const loanKeys = {
  lists: () => ['loans', 'list'] as const,
  list: (params: Record<string, QueryValue>) => ['loans', 'list', params] as const,
  detail: (id: number) => ['loans', 'detail', id] as const,
  /** A financed contract; excludeLoanId: the application being edited, left out of the remaining amount. */
  contracts: () => ['loans', 'contract'] as const,
  contract: (id: number, excludeLoanId: number | null = null) => ['loans', 'contract', id, excludeLoanId] as const,
};

export const LOAN_PATHS = {
  list: '/funds/loans',
  add: '/funds/loans/add',
  edit: (id: number) => `/funds/loans/edit?id=${id}`,
  detail: (id: number) => `/funds/loans/detail?id=${id}`,
};
