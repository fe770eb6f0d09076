// The HTTP client: session headers on every call, a 5000 ms timeout, one shared token refresh for all
// calls that meet a 401 (or find the token expired), /500 on a server error, and every failure turned into one
// ApiError. The refresh spends the HttpOnly refresh cookie, one tab at a time (session-tabs.ts).
import { ERROR_STATUS, REQUEST_TIMEOUT_MS, SESSION_PATHS, SUCCESS_CODE, type FieldError } from '@tfb/contract';
import { ApiError, CLIENT_ERROR_CODES } from './api-error';
import { showErrorToast } from './feedback';
import { i18n } from './i18n';
import { navigateTo } from './navigation';
import { queryClient } from './query-client';
import {
  SESSION_QUERY_KEY,
  clearSession,
  getToken,
  loadShellSchemas,
  readSessionUser,
  sessionHeaders,
  setAccessToken,
  tokenExpired,
  tokenGeneration,
} from './session-store';
import { tellOtherTabs, withRefreshLock } from './session-tabs';

export { ApiError, CLIENT_ERROR_CODES } from './api-error';

export type QueryValue = string | number | boolean | null | undefined;

/** What checks a reply's `data`: any zod schema, classic or mini (the shell's, contract shell-replies.ts). */
export type ReplySchema<T> = { safeParse(data: unknown): { success: true; data: T } | { success: false } };

export type RequestOptions<T> = {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  query?: Record<string, QueryValue>;
  body?: unknown;
  /**
   * Validates `data` of a successful reply; without it `data` is returned as sent. A loader of the schema (the
   * shell's calls, made before zod has loaded) is started with the call and awaited when the reply is read.
   */
  schema?: ReplySchema<T> | (() => Promise<ReplySchema<T>>);
  signal?: AbortSignal;
  timeoutMs?: number;
  /** false for calls made without a session (entry, login, config): no refresh on 401. */
  auth?: boolean;
  /** false when the caller shows a server error itself instead of going to /500. */
  redirectOnServerError?: boolean;
};

export type RawReply = { status: number; body: unknown };

type EnvelopeLike = { code: number; message: string; data?: unknown; errors?: FieldError[] };

const isEnvelope = (v: unknown): v is EnvelopeLike =>
  typeof v === 'object' && v !== null && typeof (v as { code?: unknown }).code === 'number';

export function buildUrl(path: string, query: Record<string, QueryValue> | undefined): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    params.append(key, String(value));
  }
  const qs = params.toString();
  return qs ? `${path}${path.includes('?') ? '&' : '?'}${qs}` : path;
}

async function send(path: string, options: RequestOptions<unknown>, withSession: boolean): Promise<RawReply> {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, options.timeoutMs ?? REQUEST_TIMEOUT_MS);
  const outer = options.signal;
  const forwardAbort = () => controller.abort(outer?.reason);
  if (outer?.aborted) controller.abort(outer.reason);
  else outer?.addEventListener('abort', forwardAbort);

  const headers: Record<string, string> = { Accept: 'application/json', ...(withSession ? sessionHeaders() : {}) };
  const hasBody = options.body !== undefined;
  if (hasBody) headers['Content-Type'] = 'application/json';
  try {
    const res = await fetch(buildUrl(path, options.query), {
      method: options.method ?? 'GET',
      headers,
      body: hasBody ? JSON.stringify(options.body) : undefined,
      signal: controller.signal,
      credentials: 'same-origin',
    });
    const text = await res.text();
    let body: unknown = null;
    if (text) {
      try {
        body = JSON.parse(text);
      } catch {
        body = null;
      }
    }
    return { status: res.status, body };
  } catch (err) {
    // The caller cancelled (TanStack Query does when a query is dropped): pass the abort through untouched.
    if (outer?.aborted) throw err;
    if (timedOut) throw new ApiError({ code: CLIENT_ERROR_CODES.timeout, status: 0, message: i18n.t('errors.timeout') });
    throw new ApiError({ code: CLIENT_ERROR_CODES.network, status: 0, message: i18n.t('errors.network') });
  } finally {
    clearTimeout(timer);
    outer?.removeEventListener('abort', forwardAbort);
  }
}

export function errorFromReply(reply: RawReply, handled = false): ApiError {
  if (isEnvelope(reply.body)) {
    return new ApiError({
      code: reply.body.code,
      status: reply.status,
      message: reply.body.message || i18n.t('errors.unknown'),
      fieldErrors: Array.isArray(reply.body.errors) ? reply.body.errors : [],
      handled,
    });
  }
  const code = (Object.keys(ERROR_STATUS).map(Number) as (keyof typeof ERROR_STATUS)[]).find((c) => ERROR_STATUS[c] === reply.status);
  return new ApiError({ code: code ?? CLIENT_ERROR_CODES.badResponse, status: reply.status, message: i18n.t('errors.unknown'), handled });
}

/** The session cannot be renewed: forget it and go to the sign-in page (spec section 4, Session). */
export function expireSession(): void {
  clearSession();
  queryClient.removeQueries({ queryKey: SESSION_QUERY_KEY });
  navigateTo('/login', { replace: true });
}

let refreshInFlight: Promise<void> | null = null;

/** True when the server refused to renew the session (as opposed to a network failure or timeout). */
const sessionRefused = (err: unknown): boolean =>
  err instanceof ApiError && (err.status === 400 || err.status === 401 || err.status === 403);

async function runRefresh(): Promise<void> {
  const seen = tokenGeneration();
  await withRefreshLock(async () => {
    // Another tab renewed the session while this one waited for the lock, and told us its token.
    if (tokenGeneration() !== seen && getToken() && !tokenExpired()) return;
    // The browser sends the refresh cookie; the JSON body (`{}`) keeps the call out of reach of cross-site forms.
    const schemas = loadShellSchemas();
    const reply = await send(SESSION_PATHS.refresh, { method: 'PUT', body: {} }, false);
    const renewed = reply.status === 200 && isEnvelope(reply.body) && reply.body.code === SUCCESS_CODE ? reply.body : undefined;
    const parsed = (await schemas).refresh.safeParse(renewed?.data);
    if (!renewed || !parsed.success) {
      // A server failure stays one (status 5xx); anything else means the session cannot be renewed (401).
      const failed = errorFromReply(reply, true);
      throw reply.status >= 500
        ? failed
        : new ApiError({
            code: isEnvelope(reply.body) ? failed.code : 40101,
            status: reply.status >= 400 ? reply.status : 401,
            message: failed.message,
            fieldErrors: failed.fieldErrors,
            handled: true,
          });
    }
    // The reply also carries the refresh token (API clients need it); the browser keeps only the cookie.
    const expiresAt = Date.now() + parsed.data.expiresIn * 1000;
    setAccessToken(parsed.data.token, expiresAt);
    tellOtherTabs({ type: 'token', token: parsed.data.token, expiresAt, userId: readSessionUser()?.userId });
  });
  // Spec 4 says the page reloads after a successful refresh. We reload softly instead: the session
  // query is refetched (roles and menus may have changed) and the calls that failed are replayed,
  // so open forms and tabs keep their state.
  void queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY });
}

/**
 * Renews the access token from the refresh cookie: one refresh for every call of this tab while it runs, and one
 * at a time across tabs. Rejects with an ApiError; `sessionRefused(err)` when the session is over.
 */
export function refreshSession(): Promise<void> {
  refreshInFlight ??= runRefresh().finally(() => {
    refreshInFlight = null;
  });
  return refreshInFlight;
}

/** Renews the token for a call; a refused renewal ends the session here (to /login) and fails the call as handled. */
export async function renewForCall(): Promise<void> {
  try {
    await refreshSession();
  } catch (err) {
    if (sessionRefused(err)) {
      expireSession();
      throw err;
    }
    if (err instanceof ApiError && err.status >= 500) navigateTo('/500');
    throw err;
  }
}

export { sessionRefused };

async function unwrapEnvelope<T>(
  reply: RawReply,
  options: RequestOptions<T>,
  schema: ReplySchema<T> | Promise<ReplySchema<T>> | undefined,
): Promise<{ message: string; data: T }> {
  if (reply.status >= 500 && options.redirectOnServerError !== false) {
    navigateTo('/500');
    throw errorFromReply(reply, true);
  }
  if (reply.status < 200 || reply.status >= 300) throw errorFromReply(reply);
  if (!isEnvelope(reply.body)) {
    throw new ApiError({ code: CLIENT_ERROR_CODES.badResponse, status: reply.status, message: i18n.t('errors.badResponse') });
  }
  // A non-zero code is a failure even on HTTP 200: throwing keeps the data a query already shows.
  if (reply.body.code !== SUCCESS_CODE) throw errorFromReply(reply);
  const message = reply.body.message;
  if (!schema) return { message, data: reply.body.data as T };
  const parsed = (await schema).safeParse(reply.body.data);
  if (!parsed.success) {
    throw new ApiError({ code: CLIENT_ERROR_CODES.badResponse, status: reply.status, message: i18n.t('errors.badResponse') });
  }
  return { message, data: parsed.data };
}

/** One call: `data` of a successful reply, or an ApiError. */
export async function apiRequest<T = unknown>(path: string, options: RequestOptions<T> = {}): Promise<T> {
  return (await apiRequestWithMessage(path, options)).data;
}

/**
 * One call whose reply message matters even on success (print, spec section 8: code 0 with a message other
 * than 成功 is shown): `message` and `data` of a successful reply, or an ApiError.
 */
export async function apiRequestWithMessage<T = unknown>(
  path: string,
  options: RequestOptions<T> = {},
): Promise<{ message: string; data: T }> {
  const auth = options.auth !== false;
  const schema = typeof options.schema === 'function' ? options.schema() : options.schema;
  // A loader that fails is reported when the reply is read (not as an unhandled rejection when the call fails first).
  if (schema instanceof Promise) schema.catch(() => undefined);
  // A token known to have expired would only earn a 401: renew it first.
  if (auth && tokenExpired()) await renewForCall();
  const tokenSent = getToken();
  let reply = await send(path, options as RequestOptions<unknown>, auth);
  if (reply.status === 401 && auth) {
    // Another call may already have renewed the token while this one was on the wire: then just replay.
    const current = getToken();
    if (!current || current === tokenSent) await renewForCall();
    reply = await send(path, options as RequestOptions<unknown>, auth);
    if (reply.status === 401) {
      expireSession();
      throw errorFromReply(reply, true);
    }
  }
  return unwrapEnvelope(reply, options, schema);
}

type MethodOptions<T> = Omit<RequestOptions<T>, 'method'>;

/** The primary client. */
export const api = {
  get: <T = unknown>(path: string, options?: MethodOptions<T>) => apiRequest<T>(path, { ...options, method: 'GET' }),
  post: <T = unknown>(path: string, options?: MethodOptions<T>) => apiRequest<T>(path, { ...options, method: 'POST' }),
  put: <T = unknown>(path: string, options?: MethodOptions<T>) => apiRequest<T>(path, { ...options, method: 'PUT' }),
  delete: <T = unknown>(path: string, options?: MethodOptions<T>) => apiRequest<T>(path, { ...options, method: 'DELETE' }),
};

/**
 * The secondary client of spec section 8: the same call, but an error reply also shows an error toast
 * for 5 seconds (unless the client already went to /login or /500). The error is still thrown.
 */
export async function secondaryRequest<T = unknown>(path: string, options: RequestOptions<T> = {}): Promise<T> {
  try {
    return await apiRequest(path, options);
  } catch (err) {
    if (err instanceof ApiError && !err.handled) showErrorToast(err.message);
    throw err;
  }
}
