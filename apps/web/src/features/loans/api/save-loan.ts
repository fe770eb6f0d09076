// POST loanApplications (create) and PUT loanApplications/:id (update a draft). The contract number, amount
// and company are taken by the server from the picked contract.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { BUSINESS_PATHS, LoanRowSchema, type LoanRow, type SaveLoanBody } from '@tfb/contract';
import { api } from '../../../lib/api-client';
import { loanKeys } from './keys';

export type SaveLoanArgs = { id: number | null; body: SaveLoanBody };

export function saveLoan({ id, body }: SaveLoanArgs): Promise<LoanRow> {
  return id === null
    ? api.post(BUSINESS_PATHS.loans, { body, schema: LoanRowSchema })
    : api.put(BUSINESS_PATHS.loan.replace(':id', String(id)), { body, schema: LoanRowSchema });
}

export function useSaveLoan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveLoan,
    onSuccess: (saved) => {
      queryClient.setQueryData(loanKeys.detail(saved.id), saved);
      void queryClient.invalidateQueries({ queryKey: loanKeys.lists() });
    },
  });
}
