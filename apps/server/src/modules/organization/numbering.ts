// Business numbers: KEY[-SOURCE]-yyyyMMdd-NNNNN, unique and increasing per key, safe under concurrency
// because the counter advances in one atomic upsert.
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/types.js';

/** The enterprises trade on China Standard Time: a number made at 07:00 there carries that day, not UTC's. */
export const BUSINESS_TIME_ZONE = 'Asia/Shanghai';
const dayFormat = new Intl.DateTimeFormat('en-CA', { timeZone: BUSINESS_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' });

/** yyyyMMdd of an instant on the business calendar, whatever the server's own time zone. */
export const businessDay = (at: Date): string => dayFormat.format(at).replace(/-/g, '');

export async function generateNumber(db: Kysely<DB>, numberKey: string, sourceCode?: string): Promise<string> {
  const period = businessDay(new Date());
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
