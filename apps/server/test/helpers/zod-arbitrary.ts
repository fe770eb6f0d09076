// fast-check arbitraries derived from the contract's zod 4 schemas, read through their definitions (`_zod.def`):
// a near-valid value of a schema, with one or more of its fields replaced by hostile values (wrong types, huge or
// control-character strings, odd Unicode, out-of-range numbers, arrays for objects), fields dropped and unknown
// fields added. Covers the kinds the contract's request schemas use: object, string, number, boolean, enum, literal,
// array, optional, nullable, default, union, pipe/transform (z.preprocess, z.coerce) and refinements.
import fc from 'fast-check';
import type { z } from 'zod';

type Def = {
  type: string;
  shape?: Record<string, z.ZodType>;
  innerType?: z.ZodType;
  element?: z.ZodType;
  options?: z.ZodType[];
  entries?: Record<string, string | number>;
  values?: unknown[];
  in?: z.ZodType;
  out?: z.ZodType;
  checks?: { _zod: { def: { check: string; maximum?: number; minimum?: number; value?: number } } }[];
};

const defOf = (schema: z.ZodType): Def => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** The schema a value finally has to satisfy: preprocess and coerce steps (pipes) are seen through. */
function target(schema: z.ZodType): z.ZodType {
  const def = defOf(schema);
  if (def.type === 'pipe' && def.out && def.in) return defOf(def.in).type === 'transform' ? target(def.out) : target(def.in);
  return schema;
}

/** The object shape of a schema (through optional/nullable/pipe wrappers), or undefined when it is not an object. */
export function objectShape(schema: z.ZodType): Record<string, z.ZodType> | undefined {
  const def = defOf(target(schema));
  if (def.type === 'object') return def.shape;
  if ((def.type === 'optional' || def.type === 'nullable' || def.type === 'default') && def.innerType) return objectShape(def.innerType);
  return undefined;
}

/** Whether a field may be left out (optional, defaulted, or a preprocess that fills in a missing value). */
export function isOptional(schema: z.ZodType): boolean {
  return schema.safeParse(undefined).success;
}

const check = (def: Def, name: string, key: 'maximum' | 'minimum' | 'value'): number | undefined =>
  def.checks?.map((c) => c._zod.def).find((c) => c.check === name)?.[key];

/** A plausible value of the schema (what a well-meaning client sends; not guaranteed to pass refinements). */
export function validArbitrary(schema: z.ZodType, depth = 0): fc.Arbitrary<unknown> {
  const s = target(schema);
  const def = defOf(s);
  switch (def.type) {
    case 'object': {
      const shape = def.shape ?? {};
      if (depth > 4) return fc.constant({});
      const required = Object.keys(shape).filter((k) => !isOptional(shape[k]!));
      return fc.record(Object.fromEntries(Object.entries(shape).map(([k, v]) => [k, validArbitrary(v, depth + 1)])), {
        requiredKeys: required,
      });
    }
    case 'string': {
      const max = Math.min(check(def, 'max_length', 'maximum') ?? 24, 24);
      const min = Math.min(check(def, 'min_length', 'minimum') ?? 0, max);
      return fc.oneof(fc.string({ minLength: min, maxLength: max }), fc.constantFrom('2026-01-31', '1', 'demo'));
    }
    case 'number':
      return fc.oneof(fc.integer({ min: 0, max: 1000 }), fc.double({ min: 0, max: 1e6, noNaN: true }));
    case 'boolean':
      return fc.boolean();
    case 'enum':
      return fc.constantFrom(...Object.values(def.entries ?? { x: 'x' }));
    case 'literal':
      return fc.constantFrom(...(def.values ?? [null]));
    case 'array':
      return def.element && depth <= 4 ? fc.array(validArbitrary(def.element, depth + 1), { maxLength: 3 }) : fc.constant([]);
    case 'optional':
    case 'default':
      return fc.option(validArbitrary(def.innerType!, depth), { nil: undefined, freq: 4 });
    case 'nullable':
      return fc.option(validArbitrary(def.innerType!, depth), { nil: null, freq: 4 });
    case 'union':
      return fc.oneof(...(def.options ?? []).map((o) => validArbitrary(o, depth)));
    default:
      // unknown, any, transform and kinds the contract's request schemas do not use: anything JSON.
      return fc.jsonValue({ maxDepth: 2 });
  }
}

/** Strings an attacker or a broken client sends: NUL and control characters, odd Unicode, huge, SQL- and path-looking. */
export const hostileString: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '',
    ' ',
    'a\u0000b',
    '\u0000',
    '\u0001\u0002\u001b[31m\u007f',
    '\r\n\t\v\f',
    '\uD800',
    'x\uDFFFy',
    '\uFEFF\u200B\u200E\u202E',
    'ｅｖｉｌ．ｅｘｅ',
    '𝔘𝔫𝔦𝔠𝔬𝔡𝔢 🀄️👩‍👩‍👧‍👦',
    'é'.normalize('NFD').repeat(50),
    "' OR 1=1 --",
    '"; DROP TABLE users; --',
    '%00%ZZ%E0%A4%A',
    '../../../../etc/passwd',
    '${7*7}{{7*7}}',
    '<script>alert(1)</script>',
    '-1',
    '0',
    '1e309',
    'NaN',
    'Infinity',
    '-0',
    '9007199254740993',
    '99999999999999999999999999999999999999',
    '0x10',
    '1.000000000000000000001',
    'true',
    'null',
    '[]',
    '{}',
    '2026-02-30',
    '9999-99-99',
  ),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
  fc.integer({ min: 1_000, max: 70_000 }).map((n) => 'x'.repeat(n)),
  fc.integer({ min: 10, max: 5_000 }).map((n) => '中'.repeat(n)),
);

/** Numbers out of every range: negative, zero, fractional, beyond the safe integers, beyond a double. */
export const hostileNumber: fc.Arbitrary<number> = fc.oneof(
  fc.constantFrom(-1, 0, -0, 0.5, -1e-9, 2 ** 31, 2 ** 53 + 1, -(2 ** 63), 1e308, Number.MAX_VALUE, Number.MIN_VALUE),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);

/** Any hostile value: wrong-typed, out-of-range, deeply nested, or an array/object where a scalar is expected. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  hostileString,
  hostileNumber,
  fc.constantFrom(null, true, false, [], {}, [null], { __proto__: { admin: true } }, { constructor: { prototype: {} } }),
  fc.array(hostileString, { maxLength: 5 }),
  fc.dictionary(hostileString, hostileString, { maxKeys: 3 }),
  fc.integer({ min: 50, max: 400 }).map((n) => JSON.parse('['.repeat(n) + ']'.repeat(n)) as unknown),
);

/** Names of unknown fields a request may carry. */
const extraKey = fc.oneof(
  fc.constantFrom('__proto__', 'constructor', 'prototype', 'enterpriseId', 'id', 'userId', 'isAdmin', ''),
  hostileString.filter((s) => s.length < 200),
);

/**
 * An object for a schema with hostile mutations: some fields replaced by hostile values, some required fields
 * dropped, unknown fields added. A non-object schema gets a hostile value or a valid one.
 */
export function hostileObjectArbitrary(schema: z.ZodType): fc.Arbitrary<unknown> {
  const shape = objectShape(schema);
  if (!shape) return fc.oneof(hostileValue, validArbitrary(schema));
  const keys = Object.keys(shape);
  return fc
    .record({
      base: validArbitrary(schema),
      replaced: fc.dictionary(keys.length ? fc.constantFrom(...keys) : fc.constant('x'), hostileValue, {
        maxKeys: Math.max(1, Math.min(3, keys.length)),
      }),
      dropped: fc.subarray(keys, { maxLength: Math.min(2, keys.length) }),
      extra: fc.dictionary(extraKey, hostileValue, { maxKeys: 2 }),
    })
    .map(({ base, replaced, dropped, extra }) => {
      const out: Record<string, unknown> = { ...(base as Record<string, unknown>) };
      for (const [k, v] of Object.entries(replaced)) out[k] = v;
      for (const k of dropped) delete out[k];
      for (const [k, v] of Object.entries(extra))
        Object.defineProperty(out, k, { value: v, enumerable: true, writable: true, configurable: true });
      return out;
    });
}

/** A query-string value: strings only, or an array (a repeated key). */
export const toQueryValue = (v: unknown): string | string[] | undefined => {
  if (v === undefined) return undefined;
  if (Array.isArray(v)) return v.map((x) => (typeof x === 'string' ? x : (JSON.stringify(x) ?? '')));
  return typeof v === 'string' ? v : (JSON.stringify(v) ?? '');
};
