// The loan-application calls (GET/POST loanApplications, GET/PUT loanApplications/:id): paged list searched by
// form number, applicant, contract or company with creation-date and status filters; one application with its own
// documents and its latest approval process; create and update a draft or rejected one. The contract number, amount
// and company are taken by the server from the picked contract; a save changes what the contract still allows.
import type { z } from 'zod';
import { BUSINESS_PATHS, LoanDetailSchema, LoanPageReplySchema, type ListLoansQuerySchema, type LoanDetail, type LoanRow } from '@tfb/contract';
import { CONTRACT_LIMITS_KEY } from '../../../components/business/contract-limits';
import { recordKeys, useRecordPage, type RecordEndpoint } from '../../../components/business/record-api';

export const LOANS: RecordEndpoint<LoanRow, LoanDetail> = {
  collection: BUSINESS_PATHS.loans,
  item: BUSINESS_PATHS.loan,
  page: LoanPageReplySchema.shape.data,
  detail: LoanDetailSchema,
  keys: recordKeys('loans'),
  alsoInvalidates: [CONTRACT_LIMITS_KEY],
};

export type LoansQuery = z.input<typeof ListLoansQuerySchema>;

export const useLoans = (params: LoansQuery) => useRecordPage(LOANS, params);
