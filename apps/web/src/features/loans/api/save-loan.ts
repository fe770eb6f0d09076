// POST loanApplications (create) and PUT loanApplications/:id (update a draft or rejected one), with the
// application's document rows. The contract number, amount and company are taken by the server from the picked
// contract.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { BUSINESS_PATHS, LoanDetailSchema, type LoanDetail, type SaveLoanBody } from '@tfb/contract';
import type { RecordRef } from '../../../components/business/stale-version';
import { api } from '../../../lib/api-client';
import { loanKeys } from './keys';

export type SaveLoanArgs = RecordRef & { body: SaveLoanBody };

export function saveLoan(args: SaveLoanArgs): Promise<LoanDetail> {
  const { body } = args;
  return args.id === null
    ? api.post(BUSINESS_PATHS.loans, { body, schema: LoanDetailSchema })
    : api.put(BUSINESS_PATHS.loan.replace(':id', String(args.id)), { body: { ...body, version: args.version }, schema: LoanDetailSchema });
}

export function useSaveLoan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveLoan,
    onSuccess: (saved) => {
      queryClient.setQueryData(loanKeys.detail(saved.id), saved);
      void queryClient.invalidateQueries({ queryKey: loanKeys.lists() });
      // What the contracts still allow has changed.
      void queryClient.invalidateQueries({ queryKey: loanKeys.contracts() });
    },
  });
}
