// Business numbers: KEY[-SOURCE]-yyyyMMdd-NNNNN, unique and increasing per key, safe under concurrency
// because the counter advances in one atomic upsert.
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/types.js';

export async function generateNumber(db: Kysely<DB>, numberKey: string, sourceCode?: string): Promise<string> {
  const now = new Date();
  const period = now.toISOString().slice(0, 10).replace(/-/g, '');
  const row = await db
    .insertInto('number_sequences')
    .values({ number_key: numberKey, period, last_value: 1 })
    .onConflict((oc) =>
      oc.columns(['number_key', 'period']).doUpdateSet({ last_value: sql<number>`number_sequences.last_value + 1` }),
    )
    .returning('last_value')
    .executeTakeFirstOrThrow();
  const source = sourceCode ? `${sourceCode.replace(/[^A-Za-z0-9]/g, '').slice(0, 16)}` : '';
  return `${numberKey}${source ? `-${source}` : ''}-${period}-${String(row.last_value).padStart(5, '0')}`;
}
