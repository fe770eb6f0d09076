// The loan-application record kind: GET/POST loanApplications (a paged list searched by form number, applicant,
// contract or company, with creation-date and status filters; create) and GET/PUT loanApplications/:id (one
// application with its own documents and its latest approval process; update a draft or rejected one), and where
// its screens are. The contract number, amount and company are taken by the server from the picked contract; a
// save changes what the contract still allows.
import { BUSINESS_PATHS, ListLoansQuerySchema, LoanDetailSchema, LoanPageReplySchema } from '@tfb/contract';
import { CONTRACT_LIMITS_KEY } from '../../../components/business/contract-limits';
import { recordKeys } from '../../../components/business/record-api';
import { recordKind, recordPaths } from '../../../components/business/record-screens';

export const LOANS = recordKind({
  paths: recordPaths('/funds/loans'),
  write: 'funds:write',
  audit: 'loan',
  collection: BUSINESS_PATHS.loans,
  item: BUSINESS_PATHS.loan,
  keys: recordKeys('loans'),
  query: ListLoansQuerySchema,
  page: LoanPageReplySchema.shape.data,
  detail: LoanDetailSchema,
  alsoInvalidates: [CONTRACT_LIMITS_KEY],
});
