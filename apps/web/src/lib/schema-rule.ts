// Form rules taken from the contract: a field refuses what the server's schema refuses, with the same message.
import type { FormRule } from 'antd';
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
