// GET /api/customers/enterprises: the enterprise's counterparties, searched by name, credit code or legal
// representative. The customer pages list them; the counterparty fields of the business forms suggest them.
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { CUSTOMER_PATHS, CustomerPageSchema, type CustomerRow, type Page } from '@tfb/contract';
import { api } from '../../lib/api-client';

export const CUSTOMERS_KEY = ['customers', 'enterprises'] as const;

export type CustomerListParams = { pageNumber: number; pageSize: number; search?: string | undefined };

export function getCustomers(params: CustomerListParams, signal?: AbortSignal): Promise<Page<CustomerRow>> {
  return api.get(CUSTOMER_PATHS.list, { query: params, schema: CustomerPageSchema, signal });
}

export const customersQueryOptions = (params: CustomerListParams) =>
  queryOptions({
    queryKey: [...CUSTOMERS_KEY, 'list', params],
    queryFn: ({ signal }) => getCustomers(params, signal),
    placeholderData: keepPreviousData,
  });
