// The server of the web tests, built from the contract's list of calls (API_ENDPOINTS): handlers are keyed by the
// contract's path constants (`:id` for a path parameter), the query and body the web sends are checked against the
// call's schemas, and every reply is checked against the call's reply schema. What the contract would refuse (a
// call it does not list, a parameter or field it does not know, a reply it would not send) is a contract violation:
// the test that made it fails (setup.ts asks after every test). Every call is recorded, writes with their bodies.
import { vi } from 'vitest';
import type { z } from 'zod';
import {
  API_ENDPOINTS,
  ERROR_STATUS,
  ErrorReplySchema,
  SESSION_PATHS,
  SUCCESS_CODE,
  SUCCESS_MESSAGE,
  type ApiEndpoint,
  type Endpoint,
  type ErrorCode,
  type FieldError,
  type HttpMethod,
} from '@tfb/contract';
import { readSessionUser } from '../lib/session-store';

export type ApiPath = ApiEndpoint['path'];
type EndpointAt<P, M> = Extract<ApiEndpoint, { path: P; method: M }>;
type MethodsAt<P> = Extract<ApiEndpoint, { path: P }>['method'];

type QueryOf<E> = E extends { query: infer Q extends z.ZodType } ? z.output<Q> : Record<string, never>;
type BodyOf<E> = E extends { body: infer B extends z.ZodType } ? z.output<B> : undefined;
/** What a handler answers for a call: the `data` of its reply, as the contract's reply schema takes it. */
export type ReplyData<E> = E extends { reply: infer R extends z.ZodType } ? (z.input<R> extends { data: infer D } ? D : never) : never;

/** A call as the handler sees it: the query and body as the contract parsed them, the path parameters by name. */
export type MockRequest<E = ApiEndpoint> = {
  method: HttpMethod;
  url: URL;
  params: Record<string, string>;
  query: QueryOf<E>;
  body: BodyOf<E>;
  headers: Record<string, string>;
};

/** An error reply (the envelope of ErrorReplySchema, with the HTTP status the contract gives the code). */
export class Refusal {
  constructor(
    readonly code: ErrorCode,
    readonly message: string,
    readonly errors?: FieldError[],
  ) {}
}
export const refuse = (code: ErrorCode, message: string, errors?: FieldError[]): Refusal => new Refusal(code, message, errors);

type Answer<E> = ReplyData<E> | Refusal;
export type Handler<E> = (req: MockRequest<E>) => Answer<E> | Promise<Answer<E>>;
type PathHandler<P extends ApiPath> = Handler<EndpointAt<P, MethodsAt<P>>> | { [M in MethodsAt<P>]?: Handler<EndpointAt<P, M>> };
/** Handlers by the contract's path constant: a function answers every method of the path, an object one method each. */
export type ApiHandlers = { [P in ApiPath]?: PathHandler<P> };

/** A call the web made, as it was sent. */
export type RecordedCall = {
  method: HttpMethod;
  /** The contract's path (with `:id`), or the pathname of a call the contract does not list. */
  path: string;
  url: URL;
  /** The query as sent (strings). */
  query: Record<string, string>;
  /** The JSON body as sent (undefined without one). */
  body: unknown;
  headers: Record<string, string>;
};

export type MockApi = {
  /** Every call, in order. */
  readonly calls: readonly RecordedCall[];
  /** The calls to one of the contract's paths (any method unless given). */
  callsTo(path: ApiPath, method?: HttpMethod): RecordedCall[];
  /** The JSON bodies sent to a path with a writing method (POST, PUT, DELETE unless one is given), in order. */
  bodiesSentTo(path: ApiPath, method?: HttpMethod): unknown[];
  /** The query of the last call to a path. */
  lastQuery(path: ApiPath): Record<string, string> | undefined;
};

const compile = (e: Endpoint) => ({
  endpoint: e,
  pattern: new RegExp(`^${e.path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:(\w+)/g, '(?<$1>[^/]+)')}$`),
});
// A path without parameters wins over one with them (columns/draft is not columns/:id), as in the server's router.
const byParams = (a: { endpoint: Endpoint }, b: { endpoint: Endpoint }) =>
  Number(a.endpoint.path.includes(':')) - Number(b.endpoint.path.includes(':'));
const compiled = [...API_ENDPOINTS].map((e) => compile(e as Endpoint)).sort(byParams);

function findEndpoint(method: string, pathname: string) {
  for (const c of compiled) {
    if (c.endpoint.method !== method) continue;
    const m = c.pattern.exec(pathname);
    if (m) return { endpoint: c.endpoint, params: { ...(m.groups ?? {}) } };
  }
  return undefined;
}

const shapeKeys = (schema: z.ZodType | undefined): string[] | undefined => {
  const shape = (schema as { shape?: Record<string, unknown> } | undefined)?.shape;
  return shape && typeof shape === 'object' ? Object.keys(shape) : undefined;
};

const issuesOf = (error: z.ZodError): string => error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`).join('; ');

/** What the contract's schema refuses in `value` (unknown top-level keys included), or null. */
function refusedBy(schema: z.ZodType, value: unknown): string | null {
  const known = shapeKeys(schema);
  if (known && value && typeof value === 'object' && !Array.isArray(value)) {
    const unknown = Object.keys(value).filter((k) => !known.includes(k));
    if (unknown.length) return `unknown ${unknown.join(', ')}`;
  }
  const parsed = schema.safeParse(value);
  return parsed.success ? null : issuesOf(parsed.error);
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

let violations: string[] = [];

/** Stubs fetch with the contract's server, answering with `handlers`; the session call answers the signed-in user. */
export function mockApi(handlers: ApiHandlers = {}): MockApi {
  const calls: RecordedCall[] = [];
  const answerers = handlers as Record<string, Handler<ApiEndpoint> | Partial<Record<HttpMethod, Handler<ApiEndpoint>>> | undefined>;

  const fetchMock = async (input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, 'http://localhost');
    const method = (init.method ?? 'GET').toUpperCase() as HttpMethod;
    const headers =
      init.headers instanceof Headers
        ? Object.fromEntries(init.headers.entries())
        : { ...(init.headers as Record<string, string> | undefined) };
    const body: unknown = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
    const query = Object.fromEntries(url.searchParams);
    const found = findEndpoint(method, url.pathname);
    const where = `${method} ${found?.endpoint.path ?? url.pathname}`;
    calls.push({ method, path: found?.endpoint.path ?? url.pathname, url, query, body, headers });
    if (!found) {
      violations.push(`${method} ${url.pathname}: not a call of the contract (API_ENDPOINTS)`);
      return json(404, { code: 40400, message: `${method} ${url.pathname} is not a call of the contract`, data: null });
    }
    const { endpoint, params } = found;

    let parsedQuery: unknown = {};
    if (endpoint.query) {
      const refused = refusedBy(endpoint.query, query);
      if (refused) violations.push(`${where}: the query ${JSON.stringify(query)} is refused by the contract: ${refused}`);
      else parsedQuery = endpoint.query.parse(query);
    } else if (url.searchParams.size > 0) {
      violations.push(`${where}: sends a query (${url.search}) the contract does not take`);
    }
    let parsedBody: unknown = undefined;
    if (endpoint.body) {
      const refused = refusedBy(endpoint.body, body);
      if (refused) violations.push(`${where}: the body ${JSON.stringify(body)} is refused by the contract: ${refused}`);
      else parsedBody = endpoint.body.parse(body);
    }

    const entry = answerers[endpoint.path];
    const handler = typeof entry === 'function' ? entry : entry?.[method];
    const request = { method, url, params, query: parsedQuery, body: parsedBody, headers } as MockRequest<ApiEndpoint>;
    let answer: unknown;
    if (handler) answer = await handler(request);
    else if (endpoint.path === SESSION_PATHS.session) answer = readSessionUser() ?? refuse(40100, '未登录');
    else return json(404, { code: 40400, message: `no test reply for ${where}`, data: null });

    if (answer instanceof Refusal) {
      const reply = { code: answer.code, message: answer.message, data: null, ...(answer.errors ? { errors: answer.errors } : {}) };
      ErrorReplySchema.parse(reply);
      return json(ERROR_STATUS[answer.code], reply);
    }
    const reply = { code: SUCCESS_CODE, message: SUCCESS_MESSAGE, data: answer };
    const parsed = endpoint.reply.safeParse(reply);
    if (!parsed.success) violations.push(`${where}: the test's reply is one the contract would not send: ${issuesOf(parsed.error)}`);
    return json(200, reply);
  };
  vi.stubGlobal('fetch', vi.fn(fetchMock));

  const writes = (m: HttpMethod) => m !== 'GET';
  return {
    calls,
    callsTo: (path, method) => calls.filter((c) => c.path === path && (!method || c.method === method)),
    bodiesSentTo: (path, method) =>
      calls.filter((c) => c.path === path && (method ? c.method === method : writes(c.method))).map((c) => c.body),
    lastQuery: (path) => calls.filter((c) => c.path === path).at(-1)?.query,
  };
}

/** The contract violations since the last call, and a fresh start (setup.ts fails the test when there are any). */
export function takeContractViolations(): string[] {
  const found = violations;
  violations = [];
  return found;
}

/** The message the contract's schema gives `value` (e.g. what a required field says when left blank). */
export function contractRefusal(schema: z.ZodType, value: unknown): string {
  const parsed = schema.safeParse(value);
  if (parsed.success) throw new Error(`the contract accepts ${JSON.stringify(value)}`);
  return parsed.error.issues[0]!.message;
}
