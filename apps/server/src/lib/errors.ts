// The one error type of the server: a closed code, a message a person can act on, an HTTP status.
import { ERROR_STATUS, type ErrorCode, type FieldError } from '@tfb/contract';

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly errors: FieldError[] | undefined;

  constructor(code: ErrorCode, message: string, errors?: FieldError[]) {
    super(message);
    this.code = code;
    this.status = ERROR_STATUS[code];
    this.errors = errors;
  }
}

export const badRequest = (message: string, errors?: FieldError[]) => new AppError(40000, message, errors);
export const fieldError = (field: string, message: string) => new AppError(40000, message, [{ field, message }]);
export const unauthorized = (message = '登录已过期，请重新登录') => new AppError(40100, message);
export const forbidden = (message = '没有权限访问') => new AppError(40300, message);
export const notFound = (what = '记录') => new AppError(40400, `${what}不存在`);
export const conflict = (message: string) => new AppError(40900, message);

/** A 429 that tells the client when to try again (the error handler writes `Retry-After`). */
export class RetryLaterError extends AppError {
  readonly retryAfterSeconds: number;

  constructor(message: string, retryAfterSeconds: number) {
    super(42900, message);
    this.retryAfterSeconds = Math.max(1, Math.ceil(retryAfterSeconds));
  }
}
