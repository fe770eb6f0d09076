// Small inject wrappers shared by the business-screen tests.
import { expect } from 'vitest';
import type { TestApp, TestSession } from './test-app.js';

export type Json = Record<string, unknown>;

export function api(t: () => TestApp) {
  const query = (q: Record<string, string | number>) => Object.fromEntries(Object.entries(q).map(([k, v]) => [k, String(v)]));
  const versionAt = async (s: TestSession, url: string): Promise<number> => {
    const res = await t().app.inject({ method: 'GET', url, headers: s.headers });
    return res.statusCode === 200 ? (res.json().data as { version: number }).version : 1;
  };
  return {
    get: (s: TestSession, url: string, q: Record<string, string | number> = {}) =>
      t().app.inject({ method: 'GET', url, headers: s.headers, query: query(q) }),
    post: (s: TestSession, url: string, payload: unknown) =>
      t().app.inject({ method: 'POST', url, headers: s.headers, payload: payload as Json }),
    /**
     * PUT as a client that read the record first: sends the version it reads at `url` unless the payload names
     * one (a record the caller cannot read gets version 1, so the answer is the route's own 404).
     */
    put: async (s: TestSession, url: string, payload: unknown) => {
      const body = { ...(payload as Json) };
      if (!('version' in body)) body.version = await versionAt(s, url);
      return t().app.inject({ method: 'PUT', url, headers: s.headers, payload: body });
    },
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

/** The body of a delivery address the address book accepts; `n` makes it distinct. */
export const validAddress = (n: number) => ({
  contacts: `收货人${n}`,
  contactsPhone: `1390000${String(n).padStart(4, '0')}`,
  addressCode: '310000,310100,310115',
  province: '上海市',
  city: '市辖区',
  area: '浦东新区',
  detailedAddress: `张江路 ${n} 号`,
  isDefault: 0,
  isDelete: 0,
});
