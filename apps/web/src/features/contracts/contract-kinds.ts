// The contract screens: one per contract type, each under /contracts/<slug> with add, edit and detail pages.
import { CONTRACT_TYPE_PREFIX, PURCHASE_CONTRACT_KEY, type ContractTypeKey, type ContractTypeSuffix } from '@tfb/contract';

export const CONTRACT_KINDS = {
  purchase: 'CGHT',
  sales: 'XSHT',
  logistics: 'WLHT',
  supervision: 'JGHT',
  assay: 'HYHT',
  guarantee: 'DBHT',
  other: 'QTHT',
} as const satisfies Record<string, ContractTypeSuffix>;

export type ContractKind = keyof typeof CONTRACT_KINDS;
export const CONTRACT_KIND_SLUGS = Object.keys(CONTRACT_KINDS) as ContractKind[];

export const contractTypeOf = (kind: ContractKind): ContractTypeKey => `${CONTRACT_TYPE_PREFIX}${CONTRACT_KINDS[kind]}`;

/** Purchase and sales contracts carry goods, a delivery address and an order. */
export const isTradeKind = (kind: ContractKind): boolean => kind === 'purchase' || kind === 'sales';
export const isPurchaseKind = (kind: ContractKind): boolean => contractTypeOf(kind) === PURCHASE_CONTRACT_KEY;

/** The screen a contract type belongs to (null for the order types, which have no contract screen). */
export const kindOfType = (contractType: string): ContractKind | null =>
  CONTRACT_KIND_SLUGS.find((k) => contractTypeOf(k) === contractType) ?? null;
