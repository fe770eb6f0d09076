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

/** What a form needs to know about a field, attached once where the field's schema is built (see fieldMetaOf). */
export type FieldMeta = {
  /** The i18n key of the field's label in the web locales (apps/web/src/locales), e.g. 'widgets.address.contacts'. */
  label?: string;
  /** Present when the field may not be left blank: the message then. */
  required?: string;
  /** The most characters the field holds (after trimming), and the message beyond it. */
  max?: number;
  tooLong?: string;
  /** A pattern the (trimmed) value must match, and the message when it does not. */
  pattern?: RegExp;
  patternMessage?: string;
};

/** Field metadata by schema. A schema made from a registered one by adding checks (.refine, .max) inherits it. */
export const fieldRegistry = z.registry<FieldMeta>();

/** Attaches form metadata to a field schema (merged over what it has) and returns the same schema. */
export const withFieldMeta = <T extends z.ZodType>(schema: T, meta: FieldMeta): T => {
  const defined = Object.fromEntries(Object.entries(meta).filter(([, v]) => v !== undefined));
  fieldRegistry.add(schema, { ...fieldRegistry.get(schema), ...defined });
  return schema;
};

/** The form metadata of a field schema, looking through .optional() and .nullable() wrappers. */
export const fieldMetaOf = (schema: z.ZodType): FieldMeta | undefined => {
  // The registry's typing maps the RegExp to a plain object type; the value stored is the RegExp itself.
  const own = fieldRegistry.get(schema) as FieldMeta | undefined;
  if (own) return own;
  if (schema instanceof z.ZodOptional || schema instanceof z.ZodNullable) return fieldMetaOf(schema.unwrap() as z.ZodType);
  return undefined;
};

/** The message of a text longer than `max` characters. */
export const tooLongMessage = (max: number) => `不能超过 ${max} 个字符`;
export const NOT_TEXT_MESSAGE = '必须是文本';

// Two notions of "not given". A text filter or optional text is blank when it is missing, null, '' or only
// spaces (a cleared search box). An id, date, status or echoed identifier is unset only when missing, null or
// '': a value of spaces there is malformed (no form sends one) and is refused or compared as sent.
export const isBlank = (v: unknown): boolean => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');
export const isUnset = (v: unknown): boolean => v === undefined || v === null || v === '';
const blankToUndefined = (v: unknown) => (isBlank(v) ? undefined : v);
const unsetToUndefined = (v: unknown) => (isUnset(v) ? undefined : v);

/** What a client may send for a query-string filter of type T: the value, its text, or unset. A preprocessed
 * field's input is typed with it, so `z.input` of a query schema names the params a client sends. */
export type QueryInput<T> = T | string | null | undefined;

/** A field that must be given: missing, null and '' are refused with `message` before the field's own checks
 * (a cleared number box says 请输入金额, not 金额必须是数字), and the form shows the same message. */
export const requiredValue = <T extends z.ZodType>(schema: T, message: string, { label }: { label?: string } = {}) =>
  withFieldMeta(
    z.preprocess((v: unknown, ctx) => {
      if (!isUnset(v)) return v;
      ctx.addIssue({ code: 'custom', message, input: v });
      return z.NEVER;
    }, schema),
    { label, required: message },
  );

type TextOptions = {
  /** The label key a form shows (FieldMeta.label). */
  label?: string;
  /** The message beyond `max` characters; tooLongMessage(max) when not given. */
  tooLong?: string;
};

/** Trimmed text up to `max` characters; `message` when it is missing, not text or blank. With `pattern`, the
 * trimmed value must match it (`patternMessage` otherwise). Registers the form metadata of all of this. */
export const requiredText = (
  message: string,
  max = 100,
  {
    label,
    tooLong = tooLongMessage(max),
    pattern,
    patternMessage = message,
  }: TextOptions & { pattern?: RegExp; patternMessage?: string } = {},
) => {
  const text = inputString({ error: message }).trim().min(1, { error: message, abort: true }).max(max, tooLong);
  const checked = pattern ? text.refine((s) => pattern.test(s), patternMessage) : text;
  return withFieldMeta(checked, { label, required: message, max, tooLong, ...(pattern ? { pattern, patternMessage } : {}) });
};

// Two optional texts. Use optionalText for a filter or an input the server may skip when absent (undefined);
// use optionalTextOrEmpty for a NOT NULL text column that stores an absent value as '' (a remark, a comment).

/** Optional trimmed text: blank (missing, null, '', only spaces) becomes undefined. */
export const optionalText = (max = 100, { label, tooLong = tooLongMessage(max) }: TextOptions = {}) =>
  withFieldMeta(
    z.preprocess((v: string | null | undefined) => blankToUndefined(v), inputString().trim().max(max, tooLong).optional()),
    {
      label,
      max,
      tooLong,
    },
  );

/** Optional trimmed text stored as '': missing and null become '' (so do '' and spaces, once trimmed). */
export const optionalTextOrEmpty = (
  max = 100,
  { label, tooLong = tooLongMessage(max), notText = NOT_TEXT_MESSAGE }: TextOptions & { notText?: string } = {},
) =>
  withFieldMeta(
    z.preprocess((v) => (v === undefined || v === null ? '' : v), inputString({ error: notText }).trim().max(max, tooLong)),
    { label, max, tooLong },
  );

/** An identifier the client echoes (a user id, an enterprise id): kept exactly as sent, not trimmed; unset
 * becomes undefined. `tooLong` defaults to zod's own message. */
export const optionalIdentifier = (max: number, tooLong?: string) =>
  z.preprocess(unsetToUndefined, inputString().max(max, tooLong).optional());

export const DATE_MESSAGE = '日期格式应为 yyyy-MM-dd';

const isRealDate = (s: string) => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(s)) return false;
  const d = new Date(`${s}T00:00:00Z`);
  // PostgreSQL has no year 0: a date the database would refuse is a 400 here, not a 500 there.
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s && d.getUTCFullYear() >= 1900 && d.getUTCFullYear() <= 9999;
};

/** A calendar date yyyy-MM-dd (2024-02-30 is refused); `message` for anything else, '' included. */
export const isoDate = (message = DATE_MESSAGE) => inputString({ error: message }).refine(isRealDate, message);

/** A date that must be given: `missing` when it is absent or '', `format` when it is not a calendar date. */
export const requiredDate = (missing: string, format = DATE_MESSAGE) =>
  withFieldMeta(inputString({ error: missing }).min(1, missing).refine(isRealDate, format), { required: missing });

/** An optional date: missing, null and '' become null. */
export const optionalIsoDate = (message = DATE_MESSAGE) =>
  z.preprocess((v) => (v === undefined || v === '' ? null : v), isoDate(message).nullable());

/** A date filter in a query string: unset means no filter. */
export const queryIsoDate = (message = DATE_MESSAGE) =>
  z.preprocess((v: string | null | undefined) => unsetToUndefined(v), isoDate(message).optional());

/** A row id (bigint column, kept within JavaScript's safe integers). */
export const rowId = (message = '必须是正整数') =>
  z.coerce.number({ error: message }).int(message).positive(message).max(Number.MAX_SAFE_INTEGER, message);

// Two optional row ids. Use optionalRowId in a body whose column takes NULL (a reference not chosen);
// use queryRowId for a filter in a query string (absent means no filter).

/** An optional reference to another row: missing, null and '' become null. */
export const optionalRowId = (message = '必须是正整数') =>
  z.preprocess((v) => (v === undefined || v === '' ? null : v), rowId(message).nullable());

/** A row id filter: unset means no filter (undefined). */
export const queryRowId = (message = '必须是正整数') =>
  z.preprocess((v: QueryInput<number>) => unsetToUndefined(v), rowId(message).optional());

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
export const quantity = (label = '数量') =>
  decimal(label, QUANTITY_SCALE, QUANTITY_MAX, LIMIT_MESSAGES.tooLargeQuantity(label), 'positive');

/** A measure that may be 0 (one of a warehouse line's two measures, a catalogue weight); otherwise like quantity. */
export const measure = (label: string) =>
  decimal(label, QUANTITY_SCALE, QUANTITY_MAX, LIMIT_MESSAGES.tooLargeQuantity(label), 'nonNegative');

/** An optional price or measure: missing, null and '' become null. */
export const optionalDecimal = <T extends z.ZodType<number>>(schema: T) =>
  z.preprocess((v) => (v === undefined || v === null || v === '' ? null : v), schema.nullable());

/** A 0/1 flag that may arrive as a number or a string. */
export const flag01 = (message = '只能是 0 或 1') => z.coerce.number({ error: message }).int(message).min(0, message).max(1, message);

/** A 0/1 flag whose absence means 0: unset becomes 0. */
export const optionalFlag01 = (message = '只能是 0 或 1') => z.preprocess((v) => (isUnset(v) ? 0 : v), flag01(message));

/** Draft or submitted: the only business statuses of this release. */
export const BUSINESS_STATUSES = ['draft', 'submitted'] as const;
export type BusinessStatus = (typeof BUSINESS_STATUSES)[number];
export const businessStatus = () =>
  z.preprocess(
    (v) => (v === undefined || v === null || v === '' ? 'draft' : v),
    z.enum(BUSINESS_STATUSES, { error: '状态只能是 draft 或 submitted' }),
  );
export const statusFilter = () =>
  z.preprocess(
    (v: BusinessStatus | '' | null | undefined) => unsetToUndefined(v),
    z.enum(BUSINESS_STATUSES, { error: '状态只能是 draft 或 submitted' }).optional(),
  );

/** An enterpriseId the client may echo; the server checks it against the session. */
export const echoedEnterpriseId = () => optionalIdentifier(64);
