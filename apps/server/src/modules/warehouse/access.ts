// Who may see and act on which warehouse rows (spec section 6, Warehouse actions). One place for the rule, used
// by the lists (what to filter, whether to show actions) and by every print and create call (refuse otherwise).
import { WAREHOUSE_MESSAGES, WAREHOUSE_OPERATOR_ORG_ID, type WarehouseDocumentKind, type WarehouseScope } from '@tfb/contract';
import { forbidden } from '../../lib/errors.js';
import { assertOwnEnterprise } from '../../lib/own-enterprise.js';
import type { Session } from '../../plugins/session.js';

export const isWarehouseOperator = (s: Session): boolean => s.orgId === WAREHOUSE_OPERATOR_ORG_ID;

/** Whether the caller may print and create orders from the given list. */
export const canOperate = (s: Session, scope: WarehouseScope): boolean =>
  scope === 'operator' ? isWarehouseOperator(s) : s.warehouseId !== null;

export type ListScope = {
  scope: WarehouseScope;
  /** Rows limited to this warehouse (the second list), or undefined (the whole enterprise). */
  warehouseId: number | undefined;
  canOperate: boolean;
};

/**
 * The scope of a list request: explicit `scope`, else the second list when a warehouseId is sent. An enterpriseId
 * other than the caller's, or a warehouseId other than the caller's own, is refused.
 */
export function listScope(
  s: Session,
  q: { scope?: WarehouseScope | undefined; warehouseId?: number | undefined; enterpriseId?: string | undefined },
): ListScope {
  assertOwnEnterprise(s, q.enterpriseId);
  const scope: WarehouseScope = q.scope ?? (q.warehouseId !== undefined ? 'warehouse' : 'operator');
  if (q.warehouseId !== undefined && q.warehouseId !== s.warehouseId) throw forbidden(WAREHOUSE_MESSAGES.ownWarehouseOnly);
  if (scope === 'warehouse') {
    if (s.warehouseId === null) throw forbidden(WAREHOUSE_MESSAGES.noWarehouse);
    return { scope, warehouseId: s.warehouseId, canOperate: true };
  }
  return { scope, warehouseId: q.warehouseId, canOperate: canOperate(s, scope) };
}

/** The order lists accept an enterpriseId and a warehouseId only when they are the caller's own. */
export function assertOwnOrderFilter(s: Session, q: { enterpriseId?: string | undefined; warehouseId?: number | undefined }): void {
  assertOwnEnterprise(s, q.enterpriseId);
  if (q.warehouseId !== undefined && q.warehouseId !== s.warehouseId) throw forbidden(WAREHOUSE_MESSAGES.ownWarehouseOnly);
}

/**
 * The supervisor filter of a delivery-instruction list: a supervisor may only ask for their own id, and in the
 * second list a supervisor always sees only their own instructions.
 */
export function superviseFilter(s: Session, scope: WarehouseScope, superviseId: string | undefined): string | undefined {
  if (superviseId !== undefined && s.isSupervisor && superviseId !== s.userId) throw forbidden(WAREHOUSE_MESSAGES.ownSupervisorOnly);
  if (scope === 'warehouse' && s.isSupervisor) return s.userId;
  return superviseId;
}

type RowPlace = { warehouseId: number | null; superviseId?: string | null | undefined };

/** May the caller see this row (already known to be of the caller's enterprise) of the kind in the given list? */
export function assertVisible(s: Session, kind: WarehouseDocumentKind, scope: WarehouseScope, row: RowPlace): void {
  if (scope === 'operator') return;
  if (s.warehouseId === null) throw forbidden(WAREHOUSE_MESSAGES.noWarehouse);
  if (row.warehouseId !== s.warehouseId) throw forbidden(WAREHOUSE_MESSAGES.ownWarehouseOnly);
  if (kind.supervised && s.isSupervisor && row.superviseId !== s.userId) {
    throw forbidden(WAREHOUSE_MESSAGES.ownInstructionOnly);
  }
}

/** May the caller print / create an order for this row from the given list? Throws 403 when not. */
export function assertCanAct(s: Session, kind: WarehouseDocumentKind, scope: WarehouseScope, row: RowPlace): void {
  if (scope === 'operator') {
    if (!isWarehouseOperator(s)) throw forbidden(WAREHOUSE_MESSAGES.operatorOnly);
    return;
  }
  assertVisible(s, kind, scope, row);
}
