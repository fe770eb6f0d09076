// Reusable field schemas for request bodies and query strings: text PostgreSQL accepts (no NUL), real
// calendar dates, database-safe ids and amounts. A value the database would refuse fails here, as a 400.
import { z } from 'zod';
import { LIMIT_MESSAGES, MONEY_MAX, MONEY_SCALE, QUANTITY_MAX, QUANTITY_SCALE, decimalsOf } from './limits.js';

/** PostgreSQL text cannot hold NUL: every text input refuses it, as a 400 naming the field, never a database error. */
export const NUL_MESSAGE = '不能包含空字符';
export const noNul = (s: string): boolean => !s.includes('\u0000');

/** The one way a request schema takes text: a string without NUL. Every text builder below starts here, and a
 * one-off text field (a token, a code, a login name) uses it instead of a bare z.string(). */
export const inputString = (params?: Parameters<typeof z.string>[0]) => z.string(params).refine(noNul, NUL_MESSAGE);

/** Trimmed text up to `max` characters; `message` is used when it is missing or empty. */
export const requiredText = (message: string, max = 100) =>
  inputString({ error: message })
    .trim()
    .min(1, { error: message, abort: true })
    .max(max, `不能超过 ${max} 个字符`);

/** Optional trimmed text; missing, null and '' become ''. */
export const optionalText = (max = 100) =>
  z.preprocess(
    (v) => (v === undefined || v === null ? '' : v),
    inputString({ error: '必须是文本' })
      .trim()
      .max(max, `不能超过 ${max} 个字符`),
  );

/** A search box value: optional, trimmed, '' means no filter. */
export const searchText = (max = 100) =>
  z.preprocess(
    (v) => (v === null || (typeof v === 'string' && v.trim() === '') ? undefined : v),
    inputString()
      .trim()
      .max(max, `不能超过 ${max} 个字符`)
      .optional(),
  );

const isRealDate = (s: string) => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(s)) return false;
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s && d.getUTCFullYear() >= 1900 && d.getUTCFullYear() <= 9999;
};

/** A calendar date yyyy-MM-dd (2024-02-30 is refused). */
export const isoDate = (message = '日期格式应为 yyyy-MM-dd') => inputString({ error: message }).refine(isRealDate, message);

/** An optional date: missing, null and '' become null. */
export const optionalIsoDate = (message = '日期格式应为 yyyy-MM-dd') =>
  z.preprocess((v) => (v === undefined || v === '' ? null : v), isoDate(message).nullable());

/** A date filter in a query string: '' means no filter. */
export const queryIsoDate = (message = '日期格式应为 yyyy-MM-dd') =>
  z.preprocess((v) => (v === '' || v === null ? undefined : v), isoDate(message).optional());

/** A row id (bigint column, kept within JavaScript's safe integers). */
export const rowId = (message = '必须是正整数') =>
  z.coerce.number({ error: message }).int(message).positive(message).max(Number.MAX_SAFE_INTEGER, message);

/** An optional reference to another row: missing, null and '' become null. */
export const optionalRowId = (message = '必须是正整数') =>
  z.preprocess((v) => (v === undefined || v === '' ? null : v), rowId(message).nullable());

type Sign = 'positive' | 'nonNegative';

/** A decimal number for a numeric(18, scale) column, named `label` in every message: finite, signed as asked,
 * at most `max`, at most `scale` decimals. What the column would round or refuse is a 400 here instead. */
const decimal = (label: string, scale: number, max: number, tooLarge: string, sign: Sign) =>
  z.coerce
    .number({ error: LIMIT_MESSAGES.notNumber(label) })
    .refine((n) => (sign === 'positive' ? n > 0 : n >= 0), {
      error: sign === 'positive' ? LIMIT_MESSAGES.positive(label) : LIMIT_MESSAGES.notNegative(label),
      abort: true,
    })
    .refine((n) => n <= max, { error: tooLarge, abort: true })
    .refine((n) => decimalsOf(n) <= scale, LIMIT_MESSAGES.tooManyDecimals(label, scale));

/** A business amount (numeric(18,2)): above 0, at most two decimals, at most MONEY_MAX. */
export const money = (label = '金额') => decimal(label, MONEY_SCALE, MONEY_MAX, LIMIT_MESSAGES.tooLargeMoney(label), 'positive');

/** A price that may be 0 (a free line, a catalogue entry without a list price); otherwise like money. */
export const price = (label = '单价') => decimal(label, MONEY_SCALE, MONEY_MAX, LIMIT_MESSAGES.tooLargeMoney(label), 'nonNegative');

/** A business quantity (numeric(18,3)): above 0, at most three decimals, at most QUANTITY_MAX. */
export const quantity = (label = '数量') => decimal(label, QUANTITY_SCALE, QUANTITY_MAX, LIMIT_MESSAGES.tooLargeQuantity(label), 'positive');

/** A measure that may be 0 (one of a warehouse line's two measures, a catalogue weight); otherwise like quantity. */
export const measure = (label: string) => decimal(label, QUANTITY_SCALE, QUANTITY_MAX, LIMIT_MESSAGES.tooLargeQuantity(label), 'nonNegative');

/** An optional price or measure: missing, null and '' become null. */
export const optionalDecimal = <T extends z.ZodType<number>>(schema: T) =>
  z.preprocess((v) => (v === undefined || v === null || v === '' ? null : v), schema.nullable());

/** A 0/1 flag that may arrive as a number or a string. */
export const flag01 = (message = '只能是 0 或 1') =>
  z.coerce.number({ error: message }).int(message).min(0, message).max(1, message);

/** Draft or submitted: the only business statuses of this release. */
export const BUSINESS_STATUSES = ['draft', 'submitted'] as const;
export type BusinessStatus = (typeof BUSINESS_STATUSES)[number];
export const businessStatus = () =>
  z.preprocess((v) => (v === undefined || v === null || v === '' ? 'draft' : v), z.enum(BUSINESS_STATUSES, { error: '状态只能是 draft 或 submitted' }));
export const statusFilter = () =>
  z.preprocess((v) => (v === '' || v === null ? undefined : v), z.enum(BUSINESS_STATUSES, { error: '状态只能是 draft 或 submitted' }).optional());

/** An enterpriseId the client may echo; the server checks it against the session. */
export const echoedEnterpriseId = () =>
  z.preprocess((v) => (v === '' || v === null ? undefined : v), inputString().max(64).optional());
