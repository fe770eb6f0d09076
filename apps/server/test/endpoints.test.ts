// The contract's list of calls (API_ENDPOINTS, which the web's tests answer through) says what the server serves:
// each entry is a registered route with exactly the schemas it names, and every route that answers JSON is listed
// (a route served under two spellings, with and without /api, is listed under the one the web calls).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_ENDPOINTS } from '@tfb/contract';
import type { RegisteredRoute } from '../src/plugins/access.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

type RouteSchemas = { querystring?: unknown; body?: unknown; response?: Record<number, unknown> };

const key = (method: string, path: string) => `${method} ${path}`;

describe('the contract lists every call the server answers', () => {
  let t: TestApp;
  let routes: Map<string, RegisteredRoute>;

  beforeAll(async () => {
    t = await createTestApp({ kind: 'pglite' });
    await t.app.ready();
    routes = new Map(t.app.routeAccess.map((r) => [key(r.method, r.url), r]));
  });
  afterAll(() => t.close());

  it('serves each listed call with the schemas the list names', () => {
    const problems: string[] = [];
    for (const e of API_ENDPOINTS) {
      const route = routes.get(key(e.method, e.path));
      if (!route) {
        problems.push(`${key(e.method, e.path)}: no such route`);
        continue;
      }
      const s = (route.schema ?? {}) as RouteSchemas;
      const listed = e as { query?: unknown; body?: unknown };
      if (s.querystring !== listed.query) problems.push(`${key(e.method, e.path)}: another query schema`);
      if (s.body !== listed.body) problems.push(`${key(e.method, e.path)}: another body schema`);
      if (s.response?.[200] !== e.reply) problems.push(`${key(e.method, e.path)}: another reply schema`);
    }
    expect(problems).toEqual([]);
  });

  it('lists every route that answers JSON', () => {
    const listed = new Set(API_ENDPOINTS.map((e) => key(e.method, e.path)));
    const missing = [...routes.values()]
      .filter((r) => r.method !== 'HEAD' && (r.schema as RouteSchemas | undefined)?.response?.[200] !== undefined)
      .filter((r) => !listed.has(key(r.method, r.url)) && !listed.has(key(r.method, `/api${r.url}`)))
      .map((r) => key(r.method, r.url));
    expect(missing).toEqual([]);
  });
});
