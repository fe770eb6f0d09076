// The latest approval process of a business row (contract or loan application), for its detail reply: the
// detail page's approval panel opens that process's timeline.
import type { Kysely } from 'kysely';
import type { ProcessBusinessType } from '@tfb/contract';
import type { DB } from '../db/types.js';

export async function latestProcessInstanceId(
  db: Kysely<DB>,
  enterpriseId: string,
  businessType: ProcessBusinessType,
  businessId: number,
): Promise<number | null> {
  const row = await db
    .selectFrom('process_instances')
    .select('id')
    .where('enterprise_id', '=', enterpriseId)
    .where('business_type', '=', businessType)
    .where('business_id', '=', businessId)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.id ?? null;
}
