// Business numbers: KEY[-SOURCE]-yyyyMMdd-NNNNN, unique and increasing per (enterprise, key, day), safe under
// concurrency because the counter advances in one atomic upsert. One enterprise's numbers never advance another's.
// The demo seed writes its codes in the same format and advances the same counters (see seed-business.ts).
import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/types.js';

/** The enterprises trade on China Standard Time: a number made at 07:00 there carries that day, not UTC's. */
export const BUSINESS_TIME_ZONE = 'Asia/Shanghai';
const dayFormat = new Intl.DateTimeFormat('en-CA', { timeZone: BUSINESS_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' });

/** yyyyMMdd of an instant on the business calendar, whatever the server's own time zone. */
export const businessDay = (at: Date): string => dayFormat.format(at).replace(/-/g, '');

/** The keys of the business codes the server numbers (contracts use their type suffix, e.g. CGHT). */
export const NUMBER_KEYS = {
  salesOrder: 'XSDD',
  purchaseOrder: 'CGDD',
  project: 'XM',
  loan: 'DK',
  settlement: 'JS',
  goods: 'SP',
  inStorageNotice: 'RK',
  deliveryInstruction: 'TH',
  inStorageOrder: 'RKD',
  outboundOrder: 'CKD',
  deliveryApplication: 'THSQ',
} as const;

/** The one format of business numbers, generated or seeded. The counter is never cut: past 99999 it grows a digit. */
export const formatNumber = (numberKey: string, period: string, value: number, sourceCode?: string): string => {
  const source = sourceCode ? sourceCode.replace(/[^A-Za-z0-9]/g, '').slice(0, 16) : '';
  return `${numberKey}${source ? `-${source}` : ''}-${period}-${String(value).padStart(5, '0')}`;
};

/** The next number of the enterprise's sequence for numberKey today. */
export async function generateNumber(db: Kysely<DB>, enterpriseId: string, numberKey: string, sourceCode?: string): Promise<string> {
  const period = businessDay(new Date());
  const row = await db
    .insertInto('number_sequences')
    .values({ enterprise_id: enterpriseId, number_key: numberKey, period, last_value: 1 })
    .onConflict((oc) =>
      oc.columns(['enterprise_id', 'number_key', 'period']).doUpdateSet({ last_value: sql<number>`number_sequences.last_value + 1` }),
    )
    .returning('last_value')
    .executeTakeFirstOrThrow();
  return formatNumber(numberKey, period, Number(row.last_value), sourceCode);
}
