// GET loanApplications/:id: the application with its own documents and its latest approval process.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { BUSINESS_PATHS, LoanDetailSchema, type LoanDetail } from '@tfb/contract';
import { api } from '../../../lib/api-client';
import { loanKeys } from './keys';

export function getLoan(id: number, signal?: AbortSignal): Promise<LoanDetail> {
  return api.get(BUSINESS_PATHS.loan.replace(':id', String(id)), { schema: LoanDetailSchema, signal });
}

export const loanQueryOptions = (id: number) => queryOptions({ queryKey: loanKeys.detail(id), queryFn: ({ signal }) => getLoan(id, signal) });

export function useLoan(id: number | null) {
  return useQuery({ ...loanQueryOptions(id ?? 0), enabled: id !== null, retry: false });
}
