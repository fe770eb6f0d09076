// The seeded approval processes a test looks up to act on or compare with what a call answers.
import type { Kysely } from 'kysely';
import type { DB } from '../../src/db/types.js';

export type ProcessStatus = 'running' | 'approved' | 'rejected';

/** The enterprise's process instances in `status` (of records of `businessType` when given): the process id and
 * the id of the record it approves. */
export function processesOf(db: Kysely<DB>, enterpriseId: string, status: ProcessStatus, businessType?: string) {
  const q = db
    .selectFrom('process_instances')
    .select(['id', 'business_id'])
    .where('enterprise_id', '=', enterpriseId)
    .where('status', '=', status);
  return businessType === undefined ? q : q.where('business_type', '=', businessType);
}
