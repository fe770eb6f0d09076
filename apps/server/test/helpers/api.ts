// Small inject wrappers shared by the business-screen tests.
import { expect } from 'vitest';
import type { TestApp, TestSession } from './test-app.js';

export type Json = Record<string, unknown>;

export function api(t: () => TestApp) {
  const query = (q: Record<string, string | number>) => Object.fromEntries(Object.entries(q).map(([k, v]) => [k, String(v)]));
  return {
    get: (s: TestSession, url: string, q: Record<string, string | number> = {}) => t().app.inject({ method: 'GET', url, headers: s.headers, query: query(q) }),
    post: (s: TestSession, url: string, payload: unknown) => t().app.inject({ method: 'POST', url, headers: s.headers, payload: payload as Json }),
    put: (s: TestSession, url: string, payload: unknown) => t().app.inject({ method: 'PUT', url, headers: s.headers, payload: payload as Json }),
    /** POST that must succeed; returns data. */
    async create(s: TestSession, url: string, payload: unknown): Promise<Json & { id: number }> {
      const res = await t().app.inject({ method: 'POST', url, headers: s.headers, payload: payload as Json });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ code: 0, message: '成功' });
      return res.json().data;
    },
  };
}

export const withId = (path: string, id: number | string) => path.replace(':id', String(id));
