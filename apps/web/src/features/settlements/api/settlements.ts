// The settlement calls (GET/POST settlements, GET/PUT settlements/:id): paged list searched by settlement code,
// contract code or counterparty with type (1 receivable, 2 payable) and status filters; one settlement; create and
// update a draft. The contract code, type and counterparty are taken by the server from the picked contract; a
// save changes what the contract still allows.
import type { z } from 'zod';
import { BUSINESS_PATHS, SettlementPageReplySchema, SettlementRowSchema, type ListSettlementsQuerySchema, type SettlementRow } from '@tfb/contract';
import { CONTRACT_LIMITS_KEY } from '../../../components/business/contract-limits';
import { recordKeys, useRecordPage, type RecordEndpoint } from '../../../components/business/record-api';

export const SETTLEMENTS: RecordEndpoint<SettlementRow, SettlementRow> = {
  collection: BUSINESS_PATHS.settlements,
  item: BUSINESS_PATHS.settlement,
  page: SettlementPageReplySchema.shape.data,
  detail: SettlementRowSchema,
  keys: recordKeys('settlements'),
  alsoInvalidates: [CONTRACT_LIMITS_KEY],
};

export type SettlementsQuery = z.input<typeof ListSettlementsQuerySchema>;

export const useSettlements = (params: SettlementsQuery) => useRecordPage(SETTLEMENTS, params);
