// The envelope's success code and message, and the closed set of error codes. Kept apart from the envelope's schemas:
// the web's API client, part of the first load, needs only these.

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
