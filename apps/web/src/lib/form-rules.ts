// Form rules taken from the contract: a field refuses what the server's schema refuses, with the same message.
// fieldRules derives a Form.Item's rules from a contract field's metadata (packages/contract fields.ts:
// required, max length, pattern and their messages) plus a validator running the field's schema, so every
// refinement the server holds also holds in the form; formField adds the label and the input's maxLength.
import type { FormInstance, FormRule } from 'antd';
import type { TFunction } from 'i18next';
import { useEffect } from 'react';
import { fieldMetaOf, isBlank } from '@tfb/contract';
import type { z } from 'zod';

/**
 * A message the contract owns, in the current language. The contract writes it in zh, the default language, so
 * zh needs no copy; en and es translate it under `contractMessages`, keyed by the contract's text.
 */
export function contractMessage(t: TFunction, message: string): string {
  const table: unknown = t('contractMessages', { returnObjects: true });
  const translated = table !== null && typeof table === 'object' ? (table as Record<string, unknown>)[message] : undefined;
  return typeof translated === 'string' ? translated : message;
}

export type FieldRuleOptions = {
  /** The value the contract checks, made from the form's value (e.g. a region cascader's codes joined by commas). */
  toContract?: (value: unknown) => unknown;
};

/**
 * The rules of a Form.Item for a contract field: required (with the contract's message), max and pattern (with
 * theirs), each held to the trimmed value as the server holds it, and a validator running the field's schema for
 * anything else it checks. The validator leaves a blank value to `required` and a value the max or pattern rule
 * already refuses to that rule, so one problem shows one message. A field without metadata gets the validator only.
 */
export function fieldRules(schema: z.ZodType, t: TFunction, { toContract = (value) => value }: FieldRuleOptions = {}): FormRule[] {
  const meta = fieldMetaOf(schema) ?? {};
  const trimmed = (value: unknown) => {
    const v = toContract(value);
    return typeof v === 'string' ? v.trim() : v;
  };
  const rules: FormRule[] = [];
  if (meta.required) rules.push({ required: true, message: contractMessage(t, meta.required), transform: trimmed });
  if (meta.max !== undefined) rules.push({ max: meta.max, message: contractMessage(t, meta.tooLong ?? ''), transform: trimmed });
  const { pattern } = meta;
  if (pattern) rules.push({ pattern, message: contractMessage(t, meta.patternMessage ?? meta.required ?? ''), transform: trimmed });
  rules.push({
    validator: async (_, value: unknown) => {
      const v = toContract(value);
      if (isBlank(v)) return;
      const s = trimmed(value);
      if (typeof s === 'string' && ((meta.max !== undefined && s.length > meta.max) || (pattern && !pattern.test(s)))) return;
      const parsed = schema.safeParse(v);
      if (!parsed.success) throw new Error(contractMessage(t, parsed.error.issues[0]?.message ?? ''));
    },
  });
  return rules;
}

/** What a Form.Item and its input take from a contract field: the translated label, the rules and the maxLength. */
export function formField(schema: z.ZodType, t: TFunction, options?: FieldRuleOptions) {
  const meta = fieldMetaOf(schema);
  return { label: meta?.label ? t(meta.label) : undefined, rules: fieldRules(schema, t, options), maxLength: meta?.max };
}

/** Refuses a value the schema refuses (its first message); an empty value is left to the `required` rule. */
export const schemaRule = (schema: z.ZodType): FormRule => ({
  validator: async (_, value: unknown) => {
    if (value === null || value === undefined || value === '') return;
    const parsed = schema.safeParse(value);
    if (!parsed.success) throw new Error(parsed.error.issues[0]?.message ?? '');
  },
});

/** Refuses a value for which `problem` names a limit (the contract's message builders), e.g. loanAmountProblem. */
export const limitRule = (problem: (value: number) => string | null): FormRule => ({
  validator: async (_, value: number | null | undefined) => {
    if (value === null || value === undefined) return;
    const message = problem(value);
    if (message) throw new Error(message);
  },
});

/**
 * Checks `name` again when the limit it is held to changes (e.g. the picked contract's remaining amount arrives),
 * but only once the user has touched it: picking a contract must not greet an empty amount with an error.
 */
export function useRecheckWhenLimitChanges(form: FormInstance, name: string, limit: unknown): void {
  useEffect(() => {
    if (form.isFieldTouched(name)) void form.validateFields([name]).catch(() => undefined);
  }, [form, name, limit]);
}
