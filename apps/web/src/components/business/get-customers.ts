// GET /api/customers/enterprises: the enterprise's counterparties, searched by name, credit code or legal
// representative. The customer pages list them; the counterparty fields of the business forms suggest them.
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { CUSTOMER_PATHS, CustomerPageSchema, type CustomerRow, type Page } from '@tfb/contract';
import { api } from '../../lib/api-client';

import { CUSTOMERS_KEY, customersListKey, type CustomerListParams } from './customers-key';

export { CUSTOMERS_KEY, type CustomerListParams };

export function getCustomers(params: CustomerListParams, signal?: AbortSignal): Promise<Page<CustomerRow>> {
  return api.get(CUSTOMER_PATHS.list, { query: params, schema: CustomerPageSchema, signal });
}

export const customersQueryOptions = (params: CustomerListParams) =>
  queryOptions({
    queryKey: customersListKey(params),
    queryFn: ({ signal }) => getCustomers(params, signal),
    placeholderData: keepPreviousData,
  });
