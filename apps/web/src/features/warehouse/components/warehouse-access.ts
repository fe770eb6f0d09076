// Who sees the print / create-order actions (spec section 6, Warehouse actions): in the first list and its goods
// dialog only the warehouse-operator organisation, matched by the session user's personal organisation id; in the
// second list everyone (the server limits its rows to the caller's warehouse). The server enforces the same rule.
import { WAREHOUSE_OPERATOR_ORG_ID, type SessionUser, type WarehouseScope } from '@tfb/contract';

export const isWarehouseOperator = (user: Pick<SessionUser, 'orgId'> | null | undefined): boolean =>
  user?.orgId === WAREHOUSE_OPERATOR_ORG_ID;

export const showsWarehouseActions = (scope: WarehouseScope, user: Pick<SessionUser, 'orgId'> | null | undefined): boolean =>
  scope === 'warehouse' || isWarehouseOperator(user);
