// Property-based fuzzing of every registered route: requests derived from the route's own zod schemas (query,
// body, path parameters) with hostile mutations, malformed JSON and wrong content types, sent by a user who holds
// the route's permission (demo-admin holds all) and by callers who do not (other demo users, no token, a forged
// token). Every reply must be below 500, in the envelope, and free of internals.
// Seeded and sized by FUZZ_SEED / FUZZ_RUNS (runs per route): the normal run does a bounded slice, `npm run fuzz`
// a large one.
import { afterAll, beforeAll, expect, it } from 'vitest';
import fc from 'fast-check';
import type { z } from 'zod';
import { can, type RouteAccess } from '@tfb/contract';
import type { RegisteredRoute } from '../src/plugins/access.js';
import { replyProblem } from './helpers/fuzz-reply.js';
import { describeEachDatabase, type TestSession } from './helpers/test-app.js';
import { hostileObjectArbitrary, hostileString, hostileValue, objectShape, toQueryValue, validArbitrary } from './helpers/zod-arbitrary.js';

const RUNS = Number(process.env.FUZZ_RUNS ?? 20);
const SEED = Number(process.env.FUZZ_SEED ?? 20260901);
// Generous per route: the large run sends thousands of requests to each.
const ROUTE_TIMEOUT_MS = 30_000 + RUNS * 150;

/** Demo users whose roles between them cover every role; the first holds every permission. */
const USERS = [
  'demo-admin',
  'demo-a-staff',
  'demo-a-approver',
  'demo-supervisor',
  'demo-warehouse-operator',
  'demo-internal',
  'demo-group',
] as const;

type Caller = { name: string; headers: Record<string, string>; roles: readonly string[] | null };
type FuzzRequest = { url: string; query: Record<string, string | string[]>; body?: { payload: string; contentType: string | undefined } };

const totals = { requests: 0, serverErrors: 0, byStatus: new Map<number, number>() };

/** Percent-encodes a path segment; lone surrogates (which encodeURIComponent refuses) go as their UTF-8 replacement. */
const encodeSegment = (s: string): string => {
  try {
    return encodeURIComponent(s);
  } catch {
    return [...Buffer.from(s, 'utf8')].map((b) => `%${b.toString(16).padStart(2, '0')}`).join('');
  }
};

/** The route's path with each `:param` filled in. */
const paramArbitrary = (route: RegisteredRoute): fc.Arbitrary<string> => {
  const names = [...route.url.matchAll(/:(\w+)/g)].map((m) => m[1]!);
  const shape = route.schema?.params ? objectShape(route.schema.params as z.ZodType) : undefined;
  if (!names.length) return fc.constant(route.url);
  const value = (name: string) =>
    fc.oneof(
      // Mostly well-formed (so the handler runs), else hostile, or raw text no encoder would produce.
      {
        weight: 3,
        arbitrary: (shape?.[name] ? validArbitrary(shape[name]) : fc.integer({ min: 1, max: 10_000 })).map((v) => encodeSegment(String(v))),
      },
      { weight: 3, arbitrary: hostileString.map(encodeSegment) },
      { weight: 1, arbitrary: fc.constantFrom('%E0%A4%A', '%ZZ', '%00', '..', '%2e%2e%2f', 'a'.repeat(101), '1;DROP', '1%20OR%201=1') },
    );
  return fc.tuple(...names.map(value)).map((vals) => names.reduce((url, name, i) => url.replace(`:${name}`, vals[i]!), route.url));
};

const queryArbitrary = (route: RegisteredRoute): fc.Arbitrary<Record<string, string | string[]>> => {
  const schema = route.schema?.querystring as z.ZodType | undefined;
  const raw = schema
    ? hostileObjectArbitrary(schema)
    : fc.dictionary(
        hostileString.filter((s) => s.length < 100),
        hostileValue,
        { maxKeys: 3 },
      );
  return raw.map((q) => {
    const out: Record<string, string | string[]> = {};
    if (typeof q !== 'object' || q === null || Array.isArray(q)) return out;
    for (const [k, v] of Object.entries(q)) {
      const value = toQueryValue(v);
      if (value !== undefined) out[k] = value;
    }
    return out;
  });
};

const BAD_CONTENT_TYPES = [
  'text/plain',
  'application/xml',
  'application/x-www-form-urlencoded',
  'multipart/form-data',
  'multipart/form-data; boundary=x',
  'application/json; charset=utf-16',
  'application/octet-stream',
  '*/*',
  'application/jsonx',
];

const bodyArbitrary = (route: RegisteredRoute): fc.Arbitrary<FuzzRequest['body']> => {
  const schema = route.schema?.body as z.ZodType | undefined;
  const value = schema
    ? fc.oneof({ weight: 4, arbitrary: hostileObjectArbitrary(schema) }, { weight: 1, arbitrary: hostileValue })
    : hostileValue;
  const json = (contentType: string | undefined) => value.map((v) => ({ payload: JSON.stringify(v) ?? 'null', contentType }));
  return fc.oneof(
    { weight: 6, arbitrary: json('application/json') },
    // Malformed JSON: cut short, single quotes, trailing garbage, a lone surrogate escape, nothing at all.
    {
      weight: 2,
      arbitrary: fc.oneof(
        value.map((v) => ({ payload: (JSON.stringify(v) ?? 'null').slice(0, -1), contentType: 'application/json' })),
        fc
          .constantFrom("{'a':1}", '{"a":1}}', '{"a":"\\uD800"}', '{"a":"\\u0000"}', '', ' ', 'nul', '{"__proto__":{"x":1}}', '1e99999')
          .map((payload) => ({ payload, contentType: 'application/json' })),
      ),
    },
    { weight: 2, arbitrary: fc.constantFrom(...BAD_CONTENT_TYPES).chain((type) => json(type)) },
    { weight: 1, arbitrary: json(undefined) },
  );
};

const requestArbitrary = (route: RegisteredRoute): fc.Arbitrary<FuzzRequest> =>
  fc.record({
    url: paramArbitrary(route),
    query: queryArbitrary(route),
    body: route.method === 'GET' || route.method === 'DELETE' ? fc.constant(undefined) : bodyArbitrary(route),
  });

describeEachDatabase('fuzz: every route, hostile input, every caller', (t) => {
  const sessions = new Map<string, TestSession>();
  let routes: RegisteredRoute[] = [];

  beforeAll(async () => {
    for (const id of USERS) sessions.set(id, await t().enter(id));
    // HEAD shares its GET's handler; the docs and static files come from plugins with no input of ours.
    routes = t().app.routeAccess.filter((r) => r.method !== 'HEAD' && !r.url.startsWith('/api/docs'));
  });

  afterAll(() => {
    console.log(
      `fuzz [${t().kind}]: ${totals.requests} requests so far (${RUNS} runs per route, seed ${SEED}), ${totals.serverErrors} answered 5xx; by status: ${[
        ...totals.byStatus,
      ]
        .sort(([a], [b]) => a - b)
        .map(([s, n]) => `${s}×${n}`)
        .join(' ')}`,
    );
  });

  const callersFor = (access: RouteAccess, admin: TestSession): { allowed: Caller; denied: Caller[] } => {
    const allowed = { name: 'demo-admin', headers: admin.headers, roles: admin.user.roles };
    if (access === 'public') return { allowed, denied: [{ name: 'anonymous', headers: {}, roles: null }] };
    const denied: Caller[] = [
      { name: 'anonymous', headers: {}, roles: null },
      { name: 'forged token', headers: { ...admin.headers, token: `${admin.token.slice(0, -4)}AAAA` }, roles: null },
    ];
    for (const [id, s] of sessions) if (!can(s.user.roles, access)) denied.push({ name: id, headers: s.headers, roles: s.user.roles });
    return { allowed, denied };
  };

  const send = async (route: RegisteredRoute, req: FuzzRequest, caller: Caller) => {
    const headers: Record<string, string> = { ...caller.headers };
    if (req.body?.contentType) headers['content-type'] = req.body.contentType;
    const res = await t().app.inject({
      method: route.method as 'GET',
      url: req.url,
      query: req.query,
      headers,
      ...(req.body ? { payload: req.body.payload } : {}),
    });
    totals.requests++;
    if (res.statusCode >= 500) totals.serverErrors++;
    totals.byStatus.set(res.statusCode, (totals.byStatus.get(res.statusCode) ?? 0) + 1);
    return res;
  };

  it('finds the routes to fuzz, each with its declared access', () => {
    expect(routes.length).toBeGreaterThan(50);
    expect(routes.filter((r) => r.schema?.body || r.schema?.querystring || r.schema?.params).length).toBeGreaterThan(40);
  });

  it(
    'every route: no 5xx, the envelope and no internals, for allowed and denied callers',
    { timeout: ROUTE_TIMEOUT_MS * 100 },
    async () => {
      for (const route of routes) {
        // A fresh session per route: the logout route's own fuzzing may end the previous one.
        const admin = await t().enter('demo-admin');
        const { allowed, denied } = callersFor(route.access, admin);
        await fc.assert(
          fc.asyncProperty(requestArbitrary(route), fc.nat(), async (req, pick) => {
            const deniedCaller = denied[pick % denied.length]!;
            for (const caller of [allowed, deniedCaller]) {
              const res = await send(route, req, caller);
              const problem = replyProblem(res, route.method, route.url);
              if (problem) throw new Error(`${route.method} ${route.url} as ${caller.name}: ${problem}`);
              // A caller without the route's permission never gets past the guard (only the router's own refusals of a
              // malformed URL come first): no success, and never the validator's field errors, which would tell what it checks.
              const denied = (caller.roles && !can(caller.roles, route.access)) || (caller.roles === null && route.access !== 'public');
              if (denied) {
                const label = `${route.method} ${route.url} as ${caller.name}`;
                expect(res.statusCode, label).toBeGreaterThanOrEqual(400);
                if (!res.headers['content-type']?.toString().includes('json')) continue;
                expect((res.json() as { errors?: unknown }).errors, label).toBeUndefined();
              }
            }
          }),
          { seed: SEED, numRuns: RUNS, endOnFailure: RUNS > 100 },
        );
      }
    },
  );
});
