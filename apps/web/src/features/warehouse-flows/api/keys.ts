// Query keys of the enterprise's warehouse documents: everything under one root, so a created notice or application
// (and an approval step) refreshes every list of them.
import type { ApplyListQuery, NoticeListQuery } from '@tfb/contract';

export const FLOWS_ROOT_KEY = ['warehouse-flows'] as const;
/** The warehouse lists (spec 7.3) of the warehouse feature: a new notice shows there at once. */
export const WAREHOUSE_LISTS_KEY = ['warehouse'] as const;

export type NoticeListParams = Partial<NoticeListQuery>;
export type ApplyListParams = Partial<ApplyListQuery>;

export const flowKeys = {
  warehouses: () => [...FLOWS_ROOT_KEY, 'warehouses'] as const,
  contractGoods: (contractId: number) => [...FLOWS_ROOT_KEY, 'contract-goods', contractId] as const,
  notices: (params: NoticeListParams) => [...FLOWS_ROOT_KEY, 'notices', params] as const,
  notice: (id: number) => [...FLOWS_ROOT_KEY, 'notice', id] as const,
  releasable: (loanId: number) => [...FLOWS_ROOT_KEY, 'releasable', loanId] as const,
  applications: (params: ApplyListParams) => [...FLOWS_ROOT_KEY, 'applications', params] as const,
  application: (id: number) => [...FLOWS_ROOT_KEY, 'application', id] as const,
};
