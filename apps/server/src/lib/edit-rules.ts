// Who may change a business record: only a draft or a record the approval rejected (EDITABLE_STATUSES).
// A repository reads the row's status under a row lock and reports the outcome; the route turns it into 404/409.
import type { Kysely } from 'kysely';
import { isEditableStatus, readOnlyMessage } from '@tfb/contract';
import type { DB } from '../db/types.js';
import { conflict, notFound } from './errors.js';

export type SaveOutcome = { kind: 'saved' } | { kind: 'missing' } | { kind: 'readOnly'; status: string };

export const SAVED: SaveOutcome = { kind: 'saved' };
export const MISSING: SaveOutcome = { kind: 'missing' };

/** The outcome for a row found in `status`, or undefined when it may be changed. */
export const refuseUnlessEditable = (status: string): SaveOutcome | undefined =>
  isEditableStatus(status) ? undefined : { kind: 'readOnly', status };

type EditableTable = 'contracts' | 'loan_applications' | 'sales_orders' | 'purchase_orders';

/**
 * Locks the enterprise's row `id` of `table` (inside the caller's transaction, ordering this edit against a
 * concurrent submit) and answers why it may not be changed, or undefined when it may.
 */
export async function lockForEdit(trx: Kysely<DB>, table: EditableTable, enterpriseId: string, id: number): Promise<SaveOutcome | undefined> {
  const current = await trx
    .selectFrom(table)
    .select('status')
    .where('enterprise_id', '=', enterpriseId)
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
  return current ? refuseUnlessEditable(current.status) : MISSING;
}

/** 404 for a missing record, 409 with the status's message for a read-only one. */
export function assertSaved(outcome: SaveOutcome, what: string): void {
  if (outcome.kind === 'missing') throw notFound(what);
  if (outcome.kind === 'readOnly') throw conflict(readOnlyMessage(outcome.status));
}
