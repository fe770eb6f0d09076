// The query keys of the enterprise's customers (their list and details), apart from the calls that fetch them, so a
// form can name the list's cache without loading the customer schemas before it needs them.
export const CUSTOMERS_KEY = ['customers', 'enterprises'] as const;

export type CustomerListParams = { pageNumber: number; pageSize: number; search?: string | undefined };

export const customersListKey = (params: CustomerListParams) => [...CUSTOMERS_KEY, 'list', params] as const;
