// The reply envelope every call answers with (its codes: error-codes.ts).
import { z } from 'zod';

export const FieldErrorSchema = z.object({ field: z.string(), message: z.string() });
export type FieldError = z.infer<typeof FieldErrorSchema>;

export const ErrorReplySchema = z.object({
  code: z.number().int(),
  message: z.string(),
  data: z.null(),
  errors: z.array(FieldErrorSchema).optional(),
});
export type ErrorReply = z.infer<typeof ErrorReplySchema>;

// Any zod schema, classic or mini (shell-replies.ts): both are zod core schemas.
export const envelope = <T extends z.core.$ZodType>(data: T) => z.object({ code: z.number().int(), message: z.string(), data });

export type Envelope<T> = { code: number; message: string; data: T };

/** Zero-based page request shared by every paged list. */
export const DEFAULT_PAGE_SIZE = 10;
export const PAGE_SIZES = [10, 20, 50, 100] as const;
/** The largest page the server materialises; larger requests are clamped and say so. */
export const MAX_PAGE_SIZE = 1000;

const intFromQuery = (fallback: number) =>
  z.preprocess(
    // Typed as a client sends it (z.input of a query schema names its params).
    (v: number | string | null | undefined) => (v === undefined || v === '' || v === null ? fallback : v),
    z.coerce.number({ error: 'must be a number' }).int('must be an integer').min(0, 'must not be negative'),
  );

export const PageQuerySchema = z.object({
  pageNumber: intFromQuery(0),
  pageSize: z.preprocess(
    (v: number | string | null | undefined) => (v === undefined || v === '' || v === null ? DEFAULT_PAGE_SIZE : v),
    z.coerce.number({ error: 'must be a number' }).int('must be an integer').min(1, 'must be at least 1'),
  ),
});
export type PageQuery = z.infer<typeof PageQuerySchema>;

export const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({
    content: z.array(item),
    totalElements: z.number().int(),
    pageNumber: z.number().int(),
    pageSize: z.number().int(),
    /** Present when the requested page size was above MAX_PAGE_SIZE and was clamped. */
    clamped: z.boolean().optional(),
    /** Present when totalElements is a lower bound: the count stopped at a cap and more rows match. */
    estimated: z.boolean().optional(),
  });

export type Page<T> = {
  content: T[];
  totalElements: number;
  pageNumber: number;
  pageSize: number;
  clamped?: boolean;
  estimated?: boolean;
};

export const IdParamSchema = z.object({ id: z.coerce.number().int().positive() });
