// The contract calls (GET/POST contracts, GET/PUT contracts/:id): one type's contracts, paged and searched by
// code, paper number, name or counterparty with a status filter; one contract with its goods lines, documents and
// delivery address; create and update a draft (header, goods and documents in one call).
import type { z } from 'zod';
import { BUSINESS_PATHS, ContractDetailSchema, ContractPageReplySchema, type ContractDetail, type ContractRow, type ListContractsQuerySchema } from '@tfb/contract';
import { recordKeys, useRecordPage, type RecordEndpoint } from '../../../components/business/record-api';

export const CONTRACTS: RecordEndpoint<ContractRow, ContractDetail> = {
  collection: BUSINESS_PATHS.contracts,
  item: BUSINESS_PATHS.contract,
  page: ContractPageReplySchema.shape.data,
  detail: ContractDetailSchema,
  keys: recordKeys('contracts'),
};

export type ContractsQuery = z.input<typeof ListContractsQuerySchema>;

export const useContracts = (params: ContractsQuery) => useRecordPage(CONTRACTS, params);
