// Who may change a business record: only a draft or a record the approval rejected (EDITABLE_STATUSES), and only
// from the version the client read (optimistic locking). A repository reads the row's status and version under a
// row lock and reports the outcome; the route turns it into 404/409.
import { sql, type Kysely, type RawBuilder } from 'kysely';
import { BUSINESS_MESSAGES, isEditableStatus, readOnlyMessage } from '@tfb/contract';
import type { DB } from '../db/types.js';
import { conflict, notFound } from './errors.js';

export type SaveOutcome = { kind: 'saved' } | { kind: 'missing' } | { kind: 'readOnly'; status: string } | { kind: 'stale' };

export const SAVED: SaveOutcome = { kind: 'saved' };
export const MISSING: SaveOutcome = { kind: 'missing' };
export const STALE = { kind: 'stale' } as const satisfies SaveOutcome;

/** The outcome for a row found in `status`, or undefined when it may be changed. */
export const refuseUnlessEditable = (status: string): SaveOutcome | undefined =>
  isEditableStatus(status) ? undefined : { kind: 'readOnly', status };

/**
 * The outcome for a row stored at `stored` that a client sends back as `sent`, or undefined when they match.
 * `sent` undefined: the call's body may omit it (only the spec's address edit), so it is not checked.
 */
export const refuseIfStale = (stored: number, sent: number | undefined): SaveOutcome | undefined =>
  sent === undefined || sent === stored ? undefined : STALE;

/** The SET value of every update of a versioned record (edits and approval status changes alike). */
export const nextVersion = (): RawBuilder<number> => sql<number>`version + 1`;

type EditableTable = 'contracts' | 'loan_applications' | 'sales_orders' | 'purchase_orders' | 'projects' | 'settlements';
type VersionedTable = 'goods' | 'delivery_addresses';

/**
 * Locks the enterprise's row `id` of `table` (inside the caller's transaction, ordering this edit against a
 * concurrent submit or edit) and answers why it may not be changed, or undefined when it may.
 */
export async function lockForEdit(
  trx: Kysely<DB>,
  table: EditableTable,
  enterpriseId: string,
  id: number,
  version: number | undefined,
): Promise<SaveOutcome | undefined> {
  const current = await trx
    .selectFrom(table)
    .select(['status', 'version'])
    .where('enterprise_id', '=', enterpriseId)
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
  if (!current) return MISSING;
  return refuseIfStale(current.version, version) ?? refuseUnlessEditable(current.status);
}

/** The same lock and version check for records without a status (goods, live delivery addresses). */
export async function lockVersion(
  trx: Kysely<DB>,
  table: VersionedTable,
  enterpriseId: string,
  id: number,
  version: number | undefined,
): Promise<SaveOutcome | undefined> {
  let q = trx.selectFrom(table).select('version').where('enterprise_id', '=', enterpriseId).where('id', '=', id);
  if (table === 'delivery_addresses') q = q.where('is_delete', '=', 0);
  const current = await q.forUpdate().executeTakeFirst();
  if (!current) return MISSING;
  return refuseIfStale(current.version, version);
}

/** 404 for a missing record, 409 for a stale version or a read-only status. */
export function assertSaved(outcome: SaveOutcome, what: string): void {
  if (outcome.kind === 'missing') throw notFound(what);
  if (outcome.kind === 'stale') throw conflict(BUSINESS_MESSAGES.staleVersion);
  if (outcome.kind === 'readOnly') throw conflict(readOnlyMessage(outcome.status));
}
