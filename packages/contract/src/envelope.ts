// The reply envelope every call answers with, and the closed set of error codes.
import { z } from 'zod';

export const SUCCESS_CODE = 0;
export const SUCCESS_MESSAGE = '成功';

/** Error codes are a closed union: every code maps to exactly one HTTP status. */
export const ERROR_STATUS = {
  40000: 400, // validation failed
  40100: 401, // not signed in / token expired
  40101: 401, // refresh token invalid or used
  40300: 403, // forbidden (header mismatch, another warehouse or user's data, separation of duties)
  40301: 403, // the route's permission is missing (permissions.ts)
  40400: 404, // not found (or another enterprise's row)
  40800: 408, // the client took too long to send its request
  40900: 409, // conflict (unique, state)
  41300: 413, // payload too large
  41400: 414, // a path parameter over the router's limit
  41500: 415, // unsupported media type
  42900: 429, // too many requests
  43100: 431, // request line or headers over the HTTP parser's limit
  50000: 500, // internal error (never shows internals)
  50300: 503, // not ready to serve: the database does not answer or migrations are pending (readiness)
} as const satisfies Record<number, number>;

export type ErrorCode = keyof typeof ERROR_STATUS;

export const FieldErrorSchema = z.object({ field: z.string(), message: z.string() });
export type FieldError = z.infer<typeof FieldErrorSchema>;

export const ErrorReplySchema = z.object({
  code: z.number().int(),
  message: z.string(),
  data: z.null(),
  errors: z.array(FieldErrorSchema).optional(),
});
export type ErrorReply = z.infer<typeof ErrorReplySchema>;

export const envelope = <T extends z.ZodType>(data: T) => z.object({ code: z.number().int(), message: z.string(), data });

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
