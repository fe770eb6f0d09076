// Every reply is {code, message, data}; bad input never becomes a 500, and a 500 never shows internals.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { z } from 'zod';
import { SESSION_PATHS, WORKBENCH_PATH } from '@tfb/contract';
import { createTestApp, describeEachDatabase, type TestApp, type TestSession } from './helpers/test-app.js';

type Call = { name: string; method: 'GET' | 'POST' | 'PUT' | 'DELETE'; url: string; payload?: object; auth?: boolean };

const CALLS: Call[] = [
  { name: 'health', method: 'GET', url: SESSION_PATHS.health },
  { name: 'public config', method: 'GET', url: SESSION_PATHS.publicConfig },
  { name: 'entry', method: 'POST', url: SESSION_PATHS.entry, payload: { userId: 'demo-a-staff' } },
  { name: 'entry, unknown user', method: 'POST', url: SESSION_PATHS.entry, payload: { userId: 'nobody' } },
  { name: 'entry, invalid', method: 'POST', url: SESSION_PATHS.entry, payload: { userId: '' } },
  { name: 'session', method: 'GET', url: SESSION_PATHS.session, auth: true },
  { name: 'session, no token', method: 'GET', url: SESSION_PATHS.session },
  { name: 'refresh, unknown', method: 'PUT', url: SESSION_PATHS.refresh, payload: { refreshToken: 'nope' } },
  { name: 'logout', method: 'POST', url: SESSION_PATHS.logout, payload: {} },
  { name: 'login, wrong password', method: 'POST', url: SESSION_PATHS.login, payload: { username: 'admin', password: 'x' } },
  { name: 'user info', method: 'GET', url: SESSION_PATHS.userInfo, auth: true },
  { name: 'workbench', method: 'GET', url: WORKBENCH_PATH, auth: true },
  { name: 'findByUserAll', method: 'GET', url: '/api/organizationService/user/findByUserAll/demo-admin', auth: true },
  { name: 'findByUserAll, missing', method: 'GET', url: '/api/organizationService/user/findByUserAll/nobody', auth: true },
  { name: 'dict', method: 'GET', url: '/api/organizationService/dict/listByGroup?dictGroupName=contractType', auth: true },
  { name: 'dict, invalid', method: 'GET', url: '/api/organizationService/dict/listByGroup', auth: true },
  { name: 'generateNumber', method: 'GET', url: '/api/businessperationService/common/generateNumber?numberKey=ENV', auth: true },
  { name: 'unknown /api path', method: 'GET', url: '/api/no/such/call' },
  { name: 'unknown method', method: 'DELETE', url: SESSION_PATHS.entry },
];

const Envelope = z.object({ code: z.number().int(), message: z.string().min(1), data: z.unknown() });
const EnvelopeKeys = ['code', 'data', 'errors', 'message'];

describeEachDatabase('reply envelope', (t) => {
  let a: TestSession;
  beforeAll(async () => {
    a = await t().enter('demo-a-staff');
  });

  it.each(CALLS)('$name answers {code, message, data} with a matching status', async (call) => {
    const res = await t().app.inject({
      method: call.method,
      url: call.url,
      ...(call.payload ? { payload: call.payload } : {}),
      ...(call.auth ? { headers: a.headers } : {}),
    });
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    const body = Envelope.parse(res.json());
    expect(Object.keys(body).every((k) => EnvelopeKeys.includes(k))).toBe(true);
    expect('data' in (res.json() as object)).toBe(true);
    if (res.statusCode === 200) {
      expect(body.code).toBe(0);
      expect(body.message).toBe('成功');
    } else {
      expect(body.code).not.toBe(0);
      expect(body.data).toBeNull();
      // The code's first three digits are the HTTP status (40400 → 404).
      expect(Math.floor(body.code / 100)).toBe(res.statusCode);
    }
  });

  it('answers unknown /api paths with a 404 envelope naming the path', async () => {
    for (const url of ['/api/no/such/call', '/api', '/mlzgoodsserver/no/such/call', '/businessperationService/nope']) {
      const res = await t().app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      const body = res.json() as { code: number; message: string; data: null };
      expect(body).toMatchObject({ code: 40400, data: null });
      expect(body.message).toContain(url);
    }
  });

  describe('malformed requests are the client’s fault (4xx), never a 500', () => {
    const post = (payload: string | Buffer, contentType: string) =>
      t().app.inject({ method: 'POST', url: SESSION_PATHS.entry, payload, headers: { 'content-type': contentType } });

    it('answers malformed JSON with 400', async () => {
      for (const payload of ['{bad', '{"userId": "demo-a-staff"', '', 'null', '[]', '"demo-a-staff"']) {
        const res = await post(payload, 'application/json');
        expect(res.statusCode, payload).toBe(400);
        expect(res.json(), payload).toMatchObject({ code: 40000, data: null });
      }
      const res = await post('{bad', 'application/json');
      expect((res.json() as { message: string }).message).toMatch(/JSON/);
    });

    it('answers an unsupported content type with 415 or 400', async () => {
      for (const type of ['application/x-www-form-urlencoded', 'text/plain', 'application/xml', 'image/png']) {
        const res = await post('userId=demo-a-staff', type);
        expect([400, 415], type).toContain(res.statusCode);
        expect((res.json() as { code: number }).code).toBe(res.statusCode * 100);
      }
      const form = await post('userId=demo-a-staff', 'application/x-www-form-urlencoded');
      expect(form.json()).toMatchObject({ code: 41500, data: null });
    });

    it('answers a body over the limit with 413', async () => {
      const huge = JSON.stringify({ userId: 'demo-a-staff', pad: 'x'.repeat(2 * 1024 * 1024) });
      const res = await post(huge, 'application/json');
      expect(res.statusCode).toBe(413);
      expect(res.json()).toMatchObject({ code: 41300, data: null });
    });

    it('answers a repeated single-valued query parameter with 400 naming it', async () => {
      const res = await t().app.inject({
        method: 'GET',
        url: '/api/organizationService/dict/listByGroup?dictGroupName=a&dictGroupName=b',
        headers: a.headers,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 40000, errors: [{ field: 'dictGroupName' }] });
    });
  });

  describe('a 500 never shows internals', () => {
    let probe: TestApp;
    const secret = 'postgres://admin:hunter2@10.1.2.3/prod';
    beforeAll(async () => {
      probe = await createTestApp({ kind: t().kind, database: t().database });
      // Routes that fail the ways real code fails; added before the app is ready.
      probe.app.get('/api/test/throws', { config: { access: 'public' } }, async () => {
        throw new Error(`cannot reach ${secret}`);
      });
      probe.app.get('/api/test/sql-error', { config: { access: 'public' } }, async () => {
        await sql`select * from secret_internal_table`.execute(probe.database.db);
        return { code: 0, message: '成功', data: null };
      });
      probe.app.get(
        '/api/test/bad-reply',
        { config: { access: 'public' }, schema: { response: { 200: z.object({ code: z.number(), message: z.string(), data: z.string() }) } } },
        async () => ({ code: 0, message: '成功', data: 42 as unknown as string }),
      );
      probe.app.get('/api/test/rejects-non-error', { config: { access: 'public' } }, async () => {
        throw { statusCode: 500, internal: secret };
      });
    });
    afterAll(async () => {
      await probe.close();
    });

    it.each(['/api/test/throws', '/api/test/sql-error', '/api/test/bad-reply', '/api/test/rejects-non-error'])(
      '%s answers a bare 500 envelope',
      async (url) => {
        const res = await probe.app.inject({ method: 'GET', url });
        expect(res.statusCode).toBe(500);
        expect(res.json()).toEqual({ code: 50000, message: '服务器内部错误', data: null });
        for (const leak of ['hunter2', '10.1.2.3', 'secret_internal_table', 'stack', 'at ', '.ts', 'node_modules']) {
          expect(res.body).not.toContain(leak);
        }
      },
    );

    it('keeps serving after a 500', async () => {
      await probe.app.inject({ method: 'GET', url: '/api/test/sql-error' });
      const res = await probe.app.inject({ method: 'GET', url: SESSION_PATHS.health });
      expect(res.statusCode).toBe(200);
    });
  });
});
