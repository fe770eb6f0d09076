// Who may change a business record: only a draft or a record the approval rejected (EDITABLE_STATUSES), and only
// from the version the client read (optimistic locking). A repository reads the row's status and version under a
// row lock and reports the outcome with the saved record read back in the same transaction; the route answers
// the record, or turns a refusal into 404/409.
import { sql, type Kysely, type RawBuilder } from 'kysely';
import { BUSINESS_MESSAGES, isEditableStatus, readOnlyMessage, type AuditEntity } from '@tfb/contract';
import type { DB } from '../db/types.js';
import { auditWrite, type AuditActor } from './audit.js';
import { conflict, notFound } from './errors.js';
import { ownedById } from './owned.js';

/** Why an edit changed nothing. */
export type Refusal = { kind: 'missing' } | { kind: 'readOnly'; status: string } | { kind: 'stale' };

/** An edit's outcome: the saved record, read back inside the edit's transaction, or why it was refused. */
export type SaveOutcome<T> = { kind: 'saved'; record: T } | Refusal;

export const MISSING: Refusal = { kind: 'missing' };
export const STALE = { kind: 'stale' } as const satisfies Refusal;

export const saved = <T>(record: T): SaveOutcome<T> => ({ kind: 'saved', record });

/**
 * A record the transaction has just written, read back within it. Its absence is a fault of the server (a 500),
 * never something the client did.
 */
export function writtenRecord<T>(record: T | undefined, what: string): T {
  if (record === undefined) throw new Error(`${what} written in this transaction cannot be read back`);
  return record;
}

/**
 * The record a create or update has just written, read back within its transaction (`readBack`), with the write
 * recorded in the audit trail against `before` (null for a create).
 */
export async function auditedRecord<T extends object>(
  trx: Kysely<DB>,
  actor: AuditActor,
  entity: AuditEntity,
  entityId: number,
  before: T | null | undefined,
  readBack: Promise<T | undefined>,
  ignore: readonly string[] = [],
): Promise<T> {
  const after = writtenRecord(await readBack, entity);
  await auditWrite(trx, actor, entity, entityId, before, after, ignore);
  return after;
}

/** The outcome for a row found in `status`, or undefined when it may be changed. */
export const refuseUnlessEditable = (status: string): Refusal | undefined =>
  isEditableStatus(status) ? undefined : { kind: 'readOnly', status };

/**
 * The outcome for a row stored at `stored` that a client sends back as `sent`, or undefined when they match.
 * `sent` undefined: the call's body may omit it (only the spec's address edit, 7.1), so it is not checked.
 */
export const refuseIfStale = (stored: number, sent: number | undefined): Refusal | undefined =>
  sent === undefined || sent === stored ? undefined : STALE;

/** The SET value of every update of a versioned record (edits and approval status changes alike). */
export const nextVersion = (): RawBuilder<number> => sql<number>`version + 1`;

export type EditableTable =
  'contracts' | 'loan_applications' | 'sales_orders' | 'purchase_orders' | 'projects' | 'settlements' | 'product_signings';
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
): Promise<Refusal | undefined> {
  const current = await ownedById(trx.selectFrom(table).select(['status', 'version']), enterpriseId, id)
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
): Promise<Refusal | undefined> {
  let q = ownedById(trx.selectFrom(table).select('version'), enterpriseId, id);
  if (table === 'delivery_addresses') q = q.where('is_delete', '=', 0);
  const current = await q.forUpdate().executeTakeFirst();
  if (!current) return MISSING;
  return refuseIfStale(current.version, version);
}

/** The saved record; 404 for a missing record, 409 for a stale version or a read-only status. */
export function assertSaved<T>(outcome: SaveOutcome<T>, what: string): T {
  switch (outcome.kind) {
    case 'saved':
      return outcome.record;
    case 'missing':
      throw notFound(what);
    case 'stale':
      throw conflict(BUSINESS_MESSAGES.staleVersion);
    case 'readOnly':
      throw conflict(readOnlyMessage(outcome.status));
  }
}
