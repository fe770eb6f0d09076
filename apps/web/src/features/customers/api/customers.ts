// The customer calls (list, detail, create, update, delete) with their query options, and the risk records that
// name a customer (companyRiskPage searched by its name). Saves and deletes invalidate the customers key.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  CUSTOMER_PATHS,
  CompanyRiskPageReplySchema,
  CustomerDeletedReplySchema,
  CustomerReplySchema,
  RISK_PATHS,
  customerPath,
  type CompanyRiskRecord,
  type CustomerDetail,
  type Page,
  type SaveCustomerBody,
  type UpdateCustomerBody,
} from '@tfb/contract';
import { CUSTOMERS_KEY, customersQueryOptions, type CustomerListParams } from '../../../components/business/get-customers';
import { api } from '../../../lib/api-client';

export const useCustomers = (params: CustomerListParams) => useQuery(customersQueryOptions(params));

export function getCustomer(id: number, signal?: AbortSignal): Promise<CustomerDetail> {
  return api.get(customerPath(id), { schema: CustomerReplySchema.shape.data, signal });
}

export const customerQueryOptions = (id: number) =>
  queryOptions({ queryKey: [...CUSTOMERS_KEY, 'detail', id], queryFn: ({ signal }) => getCustomer(id, signal) });
export const useCustomer = (id: number | null) => useQuery({ ...customerQueryOptions(id ?? 0), enabled: id !== null });

export const createCustomer = (body: SaveCustomerBody): Promise<CustomerDetail> =>
  api.post(CUSTOMER_PATHS.list, { body, schema: CustomerReplySchema.shape.data });

export const updateCustomer = (id: number, body: UpdateCustomerBody): Promise<CustomerDetail> =>
  api.put(customerPath(id), { body, schema: CustomerReplySchema.shape.data });

export const deleteCustomer = (id: number): Promise<{ id: number }> =>
  api.delete(customerPath(id), { schema: CustomerDeletedReplySchema.shape.data });

/** Save (create, or update from the version read); the lists and details refresh after. */
export function useSaveCustomer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: SaveCustomerBody & { version?: number } }) =>
      id === null ? createCustomer(body) : updateCustomer(id, { ...body, version: body.version ?? 1 }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: CUSTOMERS_KEY }),
  });
}

export function useDeleteCustomer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCustomer,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: CUSTOMERS_KEY }),
  });
}

/** The enterprise's risk records naming the customer (the risk view's search by company), newest first. */
export function getCustomerRisks(companyName: string, signal?: AbortSignal): Promise<Page<CompanyRiskRecord>> {
  return api.get(RISK_PATHS.page, {
    query: { pageNumber: 0, pageSize: 50, blurry: companyName },
    schema: CompanyRiskPageReplySchema.shape.data,
    signal,
  });
}
export const useCustomerRisks = (companyName: string | undefined, enabled: boolean) =>
  useQuery({
    queryKey: ['customers', 'risks', companyName ?? ''],
    queryFn: ({ signal }) => getCustomerRisks(companyName ?? '', signal),
    enabled: enabled && !!companyName,
  });
