// The settlement record kind: GET/POST settlements (a paged list searched by settlement code, contract code or
// counterparty, with type and status filters; create) and GET/PUT settlements/:id (one settlement; update a draft),
// and where its screens are. The contract code, type and counterparty are taken by the server from the picked
// contract; a save changes what the contract still allows.
import { BUSINESS_PATHS, ListSettlementsQuerySchema, SettlementPageReplySchema, SettlementRowSchema } from '@tfb/contract';
import { CONTRACT_LIMITS_KEY } from '../../../components/business/contract-limits';
import { recordKeys } from '../../../components/business/record-api';
import { recordKind, recordPaths } from '../../../components/business/record-screens';

export const SETTLEMENTS = recordKind({
  paths: recordPaths('/funds/settlement'),
  write: 'funds:write',
  audit: 'settlement',
  collection: BUSINESS_PATHS.settlements,
  item: BUSINESS_PATHS.settlement,
  keys: recordKeys('settlements'),
  query: ListSettlementsQuerySchema,
  page: SettlementPageReplySchema.shape.data,
  detail: SettlementRowSchema,
  alsoInvalidates: [CONTRACT_LIMITS_KEY],
});
