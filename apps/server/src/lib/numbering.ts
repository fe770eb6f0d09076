// Business numbers: by default KEY[-SOURCE]-yyyyMMdd-NNNNN, counting from 1 each day per (enterprise, key); an
// enterprise's administrator may change a key's rule (prefix, date part, sequence width, reset period: number_rules).
// Unique under concurrency and across rule changes (see generateNumber). One enterprise's numbers never advance another's.
// The demo seed writes its codes in the same format and advances the same counters (see seed-business.ts).
import { sql, type Kysely, type Transaction } from 'kysely';
import {
  defaultNumberRule,
  formatRuleNumber,
  numberStem,
  renderDatePart,
  type BusinessDate,
  type NumberDatePart,
  type NumberResetPeriod,
  type NumberRule,
} from '@tfb/contract';
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
  productSigning: 'QY',
  deliveryApplication: 'THSQ',
} as const;

/** The one format of business numbers, generated or seeded. The counter is never cut: past 99999 it grows a digit. */
export const formatNumber = (numberKey: string, period: string, value: number, sourceCode?: string): string => {
  const source = sourceCode ? sourceCode.replace(/[^A-Za-z0-9]/g, '').slice(0, 16) : '';
  return `${numberKey}${source ? `-${source}` : ''}-${period}-${String(value).padStart(5, '0')}`;
};

/** The date of an instant on the business calendar (China Standard Time), as digits. */
export const businessDate = (at: Date): BusinessDate => {
  const [year, month, day] = dayFormat.format(at).split('-') as [string, string, string];
  return { year, month, day };
};

type Db = Kysely<DB> | Transaction<DB>;

/** The enterprise's rule for numberKey, or the default rule (KEY-yyyyMMdd-NNNNN, reset daily). */
export async function numberRuleOf(
  db: Db,
  enterpriseId: string,
  numberKey: string,
): Promise<NumberRule & { stored: boolean; version: number }> {
  const row = await db
    .selectFrom('number_rules')
    .select(['prefix', 'date_part', 'sequence_width', 'reset_period', 'version'])
    .where('enterprise_id', '=', enterpriseId)
    .where('number_key', '=', numberKey)
    .executeTakeFirst();
  if (!row) return { ...defaultNumberRule(numberKey), stored: false, version: 0 };
  return {
    numberKey,
    prefix: row.prefix,
    datePart: row.date_part as NumberDatePart,
    sequenceWidth: row.sequence_width,
    resetPeriod: row.reset_period as NumberResetPeriod,
    stored: true,
    version: row.version,
  };
}

/**
 * The reset counter of a rule for a date: one per day, month, year, or one for ever. The daily one is the key's
 * original per-day counter (period yyyyMMdd), so a key whose rule was never changed counts exactly as before.
 */
const resetPeriodKey = (reset: NumberResetPeriod, d: BusinessDate): string =>
  ({ daily: `${d.year}${d.month}${d.day}`, monthly: `M:${d.year}${d.month}`, yearly: `Y:${d.year}`, never: 'N' })[reset];

type CounterKey = { number_key: string; period: string };
const STEM_KEY = '#';

/**
 * The counters that keep numbers with one stem unique, in the order they are locked: the stem's own counter (key
 * '#'), and for a stem ending in yyyyMMdd the per-day counter of its prefix, which numbers issued before number
 * rules existed (KEY[-SOURCE]-yyyyMMdd) and the demo seed advanced.
 */
const stemCounters = (rule: NumberRule, d: BusinessDate, sourceCode?: string): CounterKey[] => [
  { number_key: STEM_KEY, period: `S:${numberStem(rule, d, sourceCode)}` },
  ...(rule.datePart === 'yyyyMMdd' ? [{ number_key: rule.prefix, period: renderDatePart('yyyyMMdd', d) }] : []),
];

/**
 * The next number of the enterprise's sequence for numberKey under its rule. The sequence is the rule's reset
 * counter; uniqueness comes from the stem counter: a number is issued only above every number its stem ever had,
 * with the stem's counter locked until the transaction ends, so a changed prefix, date part or reset period never
 * repeats a number, and concurrent generations never meet.
 */
export async function generateNumber(db: Kysely<DB>, enterpriseId: string, numberKey: string, sourceCode?: string): Promise<string> {
  const run = async (trx: Kysely<DB>): Promise<string> => {
    const rule = await numberRuleOf(trx, enterpriseId, numberKey);
    const d = businessDate(new Date());
    const key = (k: CounterKey) => ({ enterprise_id: enterpriseId, ...k });
    const floors = stemCounters(rule, d, sourceCode);
    let floor = 0;
    for (const stem of floors) {
      // Locks the counter until the transaction ends (an upsert that changes nothing still takes the row lock).
      const row = await trx
        .insertInto('number_sequences')
        .values({ ...key(stem), last_value: 0 })
        .onConflict((oc) =>
          oc.columns(['enterprise_id', 'number_key', 'period']).doUpdateSet({ last_value: sql<number>`number_sequences.last_value` }),
        )
        .returning('last_value')
        .executeTakeFirstOrThrow();
      floor = Math.max(floor, Number(row.last_value));
    }
    const next = await trx
      .insertInto('number_sequences')
      .values({ ...key({ number_key: numberKey, period: resetPeriodKey(rule.resetPeriod, d) }), last_value: floor + 1 })
      .onConflict((oc) =>
        oc
          .columns(['enterprise_id', 'number_key', 'period'])
          .doUpdateSet({ last_value: sql<number>`greatest(number_sequences.last_value + 1, ${floor + 1})` }),
      )
      .returning('last_value')
      .executeTakeFirstOrThrow();
    const value = Number(next.last_value);
    for (const stem of floors) {
      await trx
        .updateTable('number_sequences')
        .set({ last_value: sql<number>`greatest(last_value, ${value})` })
        .where('enterprise_id', '=', enterpriseId)
        .where('number_key', '=', stem.number_key)
        .where('period', '=', stem.period)
        .execute();
    }
    return formatRuleNumber(rule, d, value, sourceCode);
  };
  return db.isTransaction ? run(db) : db.transaction().execute(run);
}

/** The number the next generation would issue now under `rule` (nothing is reserved). */
export async function previewNumber(db: Db, enterpriseId: string, rule: NumberRule, at: Date = new Date()): Promise<string> {
  const d = businessDate(at);
  const reset = { number_key: rule.numberKey, period: resetPeriodKey(rule.resetPeriod, d) };
  const counters = [...stemCounters(rule, d), reset];
  const rows = await db
    .selectFrom('number_sequences')
    .select(['number_key', 'period', 'last_value'])
    .where('enterprise_id', '=', enterpriseId)
    .where((eb) => eb.or(counters.map((k) => eb.and([eb('number_key', '=', k.number_key), eb('period', '=', k.period)]))))
    .execute();
  const last = Math.max(0, ...rows.map((r) => Number(r.last_value)));
  return formatRuleNumber(rule, d, last + 1);
}
