// The contract record kind: GET/POST contracts (one type's contracts, paged and searched by code, paper number,
// name or counterparty, with a status filter; create) and GET/PUT contracts/:id (one contract with its goods lines,
// documents and delivery address; update a draft: header, goods and documents in one call), and where the screens
// of each contract type are.
import { BUSINESS_PATHS, ContractDetailSchema, ContractPageReplySchema, ListContractsQuerySchema } from '@tfb/contract';
import { recordKeys } from '../../../components/business/record-api';
import { recordKind, recordPaths } from '../../../components/business/record-screens';
import type { ContractKind } from '../contract-kinds';

const CONTRACT_CALLS = {
  collection: BUSINESS_PATHS.contracts,
  item: BUSINESS_PATHS.contract,
  keys: recordKeys('contracts'),
  query: ListContractsQuerySchema,
  page: ContractPageReplySchema.shape.data,
  detail: ContractDetailSchema,
};

/** The contracts of one type: their screens are /contracts/<slug> with add, edit and detail under it. */
export const contractRecords = (kind: ContractKind) =>
  recordKind({ ...CONTRACT_CALLS, paths: recordPaths(`/contracts/${kind}`), write: 'contracts:write', audit: 'contract' });
