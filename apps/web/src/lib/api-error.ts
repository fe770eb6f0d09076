// The one error type of the web app: every failed call becomes an ApiError.
import type { FieldError } from '@tfb/contract';

/** Codes for failures where the server never answered with an envelope. */
export const CLIENT_ERROR_CODES = {
  timeout: -1,
  network: -2,
  badResponse: -3,
} as const;

export type ApiErrorInit = {
  code: number;
  message: string;
  /** HTTP status; 0 when no reply arrived. */
  status: number;
  fieldErrors?: readonly FieldError[];
  /** The client already acted on it (went to /login or /500): callers need not show it again. */
  handled?: boolean;
};

export class ApiError extends Error {
  readonly code: number;
  readonly status: number;
  readonly fieldErrors: readonly FieldError[];
  readonly handled: boolean;

  constructor(init: ApiErrorInit) {
    super(init.message);
    this.name = 'ApiError';
    this.code = init.code;
    this.status = init.status;
    this.fieldErrors = init.fieldErrors ?? [];
    this.handled = init.handled ?? false;
  }

  /** The server's message for one form field, if it named that field. */
  fieldError(field: string): string | undefined {
    return this.fieldErrors.find((e) => e.field === field)?.message;
  }
}
