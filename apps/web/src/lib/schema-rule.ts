// Form rules taken from the contract: a field refuses what the server's schema refuses, with the same message.
import type { FormInstance, FormRule } from 'antd';
import { useEffect } from 'react';
import type { z } from 'zod';

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
