// Who may change a business record: only a draft or a record the approval rejected (EDITABLE_STATUSES).
// A repository reads the row's status under a row lock and reports the outcome; the route turns it into 404/409.
import { isEditableStatus, readOnlyMessage } from '@tfb/contract';
import { conflict, notFound } from './errors.js';

export type SaveOutcome = { kind: 'saved' } | { kind: 'missing' } | { kind: 'readOnly'; status: string };

export const SAVED: SaveOutcome = { kind: 'saved' };
export const MISSING: SaveOutcome = { kind: 'missing' };

/** The outcome for a row found in `status`, or undefined when it may be changed. */
export const refuseUnlessEditable = (status: string): SaveOutcome | undefined =>
  isEditableStatus(status) ? undefined : { kind: 'readOnly', status };

/** 404 for a missing record, 409 with the status's message for a read-only one. */
export function assertSaved(outcome: SaveOutcome, what: string): void {
  if (outcome.kind === 'missing') throw notFound(what);
  if (outcome.kind === 'readOnly') throw conflict(readOnlyMessage(outcome.status));
}
